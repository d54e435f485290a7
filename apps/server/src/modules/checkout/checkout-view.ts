// The checkout as the buyer sees it (platform.md 4.3, 9.3): the computed checkout (checkout-pricing.service.ts) shaped
// into the API's CheckoutView, and the address, warehouse and contact shapes the order and the address book share.
// Pure: no database.

import {
  checkoutSections,
  groupedPaymentTerms,
  isPaymentTerm,
  latestFutureDeliveryDate,
  licenceValid,
  moneyAmount,
  resolvePaymentTerm,
  shownShippingMethod,
  toDecimal,
  type CheckoutView,
} from '@granary/domain';
import type * as repo from './checkout.repo.ts';
import { addressView, contactView } from '../addresses/addresses.public.ts';
import { regionCode, type CheckoutDeps, type Computed } from './checkout-pricing.service.ts';

const BRAND_WORD = 'granary';

export function warehouseView(w: repo.WarehouseRow) {
  return {
    id: w.id,
    code: w.code,
    name: w.name,
    city: w.city,
    region: w.region,
    country: w.country,
    addressLine1: w.addressLine1,
    postalCode: w.postalCode,
  };
}

function sectionsOf(c: Computed) {
  const cardTerm = c.cart.paymentTerms === '{card_provider}_credit_card';
  const shipping =
    c.partitions.length > 0 &&
    c.partitions.every((p) => p.settings?.shippingMethod && !p.shippingProblem && !p.timingProblem);
  const payment =
    c.cart.paymentTerms !== null && c.billingAddress !== null && (!cardTerm || c.cart.paymentMethod !== null);
  const otherInfo = c.rupOk;
  const summary = c.lines.length > 0 && c.errors.length === 0;
  return checkoutSections(c.cart.express, { shipping, payment, otherInfo, summary });
}

export function viewOf(c: Computed, deps: CheckoutDeps, ownCode: string | null): CheckoutView {
  const words = { brand: BRAND_WORD, cardProvider: deps.cardProvider?.name ?? 'card' };
  const userAddressIds = c.addresses.map((a) => a.id);
  const groups = groupedPaymentTerms(regionCode(c.cart.country))
    .map((g) => ({
      group: g.group,
      terms: g.terms
        .filter((t) => c.terms.includes(t))
        .map((term) => ({ term, value: resolvePaymentTerm(term, words) })),
    }))
    .filter((g) => g.terms.length > 0);
  return {
    cart: {
      id: c.cart.id,
      serial: c.cart.serial,
      kind: c.cart.kind,
      status: c.cart.status,
      country: c.cart.country,
      currency: c.cart.currency,
      promoCode: c.cart.promoCode,
      referralCode: c.cart.referralCode,
      paymentTerms: c.cart.paymentTerms && isPaymentTerm(c.cart.paymentTerms) ? c.cart.paymentTerms : null,
      hasCardToken: c.cart.paymentMethod !== null,
      // The chosen one, else the default billing address the checkout pre-filled.
      billingAddressId: c.cart.billingAddressId ?? c.billingAddress?.id ?? null,
      rupHolderId: c.cart.rupHolderId,
      pickupContact: { contactEmail: c.cart.pickupContactEmail, contactPhone: c.cart.pickupContactPhone },
      notes: c.cart.customizationsAdditionalNotes,
      express: c.cart.express,
      itemCount: c.lines.reduce((n, l) => n + l.quantity, 0),
    },
    sections: sectionsOf(c),
    partitions: c.partitions.map((p) => ({
      key: p.key,
      seller: { slug: p.lines[0]!.sellerSlug, name: p.lines[0]!.sellerName, kind: p.lines[0]!.sellerKind },
      warehouse: warehouseView(p.warehouse),
      shippingMethod: p.settings?.shippingMethod ?? null,
      shownShippingMethod: p.settings?.shippingMethod
        ? shownShippingMethod(p.settings.shippingMethod, p.settings.deliveryAddressId, userAddressIds)
        : null,
      deliveryAddressId: p.settings?.deliveryAddressId ?? null,
      pickupWarehouseId: p.settings?.pickupWarehouseId ?? null,
      fulfillmentPromise: p.settings?.fulfillmentPromise ?? null,
      deliveryNotBefore: p.settings?.deliveryNotBefore ?? null,
      deliveryNotAfter: p.settings?.deliveryNotAfter ?? null,
      applicationTiming: p.settings?.applicationTiming ?? null,
      applicationState: p.settings?.applicationState ?? null,
      deliveryContactId: p.settings?.deliveryContactId ?? null,
      orderSpecialInstructions: p.settings?.orderSpecialInstructions ?? '',
      promiseAvailable: p.promise,
      shippingTotal: moneyAmount(p.shipping),
      taxTotal: c.totals.partitionTax[p.key] ?? '0.00',
      lines: p.lines.map((l) => ({
        itemId: l.itemId,
        variantId: l.variantPublicId,
        productSlug: l.productSlug,
        productName: l.productName,
        variantLabel: l.label,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: toDecimal(l.pricedAmount).toFixed(2),
        currentPrice: l.amount === null ? null : toDecimal(l.amount).toFixed(2),
        lineTotal: moneyAmount(toDecimal(l.pricedAmount).times(l.quantity)),
        restrictedUse: l.restrictedUse,
        available: l.available,
        imageUrl: l.imageId ? `/api/store/images/${l.imageId}` : null,
      })),
    })),
    paymentTermGroups: groups,
    cardProvider: deps.cardProvider?.name ?? null,
    paymentMethodSurcharges: { [`${words.cardProvider}_credit_card`]: c.totals.surcharge },
    totals: c.totals.totals,
    discounts: c.totals.discounts.map((d) => ({ name: d.name, amount: d.amount })),
    addresses: c.addresses.map(addressView),
    deliveryContacts: c.contacts.map(contactView),
    licences: c.licences.map((l) => ({
      id: l.id,
      holderName: l.holderName,
      licenceNumber: l.licenceNumber,
      jurisdiction: l.jurisdiction,
      expiresOn: l.expiresOn,
      valid: licenceValid(l.expiresOn, c.today),
    })),
    pickupWarehouses: c.warehouses.map(warehouseView),
    rupRequired: c.rupRequired,
    ownReferralCode: ownCode,
    today: c.today,
    latestFutureDeliveryDate: latestFutureDeliveryDate(c.today),
    errors: c.errors,
  };
}
