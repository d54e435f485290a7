// Futures contracts the cash bids price off: the exchange products per crop, their month codes, symbols
// (ZCZ26 = CBOT corn, December 2026) and calendar. Holidays are not modelled: the calendar days are
// business days (Monday–Friday) by the exchanges' rules, which an exchange holiday can move by a day.

import { CROP_IDS } from '../crm/crops.ts';
import { isoDateInZone } from '../crm/exact.ts';
import { MONTH_CODES, type MonthCode } from './month-codes.ts';

export { MONTH_CODES, type MonthCode } from './month-codes.ts';

export type FuturesProduct = {
  /** Symbol root: ZC, ZS, ZW, KE, MWE, RS, ZO. */
  readonly root: string;
  readonly exchange: 'CBOT' | 'KCBT' | 'MGEX' | 'ICE';
  readonly name: string;
  /** Crops priced off it (platform crop ids). */
  readonly cropIds: readonly number[];
  /** Listed contract months (1–12). */
  readonly months: readonly number[];
  readonly priceUnit: 'bushel' | 'tonne';
  readonly currency: 'USD' | 'CAD';
  /** Minimum price move, in the price unit (a quarter cent for the grains, ten cents a tonne for canola). */
  readonly tick: string;
  /** A typical price, to seed simulated quotes around (dollars per unit). */
  readonly referencePrice: string;
};

export const FUTURES_PRODUCTS: readonly FuturesProduct[] = Object.freeze([
  {
    root: 'ZC',
    exchange: 'CBOT',
    name: 'Corn',
    cropIds: [CROP_IDS.corn],
    months: [3, 5, 7, 9, 12],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '4.3500',
  },
  {
    root: 'ZS',
    exchange: 'CBOT',
    name: 'Soybeans',
    cropIds: [CROP_IDS.soybeans],
    months: [1, 3, 5, 7, 8, 9, 11],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '10.4500',
  },
  {
    root: 'ZW',
    exchange: 'CBOT',
    name: 'Chicago SRW Wheat',
    cropIds: [CROP_IDS.wheat],
    months: [3, 5, 7, 9, 12],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '5.4500',
  },
  {
    root: 'KE',
    exchange: 'KCBT',
    name: 'KC HRW Wheat',
    cropIds: [CROP_IDS.winterWheat],
    months: [3, 5, 7, 9, 12],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '5.6000',
  },
  {
    root: 'MWE',
    exchange: 'MGEX',
    name: 'Spring Wheat',
    cropIds: [CROP_IDS.springWheat, CROP_IDS.durumWheat],
    months: [3, 5, 7, 9, 12],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '6.1000',
  },
  {
    root: 'RS',
    exchange: 'ICE',
    name: 'Canola',
    cropIds: [CROP_IDS.canola],
    months: [1, 3, 5, 7, 11],
    priceUnit: 'tonne',
    currency: 'CAD',
    tick: '0.10',
    referencePrice: '640.00',
  },
  {
    root: 'ZO',
    exchange: 'CBOT',
    name: 'Oats',
    cropIds: [CROP_IDS.oats],
    months: [3, 5, 7, 9, 12],
    priceUnit: 'bushel',
    currency: 'USD',
    tick: '0.0025',
    referencePrice: '3.6500',
  },
] satisfies FuturesProduct[]);

const BY_ROOT = new Map(FUTURES_PRODUCTS.map((p) => [p.root, p]));

export function futuresProduct(root: string): FuturesProduct | null {
  return BY_ROOT.get(root) ?? null;
}

/** The futures product a crop's bids price off; null for a crop without futures (flat-price bids). */
export function futuresProductForCrop(cropId: number): FuturesProduct | null {
  return FUTURES_PRODUCTS.find((p) => p.cropIds.includes(cropId)) ?? null;
}

const OPTION_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isOptionMonth(value: unknown): value is string {
  return typeof value === 'string' && OPTION_MONTH.test(value);
}

/** 'YYYY-MM' → the exchange symbol: ('ZC', '2026-12') → 'ZCZ26'. */
export function futuresSymbol(root: string, optionMonth: string): string {
  const m = OPTION_MONTH.exec(optionMonth);
  if (!m) throw new Error(`not an option month: ${optionMonth}`);
  return `${root}${MONTH_CODES[Number(m[2]) - 1]}${m[1]!.slice(2)}`;
}

export type ParsedSymbol = { root: string; monthCode: MonthCode; optionMonth: string; product: FuturesProduct };

/** 'ZCZ26' → ZC, Z, '2026-12' (two-digit years are 20YY); null when the root or month is not ours. */
export function parseFuturesSymbol(symbol: string): ParsedSymbol | null {
  const m = /^([A-Z]{1,3})([FGHJKMNQUVXZ])(\d{2})$/.exec(symbol.trim().toUpperCase());
  if (!m) return null;
  const product = futuresProduct(m[1]!);
  if (!product) return null;
  const month = MONTH_CODES.indexOf(m[2] as MonthCode) + 1;
  if (!product.months.includes(month)) return null;
  return {
    root: product.root,
    monthCode: m[2] as MonthCode,
    optionMonth: `20${m[3]}-${String(month).padStart(2, '0')}`,
    product,
  };
}

function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function isWeekend(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
}

function previousBusinessDay(iso: string): string {
  let t = Date.parse(`${iso}T00:00:00Z`);
  do t -= 86_400_000;
  while (isWeekend(new Date(t).toISOString().slice(0, 10)));
  return new Date(t).toISOString().slice(0, 10);
}

/** Last trading day: the business day before the 15th calendar day of the contract month (CBOT, KCBT, MGEX grains and ICE canola). */
export function lastTradeDay(optionMonth: string): string {
  const [y, m] = optionMonth.split('-').map(Number) as [number, number];
  return previousBusinessDay(isoDay(y, m, 15));
}

/** First notice day: the last business day of the month before the contract month. */
export function firstNoticeDay(optionMonth: string): string {
  const [y, m] = optionMonth.split('-').map(Number) as [number, number];
  return previousBusinessDay(isoDay(y, m, 1));
}

function addMonths(optionMonth: string, n: number): string {
  const [y, m] = optionMonth.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export type FuturesContractMonth = {
  symbol: string;
  root: string;
  exchange: FuturesProduct['exchange'];
  monthCode: MonthCode;
  optionMonth: string;
  firstNoticeDay: string;
  lastTradeDay: string;
};

export function contractMonth(product: FuturesProduct, optionMonth: string): FuturesContractMonth {
  const month = Number(optionMonth.slice(5, 7));
  return {
    symbol: futuresSymbol(product.root, optionMonth),
    root: product.root,
    exchange: product.exchange,
    monthCode: MONTH_CODES[month - 1]!,
    optionMonth,
    firstNoticeDay: firstNoticeDay(optionMonth),
    lastTradeDay: lastTradeDay(optionMonth),
  };
}

/** The next `count` contract months of a product still trading on `today` ('YYYY-MM-DD'), nearest first. */
export function listedContracts(product: FuturesProduct, today: string, count: number): FuturesContractMonth[] {
  const out: FuturesContractMonth[] = [];
  let month = today.slice(0, 7);
  for (let guard = 0; out.length < count && guard < 12 * 10; guard++, month = addMonths(month, 1)) {
    if (!product.months.includes(Number(month.slice(5, 7)))) continue;
    const c = contractMonth(product, month);
    if (c.lastTradeDay >= today) out.push(c);
  }
  return out;
}

/**
 * The futures month a delivery period prices off: the first listed month not before the month the
 * delivery ends (October delivery of corn → December; December delivery → December). A merchandiser can
 * choose another month on the bid.
 */
export function futuresMonthForDelivery(product: FuturesProduct, deliveryEnd: string): string {
  let month = deliveryEnd.slice(0, 7);
  while (!product.months.includes(Number(month.slice(5, 7)))) month = addMonths(month, 1);
  return month;
}

/** Today on the futures exchanges' clock ('YYYY-MM-DD'): CBOT, KCBT, MGEX and ICE canola all trade on Central time. */
export function exchangeToday(now: Date = new Date()): string {
  return isoDateInZone(now, 'America/Chicago');
}

/**
 * The futures months a contract of `cropId` on `optionMonth` may roll to (grain-marketing.md issue 14): the crop's
 * listed contract months after the current one still trading on `today`, nearest first — corn on March → May, July,
 * September, December… A crop without futures rolls to any calendar month. The first is the one a roll proposes.
 */
export function rollOptionMonths(
  cropId: number | null,
  optionMonth: string | null,
  today: string,
  count = 8,
): string[] {
  const product = cropId === null ? null : futuresProductForCrop(cropId);
  const listed = (month: number) => product === null || product.months.includes(month);
  const current = isOptionMonth(optionMonth) ? optionMonth : null;
  const out: string[] = [];
  let month = current === null ? today.slice(0, 7) : addMonths(current, 1);
  for (let guard = 0; out.length < count && guard < 12 * 10; guard++, month = addMonths(month, 1)) {
    if (listed(Number(month.slice(5, 7))) && lastTradeDay(month) >= today) out.push(month);
  }
  return out;
}

/**
 * The nearby futures month of `cropId` on `today`: the first listed month still trading (its last trade day on or after
 * today; rollOptionMonths' first without a current month) — where a position counts bushels on a month that expired
 * (nobody can hedge those). Null for a crop without futures.
 */
export function nearbyFuturesMonth(cropId: number, today: string): string | null {
  if (futuresProductForCrop(cropId) === null) return null;
  return rollOptionMonths(cropId, null, today, 1)[0] ?? null;
}

/** How many listed months ahead a roll may reach (the months the exchanges list, and some): what the server accepts. */
export const ROLL_MONTHS_AHEAD = 12 * 3;

/**
 * Why a roll of a contract of `cropId` on `optionMonth` to `to` is refused, or null when `to` is one of the months it
 * may roll to (rollOptionMonths): the server's check behind the dialogs' month lists, for the single and the bulk roll.
 */
export function rollOptionMonthRefusal(
  cropId: number | null,
  optionMonth: string | null,
  to: string,
  today: string,
): string | null {
  if (rollOptionMonths(cropId, optionMonth, today, ROLL_MONTHS_AHEAD).includes(to)) return null;
  if (isOptionMonth(optionMonth) && to <= optionMonth)
    return `A futures roll moves to a later month than ${optionMonth}.`;
  const product = cropId === null ? null : futuresProductForCrop(cropId);
  if (product !== null && !product.months.includes(Number(to.slice(5, 7))))
    return `${to} is not a listed month of ${product.root} futures.`;
  if (lastTradeDay(to) < today) return `The ${to} futures month no longer trades.`;
  return `${to} is further out than a roll may go.`;
}

/** The months every one of `contracts` may roll to (a bulk roll sends one month to all), nearest first. */
export function commonRollOptionMonths(
  contracts: readonly { cropId: number | null; optionMonth: string | null }[],
  today: string,
  count = 8,
): string[] {
  const lists = contracts.map((c) => rollOptionMonths(c.cropId, c.optionMonth, today, ROLL_MONTHS_AHEAD));
  const [first = [], ...rest] = lists;
  return first.filter((m) => rest.every((list) => list.includes(m))).slice(0, count);
}
