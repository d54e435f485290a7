import { afterAll, describe, expect, it } from 'vitest';
import { barrierOptionPrice, discreteBarrierOptionPrice } from './barrier.ts';
import { black76 } from './black76.ts';
import { accumulator, hta } from './builders.ts';
import { addDays } from './calendar.ts';
import { calcTheos, valueStructure } from './engine.ts';
import { createPricingPool } from './pool.ts';
import { priceStructure } from './price.ts';
import type { Market, StructureTerms } from './structure.ts';

const market: Market = { valuationDate: '2026-11-30', futures: 4.5, vol: 0.25, discountRate: 0.04 };

/** Every calendar day from the day after the valuation date, `days` of them, 0 bushels but the last (1 bushel). */
function monitored(days: number, step = 1): { date: string; bushels: number }[] {
  const out = [];
  for (let d = step; d <= days; d += step)
    out.push({ date: addDays(market.valuationDate, d), bushels: d + step > days ? 1 : 0 });
  return out;
}

/** A one-bushel structure paying a put at `strike` at the end (a sale priced at the strike below it). */
function putLike(
  observations: { date: string; bushels: number }[],
  knockOut: StructureTerms['knockOut'],
  strike = 4.6,
): StructureTerms {
  return {
    kind: 'custom',
    side: 'sale',
    cropId: 1,
    optionMonth: '2027-07',
    start: observations[0]!.date,
    end: observations[observations.length - 1]!.date,
    observations,
    bands: [{ from: null, to: strike, multiplier: 1, price: { kind: 'fixed', level: strike } }],
    knockOut,
    euroDouble: null,
    floorAfterKnockOut: null,
    fee: 0,
    keyLevel: strike,
    quantity: 1,
  };
}

describe('Monte Carlo against closed forms', () => {
  it('prices a vanilla call and put within 0.5 % of Black-76', () => {
    const obs = [{ date: '2027-06-30', bushels: 1 }];
    const t = 212 / 365;
    const put = priceStructure(putLike(obs, null), market, { paths: 200_000, controlVariate: 'forward' });
    const bsPut = black76({ kind: 'put', futures: 4.5, strike: 4.6, time: t, vol: 0.25, rate: 0.04 }).price;
    expect(Math.abs(put.farmerValue / bsPut - 1)).toBeLessThan(0.005);
    expect(Math.abs(put.farmerValue - bsPut)).toBeLessThan(4 * put.standardError);
    // A purchase priced at the strike above it is a call.
    const callTerms: StructureTerms = {
      ...putLike(obs, null),
      side: 'purchase',
      bands: [{ from: 4.6, to: null, multiplier: 1, price: { kind: 'fixed', level: 4.6 } }],
    };
    const call = priceStructure(callTerms, market, { paths: 200_000, controlVariate: 'forward' });
    const bsCall = black76({ kind: 'call', futures: 4.5, strike: 4.6, time: t, vol: 0.25, rate: 0.04 }).price;
    expect(Math.abs(call.farmerValue / bsCall - 1)).toBeLessThan(0.005);
    // Without variance reduction the standard error is larger: the controls earn their keep.
    const plain = priceStructure(callTerms, market, { paths: 200_000, controlVariate: 'none' });
    expect(plain.standardError).toBeGreaterThan(2 * call.standardError);
  });

  // A put at 4.60 knocked out at 3.70 over 182 days (σ 25 %): about a 30 % chance of knock-out.
  const barrierInput = {
    kind: 'down-and-out-put' as const,
    futures: 4.5,
    strike: 4.6,
    barrier: 3.7,
    time: 182 / 365,
    vol: 0.25,
    rate: 0.04,
  };

  it('prices a continuously monitored down-and-out put within 1 % of Reiner–Rubinstein', () => {
    // Weekly steps; between them the Brownian bridge's crossing probability (exact for continuous monitoring).
    const terms = putLike(monitored(182, 7), { level: 3.7, monitoring: 'continuous', knockOutDayPriced: false });
    const v = priceStructure(terms, market, { paths: 120_000 });
    const rr = barrierOptionPrice(barrierInput);
    expect(Math.abs(v.farmerValue / rr - 1)).toBeLessThan(0.01);
    expect(v.knockOutProbability).toBeGreaterThan(0.2);
  });

  it('prices a discretely (daily) monitored one within the Broadie–Glasserman–Kou correction', () => {
    const terms = putLike(monitored(182, 1), { level: 3.7, monitoring: 'discrete', knockOutDayPriced: false });
    const v = priceStructure(terms, market, { paths: 40_000 });
    const bgk = discreteBarrierOptionPrice({ ...barrierInput, monitoringStep: 1 / 365 });
    expect(Math.abs(v.farmerValue / bgk - 1)).toBeLessThan(0.01 + (3 * v.standardError) / bgk);
    // Discrete monitoring knocks out less often: the put is worth more than the continuous one, as BGK says.
    expect(v.farmerValue).toBeGreaterThan(barrierOptionPrice(barrierInput) + 3 * v.standardError);
  });
});

const input = {
  side: 'sale' as const,
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-05-28',
  quantity: 20_000,
  fee: 0.05,
  frequency: 'daily' as const,
  accumulationLevel: 4.8,
  knockOut: 4.0,
  doubleUp: 'daily' as const,
};

describe('accumulator valuation', () => {
  const pool = createPricingPool(2);
  afterAll(() => pool.close());

  it('is reproducible from a seed, the same in worker threads as in one thread, and moves with the seed', async () => {
    const terms = accumulator(input);
    const a = priceStructure(terms, market, { paths: 8_000, seed: 11 });
    const b = priceStructure(terms, market, { paths: 8_000, seed: 11 });
    const c = priceStructure(terms, market, { paths: 8_000, seed: 12 });
    const d = await valueStructure(terms, market, { paths: 8_000, seed: 11, runner: pool.run });
    expect(b).toEqual(a);
    expect(d.farmerValue).toBeCloseTo(a.farmerValue, 6);
    expect(d.knockOutProbability).toBe(a.knockOutProbability);
    expect(c.farmerValue).not.toBe(a.farmerValue);
    expect(Math.abs(c.farmerValue - a.farmerValue)).toBeLessThan(4 * Math.hypot(a.standardError, c.standardError));
  });

  it('reports probabilities, priced bushels and values that hang together', () => {
    const v = priceStructure(accumulator(input), market, { paths: 8_000 });
    expect(v.knockOutProbability).toBeGreaterThan(0.05);
    expect(v.knockOutProbability).toBeLessThan(0.9);
    expect(v.doubleUpProbability).toBeGreaterThan(0.1);
    expect(v.expectedPricedBushels).toBeGreaterThan(0);
    expect(v.expectedPricedBushels).toBeLessThan(2 * input.quantity);
    expect(v.merchandiserValue).toBeCloseTo(v.feeValue - v.farmerValue, 6);
    // No knock-out and no double: every bushel priced at the level; value = df × quantity × (level − futures).
    const plain = priceStructure(accumulator({ ...input, knockOut: null, doubleUp: 'none' }), market, { paths: 2_000 });
    expect(plain.expectedPricedBushels).toBeCloseTo(input.quantity, 6);
    expect(plain.farmerValue).toBeCloseTo(plain.discountFactor * input.quantity * (4.8 - 4.5), 0);
    expect(plain.knockOutProbability).toBe(0);
  });

  it('gives deltas per futures month by common-random-number bumps (calc-theos)', async () => {
    const h = hta({
      side: 'sale',
      cropId: 1,
      optionMonth: '2027-12',
      start: '2027-06-01',
      end: '2027-06-30',
      quantity: 5_000,
      fee: 0,
      futuresLevel: 4.6,
    });
    const acc = accumulator(input);
    const theos = await calcTheos(
      [
        { id: 'hta', terms: h, market },
        { id: 'acc', terms: acc, market },
      ],
      { paths: 4_000 },
    );
    const htaDelta = theos.items[0]!.valuation.delta!;
    // The merchandiser who bought 5,000 bu at a fixed price is long 5,000 bu (discounted).
    const exact = 5_000 * theos.items[0]!.valuation.discountFactor;
    expect(Math.abs(htaDelta - exact)).toBeLessThan(4 * theos.items[0]!.valuation.deltaStandardError! + 1e-6);
    expect(theos.months).toHaveLength(1);
    expect(theos.months[0]).toMatchObject({ cropId: 1, optionMonth: '2027-12', structures: 2 });
    expect(theos.months[0]!.delta).toBeCloseTo(htaDelta + theos.items[1]!.valuation.delta!, 6);
    expect(theos.items[1]!.valuation.delta!).toBeGreaterThan(0);
  });
});
