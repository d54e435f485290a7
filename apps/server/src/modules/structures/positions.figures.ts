// The position's figures (docs/decisions/062 'Positions'): each crop × futures month summed from the contracts'
// remaining bushels, the structures' stored deltas and the hedges, the months that expired counted in the nearby, and
// the rows and totals as the call answers them. positions.service.ts reads what they are summed from.

import {
  BUSHELS_PER_FUTURES_CONTRACT,
  CROPS,
  POSITION_TOTAL_FIGURES,
  CrmDecimal,
  bushelWeightLb,
  decimalString,
  futuresMonthForDelivery,
  futuresSymbol,
  nearbyFuturesMonth,
  optionExpiry,
  positionProduct,
  toDecimal,
  type PositionRow,
  type Positions,
} from '@granary/domain';
import { black76, daysBetween, isTradingDay, resolveMarket, type PricingParameters } from '@granary/scs-engine';
import type { latestQuotes } from '../futures/futures.public.ts';
import type * as repo from './positions.repo.ts';

const MONTH_CODES = 'FGHJKMNQUVXZ';

/** `future_beta` of a month: the row of the month itself ('2027-12') before its month code's ('Z'); 1 without one. */
function futureBetaOf(parameters: PricingParameters, cropId: number, optionMonth: string): number {
  const code = MONTH_CODES[Number(optionMonth.slice(5, 7)) - 1];
  const rows = parameters.futureBetas.filter((r) => r.cropId === cropId);
  return (rows.find((r) => r.contract === optionMonth) ?? rows.find((r) => r.contract === code))?.beta ?? 1;
}

type Acc = {
  purchasePriced: CrmDecimal;
  purchaseUnpriced: CrmDecimal;
  salePriced: CrmDecimal;
  saleUnpriced: CrmDecimal;
  structureDelta: number;
  structureCount: number;
  hedgeFutures: CrmDecimal;
  hedgeOptionDelta: number;
};

export const emptyAcc = (): Acc => ({
  purchasePriced: new CrmDecimal(0),
  purchaseUnpriced: new CrmDecimal(0),
  salePriced: new CrmDecimal(0),
  saleUnpriced: new CrmDecimal(0),
  structureDelta: 0,
  structureCount: 0,
  hedgeFutures: new CrmDecimal(0),
  hedgeOptionDelta: 0,
});

/** Pounds in a tonne (a contract written in tonnes counts its bushels at the crop's legal bushel weight). */
const LB_PER_TONNE = '2204.62262185';

export type RowOf = (cropId: number, optionMonth: string) => Acc;
type LatestQuote = NonNullable<ReturnType<Awaited<ReturnType<typeof latestQuotes>>['get']>>;

/** Contracts: remaining bushels, futures fixed or open, purchases long and sales short (tonnes counted in bushels). */
export function addContracts(rowOf: RowOf, groups: readonly repo.ContractGroupRow[]): void {
  for (const g of groups) {
    const product = positionProduct(g.cropId)!;
    const month = g.optionMonth ?? futuresMonthForDelivery(product, `${g.deliveryMonth}-01`);
    let factor = new CrmDecimal(1);
    if (g.quantityUnit === 'tonnes') {
      const crop = CROPS.find((c) => c.id === g.cropId);
      const lb = crop ? bushelWeightLb(crop.name) : null;
      if (lb === null) continue;
      factor = toDecimal(LB_PER_TONNE).div(lb);
    }
    const fixed = toDecimal(g.fixedRemaining).times(factor);
    const open = toDecimal(g.openRemaining).times(factor);
    const acc = rowOf(g.cropId, month);
    if (g.direction === 'purchase') {
      acc.purchasePriced = acc.purchasePriced.plus(fixed);
      acc.purchaseUnpriced = acc.purchaseUnpriced.plus(open);
    } else {
      acc.salePriced = acc.salePriced.minus(fixed);
      acc.saleUnpriced = acc.saleUnpriced.minus(open);
    }
  }
}

export type LeftOut = { id: number; reason: string }[];

/**
 * Hedges: futures by their contracts (± 5,000 bu each), options by their Black-76 delta at the month's vol (the
 * partner's option_vol + skew at the strike) and the time to the options' expiry. Returns the options left out.
 */
export function addHedges(
  rowOf: RowOf,
  trades: readonly repo.ActiveTrade[],
  parameters: PricingParameters,
  futuresOf: (symbol: string) => number | null,
  today: string,
): LeftOut {
  const skipped: LeftOut = [];
  for (const t of trades) {
    const sign = t.direction === 'buy' ? 1 : -1;
    const acc = rowOf(t.cropId, t.optionMonth);
    if (t.instrument === 'futures') {
      acc.hedgeFutures = acc.hedgeFutures.plus(sign * t.contracts * BUSHELS_PER_FUTURES_CONTRACT);
      continue;
    }
    const futures = futuresOf(t.futuresSymbol);
    const strike = Number(t.strike);
    const market =
      futures === null
        ? null
        : resolveMarket(parameters, { cropId: t.cropId, optionMonth: t.optionMonth, futures, strike });
    if (futures === null || !market) {
      skipped.push({
        id: t.id,
        reason:
          futures === null
            ? `No quote for ${t.futuresSymbol}.`
            : `The pricing parameters have no vol for ${t.futuresSymbol}.`,
      });
      continue;
    }
    const time = Math.max(0, daysBetween(today, optionExpiry(t.optionMonth, isTradingDay))) / 365;
    const { delta } = black76({
      kind: t.instrument,
      futures,
      strike,
      time,
      vol: market.vol,
      rate: market.discountRate,
    });
    acc.hedgeOptionDelta += sign * t.contracts * BUSHELS_PER_FUTURES_CONTRACT * delta;
  }
  return skipped;
}

export const symbolOf = (cropId: number, optionMonth: string) =>
  futuresSymbol(positionProduct(cropId)!.root, optionMonth);
const whole = (n: number) => new CrmDecimal(Math.round(n));

/** What a month adds to the net to hedge: contracts priced, structures' deltas and option deltas to the whole bushel, hedges. */
const netOf = (acc: Acc) =>
  acc.purchasePriced
    .plus(acc.salePriced)
    .plus(whole(acc.structureDelta))
    .plus(acc.hedgeFutures)
    .plus(whole(acc.hedgeOptionDelta));

/** A crop × futures month being summed; on the nearby month, what it took in from months that expired. */
export type Row = {
  cropId: number;
  optionMonth: string;
  acc: Acc;
  expired: { months: string[]; net: CrmDecimal } | null;
};

/**
 * Months that expired, counted in the crop's nearby month (the first still trading on `today`, nearbyFuturesMonth):
 * nobody can hedge a month whose futures stopped trading, so its open contracts (say a December 2025 purchase not
 * delivered yet), live structures and hedges are the nearby's exposure. Each such month's figures are added to the
 * nearby's row (a row is made for it when it had none) and the row lists the months and the bushels of its net they
 * brought — only months that bring something to the net (one of unpriced contracts only moves its unpriced bushels).
 */
export function rollExpiredMonths(
  rows: Map<string, Row>,
  metas: Map<string, MonthMeta>,
  rowAt: (cropId: number, optionMonth: string) => Row,
  monthMeta: (cropId: number, optionMonth: string) => MonthMeta,
  today: string,
): void {
  const expired = [...rows.entries()]
    .map(([key, row]) => ({ key, row, nearby: nearbyFuturesMonth(row.cropId, today) }))
    .filter(({ row, nearby }) => nearby !== null && row.optionMonth < nearby)
    .sort((a, b) => a.row.optionMonth.localeCompare(b.row.optionMonth));
  for (const { key, row, nearby } of expired) {
    rows.delete(key);
    const into = rowAt(row.cropId, nearby!);
    const { acc } = row;
    into.acc.purchasePriced = into.acc.purchasePriced.plus(acc.purchasePriced);
    into.acc.purchaseUnpriced = into.acc.purchaseUnpriced.plus(acc.purchaseUnpriced);
    into.acc.salePriced = into.acc.salePriced.plus(acc.salePriced);
    into.acc.saleUnpriced = into.acc.saleUnpriced.plus(acc.saleUnpriced);
    into.acc.structureDelta += acc.structureDelta;
    into.acc.structureCount += acc.structureCount;
    into.acc.hedgeFutures = into.acc.hedgeFutures.plus(acc.hedgeFutures);
    into.acc.hedgeOptionDelta += acc.hedgeOptionDelta;
    const meta = metas.get(key);
    if (meta) {
      metas.delete(key);
      const nearbyMeta = monthMeta(row.cropId, nearby!);
      nearbyMeta.pending += meta.pending;
      if (meta.asOf !== null && (nearbyMeta.asOf === null || meta.asOf < nearbyMeta.asOf)) nearbyMeta.asOf = meta.asOf;
    }
    const inNet =
      [acc.purchasePriced, acc.salePriced, acc.hedgeFutures].some((d) => !d.isZero()) ||
      acc.structureCount > 0 ||
      acc.hedgeOptionDelta !== 0 ||
      (meta?.pending ?? 0) > 0;
    if (!inNet) continue;
    into.expired ??= { months: [], net: new CrmDecimal(0) };
    into.expired.months.push(row.optionMonth);
    into.expired.net = into.expired.net.plus(netOf(acc));
  }
}

/** A row as the call answers it: contracts to the cent of a bushel, estimates (deltas) to the whole bushel. */
export function rowOut(
  { cropId, optionMonth, acc, expired }: Row,
  quote: LatestQuote | undefined,
  parameters: PricingParameters,
  meta: MonthMeta | null,
): PositionRow {
  const structureDelta = whole(acc.structureDelta);
  const hedgeOptionDelta = whole(acc.hedgeOptionDelta);
  const hedges = acc.hedgeFutures.plus(hedgeOptionDelta);
  const net = netOf(acc);
  const beta = futureBetaOf(parameters, cropId, optionMonth);
  const text = (d: CrmDecimal, places = 2) => decimalString(d.toDecimalPlaces(places));
  return {
    cropId,
    futuresSymbol: symbolOf(cropId, optionMonth),
    optionMonth,
    futures: quote ? decimalString(toDecimal(quote.last)) : null,
    quotedAt: quote ? quote.quotedAt : null,
    futureBeta: beta,
    purchasePriced: text(acc.purchasePriced),
    purchaseUnpriced: text(acc.purchaseUnpriced),
    salePriced: text(acc.salePriced),
    saleUnpriced: text(acc.saleUnpriced),
    structureDelta: text(structureDelta),
    structureCount: acc.structureCount,
    structureDeltaAsOf: meta?.asOf ? meta.asOf.toISOString() : null,
    structurePending: meta?.pending ?? 0,
    hedgeFutures: text(acc.hedgeFutures),
    hedgeOptionDelta: text(hedgeOptionDelta),
    hedges: text(hedges),
    netToHedge: text(net),
    netToHedgeReference: text(net.times(beta), 0),
    fromExpiredMonths: expired ? { months: expired.months, bushels: text(expired.net) } : null,
  };
}

type Figure = (typeof POSITION_TOTAL_FIGURES)[number];

/** Each crop's sums of its rows. */
export function totalsOf(rows: readonly PositionRow[]): Positions['totals'] {
  return [...new Set(rows.map((r) => r.cropId))].map((cropId) => {
    const sum = Object.fromEntries(POSITION_TOTAL_FIGURES.map((f) => [f, new CrmDecimal(0)])) as Record<
      Figure,
      CrmDecimal
    >;
    for (const r of rows) if (r.cropId === cropId) for (const f of POSITION_TOTAL_FIGURES) sum[f] = sum[f].plus(r[f]);
    const text = Object.fromEntries(POSITION_TOTAL_FIGURES.map((f) => [f, decimalString(sum[f])])) as Record<
      Figure,
      string
    >;
    return { cropId, ...text };
  });
}

/** A month's structures: when the oldest delta was computed, and how many are not valued yet. */
export type MonthMeta = { asOf: Date | null; pending: number };
