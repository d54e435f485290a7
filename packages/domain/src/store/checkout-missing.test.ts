import { describe, expect, it } from 'vitest';
import { CHECKOUT_MISSING, missingForPayment, missingForShipment } from './checkout-missing.ts';

const address = { deleted: false, country: 'USA', complete: true };
const shipment = { method: 'delivery', address, storeCountry: 'USA', hasContact: true, hasPickup: false };

describe('what a checkout still lacks', () => {
  it('names each missing thing of a shipment', () => {
    expect(missingForShipment({ ...shipment, method: null })).toEqual(['Choose pickup or delivery.']);
    expect(missingForShipment(shipment)).toEqual([]);
    expect(missingForShipment({ ...shipment, address: null, hasContact: false })).toEqual([
      CHECKOUT_MISSING.deliveryAddress,
      CHECKOUT_MISSING.deliveryContact,
    ]);
    expect(missingForShipment({ ...shipment, address: { ...address, country: 'CAN' } })).toEqual([
      CHECKOUT_MISSING.deliveryCountry,
    ]);
    expect(missingForShipment({ ...shipment, method: 'pickup' })).toEqual(['Choose where to pick up.']);
  });
  it('names each missing thing of the payment', () => {
    expect(missingForPayment({ hasTerm: false, billing: null })).toEqual([
      'Choose how you will pay.',
      'Add a billing address.',
    ]);
    expect(missingForPayment({ hasTerm: true, billing: { ...address, complete: false } })).toEqual([
      CHECKOUT_MISSING.billingIncomplete,
    ]);
    expect(missingForPayment({ hasTerm: true, billing: address })).toEqual([]);
  });
});
