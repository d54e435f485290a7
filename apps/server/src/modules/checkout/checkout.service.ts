// Checkout (platform.md 3.4–3.6, 4.3, 5.5, 8.3, 9.3, 9.5; docs/decisions/021-checkout-and-orders.md): the checkout view
// of a user's cart, its writes (each with the cart serial), addresses / contacts / licences, placing the order in one
// transaction with the cart row locked, and buy-now carts.

import {
  CrmDecimal,
  addressInputSchema,
  addressProblems,
  applicatorLicenceInputSchema,
  checkoutSections,
  computeTotals,
  deliveryContactInputSchema,
  deliveryContactProblems,
  deliveryTimingProblem,
  evaluateItemRestrictions,
  evaluatePromotions,
  groupedPaymentTerms,
  initialPaymentStatus,
  isPaymentTerm,
  isStoreAreaOn,
  isSubdivisionOf,
  latestFutureDeliveryDate,
  licenceUploadParent,
  licenceValid,
  moneyAmount,
  packWeightLb,
  partitionKey,
  partitionShipping,
  paymentNeedsProvider,
  promiseAvailable,
  resolvePaymentTerm,
  shownShippingMethod,
  subdivisionDistanceKm,
  toDecimal,
  isTaxExemptCategory,
  isValidEmail,
  isValidPhone,
  type AddressValues,
  type ApplicatorOwnerQuery,
  type CartErrorSection,
  type CheckoutError,
  type CheckoutView,
  type PartitionShippingRequest,
  type PaymentTerm,
  type PlacedOrder,
  type StoreAddress,
  shouldShowTermsDialog,
} from '@granary/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError, ERRORS } from '../../platform/errors.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import {
  callerForUser,
  cartLinesWithCurrentPrices,
  enablementOf,
  variantWithPrice,
  type CartLineWithPrice,
} from '../cart/cart.public.ts';
import { refreshProductRegions } from '../store-catalog/store-catalog.public.ts';
import * as repo from './checkout.repo.ts';
import * as licencesRepo from './licences.repo.ts';
import { deleteUploadsOf } from '../uploads/uploads.public.ts';
import type { CardProvider } from './payment.adapter.ts';

export type CheckoutDeps = { cardProvider: CardProvider | null; now?: () => Date };
export type Caller = { userId: string; currentEnterpriseId: number | null };

const BRAND_WORD = 'granary';
const ZERO = new CrmDecimal(0);

function todayOf(deps: CheckoutDeps): string {
  return (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
}

function regionCode(country: string): 'US' | 'CA' | 'AU' {
  return country === 'CAN' ? 'CA' : country === 'AUS' ? 'AU' : 'US';
}

// ---------- the computed checkout ----------

type Line = CartLineWithPrice & {
  warehouseId: number;
  key: string;
  available: number;
  facts: repo.VariantFactsRow | undefined;
};

type Computed = {
  cart: repo.CheckoutCartRow;
  lines: Line[];
  partitions: {
    key: string;
    sellerId: number;
    warehouse: repo.WarehouseRow;
    settings: repo.PartitionRow | null;
    lines: Line[];
    shipping: CrmDecimal;
    taxRegion: string | null;
    promise: boolean;
    timingProblem: 'invalid_fulfillment_promise' | 'invalid_future_delivery_date' | null;
    shippingProblem: boolean;
    deliveryAddress: repo.AddressRow | null;
    contact: repo.ContactRow | null;
  }[];
  warehouses: repo.WarehouseRow[];
  addresses: repo.AddressRow[];
  contacts: repo.ContactRow[];
  licences: repo.LicenceRow[];
  buyerState: string | null;
  terms: PaymentTerm[];
  totals: ReturnType<typeof computeTotals>;
  promoRefusal: string | null;
  referralValid: boolean;
  referralRefused: boolean;
  rupRequired: boolean;
  rupOk: boolean;
  billingAddress: repo.AddressRow | null;
  errors: CheckoutError[];
  today: string;
};

/**
 * Each line's warehouse (decision 021): the warehouse of the cart's country nearest the buyer's state (centre to
 * centre) among those holding the whole quantity; when none holds it all, the one holding the most (the line then
 * needs adjustment). Without a known state, the warehouses in id order.
 */
function chooseWarehouse(
  stock: repo.StockRow[],
  warehouses: repo.WarehouseRow[],
  quantity: number,
  country: string,
  buyerState: string | null,
): { id: number; available: number } | null {
  const held = stock.filter((s) => s.quantity > 0);
  const dist = (w: number) => {
    const wh = warehouses.find((x) => x.id === w);
    if (!wh || !buyerState) return w;
    return (
      subdivisionDistanceKm({ country, region: buyerState }, { country: wh.country, region: wh.region }) ?? 1e6 + w
    );
  };
  const enough = held
    .filter((s) => s.quantity >= quantity)
    .sort((a, b) => dist(a.warehouseId) - dist(b.warehouseId) || a.warehouseId - b.warehouseId);
  if (enough[0]) return { id: enough[0].warehouseId, available: enough[0].quantity };
  const most = [...held].sort((a, b) => b.quantity - a.quantity || a.warehouseId - b.warehouseId)[0];
  if (most) return { id: most.warehouseId, available: most.quantity };
  const nearest = [...warehouses].sort((a, b) => dist(a.id) - dist(b.id))[0];
  return nearest ? { id: nearest.id, available: 0 } : null;
}

function err(
  section: CartErrorSection,
  code: string,
  opts: { partitionKey?: string | null; items?: string[]; message?: string } = {},
): CheckoutError {
  const message = opts.message ?? (ERRORS as Record<string, { message: string }>)[code]?.message ?? code;
  return { section, code, message, partitionKey: opts.partitionKey ?? null, items: opts.items ?? [] };
}

async function compute(db: Db, caller: Caller, cart: repo.CheckoutCartRow, deps: CheckoutDeps): Promise<Computed> {
  const today = todayOf(deps);
  const membership = (await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId }))
    .membership;
  const raw = await cartLinesWithCurrentPrices(db, cart.id);
  const warehouses = await repo.warehousesOf(db, cart.country);
  const stock = await repo.stockOf(
    db,
    raw.map((l) => l.variantId),
    cart.country,
  );
  const facts = new Map(
    (
      await repo.variantFacts(
        db,
        raw.map((l) => l.variantId),
      )
    ).map((f) => [f.variantId, f]),
  );
  const addresses = await repo.addressesOf(db, caller.userId);
  const contacts = await repo.contactsOf(db, caller.userId);
  const licences = await repo.licencesOf(db, caller.userId);
  const settings = new Map((await repo.partitionsOf(db, cart.id)).map((p) => [p.partitionKey, p]));
  const buyerState = membership?.state?.trim().toUpperCase() || null;
  const flatShipping = isStoreAreaOn(regionCode(cart.country), 'flat-shipping');

  const lines: Line[] = [];
  for (const l of raw) {
    const choice = chooseWarehouse(
      stock.filter((s) => s.variantId === l.variantId),
      warehouses,
      l.quantity,
      cart.country,
      buyerState,
    );
    const warehouseId = choice?.id ?? 0;
    lines.push({
      ...l,
      warehouseId,
      available: choice?.available ?? 0,
      key: partitionKey(l.sellerId, warehouseId),
      facts: facts.get(l.variantId),
    });
  }

  const addressById = async (id: number | null) =>
    id === null ? null : (addresses.find((a) => a.id === id) ?? (await repo.addressById(db, id)));
  const partitions: Computed['partitions'] = [];
  for (const key of [...new Set(lines.map((l) => l.key))]) {
    const pl = lines.filter((l) => l.key === key);
    const warehouse = warehouses.find((w) => w.id === pl[0]!.warehouseId) ?? warehouses[0]!;
    const s = settings.get(key) ?? null;
    const method = s?.shippingMethod ?? null;
    const deliveryAddress = method === 'delivery' ? await addressById(s?.deliveryAddressId ?? null) : null;
    const pickup = method === 'pickup' ? (warehouses.find((w) => w.id === s?.pickupWarehouseId) ?? null) : null;
    const contact =
      method === 'delivery' && s?.deliveryContactId
        ? (contacts.find((c) => c.id === s.deliveryContactId) ?? null)
        : null;
    const destination =
      deliveryAddress && !deliveryAddress.deleted
        ? { country: deliveryAddress.country, region: deliveryAddress.region }
        : null;
    const promise = promiseAvailable({ country: warehouse.country, region: warehouse.region }, destination);
    const goods = pl.reduce((sum, l) => sum.plus(toDecimal(l.pricedAmount).times(l.quantity)), ZERO);
    const weight = pl.reduce(
      (sum, l) =>
        sum.plus(l.facts ? packWeightLb(l.facts.size, l.facts.unit, l.facts.packCount).times(l.quantity) : ZERO),
      ZERO,
    );
    const shipping = partitionShipping({ method, country: cart.country, flatShipping, goods, weightLb: weight });
    const taxRegion =
      method === 'delivery'
        ? (deliveryAddress?.region ?? buyerState)
        : method === 'pickup'
          ? (pickup?.region ?? warehouse.region)
          : buyerState;
    const timingProblem = method
      ? deliveryTimingProblem({
          method,
          timing: s?.fulfillmentPromise ?? null,
          notBefore: s?.deliveryNotBefore ?? null,
          notAfter: s?.deliveryNotAfter ?? null,
          today,
          promiseAvailable: promise,
        })
      : null;
    let shippingProblem = method === null;
    if (method === 'delivery') {
      shippingProblem =
        !deliveryAddress ||
        deliveryAddress.deleted ||
        deliveryAddress.country !== cart.country ||
        addressProblems(toValues(deliveryAddress)).length > 0 ||
        !contact;
    } else if (method === 'pickup') {
      shippingProblem = !pickup;
    }
    partitions.push({
      key,
      sellerId: pl[0]!.sellerId,
      warehouse,
      settings: s,
      lines: pl,
      shipping,
      taxRegion,
      promise,
      timingProblem,
      shippingProblem,
      deliveryAddress,
      contact,
    });
  }

  // Promotions and codes.
  const goodsSubtotal = lines.reduce((sum, l) => sum.plus(toDecimal(l.pricedAmount).times(l.quantity)), ZERO);
  const lineQualifiers = new Set<string>();
  for (const l of lines) {
    if (l.facts?.houseBrand) lineQualifiers.add('house_brand');
    if (l.facts?.adjuvant) lineQualifiers.add('adjuvant');
    if (l.facts?.nutrition) lineQualifiers.add('nutrition');
  }
  let referralValid = false;
  let referralRefused = false;
  if (cart.referralCode) {
    const owner = await repo.enterpriseOfReferralCode(db, cart.referralCode);
    referralValid = owner !== null && owner !== (cart.enterpriseId ?? membership?.enterpriseId ?? null);
    referralRefused = !referralValid;
  }
  const firstPurchase = !(await repo.hasEarlierOrder(
    db,
    caller.userId,
    cart.enterpriseId ?? membership?.enterpriseId ?? null,
  ));
  const evaluated = evaluatePromotions(await repo.promotions(db), cart.promoCode, {
    now: deps.now?.() ?? new Date(),
    country: cart.country,
    currency: cart.currency,
    goodsSubtotal,
    lineQualifiers,
    firstPurchase,
    referralValid,
  });

  const terms = groupedPaymentTerms(regionCode(cart.country))
    .flatMap((g) => g.terms)
    .filter((t) => !paymentNeedsProvider(t) || deps.cardProvider !== null);
  const term = cart.paymentTerms && isPaymentTerm(cart.paymentTerms) ? cart.paymentTerms : null;
  const billingAddress = cart.billingAddressId ? await addressById(cart.billingAddressId) : null;
  const totals = computeTotals({
    lines: lines.map((l) => ({
      partitionKey: l.key,
      unitPrice: l.pricedAmount,
      quantity: l.quantity,
      taxExempt: isTaxExemptCategory(l.facts?.productCategory ?? 'unknown'),
    })),
    partitions: partitions.map((p) => ({
      key: p.key,
      shipping: p.shipping,
      taxCountry: cart.country,
      taxRegion: p.taxRegion,
    })),
    promotions: evaluated.applied,
    country: cart.country,
    billingRegion: billingAddress?.region ?? buyerState,
    paymentTerm: term,
  });

  const rupRequired = lines.some((l) => l.restrictedUse);
  const holder = licences.find((x) => x.id === cart.rupHolderId) ?? null;
  const rupOk = !rupRequired || (holder !== null && licenceValid(holder.expiresOn, today));

  // Problems the buyer can see as they go (placing checks the same and refuses).
  const errors: CheckoutError[] = [];
  const changed = lines.filter((l) => l.amount === null || l.amount !== l.pricedAmount || l.available < l.quantity);
  if (changed.length > 0)
    errors.push(err('items_need_adjustment', 'items_need_adjustment', { items: changed.map((l) => l.itemId) }));
  const restricted = lines.filter(
    (l) =>
      evaluateItemRestrictions({ restrictions: l.restrictions, quantity: l.quantity, jurisdiction: buyerState })
        .length > 0,
  );
  if (restricted.length > 0)
    errors.push(err('itemsNotSellable', 'invalid_checkout_cart_content', { items: restricted.map((l) => l.itemId) }));
  if (!rupOk) {
    errors.push(
      err('ineligible_items', 'invalid_checkout_cart_content', {
        items: lines.filter((l) => l.restrictedUse).map((l) => l.itemId),
        message: 'Restricted-use products need a valid applicator licence on file.',
      }),
    );
  }
  for (const p of partitions) {
    if (p.timingProblem) errors.push(err('delivery', p.timingProblem, { partitionKey: p.key }));
    if (p.settings?.shippingMethod && p.shippingProblem)
      errors.push(err('shipping', 'invalid_shipping_address', { partitionKey: p.key }));
  }
  if (evaluated.promoCodeRefusal) errors.push(err('invalid_promo_code', 'invalid_promo_code'));
  if (referralRefused) errors.push(err('invalid_referral_code', 'invalid_referral_code'));
  if (billingAddress && addressProblems(toValues(billingAddress)).length > 0)
    errors.push(err('payment', 'invalid_billing_address'));

  return {
    cart,
    lines,
    partitions,
    warehouses,
    addresses,
    contacts,
    licences,
    buyerState,
    terms,
    totals,
    promoRefusal: evaluated.promoCodeRefusal,
    referralValid,
    referralRefused,
    rupRequired,
    rupOk,
    billingAddress,
    errors,
    today,
  };
}

function toValues(a: repo.AddressRow): AddressValues {
  return {
    addressType: a.addressType as AddressValues['addressType'],
    format: a.format,
    landLocationKind: (a.landLocationKind as AddressValues['landLocationKind']) ?? null,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country as 'USA' | 'CAN',
    lllQuarter: a.lllQuarter,
    lllSection: a.lllSection,
    lllTownship: a.lllTownship,
    lllRange: a.lllRange,
    lllMeridian: a.lllMeridian,
    instructions: a.instructions,
  };
}

export function addressView(a: repo.AddressRow): StoreAddress {
  return {
    id: a.id,
    addressType: a.addressType,
    format: a.format,
    landLocationKind: a.landLocationKind,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    lllQuarter: a.lllQuarter,
    lllSection: a.lllSection,
    lllTownship: a.lllTownship,
    lllRange: a.lllRange,
    lllMeridian: a.lllMeridian,
    instructions: a.instructions,
  };
}

function warehouseView(w: repo.WarehouseRow) {
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

function contactView(c: repo.ContactRow) {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    aal1: c.region,
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

async function ownReferralCode(db: Db, enterpriseId: number | null): Promise<string | null> {
  if (enterpriseId === null) return null;
  const existing = await repo.referralCodeOf(db, enterpriseId);
  if (existing) return existing;
  // Made on first use: 'REF-' and six letters/digits from the id (readable: no 0/O, 1/I).
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let n = enterpriseId * 7919 + 104_729;
  let code = '';
  for (let i = 0; i < 6; i++) {
    code += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length) + i * 31;
  }
  await repo.insertReferralCode(db, enterpriseId, `REF-${code}`);
  return repo.referralCodeOf(db, enterpriseId);
}

function viewOf(c: Computed, deps: CheckoutDeps, ownCode: string | null): CheckoutView {
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
      billingAddressId: c.cart.billingAddressId,
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

async function cartFor(db: Db, caller: Caller, cartId: string | undefined): Promise<repo.CheckoutCartRow> {
  const id = cartId ?? (await repo.openCartIdOfUser(db, caller.userId, 'cart'));
  const cart = id ? await repo.cartOfUser(db, caller.userId, id) : null;
  if (!cart) throw new AppError('not_found', 'Your cart is empty.');
  return inBuyersRegion(db, caller, cart);
}

/**
 * The cart in the signed-in buyer's region: the cart API prices a signed-in user's cart in their enterprise's country
 * (whatever locale the page had), and so does checkout, so the cart and the checkout never show two different
 * totals. An open cart last written from elsewhere is moved to that country first (and then needs its lines re-priced:
 * items_need_adjustment).
 */
async function inBuyersRegion(db: Db, caller: Caller, cart: repo.CheckoutCartRow): Promise<repo.CheckoutCartRow> {
  if (cart.status !== 'open') return cart;
  const { region } = await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId });
  if (cart.country === region.country && cart.currency === region.currency) return cart;
  await repo.alignCartRegion(db, cart.id, region.country, region.currency);
  return { ...cart, country: region.country, currency: region.currency };
}

export async function checkoutView(
  db: Db,
  caller: Caller,
  cartId: string | undefined,
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  const cart = await cartFor(db, caller, cartId);
  if (cart.status === 'checked_out') {
    const order = await repo.orderOfCart(db, cart.id);
    throw new AppError('cart_already_checked_out', undefined, {
      orderId: order?.id ?? null,
      orderNumber: order?.orderNumber ?? null,
      cartId: cart.id,
    });
  }
  if (cart.status !== 'open') throw new AppError('not_found', 'Your cart is empty.');
  const c = await compute(db, caller, cart, deps);
  return viewOf(c, deps, await ownReferralCode(db, cart.enterpriseId));
}

// ---------- writes ----------

/**
 * A checkout write: claims the serial (stale → 409 cart_conflict with the current view; ordered → 409
 * cart_already_checked_out), applies the change in the same transaction (a refusal rolls both back) and answers the
 * new view.
 */
async function write(
  db: Db,
  caller: Caller,
  cartId: string,
  serial: number,
  deps: CheckoutDeps,
  apply: (tx: Db, cart: repo.CheckoutCartRow) => Promise<void>,
): Promise<CheckoutView> {
  const outcome = await db.transaction(async (tx) => {
    const claimed = await repo.claimSerial(tx, caller.userId, cartId, serial);
    if (!claimed) return null;
    await apply(tx, claimed);
    return claimed;
  });
  if (!outcome) {
    const cart = await repo.cartOfUser(db, caller.userId, cartId);
    if (!cart) throw new AppError('not_found');
    if (cart.status === 'checked_out') {
      const order = await repo.orderOfCart(db, cart.id);
      throw new AppError('cart_already_checked_out', undefined, {
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        cartId,
      });
    }
    if (cart.status !== 'open') throw new AppError('not_found');
    throw new AppError('cart_conflict', undefined, { cart: await checkoutView(db, caller, cartId, deps) });
  }
  return checkoutView(db, caller, cartId, deps);
}

export async function setPartitionShipping(
  db: Db,
  caller: Caller,
  key: string,
  body: PartitionShippingRequest,
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    const p = c.partitions.find((x) => x.key === key);
    if (!p) throw new AppError('not_found', 'This part of the order is no longer in the cart.');
    const prev = p.settings;
    const next: Omit<repo.PartitionRow, 'partitionKey'> = {
      shippingMethod: body.shippingMethod ?? prev?.shippingMethod ?? null,
      deliveryAddressId:
        body.deliveryAddressId !== undefined ? body.deliveryAddressId : (prev?.deliveryAddressId ?? null),
      pickupWarehouseId:
        body.pickupWarehouseId !== undefined ? body.pickupWarehouseId : (prev?.pickupWarehouseId ?? null),
      fulfillmentPromise:
        body.fulfillmentPromise !== undefined ? body.fulfillmentPromise : (prev?.fulfillmentPromise ?? null),
      deliveryNotBefore:
        body.deliveryNotBefore !== undefined ? body.deliveryNotBefore : (prev?.deliveryNotBefore ?? null),
      deliveryNotAfter: body.deliveryNotAfter !== undefined ? body.deliveryNotAfter : (prev?.deliveryNotAfter ?? null),
      applicationTiming:
        body.applicationTiming !== undefined ? body.applicationTiming : (prev?.applicationTiming ?? null),
      applicationState:
        body.applicationState !== undefined
          ? (body.applicationState?.toUpperCase() ?? null)
          : (prev?.applicationState ?? null),
      deliveryContactId:
        body.deliveryContactId !== undefined ? body.deliveryContactId : (prev?.deliveryContactId ?? null),
      orderSpecialInstructions: body.orderSpecialInstructions ?? prev?.orderSpecialInstructions ?? '',
    };
    if (next.shippingMethod === 'pickup') {
      if (next.fulfillmentPromise === null || next.fulfillmentPromise !== 'N/A') next.fulfillmentPromise = 'N/A';
      next.deliveryNotBefore = null;
      next.deliveryNotAfter = null;
      if (next.pickupWarehouseId === null) next.pickupWarehouseId = p.warehouse.id;
      if (!c.warehouses.some((w) => w.id === next.pickupWarehouseId))
        throw new AppError('invalid_shipping_address', 'Choose a pickup warehouse in your country.', {
          section: 'shipping',
          partitionKey: key,
        });
    } else if (next.shippingMethod === 'delivery') {
      if (next.fulfillmentPromise === 'N/A') next.fulfillmentPromise = null;
      if (next.deliveryAddressId !== null) {
        const a = await repo.addressById(tx, next.deliveryAddressId);
        if (!a || a.deleted || a.userId !== caller.userId)
          throw new AppError('invalid_shipping_address', undefined, {
            section: 'shipping',
            partitionKey: key,
            fields: [{ field: 'deliveryAddressId', problem: 'invalid' }],
          });
        const problems = addressProblems(toValues(a));
        if (a.country !== cart.country) problems.push({ field: 'country', problem: 'invalid' });
        if (problems.length > 0)
          throw new AppError('invalid_shipping_address', undefined, {
            section: 'shipping',
            partitionKey: key,
            fields: problems,
          });
      }
      if (next.deliveryContactId !== null && !(await repo.contactById(tx, caller.userId, next.deliveryContactId))) {
        throw new AppError('invalid_shipping_address', 'Choose one of your delivery contacts.', {
          section: 'shipping',
          partitionKey: key,
          fields: [{ field: 'deliveryContactId', problem: 'invalid' }],
        });
      }
      // Dates are checked as they are written (only when the buyer sends them): a wrong one is refused at once.
      if (
        body.fulfillmentPromise !== undefined ||
        body.deliveryNotBefore !== undefined ||
        body.deliveryNotAfter !== undefined
      ) {
        const destination = next.deliveryAddressId ? await repo.addressById(tx, next.deliveryAddressId) : null;
        const problem = next.fulfillmentPromise
          ? deliveryTimingProblem({
              method: 'delivery',
              timing: next.fulfillmentPromise,
              notBefore: next.deliveryNotBefore,
              notAfter: next.deliveryNotAfter,
              today: c.today,
              promiseAvailable: promiseAvailable(
                { country: p.warehouse.country, region: p.warehouse.region },
                destination ? { country: destination.country, region: destination.region } : null,
              ),
            })
          : null;
        if (problem) throw new AppError(problem, undefined, { section: 'delivery', partitionKey: key });
      }
      if (next.fulfillmentPromise !== 'future_shipment_groups') {
        next.deliveryNotBefore = null;
        next.deliveryNotAfter = null;
      }
    }
    if (next.applicationState && !isSubdivisionOf(cart.country, next.applicationState)) {
      throw new AppError('invalid_request', 'Choose a state or province of your country.', {
        fields: [{ field: 'applicationState', problem: 'invalid' }],
      });
    }
    await repo.upsertPartition(tx, cart.id, p.sellerId, p.warehouse.id, key, next);
  });
}

export async function setPayment(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; paymentTerms: PaymentTerm; cardToken?: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    if (!c.terms.includes(body.paymentTerms)) {
      throw new AppError('invalid_checkout_cart_content', 'This payment method is not available.', {
        section: 'payment',
      });
    }
    const token = paymentNeedsProvider(body.paymentTerms) ? (body.cardToken ?? cart.paymentMethod ?? null) : null;
    await repo.updateCart(tx, cart.id, { paymentTerms: body.paymentTerms, paymentMethod: token });
  });
}

export async function setBillingAddress(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; billingAddressId: number | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    if (body.billingAddressId !== null) {
      const a = await repo.addressById(tx, body.billingAddressId);
      if (!a || a.deleted || a.userId !== caller.userId)
        throw new AppError('invalid_billing_address', undefined, {
          section: 'payment',
          fields: [{ field: 'billingAddressId', problem: 'invalid' }],
        });
      const problems = addressProblems(toValues(a));
      if (problems.length > 0)
        throw new AppError('invalid_billing_address', undefined, { section: 'payment', fields: problems });
    }
    await repo.updateCart(tx, cart.id, { billingAddressId: body.billingAddressId });
  });
}

export async function setPromoCode(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; promoCode: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const code = body.promoCode?.trim().toUpperCase() || null;
    await repo.updateCart(tx, cart.id, { promoCode: code });
    if (code) {
      const c = await compute(tx, caller, { ...cart, promoCode: code }, deps);
      if (c.promoRefusal)
        throw new AppError('invalid_promo_code', undefined, { section: 'invalid_promo_code', reason: c.promoRefusal });
    }
  });
}

export async function setReferralCode(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; referralCode: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const code = body.referralCode?.trim().toUpperCase() || null;
    if (code) {
      const owner = await repo.enterpriseOfReferralCode(tx, code);
      const own =
        cart.enterpriseId ??
        (await callerForUser(tx, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId })).membership
          ?.enterpriseId ??
        null;
      if (owner === null)
        throw new AppError('invalid_referral_code', undefined, { section: 'invalid_referral_code', reason: 'unknown' });
      if (owner === own)
        throw new AppError('invalid_referral_code', 'You cannot use your own referral code.', {
          section: 'invalid_referral_code',
          reason: 'own_code',
        });
    }
    await repo.updateCart(tx, cart.id, { referralCode: code });
  });
}

export async function setRupHolder(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; rupHolderId: number | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    if (body.rupHolderId !== null) {
      const licence = (await repo.licencesOf(tx, caller.userId)).find((l) => l.id === body.rupHolderId);
      if (!licence)
        throw new AppError('invalid_checkout_cart_content', 'Choose one of your applicator licences.', {
          section: 'ineligible_items',
        });
      if (!licenceValid(licence.expiresOn, todayOf(deps)))
        throw new AppError('invalid_checkout_cart_content', 'This applicator licence has expired.', {
          section: 'ineligible_items',
        });
    }
    await repo.updateCart(tx, cart.id, { rupHolderId: body.rupHolderId });
  });
}

export async function setPickupContact(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; contactEmail: string | null; contactPhone: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  const fields: { field: string; problem: 'invalid' }[] = [];
  const email = body.contactEmail?.trim() || null;
  const phone = body.contactPhone?.trim() || null;
  if (email && !isValidEmail(email)) fields.push({ field: 'contactEmail', problem: 'invalid' });
  if (phone && !isValidPhone(phone)) fields.push({ field: 'contactPhone', problem: 'invalid' });
  if (fields.length > 0) throw new AppError('invalid_request', 'Please check the pickup contact.', { fields });
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { pickupContactEmail: email, pickupContactPhone: phone }),
  );
}

export async function setNotes(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; notes: string },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { customizationsAdditionalNotes: body.notes }),
  );
}

export async function setExpress(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; express: boolean },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { express: body.express }),
  );
}

/** Accepts today's prices and stock: lines re-priced, quantities cut to what one warehouse holds, lines gone removed. */
export async function reprice(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    for (const l of c.lines) {
      if (l.amount === null || l.available === 0) await repo.deleteItem(tx, l.itemId);
      else {
        if (l.amount !== l.pricedAmount) await repo.setItemPrice(tx, l.itemId, l.amount);
        if (l.available < l.quantity) await repo.setItemQuantity(tx, l.itemId, l.available);
      }
    }
    await repo.markPriced(tx, cart.id);
  });
}

// ---------- placing the order ----------

function addressCopy(a: repo.AddressRow | null): Record<string, unknown> | null {
  return a ? { ...addressView(a) } : null;
}

function addressLine(a: Record<string, unknown> | null): string | null {
  if (!a) return null;
  if (a.format === 'can_lll')
    return `${[a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].join('-')}, ${a.region}`;
  return [a.line1, a.city, `${a.region} ${a.postalCode}`].filter((s) => s && String(s).trim() !== '').join(', ');
}

/**
 * The store's terms (platform.md 2.9): a buyer the terms dialog is for may not place an order before accepting them —
 * the dialog asks in the browser; this holds a caller that skips it (an old tab, a script) to the same rule.
 */
async function assertStoreTermsAccepted(db: Db, userId: string): Promise<void> {
  const row = await repo.termsRuleRowOf(db, userId);
  if (!row) throw new AppError('not_found');
  const user = {
    isLoggedIn: true,
    email: row.email,
    legacyId: row.legacyId,
    experiences: row.experiences,
    admin: { is_super_admin: row.isSuperAdmin, permissions: row.adminPermissions },
  };
  if (shouldShowTermsDialog({ user, mustAcceptTos: !row.tosAccepted })) throw new AppError('terms_not_accepted');
}

export async function placeOrder(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; expectedTotal: string },
  deps: CheckoutDeps,
): Promise<PlacedOrder> {
  await assertStoreTermsAccepted(db, caller.userId);
  const placed = await db.transaction(async (tx) => {
    const locked = await repo.cartOfUser(tx, caller.userId, body.cartId, true);
    if (!locked) throw new AppError('not_found');
    const cart = await inBuyersRegion(tx, caller, locked);
    if (cart.status === 'checked_out') {
      const order = await repo.orderOfCart(tx, cart.id);
      throw new AppError('cart_already_checked_out', undefined, {
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        cartId: cart.id,
      });
    }
    if (cart.status !== 'open') throw new AppError('not_found');
    if (cart.serial !== body.serial) throw new AppError('cart_conflict', undefined, { serial: cart.serial });
    const c = await compute(tx, caller, cart, deps);
    if (c.lines.length === 0)
      throw new AppError('invalid_checkout_cart_content', 'Your cart is empty.', {
        section: 'itemsNotSellable',
        items: [],
      });

    const changed = c.lines.filter((l) => l.amount === null || l.amount !== l.pricedAmount || l.available < l.quantity);
    if (changed.length > 0) {
      throw new AppError('items_need_adjustment', undefined, {
        section: 'items_need_adjustment',
        items: changed.map((l) => ({
          itemId: l.itemId,
          productName: l.productName,
          quantity: l.quantity,
          pricedAmount: l.pricedAmount,
          currentPrice: l.amount,
          available: l.available,
        })),
      });
    }
    const restricted = c.lines.filter(
      (l) =>
        evaluateItemRestrictions({ restrictions: l.restrictions, quantity: l.quantity, jurisdiction: c.buyerState })
          .length > 0,
    );
    if (restricted.length > 0) {
      throw new AppError('invalid_checkout_cart_content', undefined, {
        section: 'itemsNotSellable',
        items: restricted.map((l) => ({ itemId: l.itemId, productName: l.productName })),
      });
    }
    if (!c.rupOk) {
      throw new AppError(
        'invalid_checkout_cart_content',
        'Restricted-use products need a valid applicator licence on file.',
        {
          section: 'ineligible_items',
          items: c.lines.filter((l) => l.restrictedUse).map((l) => ({ itemId: l.itemId, productName: l.productName })),
        },
      );
    }
    for (const p of c.partitions) {
      if (!p.settings?.shippingMethod || p.shippingProblem)
        throw new AppError('invalid_shipping_address', undefined, { section: 'shipping', partitionKey: p.key });
      if (p.timingProblem) throw new AppError(p.timingProblem, undefined, { section: 'delivery', partitionKey: p.key });
    }
    if (c.promoRefusal)
      throw new AppError('invalid_promo_code', undefined, { section: 'invalid_promo_code', reason: c.promoRefusal });
    if (c.referralRefused) throw new AppError('invalid_referral_code', undefined, { section: 'invalid_referral_code' });
    const term =
      cart.paymentTerms && isPaymentTerm(cart.paymentTerms) && c.terms.includes(cart.paymentTerms)
        ? cart.paymentTerms
        : null;
    if (!term) throw new AppError('invalid_checkout_cart_content', 'Choose how you will pay.', { section: 'payment' });
    if (!c.billingAddress || c.billingAddress.deleted || addressProblems(toValues(c.billingAddress)).length > 0) {
      throw new AppError('invalid_billing_address', undefined, { section: 'payment' });
    }
    const totals = c.totals.totals;
    if (!toDecimal(body.expectedTotal).equals(totals.total)) {
      throw new AppError('items_need_adjustment', 'The total changed since you saw it. Please review your order.', {
        section: 'items_need_adjustment',
        items: [],
        expectedTotal: body.expectedTotal,
        total: totals.total,
      });
    }

    let paymentStatus: repo.OrderWrite['paymentStatus'] = initialPaymentStatus(term);
    let reference: string | null = null;
    if (paymentNeedsProvider(term)) {
      if (!deps.cardProvider || !cart.paymentMethod)
        throw new AppError('payment_failed', undefined, { section: 'payment' });
      const auth = await deps.cardProvider.authorize({
        amount: totals.total,
        currency: cart.currency,
        token: cart.paymentMethod,
        orderRef: cart.id,
      });
      if (!auth.ok) throw new AppError('payment_failed', undefined, { section: 'payment', reason: auth.reason });
      paymentStatus = 'authorized';
      reference = auth.reference;
    }

    const holder = c.licences.find((l) => l.id === cart.rupHolderId) ?? null;
    const order = await repo.insertOrder(tx, {
      cartId: cart.id,
      kind: cart.kind,
      userId: caller.userId,
      enterpriseId: cart.enterpriseId,
      country: cart.country,
      currency: cart.currency,
      totals,
      paymentTerms: term,
      paymentMethod: paymentNeedsProvider(term) ? 'card' : null,
      paymentStatus,
      paymentReference: reference,
      promoCode: cart.promoCode,
      referralCode: cart.referralCode,
      discounts: c.totals.discounts.map((d) => ({ name: d.name, amount: d.amount })),
      billingAddress: addressCopy(c.billingAddress),
      rupLicence:
        c.rupRequired && holder
          ? {
              holderName: holder.holderName,
              licenceNumber: holder.licenceNumber,
              jurisdiction: holder.jurisdiction,
              expiresOn: holder.expiresOn,
            }
          : null,
    });
    const userAddressIds = c.addresses.map((a) => a.id);
    for (const p of c.partitions) {
      const s = p.settings!;
      const pickup = s.shippingMethod === 'pickup' ? c.warehouses.find((w) => w.id === s.pickupWarehouseId) : null;
      await repo.insertFulfillment(tx, {
        orderId: order.id,
        partitionKey: p.key,
        sellerId: p.sellerId,
        warehouseId: pickup?.id ?? p.warehouse.id,
        shippingMethod: shownShippingMethod(s.shippingMethod!, s.deliveryAddressId, userAddressIds),
        address:
          s.shippingMethod === 'delivery'
            ? addressCopy(p.deliveryAddress)
            : pickup
              ? { ...warehouseView(pickup), format: 'warehouse' }
              : null,
        contact:
          s.shippingMethod === 'delivery' && p.contact
            ? contactView(p.contact)
            : { contactEmail: cart.pickupContactEmail, contactPhone: cart.pickupContactPhone },
        fulfillmentPromise: s.fulfillmentPromise,
        deliveryNotBefore: s.deliveryNotBefore,
        deliveryNotAfter: s.deliveryNotAfter,
        applicationTiming: s.applicationTiming,
        specialInstructions: s.orderSpecialInstructions,
        shippingTotal: moneyAmount(p.shipping),
      });
      for (const l of p.lines) {
        await repo.insertOrderItem(tx, {
          orderId: order.id,
          partitionKey: p.key,
          productId: l.productId,
          variantId: l.variantId,
          sellerId: l.sellerId,
          warehouseId: l.warehouseId,
          productName: l.productName,
          variantLabel: l.label,
          sku: l.sku,
          quantity: l.quantity,
          unitPrice: l.pricedAmount,
          lineTotal: moneyAmount(toDecimal(l.pricedAmount).times(l.quantity)),
        });
        if (!(await repo.takeStock(tx, l.variantId, l.warehouseId, l.quantity))) {
          throw new AppError('items_need_adjustment', undefined, {
            section: 'items_need_adjustment',
            items: [{ itemId: l.itemId, productName: l.productName, quantity: l.quantity, available: 0 }],
          });
        }
      }
    }
    await repo.markCheckedOut(tx, cart.id);
    await refreshProductRegions(tx, [...new Set(c.lines.map((l) => l.productId))]);
    const user = await repo.userEmail(tx, caller.userId);
    if (user) {
      const list = c.lines
        .map(
          (l) =>
            `  ${l.quantity} × ${l.productName} (${l.label}) — ${moneyAmount(toDecimal(l.pricedAmount).times(l.quantity))} ${cart.currency}`,
        )
        .join('\n');
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: user.email,
        userId: caller.userId,
        template: 'store_order_confirmation',
        subject: `Your order ${order.orderNumber} is placed`,
        text: [
          `Hi ${user.firstname || 'there'},`,
          '',
          `Thank you for your order ${order.orderNumber}.`,
          '',
          list,
          '',
          `Goods: ${totals.goodsSubtotal}  Discounts: -${totals.discountTotal}  Shipping: ${totals.shippingTotal}  Tax: ${totals.taxTotal}  Fees: ${totals.paymentFeeTotal}`,
          `Total: ${totals.total} ${cart.currency}`,
        ].join('\n'),
      });
    }
    return order;
  });
  return orderView(db, caller, body.cartId, placed.id);
}

export async function orderView(db: Db, caller: Caller, cartId: string, _orderId?: string): Promise<PlacedOrder> {
  const o = await repo.orderOfUserByCart(db, caller.userId, cartId);
  if (!o) throw new AppError('not_found', 'No order was placed from this cart.');
  const items = await repo.orderItems(db, o.id);
  const fulfillments = await repo.orderFulfillments(db, o.id);
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    cartId: o.cartId,
    kind: o.kind,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentTerms: o.paymentTerms,
    currency: o.currency,
    placedAt: o.placedAt,
    totals: {
      goodsSubtotal: o.goodsSubtotal,
      discountTotal: o.discountTotal,
      shippingTotal: o.shippingTotal,
      shippingDiscountTotal: o.shippingDiscountTotal,
      taxTotal: o.taxTotal,
      paymentFeeTotal: o.paymentFeeTotal,
      total: o.total,
    },
    items: items.map((i) => ({
      productName: i.productName,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
    fulfillments: fulfillments.map((f) => ({
      partitionKey: f.partitionKey,
      shippingMethod: f.shippingMethod,
      warehouseName: f.warehouseName,
      address: addressLine(f.address),
    })),
  };
}

// ---------- buy now ----------

export async function buyNow(
  db: Db,
  caller: Caller,
  body: { variantId: string; quantity: number },
): Promise<{ cartId: string; serial: number }> {
  const cartCaller = await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId });
  const enablement = enablementOf(cartCaller);
  if (!enablement.enabled) throw new AppError(enablement.reason ?? 'forbidden');
  const region = cartCaller.region;
  const variant = await variantWithPrice(db, { publicId: body.variantId }, region.country as 'USA');
  if (!variant) throw new AppError('not_found', 'This product does not exist.');
  if (variant.amount === null) throw new AppError('variant_not_sold_in_region');
  return db.transaction(async (tx) => {
    const cart = await repo.ensureBuyNowCart(
      tx,
      caller.userId,
      cartCaller.membership?.enterpriseId ?? null,
      region.country,
      region.currency,
    );
    await repo.insertCartItem(tx, cart.id, variant.id, body.quantity, variant.amount!);
    return { cartId: cart.id, serial: cart.serial };
  });
}

// ---------- addresses, contacts, licences ----------

const BILLING_TYPES = ['default_billing_address', 'billing_address'];

export async function listAddresses(db: Db, caller: Caller): Promise<StoreAddress[]> {
  return (await repo.addressesOf(db, caller.userId)).map(addressView);
}

function checkedAddress(input: z.input<typeof addressInputSchema>): repo.AddressWrite {
  const a = addressInputSchema.parse(input);
  const problems = addressProblems(a);
  if (problems.length > 0) {
    throw new AppError(
      BILLING_TYPES.includes(a.addressType) ? 'invalid_billing_address' : 'invalid_shipping_address',
      undefined,
      { fields: problems },
    );
  }
  const lll = a.format === 'can_lll';
  return {
    addressType: a.addressType,
    format: a.format,
    landLocationKind: lll ? (a.landLocationKind ?? 'can_lll_shipping') : null,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region.toUpperCase(),
    postalCode: a.postalCode.toUpperCase(),
    country: a.country,
    lllQuarter: lll ? (a.lllQuarter?.toUpperCase() ?? null) : null,
    lllSection: lll ? (a.lllSection ?? null) : null,
    lllTownship: lll ? (a.lllTownship ?? null) : null,
    lllRange: lll ? (a.lllRange ?? null) : null,
    lllMeridian: lll ? (a.lllMeridian?.toUpperCase() ?? null) : null,
    instructions: a.instructions,
  };
}

async function enterpriseIdOf(db: Db, caller: Caller): Promise<number | null> {
  return (
    (await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId })).membership
      ?.enterpriseId ?? null
  );
}

export async function createAddress(
  db: Db,
  caller: Caller,
  input: z.input<typeof addressInputSchema>,
): Promise<StoreAddress> {
  const a = checkedAddress(input);
  return addressView(await repo.insertAddress(db, caller.userId, await enterpriseIdOf(db, caller), a));
}

export async function updateAddress(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof addressInputSchema>,
): Promise<StoreAddress> {
  const a = checkedAddress(input);
  const row = await repo.updateAddress(db, caller.userId, id, a);
  if (!row) throw new AppError('not_found');
  return addressView(row);
}

export async function deleteAddress(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await repo.hideAddress(db, caller.userId, id))) throw new AppError('not_found');
}

function checkedContact(input: z.input<typeof deliveryContactInputSchema>) {
  const c = deliveryContactInputSchema.parse(input);
  const problems = deliveryContactProblems(c);
  if (problems.length > 0)
    throw new AppError('invalid_request', 'Please check the delivery contact.', { fields: problems });
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    region: c.aal1.toUpperCase(),
  };
}

export async function listContacts(db: Db, caller: Caller) {
  return (await repo.contactsOf(db, caller.userId)).map(contactView);
}
export async function createContact(db: Db, caller: Caller, input: z.input<typeof deliveryContactInputSchema>) {
  return contactView(await repo.insertContact(db, caller.userId, checkedContact(input)));
}
export async function updateContact(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof deliveryContactInputSchema>,
) {
  const row = await repo.updateContact(db, caller.userId, id, checkedContact(input));
  if (!row) throw new AppError('not_found');
  return contactView(row);
}
export async function deleteContact(db: Db, caller: Caller, id: number): Promise<void> {
  const ok = await db.transaction((tx) => repo.deleteContact(tx, caller.userId, id));
  if (!ok) throw new AppError('not_found');
}

export async function listLicences(db: Db, caller: Caller, deps: CheckoutDeps) {
  const today = todayOf(deps);
  return (await repo.licencesOf(db, caller.userId)).map((l) => ({
    id: l.id,
    holderName: l.holderName,
    licenceNumber: l.licenceNumber,
    jurisdiction: l.jurisdiction,
    expiresOn: l.expiresOn,
    valid: licenceValid(l.expiresOn, today),
  }));
}
/** A licence as written: a US state or Canadian province, not already expired. */
function checkedLicence(input: z.input<typeof applicatorLicenceInputSchema>, deps: CheckoutDeps) {
  const l = applicatorLicenceInputSchema.parse(input);
  const jurisdiction = l.jurisdiction.toUpperCase();
  const fields: { field: string; problem: 'invalid' }[] = [];
  if (!isSubdivisionOf('USA', jurisdiction) && !isSubdivisionOf('CAN', jurisdiction))
    fields.push({ field: 'jurisdiction', problem: 'invalid' });
  if (!licenceValid(l.expiresOn, todayOf(deps))) fields.push({ field: 'expiresOn', problem: 'invalid' });
  if (fields.length > 0) throw new AppError('invalid_request', 'Please check the licence.', { fields });
  return { ...l, jurisdiction };
}
export async function createLicence(
  db: Db,
  caller: Caller,
  input: z.input<typeof applicatorLicenceInputSchema>,
  deps: CheckoutDeps,
) {
  const row = await repo.insertLicence(
    db,
    caller.userId,
    await enterpriseIdOf(db, caller),
    checkedLicence(input, deps),
  );
  return {
    id: row.id,
    holderName: row.holderName,
    licenceNumber: row.licenceNumber,
    jurisdiction: row.jurisdiction,
    expiresOn: row.expiresOn,
    valid: true,
  };
}
/** Whose licences a call is about (the applicator page): the caller's own; another user's only for a super admin; 404 otherwise. */
export async function licenceOwner(
  db: Db,
  caller: Caller & { isSuperAdmin: boolean },
  query: ApplicatorOwnerQuery,
): Promise<Caller> {
  const userId = query.userId ?? caller.userId;
  if (userId !== caller.userId && (!caller.isSuperAdmin || !(await licencesRepo.userExists(db, userId))))
    throw new AppError('not_found');
  if (query.enterpriseId === undefined)
    return userId === caller.userId
      ? { userId, currentEnterpriseId: caller.currentEnterpriseId }
      : { userId, currentEnterpriseId: null };
  const enterpriseId = await licencesRepo.membershipByPublicId(db, userId, query.enterpriseId);
  if (enterpriseId === null) throw new AppError('not_found');
  return { userId, currentEnterpriseId: enterpriseId };
}
export async function updateLicence(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof applicatorLicenceInputSchema>,
  deps: CheckoutDeps,
) {
  const l = checkedLicence(input, deps);
  const row = await licencesRepo.updateLicence(db, caller.userId, id, l);
  if (!row) throw new AppError('not_found');
  return {
    id: row.id,
    holderName: row.holderName,
    licenceNumber: row.licenceNumber,
    jurisdiction: row.jurisdiction,
    expiresOn: row.expiresOn,
    valid: true,
  };
}
export async function deleteLicence(db: Db, caller: Caller, id: number): Promise<void> {
  const ok = await db.transaction(async (tx) => {
    const deleted = await repo.deleteLicence(tx, caller.userId, id);
    if (deleted) await deleteUploadsOf(tx, caller.userId, licenceUploadParent(id)); // its scans go with it
    return deleted;
  });
  if (!ok) throw new AppError('not_found');
}
