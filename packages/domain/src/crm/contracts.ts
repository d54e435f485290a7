// Contract arithmetic (issue 4): cash = futures + basis, quantity-weighted averages over pricing events,
// delivered / undelivered / cancelled / unpriced quantities, price status, contract status, inTheMoney
// and daysAccumulated, task-list statuses. Inputs and results are decimal strings; see exact.ts.
//
// Units: futures, basis and cash are all in currency per quantity unit (dollars per bushel), so that
// cash = futures + basis holds as written. The screens quote basis in cents (-35¢ is '-0.35'):
// basisToCents / basisFromCents convert at the edge.

import {
  CrmDecimal,
  PRICE_SCALE,
  daysBetween,
  decimalString,
  maxDecimal,
  minDecimal,
  roundedString,
  toDecimal,
  toDecimalOrNull,
} from './exact.ts';

// ---------------------------------------------------------------------------------------------------
// Enumerations (grain-marketing.md 4 'Contract types and lists')

export const CONTRACT_TYPES = ['pp', 'mp', 'mp_plus', 'hta', 'spot', 'flat', 'basic_cs'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/**
 * What each type means here (our reading; the spec names the codes only):
 * - pp: pricing program — the contracted quantity is priced in instalments over a pricing period
 *   (contract date → expiration), each instalment a pricing event; the average is what the farmer gets.
 * - mp / mp_plus: minimum price — a floor price with a call option (strike, fee, expiration) that keeps
 *   the farmer's upside; "plus" adds a premium or a second pricing choice (mpOption).
 * - hta: hedge-to-arrive — futures fixed, basis set later.
 * - spot: priced and delivered now. flat: flat-price forward (futures and basis fixed together).
 * - basic_cs: basic credit sale — delivered and priced, payment deferred.
 */
export const CONTRACT_TYPE_LABELS: Readonly<Record<ContractType, string>> = Object.freeze({
  pp: 'Pricing program',
  mp: 'Minimum price',
  mp_plus: 'Minimum price plus',
  hta: 'Hedge-to-arrive',
  spot: 'Spot',
  flat: 'Flat price',
  basic_cs: 'Basic credit sale',
});

/** Types whose list row shows inTheMoney (they carry a call option: strike, fee, expiration). */
export const OPTION_CONTRACT_TYPES = ['mp', 'mp_plus'] as const satisfies readonly ContractType[];
/** Types whose list row shows daysAccumulated (priced over a period). */
export const ACCUMULATING_CONTRACT_TYPES = ['pp'] as const satisfies readonly ContractType[];

export function isContractType(value: unknown): value is ContractType {
  return typeof value === 'string' && (CONTRACT_TYPES as readonly string[]).includes(value);
}

export const CONTRACT_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_DIRECTIONS = ['purchase', 'sale'] as const;
export type ContractDirection = (typeof CONTRACT_DIRECTIONS)[number];

export const PRICE_STATUSES = ['unpriced', 'futures_set', 'basis_set', 'partially_priced', 'priced'] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

export const PRICE_STATUS_LABELS: Readonly<Record<PriceStatus, string>> = Object.freeze({
  unpriced: 'Unpriced',
  futures_set: 'Futures set',
  basis_set: 'Basis set',
  partially_priced: 'Partially priced',
  priced: 'Priced',
});

/** grain-marketing.md 4: list types and task-list statuses. */
export const LIST_TYPES = ['contract', 'deliveries'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const TASK_LIST_STATUSES = ['signature_needed', 'pricing_needed', 'delivery_needed'] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Prices

type Dec = string | number;

/** cash = futures + basis (same unit); null when either is missing. Exact: '4.1275' + '-0.35' = '3.7775'. */
export function cashPrice(futures: Dec | null | undefined, basis: Dec | null | undefined): string | null {
  const f = toDecimalOrNull(futures);
  const b = toDecimalOrNull(basis);
  return f === null || b === null ? null : decimalString(f.plus(b));
}

/** Basis in currency per unit → cents for the screens: '-0.35' → '-35'. */
export function basisToCents(basis: Dec): string {
  return decimalString(toDecimal(basis).times(100));
}

/** Basis as quoted in cents → currency per unit for storage: '-35' → '-0.35'. Rounded to 4 decimals. */
export function basisFromCents(cents: Dec): string {
  return roundedString(toDecimal(cents).dividedBy(100), PRICE_SCALE);
}

export type WeightedValue = { quantity: Dec; value: Dec | null | undefined };

/**
 * Σ(quantity × value) / Σ quantity over the entries that have a value and a positive quantity, rounded
 * half away from zero to `places` decimals (4, the price scale). null when no entry counts.
 * weightedAverage([{quantity:'1000', value:'4.00'}, {quantity:'3000', value:'4.40'}]) → '4.3'.
 */
export function weightedAverage(entries: readonly WeightedValue[], places = PRICE_SCALE): string | null {
  let total = new CrmDecimal(0);
  let weighted = new CrmDecimal(0);
  for (const e of entries) {
    const v = toDecimalOrNull(e.value);
    const q = toDecimal(e.quantity);
    if (v === null || !q.greaterThan(0)) continue;
    total = total.plus(q);
    weighted = weighted.plus(q.times(v));
  }
  return total.isZero() ? null : roundedString(weighted.dividedBy(total), places);
}

/**
 * A pricing event: a quantity of the contract on which futures and/or basis were fixed (the
 * `pricing_events` table). Events are disjoint portions of the contract. An event's cash price is its
 * own cashPrice when given (a flat or spot price), else futures + basis when both are fixed.
 */
export type PricingEventInput = {
  quantity: Dec;
  futuresPrice?: Dec | null;
  basis?: Dec | null;
  cashPrice?: Dec | null;
};

export function eventCashPrice(e: PricingEventInput): string | null {
  if (e.cashPrice !== null && e.cashPrice !== undefined) return decimalString(toDecimal(e.cashPrice));
  return cashPrice(e.futuresPrice, e.basis);
}

export type ContractPricing = {
  /** Quantity with a cash price (futures and basis both fixed, or a cash price given), at most the open quantity. */
  pricedQuantity: string;
  /** Quantity whose futures are fixed but not its basis, and the reverse. */
  futuresOnlyQuantity: string;
  basisOnlyQuantity: string;
  /** Open quantity − priced, never negative. */
  unpricedQuantity: string;
  averageFutures: string | null;
  averageBasis: string | null;
  averageCash: string | null;
  priceStatus: PriceStatus;
};

/**
 * The pricing of a contract from its events. Averages are weighted by quantity over the events that fix
 * each component; the stored contract columns futures_price, basis, cash_price, priced_quantity and
 * price_status are these figures (maintained by the server whenever an event changes).
 */
export function contractPricing(
  contract: { quantity: Dec; cancelledQuantity?: Dec | null },
  events: readonly PricingEventInput[],
): ContractPricing {
  const open = openQuantityOf(contract);
  let priced = new CrmDecimal(0);
  let futuresOnly = new CrmDecimal(0);
  let basisOnly = new CrmDecimal(0);
  const cash: WeightedValue[] = [];
  for (const e of events) {
    const q = toDecimal(e.quantity);
    if (!q.greaterThan(0)) continue;
    const c = eventCashPrice(e);
    const hasF = e.futuresPrice !== null && e.futuresPrice !== undefined;
    const hasB = e.basis !== null && e.basis !== undefined;
    if (c !== null) priced = priced.plus(q);
    else if (hasF) futuresOnly = futuresOnly.plus(q);
    else if (hasB) basisOnly = basisOnly.plus(q);
    cash.push({ quantity: e.quantity, value: c });
  }
  const pricedCapped = minDecimal(priced, open);
  return {
    pricedQuantity: decimalString(pricedCapped),
    futuresOnlyQuantity: decimalString(futuresOnly),
    basisOnlyQuantity: decimalString(basisOnly),
    unpricedQuantity: decimalString(maxDecimal(open.minus(priced), new CrmDecimal(0))),
    averageFutures: weightedAverage(events.map((e) => ({ quantity: e.quantity, value: e.futuresPrice }))),
    averageBasis: weightedAverage(events.map((e) => ({ quantity: e.quantity, value: e.basis }))),
    averageCash: weightedAverage(cash),
    priceStatus: priceStatusOf({ openQuantity: open, priced, futuresOnly, basisOnly }),
  };
}

/**
 * Price status:
 * - priced: the whole open quantity has a cash price (open > 0);
 * - partially_priced: some of it has a cash price, or futures are fixed on some bushels and basis on others;
 * - futures_set: nothing has a cash price, futures are fixed on some quantity (an HTA before its basis);
 * - basis_set: nothing has a cash price, basis is fixed on some quantity (a basis contract);
 * - unpriced: nothing fixed. A fully cancelled contract is 'priced' if anything was priced, else 'unpriced'.
 */
export function priceStatus(input: {
  quantity: Dec;
  cancelledQuantity?: Dec | null;
  pricedQuantity: Dec;
  futuresOnlyQuantity?: Dec | null;
  basisOnlyQuantity?: Dec | null;
}): PriceStatus {
  return priceStatusOf({
    openQuantity: openQuantityOf(input),
    priced: toDecimal(input.pricedQuantity),
    futuresOnly: toDecimalOrNull(input.futuresOnlyQuantity) ?? new CrmDecimal(0),
    basisOnly: toDecimalOrNull(input.basisOnlyQuantity) ?? new CrmDecimal(0),
  });
}

function priceStatusOf(x: {
  openQuantity: CrmDecimal;
  priced: CrmDecimal;
  futuresOnly: CrmDecimal;
  basisOnly: CrmDecimal;
}): PriceStatus {
  const { openQuantity, priced, futuresOnly, basisOnly } = x;
  if (!openQuantity.greaterThan(0)) return priced.greaterThan(0) ? 'priced' : 'unpriced';
  if (priced.greaterThanOrEqualTo(openQuantity)) return 'priced';
  if (priced.greaterThan(0)) return 'partially_priced';
  const f = futuresOnly.greaterThan(0);
  const b = basisOnly.greaterThan(0);
  if (f && b) return 'partially_priced';
  if (f) return 'futures_set';
  if (b) return 'basis_set';
  return 'unpriced';
}

// ---------------------------------------------------------------------------------------------------
// Quantities and status

export type QuantityInput = {
  quantity: Dec;
  deliveredQuantity?: Dec | null;
  cancelledQuantity?: Dec | null;
  pricedQuantity?: Dec | null;
};

export type ContractQuantities = {
  quantity: string;
  cancelled: string;
  /** quantity − cancelled: what the farmer still owes in all (delivered or not). Never negative. */
  open: string;
  delivered: string;
  /** open − delivered, never negative. */
  undelivered: string;
  /** delivered − open when more was delivered than contracted, else 0. */
  overDelivered: string;
  priced: string;
  /** open − priced, never negative. */
  unpriced: string;
};

function openQuantityOf(x: { quantity: Dec; cancelledQuantity?: Dec | null }): CrmDecimal {
  const q = toDecimal(x.quantity);
  const c = toDecimalOrNull(x.cancelledQuantity) ?? new CrmDecimal(0);
  return maxDecimal(q.minus(c), new CrmDecimal(0));
}

/** The quantities of a contract (bushels or its quantity unit), exact. */
export function contractQuantities(x: QuantityInput): ContractQuantities {
  const zero = new CrmDecimal(0);
  const open = openQuantityOf(x);
  const delivered = toDecimalOrNull(x.deliveredQuantity) ?? zero;
  const priced = toDecimalOrNull(x.pricedQuantity) ?? zero;
  return {
    quantity: decimalString(toDecimal(x.quantity)),
    cancelled: decimalString(toDecimalOrNull(x.cancelledQuantity) ?? zero),
    open: decimalString(open),
    delivered: decimalString(delivered),
    undelivered: decimalString(maxDecimal(open.minus(delivered), zero)),
    overDelivered: decimalString(maxDecimal(delivered.minus(open), zero)),
    priced: decimalString(minDecimal(priced, open)),
    unpriced: decimalString(maxDecimal(open.minus(priced), zero)),
  };
}

export function undeliveredQuantity(x: QuantityInput): string {
  return contractQuantities(x).undelivered;
}

export function unpricedQuantity(x: QuantityInput): string {
  return contractQuantities(x).unpriced;
}

/** Delivered quantity = Σ of the ticket applications to the contract. */
export function sumQuantities(values: readonly Dec[]): string {
  return decimalString(values.reduce<CrmDecimal>((acc, v) => acc.plus(toDecimal(v)), new CrmDecimal(0)));
}

/**
 * A contract's status from its quantities: cancelled when nothing is left open (cancelled ≥ quantity);
 * completed when the open quantity is both delivered and priced; otherwise open.
 */
export function contractStatus(x: QuantityInput): ContractStatus {
  const q = contractQuantities(x);
  if (toDecimal(q.open).isZero()) return 'cancelled';
  if (toDecimal(q.undelivered).isZero() && toDecimal(q.unpriced).isZero()) return 'completed';
  return 'open';
}

// ---------------------------------------------------------------------------------------------------
// Option and accumulation columns

/**
 * inTheMoney for a minimum-price contract (mp, mp_plus): the farmer holds a call at `strike`, which is
 * in the money when the current futures price of the contract's option month is above the strike
 * (at the strike it is at the money: false). null for other types, without a strike or a market
 * price, and after the option's expiration day.
 */
export function inTheMoney(
  contract: { contractType: ContractType; strike: Dec | null | undefined; expiration?: string | null },
  marketFutures: Dec | null | undefined,
  today?: string,
): boolean | null {
  if (!(OPTION_CONTRACT_TYPES as readonly string[]).includes(contract.contractType)) return null;
  const strike = toDecimalOrNull(contract.strike);
  const futures = toDecimalOrNull(marketFutures);
  if (strike === null || futures === null) return null;
  if (today !== undefined && contract.expiration && daysBetween(contract.expiration, today) > 0) return null;
  return futures.greaterThan(strike);
}

/**
 * daysAccumulated for a pricing program (pp): whole days of its pricing period already run, from the
 * contract date to today, stopping at the period's end (expiration, or the delivery end without one).
 * 0 before the period starts; null for other types.
 */
export function daysAccumulated(
  contract: {
    contractType: ContractType;
    contractDate: string;
    expiration?: string | null;
    deliveryEnd?: string | null;
  },
  today: string,
): number | null {
  if (!(ACCUMULATING_CONTRACT_TYPES as readonly string[]).includes(contract.contractType)) return null;
  const end = contract.expiration ?? contract.deliveryEnd ?? null;
  const until = end !== null && daysBetween(end, today) > 0 ? end : today;
  return Math.max(0, daysBetween(contract.contractDate, until));
}

/** expirationDay: days from today to the expiration day (0 on the day, negative after); null without one. */
export function daysToExpiration(expiration: string | null | undefined, today: string): number | null {
  return expiration ? daysBetween(today, expiration) : null;
}
