// The computed checkout (platform.md 3.5, 4.3, 9.2, 9.3, 9.5; docs/decisions/021-checkout-and-orders.md): each cart line's
// warehouse and stock, the lines grouped into partitions (seller × warehouse) with their shipping, tax region and
// delivery timing, the promotions and codes, the totals, and the problems the buyer can see. The checkout view, its
// writes and placing the order all start from `compute`.

import {
  CHECKOUT_MISSING,
  CrmDecimal,
  addressProblems,
  computeTotals,
  deliveryTimingProblem,
  evaluateItemRestrictions,
  evaluatePromotions,
  groupedPaymentTerms,
  isPaymentTerm,
  isStoreAreaOn,
  licenceValid,
  missingForPayment,
  missingForShipment,
  packWeightLb,
  partitionKey,
  partitionShipping,
  paymentNeedsProvider,
  promiseAvailable,
  subdivisionDistanceKm,
  toDecimal,
  isTaxExemptCategory,
  type CartErrorSection,
  type CheckoutError,
  type PaymentTerm,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { ERRORS } from '../../platform/errors.ts';
import { callerForUser, cartLinesWithCurrentPrices, type CartLineWithPrice } from '../cart/cart.public.ts';
import * as repo from './checkout.repo.ts';
import * as addressBookRepo from '../addresses/addresses.public.ts';
import * as licencesRepo from './licences.repo.ts';
import type { CardProvider } from './payment.adapter.ts';

export type CheckoutDeps = { cardProvider: CardProvider | null; now?: () => Date };
export type Caller = { userId: string; currentEnterpriseId: number | null };

const ZERO = new CrmDecimal(0);

export function todayOf(deps: CheckoutDeps): string {
  return (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
}

export function regionCode(country: string): 'US' | 'CA' | 'AU' {
  return country === 'CAN' ? 'CA' : country === 'AUS' ? 'AU' : 'US';
}

/** A stored address as the domain's rules read it (the address book's one reading). */
export const toValues = addressBookRepo.valuesOf;

type Line = CartLineWithPrice & {
  warehouseId: number;
  key: string;
  available: number;
  facts: repo.VariantFactsRow | undefined;
};

type Partition = {
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
  /** What the shipment still lacks, one message each (empty when it is ready). */
  shippingMissing: string[];
  deliveryAddress: addressBookRepo.AddressRow | null;
  contact: addressBookRepo.ContactRow | null;
};

export type Computed = {
  cart: repo.CheckoutCartRow;
  lines: Line[];
  partitions: Partition[];
  warehouses: repo.WarehouseRow[];
  addresses: addressBookRepo.AddressRow[];
  contacts: addressBookRepo.ContactRow[];
  licences: licencesRepo.LicenceRow[];
  buyerState: string | null;
  terms: PaymentTerm[];
  totals: ReturnType<typeof computeTotals>;
  promoRefusal: string | null;
  referralValid: boolean;
  referralRefused: boolean;
  rupRequired: boolean;
  rupOk: boolean;
  billingAddress: addressBookRepo.AddressRow | null;
  errors: CheckoutError[];
  today: string;
};

export async function compute(
  db: Db,
  caller: Caller,
  cart: repo.CheckoutCartRow,
  deps: CheckoutDeps,
): Promise<Computed> {
  const today = todayOf(deps);
  const membership = (await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId }))
    .membership;
  const raw = await cartLinesWithCurrentPrices(db, cart.id);
  const warehouses = await repo.warehousesOf(db, cart.country);
  const buyerState = membership?.state?.trim().toUpperCase() || null;
  const lines = await linesFromWarehouses(db, cart, raw, warehouses, buyerState);
  const book = { userId: caller.userId, enterpriseId: membership?.enterpriseId ?? null };
  const addresses = await addressBookRepo.addressesOf(db, book);
  const contacts = await addressBookRepo.contactsOf(db, book);
  const licences = await licencesRepo.licencesOf(db, caller.userId);
  const settings = new Map((await repo.partitionsOf(db, cart.id)).map((p) => [p.partitionKey, p]));
  const flatShipping = isStoreAreaOn(regionCode(cart.country), 'flat-shipping');

  const addressById = async (id: number | null) =>
    id === null ? null : (addresses.find((a) => a.id === id) ?? (await addressBookRepo.addressById(db, id)));
  const partitions: Partition[] = [];
  for (const key of [...new Set(lines.map((l) => l.key))]) {
    partitions.push(
      await partitionOf(cart, key, lines, {
        warehouses,
        settings: settings.get(key) ?? null,
        contacts,
        flatShipping,
        buyerState,
        today,
        addressById,
      }),
    );
  }

  const ownEnterpriseId = cart.enterpriseId ?? membership?.enterpriseId ?? null;
  const { evaluated, referralValid, referralRefused } = await promotionsOf(
    db,
    caller,
    cart,
    lines,
    ownEnterpriseId,
    deps,
  );

  const terms = groupedPaymentTerms(regionCode(cart.country))
    .flatMap((g) => g.terms)
    .filter((t) => !paymentNeedsProvider(t) || deps.cardProvider !== null);
  const term = cart.paymentTerms && isPaymentTerm(cart.paymentTerms) ? cart.paymentTerms : null;
  // The billing address the buyer chose, else their default billing address (pre-filled, changeable).
  const billingAddress = cart.billingAddressId
    ? await addressById(cart.billingAddressId)
    : (addresses.find((a) => a.addressType === 'default_billing_address') ?? null);
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

  const errors = visibleProblems({
    lines,
    partitions,
    buyerState,
    rupOk,
    promoRefusal: evaluated.promoCodeRefusal,
    referralRefused,
    billingAddress,
    hasTerm: term !== null && terms.includes(term),
  });

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

// ---------- lines and their warehouses ----------

/** The cart's lines, each with the warehouse it ships from (`chooseWarehouse`), what that holds and its facts. */
async function linesFromWarehouses(
  db: Db,
  cart: repo.CheckoutCartRow,
  raw: CartLineWithPrice[],
  warehouses: repo.WarehouseRow[],
  buyerState: string | null,
): Promise<Line[]> {
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
  return lines;
}

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

// ---------- partitions ----------

type PartitionContext = {
  warehouses: repo.WarehouseRow[];
  settings: repo.PartitionRow | null;
  contacts: addressBookRepo.ContactRow[];
  flatShipping: boolean;
  buyerState: string | null;
  today: string;
  addressById: (id: number | null) => Promise<addressBookRepo.AddressRow | null>;
};

/** One partition (seller × warehouse): its shipping method's address or pickup, shipping, tax region and problems. */
async function partitionOf(
  cart: repo.CheckoutCartRow,
  key: string,
  lines: Line[],
  { warehouses, settings: s, contacts, flatShipping, buyerState, today, addressById }: PartitionContext,
): Promise<Partition> {
  const pl = lines.filter((l) => l.key === key);
  const warehouse = warehouses.find((w) => w.id === pl[0]!.warehouseId) ?? warehouses[0]!;
  const method = s?.shippingMethod ?? null;
  const deliveryAddress = method === 'delivery' ? await addressById(s?.deliveryAddressId ?? null) : null;
  const pickup = method === 'pickup' ? (warehouses.find((w) => w.id === s?.pickupWarehouseId) ?? null) : null;
  const contact =
    method === 'delivery' && s?.deliveryContactId ? (contacts.find((c) => c.id === s.deliveryContactId) ?? null) : null;
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
  // One message per missing thing ('Choose pickup or delivery', 'Choose a delivery contact').
  const shippingMissing = missingForShipment({
    method,
    address: deliveryAddress && {
      deleted: deliveryAddress.deleted,
      country: deliveryAddress.country,
      complete: addressProblems(toValues(deliveryAddress)).length === 0,
    },
    storeCountry: cart.country,
    hasContact: contact !== null,
    hasPickup: pickup !== null,
  });
  const shippingProblem = shippingMissing.length > 0;
  return {
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
    shippingMissing,
    deliveryAddress,
    contact,
  };
}

// ---------- promotions and codes ----------

/** The promotions that apply (and the promo code's refusal, if any), and whether the referral code is valid. */
async function promotionsOf(
  db: Db,
  caller: Caller,
  cart: repo.CheckoutCartRow,
  lines: Line[],
  ownEnterpriseId: number | null,
  deps: CheckoutDeps,
) {
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
    referralValid = owner !== null && owner !== ownEnterpriseId;
    referralRefused = !referralValid;
  }
  const firstPurchase = !(await repo.hasEarlierOrder(db, caller.userId, ownEnterpriseId));
  const evaluated = evaluatePromotions(await repo.promotions(db), cart.promoCode, {
    now: deps.now?.() ?? new Date(),
    country: cart.country,
    currency: cart.currency,
    goodsSubtotal,
    lineQualifiers,
    firstPurchase,
    referralValid,
  });
  return { evaluated, referralValid, referralRefused };
}

// ---------- problems ----------

function err(
  section: CartErrorSection,
  code: string,
  opts: { partitionKey?: string | null; items?: string[]; message?: string } = {},
): CheckoutError {
  const message = opts.message ?? (ERRORS as Record<string, { message: string }>)[code]?.message ?? code;
  return { section, code, message, partitionKey: opts.partitionKey ?? null, items: opts.items ?? [] };
}

/** The facts of an address that say whether it will do for billing or delivery. */
export function billingFacts(a: addressBookRepo.AddressRow | null) {
  return a && { deleted: a.deleted, country: a.country, complete: addressProblems(toValues(a)).length === 0 };
}

/** Problems the buyer can see as they go (placing checks the same and refuses). */
function visibleProblems(c: {
  lines: Line[];
  partitions: Partition[];
  buyerState: string | null;
  rupOk: boolean;
  promoRefusal: string | null;
  referralRefused: boolean;
  billingAddress: addressBookRepo.AddressRow | null;
  hasTerm: boolean;
}): CheckoutError[] {
  const errors: CheckoutError[] = [];
  const changed = c.lines.filter((l) => l.amount === null || l.amount !== l.pricedAmount || l.available < l.quantity);
  if (changed.length > 0)
    errors.push(err('items_need_adjustment', 'items_need_adjustment', { items: changed.map((l) => l.itemId) }));
  const restricted = c.lines.filter(
    (l) =>
      evaluateItemRestrictions({ restrictions: l.restrictions, quantity: l.quantity, jurisdiction: c.buyerState })
        .length > 0,
  );
  if (restricted.length > 0)
    errors.push(err('itemsNotSellable', 'invalid_checkout_cart_content', { items: restricted.map((l) => l.itemId) }));
  if (!c.rupOk) {
    errors.push(
      err('ineligible_items', 'invalid_checkout_cart_content', {
        items: c.lines.filter((l) => l.restrictedUse).map((l) => l.itemId),
        message: 'Restricted-use products need a valid applicator licence on file.',
      }),
    );
  }
  for (const p of c.partitions) {
    if (p.timingProblem) errors.push(err('delivery', p.timingProblem, { partitionKey: p.key }));
    for (const message of p.shippingMissing)
      errors.push(err('shipping', 'invalid_shipping_address', { partitionKey: p.key, message }));
  }
  if (c.promoRefusal) errors.push(err('invalid_promo_code', 'invalid_promo_code'));
  if (c.referralRefused) errors.push(err('invalid_referral_code', 'invalid_referral_code'));
  for (const message of missingForPayment({ hasTerm: c.hasTerm, billing: billingFacts(c.billingAddress) }))
    errors.push(
      err(
        'payment',
        message === CHECKOUT_MISSING.paymentTerm ? 'invalid_checkout_cart_content' : 'invalid_billing_address',
        {
          message,
        },
      ),
    );
  return errors;
}
