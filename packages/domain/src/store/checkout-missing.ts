// What a checkout still lacks, one message per missing thing (issue 13): "Choose pickup or delivery", not "Please
// check the shipping address". The checkout view lists them (the page shows them once the buyer tries to place),
// and placing refuses with the first.

export const CHECKOUT_MISSING = {
  method: 'Choose pickup or delivery.',
  deliveryAddress: 'Choose a delivery address.',
  deliveryCountry: 'Choose a delivery address in the country of this store.',
  deliveryIncomplete: 'Complete the delivery address: street, city and ZIP or postal code.',
  deliveryContact: 'Choose a delivery contact.',
  pickup: 'Choose where to pick up.',
  paymentTerm: 'Choose how you will pay.',
  billingAddress: 'Add a billing address.',
  billingIncomplete: 'Complete the billing address: street, city and ZIP or postal code.',
} as const;

type AddressFacts = { deleted: boolean; country: string; complete: boolean };

/** What one shipment (seller × warehouse) still lacks. */
export function missingForShipment(s: {
  method: string | null;
  address: AddressFacts | null;
  storeCountry: string;
  hasContact: boolean;
  hasPickup: boolean;
}): string[] {
  if (s.method === null) return [CHECKOUT_MISSING.method];
  const missing: string[] = [];
  if (s.method === 'delivery') {
    if (!s.address || s.address.deleted) missing.push(CHECKOUT_MISSING.deliveryAddress);
    else if (s.address.country !== s.storeCountry) missing.push(CHECKOUT_MISSING.deliveryCountry);
    else if (!s.address.complete) missing.push(CHECKOUT_MISSING.deliveryIncomplete);
    if (!s.hasContact) missing.push(CHECKOUT_MISSING.deliveryContact);
  } else if (s.method === 'pickup' && !s.hasPickup) missing.push(CHECKOUT_MISSING.pickup);
  return missing;
}

/** What the payment step still lacks: a term, a billing address, a complete one. */
export function missingForPayment(p: { hasTerm: boolean; billing: AddressFacts | null }): string[] {
  const missing: string[] = [];
  if (!p.hasTerm) missing.push(CHECKOUT_MISSING.paymentTerm);
  if (!p.billing || p.billing.deleted) missing.push(CHECKOUT_MISSING.billingAddress);
  else if (!p.billing.complete) missing.push(CHECKOUT_MISSING.billingIncomplete);
  return missing;
}
