// The structures the merchandisers sell, as configurations of the one rule machinery (structure.ts).

import { tradingDays, weeklyTradingDays } from './calendar.ts';
import type { Band, Side, StructureTerms } from './structure.ts';
import { ScsTermsError, isIsoDay, positive } from './validate.ts';

type Period = {
  side: Side;
  cropId: number;
  optionMonth: string;
  start: string;
  end: string;
  /** Total committed bushels (before any double-up). */
  quantity: number;
  fee: number;
  /** Closures beyond the calendar's rules (a national day of mourning). */
  extraClosures?: string[];
};

export type AccumulatorInput = Period & {
  frequency: 'daily' | 'weekly';
  accumulationLevel: number;
  /** Null: no knock-out. */
  knockOut: number | null;
  knockOutMonitoring?: 'discrete' | 'continuous';
  knockOutDayPriced?: boolean;
  doubleUp: 'none' | 'daily' | 'euro';
  /** Conditional double-up: doubles only for settles beyond this level (default: the accumulation level). */
  doubleUpTrigger?: number | null;
  /** Guaranteed floor on the bushels a knock-out leaves unpriced. */
  floor?: number | null;
  /** Pricing barrier: settles beyond it (a sale: below) price the day's bushels at the protection level instead. */
  pricingBarrier?: { level: number; protectionLevel: number } | null;
};

/**
 * The last periods' trading days: a solver builds the same period's terms at every trial level (and a zero table at
 * each cell's), so the calendar is worked out once per period, not once per evaluation. Read only, never mutated.
 */
const periodDays = new Map<string, readonly string[]>();
const PERIOD_DAYS_KEPT = 64;

function daysOf(p: Period, weekly: boolean): readonly string[] {
  const key = `${weekly ? 'w' : 'd'}|${p.start}|${p.end}|${p.extraClosures?.join() ?? ''}`;
  let days = periodDays.get(key);
  if (!days) {
    days = weekly ? weeklyTradingDays(p.start, p.end, p.extraClosures) : tradingDays(p.start, p.end, p.extraClosures);
    if (periodDays.size >= PERIOD_DAYS_KEPT) periodDays.delete(periodDays.keys().next().value!);
    periodDays.set(key, days);
  }
  return days;
}

function observationDates(p: Period, frequency: 'daily' | 'weekly' | 'end'): readonly string[] {
  if (!isIsoDay(p.start)) throw new ScsTermsError('start', 'Start must be a date (YYYY-MM-DD).');
  if (!isIsoDay(p.end)) throw new ScsTermsError('end', 'End must be a date (YYYY-MM-DD).');
  if (p.end < p.start) throw new ScsTermsError('end', 'End must not be before the start.');
  positive(p.quantity, 'quantity', 'Quantity');
  const days = daysOf(p, frequency === 'weekly');
  if (days.length === 0) throw new ScsTermsError('observations', 'The period has no trading days to observe.');
  return frequency === 'end' ? [days[days.length - 1]!] : days;
}

function base(p: Period, dates: readonly string[]): Omit<StructureTerms, 'kind' | 'bands' | 'keyLevel'> {
  const per = p.quantity / dates.length;
  return {
    side: p.side,
    cropId: p.cropId,
    optionMonth: p.optionMonth,
    start: p.start,
    end: p.end,
    observations: dates.map((date) => ({ date, bushels: per })),
    knockOut: null,
    euroDouble: null,
    floorAfterKnockOut: null,
    fee: p.fee,
    quantity: p.quantity,
  };
}

/** The accumulator family: daily or weekly slices at the accumulation level, with its optional rules. */
export function accumulator(input: AccumulatorInput): StructureTerms {
  const dates = observationDates(input, input.frequency);
  const a = input.accumulationLevel;
  positive(a, 'accumulationLevel', 'Accumulation level');
  const sale = input.side === 'sale';
  const trigger = input.doubleUpTrigger ?? a;
  positive(trigger, 'doubleUpTrigger', 'Double-up trigger');
  if (input.doubleUp !== 'none' && (sale ? trigger < a : trigger > a))
    throw new ScsTermsError(
      'doubleUpTrigger',
      sale
        ? 'The double-up trigger must not be below the accumulation level.'
        : 'The double-up trigger must not be above the accumulation level.',
    );
  const barrier = input.pricingBarrier ?? null;
  if (barrier) {
    positive(barrier.level, 'pricingBarrier', 'Pricing barrier');
    positive(barrier.protectionLevel, 'pricingBarrier', 'Protection level');
    if (sale ? barrier.level >= a : barrier.level <= a)
      throw new ScsTermsError(
        'pricingBarrier',
        'The pricing barrier must be on the far side of the accumulation level from the double-up.',
      );
  }
  const fixed = (level: number) => ({ kind: 'fixed' as const, level });
  const doubleMult = input.doubleUp === 'daily' ? 2 : 1;
  // Bands from the farmer's worst settle to the best, in price order.
  const bands: Band[] = sale
    ? [
        ...(barrier ? [{ from: null, to: barrier.level, multiplier: 1, price: fixed(barrier.protectionLevel) }] : []),
        { from: barrier ? barrier.level : null, to: trigger, multiplier: 1, price: fixed(a) },
        { from: trigger, to: null, multiplier: doubleMult, price: fixed(a) },
      ]
    : [
        { from: null, to: trigger, multiplier: doubleMult, price: fixed(a) },
        { from: trigger, to: barrier ? barrier.level : null, multiplier: 1, price: fixed(a) },
        ...(barrier ? [{ from: barrier.level, to: null, multiplier: 1, price: fixed(barrier.protectionLevel) }] : []),
      ];
  // A purchase's double-up band is [.., trigger) and the slice band starts at the trigger: a settle exactly at the
  // trigger does not double, as a sale's settle exactly at its trigger does (sale: "at or above").
  return {
    ...base(input, dates),
    kind: 'accumulator',
    bands: bands.filter((b) => b.from === null || b.to === null || b.from < b.to),
    knockOut:
      input.knockOut === null
        ? null
        : {
            level: input.knockOut,
            monitoring: input.knockOutMonitoring ?? 'discrete',
            knockOutDayPriced: input.knockOutDayPriced ?? false,
          },
    euroDouble: input.doubleUp === 'euro' ? { level: trigger } : null,
    floorAfterKnockOut: input.floor ?? null,
    keyLevel: a,
  };
}

/** Minimum price (a sale; a purchase is a maximum price): at the end, max(floor, final settle) on the whole quantity. */
export function minimumPrice(input: Period & { floor: number }): StructureTerms {
  positive(input.floor, 'floor', 'Floor');
  const dates = observationDates(input, 'end');
  const f = input.floor;
  const bands: Band[] =
    input.side === 'sale'
      ? [
          { from: null, to: f, multiplier: 1, price: { kind: 'fixed', level: f } },
          { from: f, to: null, multiplier: 1, price: { kind: 'settle', add: 0 } },
        ]
      : [
          { from: null, to: f, multiplier: 1, price: { kind: 'settle', add: 0 } },
          { from: f, to: null, multiplier: 1, price: { kind: 'fixed', level: f } },
        ];
  return { ...base(input, dates), kind: 'minimum-price', bands, keyLevel: f };
}

/** Hedge-to-arrive: the whole quantity at a fixed futures level, written at the end of the period. */
export function hta(input: Period & { futuresLevel: number }): StructureTerms {
  positive(input.futuresLevel, 'accumulationLevel', 'Futures level');
  const dates = observationDates(input, 'end');
  const bands: Band[] = [{ from: null, to: null, multiplier: 1, price: { kind: 'fixed', level: input.futuresLevel } }];
  return { ...base(input, dates), kind: 'hta', bands, keyLevel: input.futuresLevel };
}

/** Average price: each trading day of the period prices its slice at that day's settle. */
export function averagePrice(input: Period & { frequency?: 'daily' | 'weekly' }): StructureTerms {
  const dates = observationDates(input, input.frequency ?? 'daily');
  const bands: Band[] = [{ from: null, to: null, multiplier: 1, price: { kind: 'settle', add: 0 } }];
  return { ...base(input, dates), kind: 'average-price', bands, keyLevel: 0 };
}
