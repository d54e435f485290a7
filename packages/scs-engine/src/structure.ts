// Structures as data (issue 18): a list of observation dates (CBOT trading days) with the bushels each one prices, and
// the rules every observation applies — the bands that say how many bushels price at what (accumulate, daily double-up,
// conditional trigger, pricing barrier with a protection level), a knock-out, a euro double at the end, a guaranteed
// floor on what a knock-out leaves unpriced, and a fee. The accumulator family and the plain contracts (minimum price,
// HTA, average price) are configurations of these rules, built by the functions in `builders.ts`.
//
// Sides are the farmer's: a 'sale' is the farmer selling grain to the merchandiser (the common accumulator: priced above
// today's futures, knocked out when futures fall to the knock-out level, doubled when they settle above the level);
// a 'purchase' mirrors every rule (knock-out above, doubling below).

export type Side = 'sale' | 'purchase';

/** The price of the bushels a band prices: a fixed futures level, or the day's settle plus an amount. */
export type PriceRule = { kind: 'fixed'; level: number } | { kind: 'settle'; add: number };

/**
 * One band of an observation's settle: settles in [from, to) (null = open end) price `multiplier` × the observation's
 * bushels (0 = none, 1 = the slice, 2 = a double-up) at `price`. The first matching band applies; no match prices none.
 */
export type Band = { from: number | null; to: number | null; multiplier: number; price: PriceRule };

export type Observation = { date: string; bushels: number };

export type KnockOut = {
  /** Futures level: a sale is knocked out by a settle at or below it, a purchase at or above it. */
  level: number;
  /** 'discrete': the settles of the observation dates, as the contracts define it; 'continuous': any time between. */
  monitoring: 'discrete' | 'continuous';
  /** Whether the knock-out day's own slice is still priced (by the bands) before the structure ends. */
  knockOutDayPriced: boolean;
};

export type StructureKind = 'accumulator' | 'minimum-price' | 'hta' | 'average-price' | 'custom';

export type StructureTerms = {
  kind: StructureKind;
  side: Side;
  cropId: number;
  /** The futures month the structure prices off ('YYYY-MM'). */
  optionMonth: string;
  start: string;
  end: string;
  observations: Observation[];
  bands: Band[];
  knockOut: KnockOut | null;
  /** At the end, a final settle beyond `level` (a sale: at or above) doubles the bushels priced at fixed levels. */
  euroDouble: { level: number } | null;
  /** Bushels a knock-out leaves unpriced are priced at the end no worse than this level (a sale: max(floor, settle)). */
  floorAfterKnockOut: number | null;
  /** $/bu the merchandiser takes off (a sale) or adds to (a purchase) the futures price of each priced bushel. */
  fee: number;
  /** The level the skew is read at and the solvers move: the accumulation level (the floor of a minimum price). */
  keyLevel: number;
  /** Total committed bushels (the base quantity, before any double-up). */
  quantity: number;
};

/** Where a live structure stands after the observations already made (by `observe`). */
export type StructureState = {
  /** Observations up to and including this date are in the state; later ones are still to come. */
  observedThrough: string | null;
  pricedBushels: number;
  /** Σ bushels × price of the priced bushels (before the fee). */
  pricedAmount: number;
  /** Σ bushels × price of the bushels priced at fixed levels (what a euro double doubles). */
  fixedBushels: number;
  fixedAmount: number;
  knockedOut: boolean;
  /** Bushels a knock-out left unpriced (priced at the end under a floor, if the structure has one). */
  unpricedAfterKnockOut: number;
  doubledUp: boolean;
};

export const INITIAL_STATE: StructureState = Object.freeze({
  observedThrough: null,
  pricedBushels: 0,
  pricedAmount: 0,
  fixedBushels: 0,
  fixedAmount: 0,
  knockedOut: false,
  unpricedAfterKnockOut: 0,
  doubledUp: false,
});

/** The market a structure is valued in: today, the futures price of its month, the volatility, the discount rate. */
export type Market = { valuationDate: string; futures: number; vol: number; discountRate: number };

/** +1 for a sale, −1 for a purchase: "beyond" a level means above it for a sale and below it for a purchase. */
export function sideSign(side: Side): 1 | -1 {
  return side === 'sale' ? 1 : -1;
}

/** The band a settle falls in, or null. */
export function bandFor(bands: readonly Band[], settle: number): Band | null {
  for (const b of bands) if ((b.from === null || settle >= b.from) && (b.to === null || settle < b.to)) return b;
  return null;
}

export type ObservationEvent = {
  date: string;
  settle: number;
  pricedBushels: number;
  price: number | null;
  knockedOut: boolean;
  doubledUp: boolean;
};

/**
 * One observation of a live structure (the nightly job): the day's settle applied to the state, exactly as the rules
 * say. Pure; a date already observed (≤ observedThrough) or not an observation date changes nothing (null event), so a
 * caught-up day is never doubled. The euro double and the floor are applied by `finalize` at the end.
 */
export function observe(
  terms: StructureTerms,
  state: StructureState,
  date: string,
  settle: number,
): { state: StructureState; event: ObservationEvent | null } {
  const obs = terms.observations.find((o) => o.date === date);
  if (!obs || (state.observedThrough !== null && date <= state.observedThrough)) return { state, event: null };
  const next: StructureState = { ...state, observedThrough: date };
  const event: ObservationEvent = { date, settle, pricedBushels: 0, price: null, knockedOut: false, doubledUp: false };
  if (state.knockedOut) {
    next.unpricedAfterKnockOut += obs.bushels;
    return { state: next, event };
  }
  const ko = terms.knockOut;
  const hit = ko !== null && (terms.side === 'sale' ? settle <= ko.level : settle >= ko.level);
  if (!hit || ko.knockOutDayPriced) {
    const band = bandFor(terms.bands, settle);
    if (band && band.multiplier > 0) {
      const bushels = obs.bushels * band.multiplier;
      const price = band.price.kind === 'fixed' ? band.price.level : settle + band.price.add;
      next.pricedBushels += bushels;
      next.pricedAmount += bushels * price;
      if (band.price.kind === 'fixed') {
        next.fixedBushels += bushels;
        next.fixedAmount += bushels * price;
      }
      event.pricedBushels = bushels;
      event.price = price;
      if (band.multiplier > 1) event.doubledUp = next.doubledUp = true;
    } else if (hit) next.unpricedAfterKnockOut += obs.bushels;
  } else next.unpricedAfterKnockOut += obs.bushels;
  if (hit) event.knockedOut = next.knockedOut = true;
  return { state: next, event };
}

/** The end of a structure (the last settle known): the euro double and the floor applied; the HTA to write. */
export function finalize(
  terms: StructureTerms,
  state: StructureState,
  finalSettle: number,
): { pricedBushels: number; averagePrice: number | null; htaFuturesPrice: number | null; doubledUp: boolean } {
  let bushels = state.pricedBushels;
  let amount = state.pricedAmount;
  let doubledUp = state.doubledUp;
  const s = sideSign(terms.side);
  if (terms.euroDouble && !state.knockedOut && (finalSettle - terms.euroDouble.level) * s >= 0) {
    bushels += state.fixedBushels;
    amount += state.fixedAmount;
    doubledUp = doubledUp || state.fixedBushels > 0;
  }
  if (terms.floorAfterKnockOut !== null && state.unpricedAfterKnockOut > 0) {
    const price =
      s > 0 ? Math.max(terms.floorAfterKnockOut, finalSettle) : Math.min(terms.floorAfterKnockOut, finalSettle);
    bushels += state.unpricedAfterKnockOut;
    amount += state.unpricedAfterKnockOut * price;
  }
  const averagePrice = bushels > 0 ? amount / bushels : null;
  return {
    pricedBushels: bushels,
    averagePrice,
    htaFuturesPrice: averagePrice === null ? null : averagePrice - s * terms.fee,
    doubledUp,
  };
}
