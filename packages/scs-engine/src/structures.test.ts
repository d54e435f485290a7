import { describe, expect, it } from 'vitest';
import { black76 } from './black76.ts';
import { type AccumulatorInput, accumulator, averagePrice, hta, minimumPrice } from './builders.ts';
import { daysBetween } from './calendar.ts';
import { normalCdf } from './normal.ts';
import { DEFAULT_PARAMETERS, SCS_CROP_IDS, marketFromParameters, resolveMarket, skewAt } from './parameters.ts';
import { priceStructure } from './price.ts';
import { solveZeroPremium, solveZeroTable } from './solver.ts';
import { INITIAL_STATE, type Market, finalize, observe } from './structure.ts';
import { ScsTermsError } from './validate.ts';

const market: Market = { valuationDate: '2026-11-30', futures: 4.5, vol: 0.25, discountRate: 0.04 };
const input: AccumulatorInput = {
  side: 'sale',
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-02-26',
  quantity: 10_000,
  fee: 0.05,
  frequency: 'daily',
  accumulationLevel: 4.8,
  knockOut: 4.0,
  doubleUp: 'daily',
};

function fieldOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof ScsTermsError) return error.field;
    throw error;
  }
}

describe('structure rules, observation by observation', () => {
  it('accumulates, doubles above the level, knocks out at the barrier and stops', () => {
    const terms = accumulator({ ...input, start: '2026-12-01', end: '2026-12-07' });
    expect(terms.observations.map((o) => o.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
    const per = 10_000 / 5;
    let state = INITIAL_STATE;
    const settles = [4.5, 4.9, 4.6, 3.99, 5.0];
    const events = [];
    for (const [i, o] of terms.observations.entries()) {
      const r = observe(terms, state, o.date, settles[i]!);
      state = r.state;
      events.push(r.event);
    }
    expect(events.map((e) => e?.pricedBushels)).toEqual([per, 2 * per, per, 0, 0]);
    expect(events[3]?.knockedOut).toBe(true);
    expect(state).toMatchObject({
      pricedBushels: 4 * per,
      knockedOut: true,
      doubledUp: true,
      unpricedAfterKnockOut: 2 * per,
    });
    // A day observed twice (the feed caught up) changes nothing.
    expect(observe(terms, state, '2026-12-02', 6).event).toBeNull();
    const end = finalize(terms, state, 5.0);
    expect(end.pricedBushels).toBe(4 * per);
    expect(end.averagePrice).toBeCloseTo(4.8, 10);
    expect(end.htaFuturesPrice).toBeCloseTo(4.75, 10);
  });

  it('applies the euro double, the floor after a knock-out and the pricing barrier', () => {
    const euro = accumulator({ ...input, end: '2026-12-03', doubleUp: 'euro', knockOut: null });
    let state = INITIAL_STATE;
    for (const o of euro.observations) state = observe(euro, state, o.date, 4.5).state;
    expect(finalize(euro, state, 4.85).pricedBushels).toBe(20_000);
    expect(finalize(euro, state, 4.75).pricedBushels).toBe(10_000);

    const floored = accumulator({ ...input, end: '2026-12-02', floor: 4.2 });
    state = observe(floored, INITIAL_STATE, '2026-12-01', 3.9).state; // knocked out on the first day
    state = observe(floored, state, '2026-12-02', 3.8).state;
    const end = finalize(floored, state, 3.8);
    expect(end.pricedBushels).toBe(10_000);
    expect(end.averagePrice).toBeCloseTo(4.2, 10);

    const barrier = accumulator({ ...input, knockOut: null, pricingBarrier: { level: 4.2, protectionLevel: 4.4 } });
    const r = observe(barrier, INITIAL_STATE, '2026-12-01', 4.1);
    expect(r.event?.price).toBe(4.4);
  });

  it('builds the plain contracts as configurations of the same rules', () => {
    const period = {
      side: 'sale' as const,
      cropId: 1,
      optionMonth: '2027-07',
      start: '2027-06-01',
      end: '2027-06-30',
      quantity: 1_000,
      fee: 0,
    };
    const t = daysBetween(market.valuationDate, '2027-06-30') / 365;
    const df = Math.exp(-0.04 * t);
    // HTA: value = df × q × (level − futures), exactly (the forward control removes all noise).
    const h = priceStructure(hta({ ...period, futuresLevel: 4.7 }), market, { paths: 2_000 });
    expect(h.farmerValue).toBeCloseTo(df * 1_000 * 0.2, 6);
    // Minimum price: the farmer owns a put at the floor.
    const mp = priceStructure(minimumPrice({ ...period, floor: 4.4 }), market, { paths: 20_000 });
    const put = 1_000 * black76({ kind: 'put', futures: 4.5, strike: 4.4, time: t, vol: 0.25, rate: 0.04 }).price;
    expect(Math.abs(mp.farmerValue - put)).toBeLessThan(4 * mp.standardError + 0.005 * put);
    // Average price: the settles' average is a fair price (value ≈ 0).
    const avg = priceStructure(averagePrice(period), market, { paths: 4_000 });
    expect(Math.abs(avg.farmerValue)).toBeLessThan(4 * avg.standardError + 1);
    expect(avg.expectedPricedBushels).toBeCloseTo(1_000, 6);
  });
});

describe('a live structure valued from its state', () => {
  it('takes the observations made from the state and simulates the rest; a gap is refused', () => {
    const terms = accumulator({ ...input, start: '2026-12-01', end: '2026-12-07' });
    let state = INITIAL_STATE;
    for (const [i, o] of terms.observations.entries())
      state = observe(terms, state, o.date, [4.5, 4.9, 4.6, 4.4, 4.7][i]!).state;
    // Everything observed: the value is the priced bushels against today's futures, no randomness left.
    const done = priceStructure(terms, { ...market, valuationDate: '2026-12-08' }, { paths: 200, state });
    expect(done.farmerValue).toBeCloseTo(state.pricedAmount - state.pricedBushels * 4.5, 9);
    expect(done.standardError).toBeCloseTo(0, 9);
    expect(done.expectedPricedBushels).toBe(state.pricedBushels);
    // Observed through 2 December, valued on 4 December: 3 December is missing.
    const partial = observe(terms, observe(terms, INITIAL_STATE, '2026-12-01', 4.5).state, '2026-12-02', 4.9).state;
    expect(
      fieldOf(() => priceStructure(terms, { ...market, valuationDate: '2026-12-04' }, { paths: 2, state: partial })),
    ).toBe('observations');
    // Valued on 3 December before its settle: that observation and the rest are simulated.
    const live = priceStructure(terms, { ...market, valuationDate: '2026-12-03' }, { paths: 2_000, state: partial });
    expect(live.expectedPricedBushels).toBeGreaterThan(partial.pricedBushels);
  });

  it("values past dates whose settle has not arrived at today's futures when asked, instead of refusing them", () => {
    const terms = accumulator({ ...input, start: '2026-12-01', end: '2026-12-07' });
    const partial = observe(terms, INITIAL_STATE, '2026-12-01', 4.5).state;
    // Valued on 8 December with 2–7 December still waiting for their settle: each settles at today's 4.60, which is
    // between the knock-out and the level, so each prices its slice at 4.80 — no randomness is left.
    const late = priceStructure(
      terms,
      { ...market, futures: 4.6, valuationDate: '2026-12-08' },
      { paths: 200, state: partial, pendingPastDates: 'at-futures' },
    );
    const slice = terms.observations[0]!.bushels;
    expect(late.expectedPricedBushels).toBeCloseTo(terms.quantity, 6);
    expect(late.farmerValue).toBeCloseTo(
      partial.pricedAmount - slice * 4.6 + (terms.quantity - slice) * (4.8 - 4.6),
      6,
    );
    expect(late.standardError).toBeCloseTo(0, 9);
    // A quote (no state) with a start in the past: the past days settle at today's futures, the rest are simulated.
    const quote = priceStructure(accumulator({ ...input, start: '2026-11-23' }), market, {
      paths: 2_000,
      pendingPastDates: 'at-futures',
    });
    const withoutPast = priceStructure(accumulator({ ...input, start: '2026-11-30' }), market, { paths: 2_000 });
    expect(quote.expectedPricedBushels).toBeGreaterThan(0);
    expect(quote.farmerValue).not.toBeCloseTo(withoutPast.farmerValue, 0);
  });
});

describe('validation', () => {
  it('refuses inconsistent terms, naming the field', () => {
    expect(fieldOf(() => accumulator({ ...input, knockOut: 5.0 }))).toBe(null); // builder accepts; pricing refuses
    expect(fieldOf(() => priceStructure(accumulator({ ...input, knockOut: 5.0 }), market, { paths: 2 }))).toBe(
      'knockOut',
    );
    expect(fieldOf(() => priceStructure(accumulator({ ...input, side: 'purchase' }), market, { paths: 2 }))).toBe(
      'knockOut',
    );
    expect(fieldOf(() => accumulator({ ...input, end: '2026-11-01' }))).toBe('end');
    expect(fieldOf(() => accumulator({ ...input, start: '2026-12-05', end: '2026-12-06' }))).toBe('observations');
    expect(fieldOf(() => accumulator({ ...input, quantity: 0 }))).toBe('quantity');
    expect(fieldOf(() => accumulator({ ...input, doubleUpTrigger: 4.7 }))).toBe('doubleUpTrigger');
    expect(fieldOf(() => priceStructure(accumulator(input), { ...market, futures: 3.9 }, { paths: 2 }))).toBe(
      'knockOut',
    );
    expect(fieldOf(() => priceStructure(accumulator(input), { ...market, vol: 0 }, { paths: 2 }))).toBe('vol');
    expect(fieldOf(() => priceStructure(accumulator(input), { ...market, vol: -0.2 }, { paths: 2 }))).toBe('vol');
    expect(fieldOf(() => priceStructure(accumulator(input), { ...market, futures: Number.NaN }, { paths: 2 }))).toBe(
      'futures',
    );
    const error = (() => {
      try {
        priceStructure(accumulator({ ...input, knockOut: 5.0 }), market, { paths: 2 });
      } catch (e) {
        return e as ScsTermsError;
      }
    })();
    expect(error?.code).toBe('invalid-structure-terms');
    expect(error?.message).toBe('Knock-out must be below the accumulation level for a sale.');
  });
});

describe('zero-premium solver', () => {
  it('finds the known level of an accumulator without knock-out (closed form) on common random numbers', async () => {
    // No knock-out, daily double: value ∝ Σᵢ [(A − F) − Callᵢ(A)] (each double-up slice sells a call on that day's
    // settle); its root by bisection on the closed form is the known level.
    const terms = accumulator({ ...input, knockOut: null });
    const times = terms.observations.map((o) => daysBetween(market.valuationDate, o.date) / 365);
    const f = (a: number) =>
      times.reduce((sum, t) => {
        const sd = 0.25 * Math.sqrt(t);
        const d1 = (Math.log(4.5 / a) + 0.5 * sd * sd) / sd;
        return sum + (a - 4.5) - (4.5 * normalCdf(d1) - a * normalCdf(d1 - sd));
      }, 0);
    let lo = 4.5;
    let hi = 6;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) hi = mid;
      else lo = mid;
    }
    const known = (lo + hi) / 2;
    const r = await solveZeroPremium(
      { input: { ...input, knockOut: null }, solveFor: 'accumulationLevel', market },
      { paths: 20_000 },
    );
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(Math.abs(r.level - known)).toBeLessThan(0.01);
    expect(Math.abs(r.valuation.farmerValuePerBushel)).toBeLessThan(0.001);
  });

  it('solves the knock-out, and says when no zero-cost level is in range', async () => {
    const ko = await solveZeroPremium({ input, solveFor: 'knockOut', market }, { paths: 4_000 });
    expect(ko.status).toBe('solved');
    if (ko.status === 'solved') {
      expect(ko.level).toBeLessThan(4.5);
      expect(ko.level).toBeGreaterThan(1);
    }
    const none = await solveZeroPremium(
      { input, solveFor: 'accumulationLevel', market, range: [4.1, 4.4] },
      { paths: 2_000 },
    );
    expect(none).toMatchObject({ status: 'no-zero-cost-level', range: [4.1, 4.4] });
    if (none.status === 'no-zero-cost-level') expect(Number.isFinite(none.valueAtLow)).toBe(true);
  });

  it('fills a table of zero-cost levels over knock-outs × period ends, marking invalid cells', async () => {
    const table = await solveZeroTable(
      { input, market, knockOuts: [3.8, 4.0, 4.9], ends: ['2026-12-31', '2027-02-26'] },
      { paths: 2_000 },
    );
    expect(table).toHaveLength(6);
    const levels = table.map((c) => (c.result.status === 'solved' ? c.result.level : null));
    // A knock-out nearer the market (more likely) buys the farmer a higher level; a longer period too.
    expect(levels[2]!).toBeGreaterThan(levels[0]!);
    expect(levels[1]!).toBeGreaterThan(levels[0]!);
    // A knock-out above today's futures for a sale is already reached: the cell names the field.
    expect(table[4]!.result).toMatchObject({ status: 'invalid-terms', field: 'knockOut' });
  });
});

describe('parameters', () => {
  it('resolves the month vol with the crop skew, and the seeded defaults cover corn, soybeans and wheat', () => {
    const m = resolveMarket(DEFAULT_PARAMETERS, {
      cropId: SCS_CROP_IDS.corn,
      optionMonth: '2027-12',
      futures: 4.5,
      strike: 4.95,
    });
    expect(m?.vol).toBeCloseTo(0.24 + 0.015, 10);
    expect(m?.discountRate).toBe(0.04);
    expect(
      skewAt(
        [
          { moneyness: 1, volAdd: 0 },
          { moneyness: 1.2, volAdd: 0.04 },
        ],
        1.05,
      ),
    ).toBeCloseTo(0.01, 12);
    expect(
      skewAt(
        [
          { moneyness: 1, volAdd: 0 },
          { moneyness: 1.2, volAdd: 0.04 },
        ],
        2,
      ),
    ).toBe(0.04);
    for (const cropId of Object.values(SCS_CROP_IDS))
      expect(
        resolveMarket(DEFAULT_PARAMETERS, { cropId, optionMonth: '2027-07', futures: 5, strike: 5 }),
      ).not.toBeNull();
    // An option month's own row wins over its month code's.
    const custom = {
      ...DEFAULT_PARAMETERS,
      optionVols: [{ cropId: 1, contract: '2027-12', vol: 0.3 }, ...DEFAULT_PARAMETERS.optionVols],
    };
    expect(resolveMarket(custom, { cropId: 1, optionMonth: '2027-12', futures: 4.5, strike: 4.5 })?.vol).toBeCloseTo(
      0.3,
      12,
    );
    expect(
      resolveMarket(DEFAULT_PARAMETERS, { cropId: 999, optionMonth: '2027-12', futures: 4.5, strike: 4.5 }),
    ).toBeNull();
    const m2 = marketFromParameters(DEFAULT_PARAMETERS, {
      cropId: 1,
      optionMonth: '2027-12',
      valuationDate: '2026-11-30',
      futures: 4.5,
      keyLevel: 4.5,
    });
    expect(m2?.market).toEqual({ valuationDate: '2026-11-30', futures: 4.5, vol: 0.24, discountRate: 0.04 });
    expect(m2?.volAt(5.4)).toBeCloseTo(0.24 + 0.035, 12);
  });
});
