// My Sales Lite figures (grain-marketing.md 1 'my-sales-lite: their own sales, balances and local bids'; 7 'Grain and
// profit center'): a farmer's contracts as their sales, the summary per crop and crop year, the balances (contracted
// vs delivered vs remaining, priced vs unpriced, unapplied scale tickets) and the farmer's task list. The contract
// arithmetic is crm/contracts.ts's (contractQuantities, weightedAverage); this file only adds the sums.
//
// Our reading of the catalogue (the spec names the calls, not their shapes): a farmer's sales are the contracts on
// which the buyer purchases grain from one of the farmer's legal entities (direction 'purchase'); the buyer's rare
// 'sale' contracts (grain sold to the farm) are not the farmer's sales and are left out.

import {
  contractQuantities,
  weightedAverage,
  type ContractStatus,
  type ContractType,
  type PriceStatus,
  type WeightedValue,
} from '../crm/contracts.ts';
import { CROPS, cropById } from '../crm/crops.ts';
import { CrmDecimal, addDays, decimalString, toDecimal, toDecimalOrNull } from '../crm/exact.ts';

type Dec = string | number;

/** What the sums read of a contract (the stored columns; cashPrice is the contract's average cash price). */
export type SalesContract = {
  cropId: number;
  cropYear: number;
  quantityUnit: string;
  status: ContractStatus;
  quantity: Dec;
  cancelledQuantity: Dec | null;
  deliveredQuantity: Dec | null;
  pricedQuantity: Dec | null;
  cashPrice: Dec | null;
};

/** What the balances read of a scale ticket. */
export type SalesTicket = { cropId: number; cropYear: number; unappliedQuantity: Dec };

/** The sums of a set of contracts, as decimal strings in the contracts' quantity unit. */
export type SalesFigures = {
  contractCount: number;
  /** Contracts still open (not completed, not cancelled). */
  openContractCount: number;
  /** Σ (quantity − cancelled): what the farmer sold. */
  contracted: string;
  delivered: string;
  /** Σ of each contract's undelivered quantity: what is left to deliver. */
  remaining: string;
  priced: string;
  unpriced: string;
  /** Average cash price of the priced bushels (weighted by each contract's priced quantity); null when nothing priced. */
  averageCash: string | null;
};

export type CropYearKey = { cropId: number; crop: string; cropYear: number; quantityUnit: string };
export type CropYearSummary = CropYearKey & SalesFigures;

export type BalanceFigures = SalesFigures & {
  /** Bushels delivered on scale tickets but not applied to a contract yet. */
  unappliedTickets: string;
  unappliedTicketCount: number;
};
export type BalanceRow = CropYearKey & BalanceFigures;
export type CommodityBalance = {
  cropId: number;
  crop: string;
  quantityUnit: string;
  totals: BalanceFigures;
  years: BalanceRow[];
};

type Acc = {
  contractCount: number;
  openContractCount: number;
  contracted: CrmDecimal;
  delivered: CrmDecimal;
  remaining: CrmDecimal;
  priced: CrmDecimal;
  unpriced: CrmDecimal;
  cash: WeightedValue[];
  unappliedTickets: CrmDecimal;
  unappliedTicketCount: number;
};

const emptyAcc = (): Acc => ({
  contractCount: 0,
  openContractCount: 0,
  contracted: new CrmDecimal(0),
  delivered: new CrmDecimal(0),
  remaining: new CrmDecimal(0),
  priced: new CrmDecimal(0),
  unpriced: new CrmDecimal(0),
  cash: [],
  unappliedTickets: new CrmDecimal(0),
  unappliedTicketCount: 0,
});

function addContract(acc: Acc, c: SalesContract): void {
  const q = contractQuantities(c);
  acc.contractCount += 1;
  if (c.status === 'open') acc.openContractCount += 1;
  acc.contracted = acc.contracted.plus(q.open);
  acc.delivered = acc.delivered.plus(q.delivered);
  acc.remaining = acc.remaining.plus(q.undelivered);
  acc.priced = acc.priced.plus(q.priced);
  acc.unpriced = acc.unpriced.plus(q.unpriced);
  acc.cash.push({ quantity: q.priced, value: c.cashPrice });
}

function addTicket(acc: Acc, t: SalesTicket): void {
  const u = toDecimal(t.unappliedQuantity);
  if (!u.greaterThan(0)) return;
  acc.unappliedTickets = acc.unappliedTickets.plus(u);
  acc.unappliedTicketCount += 1;
}

function merge(into: Acc, from: Acc): void {
  into.contractCount += from.contractCount;
  into.openContractCount += from.openContractCount;
  into.contracted = into.contracted.plus(from.contracted);
  into.delivered = into.delivered.plus(from.delivered);
  into.remaining = into.remaining.plus(from.remaining);
  into.priced = into.priced.plus(from.priced);
  into.unpriced = into.unpriced.plus(from.unpriced);
  into.cash.push(...from.cash);
  into.unappliedTickets = into.unappliedTickets.plus(from.unappliedTickets);
  into.unappliedTicketCount += from.unappliedTicketCount;
}

function figures(acc: Acc): SalesFigures {
  return {
    contractCount: acc.contractCount,
    openContractCount: acc.openContractCount,
    contracted: decimalString(acc.contracted),
    delivered: decimalString(acc.delivered),
    remaining: decimalString(acc.remaining),
    priced: decimalString(acc.priced),
    unpriced: decimalString(acc.unpriced),
    averageCash: weightedAverage(acc.cash),
  };
}

function balanceFigures(acc: Acc): BalanceFigures {
  return {
    ...figures(acc),
    unappliedTickets: decimalString(acc.unappliedTickets),
    unappliedTicketCount: acc.unappliedTicketCount,
  };
}

const CROP_ORDER = new Map(CROPS.map((c, i) => [c.id, i]));

/** The crop's display name ('Corn'), or 'Crop 12' for an id the catalogue does not know. */
export function cropLabel(cropId: number): string {
  return cropById(cropId)?.displayName ?? `Crop ${cropId}`;
}

/** Newest crop year first, then the crops in section 9's order. */
export function byYearThenCrop(
  a: { cropYear: number; cropId: number },
  b: { cropYear: number; cropId: number },
): number {
  return (
    b.cropYear - a.cropYear ||
    (CROP_ORDER.get(a.cropId) ?? 999) - (CROP_ORDER.get(b.cropId) ?? 999) ||
    a.cropId - b.cropId
  );
}

type Group = { key: CropYearKey; acc: Acc };

function groups(contracts: readonly SalesContract[], tickets: readonly SalesTicket[]): Group[] {
  const map = new Map<string, Group>();
  const groupOf = (cropId: number, cropYear: number, unit: string | null): Group => {
    const k = `${cropId}:${cropYear}`;
    let g = map.get(k);
    if (!g) {
      g = { key: { cropId, crop: cropLabel(cropId), cropYear, quantityUnit: unit ?? 'bushels' }, acc: emptyAcc() };
      map.set(k, g);
    } else if (unit && g.acc.contractCount === 0) {
      g.key.quantityUnit = unit;
    }
    return g;
  };
  for (const c of contracts) addContract(groupOf(c.cropId, c.cropYear, c.quantityUnit).acc, c);
  for (const t of tickets) addTicket(groupOf(t.cropId, t.cropYear, null).acc, t);
  return [...map.values()].sort((a, b) => byYearThenCrop(a.key, b.key));
}

/** The summary per crop and crop year (the summary call): one row per crop/year that has a contract. */
export function salesSummary(contracts: readonly SalesContract[]): CropYearSummary[] {
  return groups(contracts, []).map((g) => ({ ...g.key, ...figures(g.acc) }));
}

/** The summary of one crop and crop year; zeroes when the farmer has no contract there. */
export function cropYearSummary(
  contracts: readonly SalesContract[],
  cropId: number,
  cropYear: number,
): CropYearSummary {
  const mine = contracts.filter((c) => c.cropId === cropId && c.cropYear === cropYear);
  const acc = emptyAcc();
  for (const c of mine) addContract(acc, c);
  return {
    cropId,
    crop: cropLabel(cropId),
    cropYear,
    quantityUnit: mine[0]?.quantityUnit ?? 'bushels',
    ...figures(acc),
  };
}

/** The balances per crop and crop year: contracted vs delivered vs remaining, priced vs unpriced, unapplied tickets. */
export function salesBalances(contracts: readonly SalesContract[], tickets: readonly SalesTicket[]): BalanceRow[] {
  return groups(contracts, tickets).map((g) => ({ ...g.key, ...balanceFigures(g.acc) }));
}

/** The balances per crop (commodity-balances): each crop's crop years and their totals. */
export function commodityBalances(
  contracts: readonly SalesContract[],
  tickets: readonly SalesTicket[],
): CommodityBalance[] {
  const byCrop = new Map<number, { rows: BalanceRow[]; acc: Acc; unit: string }>();
  for (const g of groups(contracts, tickets)) {
    let entry = byCrop.get(g.key.cropId);
    if (!entry) {
      entry = { rows: [], acc: emptyAcc(), unit: g.key.quantityUnit };
      byCrop.set(g.key.cropId, entry);
    }
    entry.rows.push({ ...g.key, ...balanceFigures(g.acc) });
    merge(entry.acc, g.acc);
  }
  return [...byCrop.entries()]
    .sort(([a], [b]) => (CROP_ORDER.get(a) ?? 999) - (CROP_ORDER.get(b) ?? 999) || a - b)
    .map(([cropId, e]) => ({
      cropId,
      crop: cropLabel(cropId),
      quantityUnit: e.unit,
      totals: balanceFigures(e.acc),
      years: e.rows,
    }));
}

// ---------------------------------------------------------------------------------------------------
// The farmer's task list: contracts to sign, to price, deliveries due

export const FARMER_TASKS = ['signature_needed', 'pricing_needed', 'delivery_needed'] as const;
export type FarmerTask = (typeof FARMER_TASKS)[number];

/** A delivery is due when its window opens within this many days (or has opened) and bushels remain. */
export const DELIVERY_DUE_DAYS = 30;

export type TaskContract = SalesContract & {
  contractType: ContractType;
  priceStatus: PriceStatus;
  deliveryStart: string;
  esignSent: boolean;
  signed: boolean;
};

/**
 * The tasks a contract gives its farmer on `today` (the market's day):
 * - signature_needed: sent for e-signature and not signed yet (not cancelled);
 * - pricing_needed: open with unpriced bushels;
 * - delivery_needed: open with bushels left to deliver and a delivery window that has opened or opens within 30 days.
 */
export function farmerTasks(c: TaskContract, today: string): FarmerTask[] {
  const q = contractQuantities(c);
  const out: FarmerTask[] = [];
  if (c.status !== 'cancelled' && c.esignSent && !c.signed) out.push('signature_needed');
  if (c.status === 'open' && toDecimal(q.unpriced).greaterThan(0)) out.push('pricing_needed');
  if (
    c.status === 'open' &&
    toDecimal(q.undelivered).greaterThan(0) &&
    c.deliveryStart <= addDays(today, DELIVERY_DUE_DAYS)
  ) {
    out.push('delivery_needed');
  }
  return out;
}

/** The share (0–100, whole percent, rounded down) of `part` in `whole`; 0 when whole is 0. For progress bars. */
export function sharePercent(part: Dec | null | undefined, whole: Dec | null | undefined): number {
  const w = toDecimalOrNull(whole ?? null);
  const p = toDecimalOrNull(part ?? null);
  if (w === null || p === null || !w.greaterThan(0)) return 0;
  const pct = p.dividedBy(w).times(100).toDecimalPlaces(0, CrmDecimal.ROUND_DOWN).toNumber();
  return Math.max(0, Math.min(100, pct));
}
