// The SCS pricing calls (decision 062): pricing-tool, calc-theos, the zero-cost solves and table, the calendar and
// the latest quotes — permissions, 400s naming fields, a solve without a root, reproducibility by seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  SCS_API,
  type CalcTheosResponse,
  type CalendarResponse,
  type PricingToolResponse,
  type QuotesResponse,
  type SolveZeroPremiumResponse,
  type SolveZeroTableResponse,
} from '@granary/domain';
import { INITIAL_STATE, addDays } from '@granary/scs-engine';
import { futuresSymbols, quotes, structures, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { pricingPool, pricingPoolStarted } from './engine-pool.ts';
import { exchangeToday, termsOf } from './pricing.engine.ts';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let symbol: string;
let optionMonth: string;
let futures: number;

const today = exchangeToday();
const start = addDays(today, 7);
const end = addDays(today, 60);
const level = (x: number) => x.toFixed(4);

/** A sale accumulator on the test's corn month: level 8 % above futures, knock-out 15 % below. */
function accumulatorInput(over: Record<string, unknown> = {}) {
  return {
    kind: 'accumulator',
    side: 'sale',
    cropId: 1,
    optionMonth,
    start,
    end,
    quantity: '50000',
    fee: '0.05',
    frequency: 'daily',
    accumulationLevel: level(futures * 1.08),
    knockOut: level(futures * 0.85),
    doubleUp: 'daily',
    ...over,
  };
}

const post = (caller: Caller | null, path: string, body: object) =>
  injectAs(t, caller, 'POST', `${SCS_API}/${path}`, body);

async function grant(email: string, adminPermissions: Record<string, string[]>) {
  await t.database.db.update(users).set({ adminPermissions }).where(eq(users.email, email));
}

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  // The corn month after the test's period: a quote the seeded feed wrote.
  const [row] = await t.database.db
    .select({ symbol: futuresSymbols.symbol, optionMonth: futuresSymbols.optionMonth, last: quotes.last })
    .from(futuresSymbols)
    .innerJoin(quotes, eq(quotes.symbol, futuresSymbols.symbol))
    .where(and(eq(futuresSymbols.cropId, 1), gte(futuresSymbols.optionMonth, end.slice(0, 7))))
    .orderBy(asc(futuresSymbols.optionMonth))
    .limit(1);
  ({ symbol, optionMonth } = row!);
  futures = Number(row!.last);
}, 120_000);
afterAll(() => t.close());

describe('pricing-tool', () => {
  it('values an accumulator at the latest quote of its month and the seeded parameters', async () => {
    const res = await post(buyer, 'pricing-tool', { input: accumulatorInput(), paths: 20_000, seed: 11 });
    expect(res.statusCode).toBe(200);
    const { valuation, observations, keyLevel } = res.json<PricingToolResponse>();
    expect(valuation.futuresSymbol).toBe(symbol);
    expect(Number(valuation.futures)).toBe(futures);
    expect(valuation.valuationDate).toBe(today);
    expect(valuation).toMatchObject({ paths: 20_000, seed: 11, discountRate: 0.04 });
    expect(keyLevel).toBe(level(futures * 1.08));
    expect(observations).toBeGreaterThan(30);
    // 8 % above the market for two months is above the zero-cost level: the farmer gains, the merchandiser earns
    // the fee less that (fee value − farmer value).
    expect(Number(valuation.farmerValue)).toBeGreaterThan(0);
    expect(Number(valuation.merchandiserValue)).toBeCloseTo(
      Number(valuation.feeValue) - Number(valuation.farmerValue),
      0,
    );
    expect(Number(valuation.standardError)).toBeGreaterThan(0);
    expect(valuation.knockOutProbability).toBeGreaterThanOrEqual(0);
    expect(valuation.doubleUpProbability).toBeGreaterThan(0);
    // The merchandiser of a farmer's sale is long futures while accumulating.
    expect(Number(valuation.delta)).toBeGreaterThan(0);
    expect(valuation.vol).toBeGreaterThan(0.1);
    expect(pricingPoolStarted()).toBe(true);
  });

  it('is reproducible by seed, and another seed gives another sample', async () => {
    const body = { input: accumulatorInput(), paths: 4_000, greeks: false };
    const a = (await post(buyer, 'pricing-tool', { ...body, seed: 7 })).json<PricingToolResponse>().valuation;
    const b = (await post(buyer, 'pricing-tool', { ...body, seed: 7 })).json<PricingToolResponse>().valuation;
    const c = (await post(buyer, 'pricing-tool', { ...body, seed: 8 })).json<PricingToolResponse>().valuation;
    expect(b.farmerValue).toBe(a.farmerValue);
    expect(b.expectedPricedBushels).toBe(a.expectedPricedBushels);
    expect(c.farmerValue).not.toBe(a.farmerValue);
    expect(a.delta).toBeNull();
  });

  it('prices at the futures, vol and rate the merchandiser types instead', async () => {
    const res = await post(buyer, 'pricing-tool', {
      input: accumulatorInput(),
      market: { futures: level(futures + 0.1), vol: 0.3, discountRate: 0.05 },
      paths: 2_000,
      greeks: false,
    });
    expect(res.statusCode).toBe(200);
    const v = res.json<PricingToolResponse>().valuation;
    expect(v).toMatchObject({ futures: level(futures + 0.1), futuresSymbol: null, vol: 0.3, discountRate: 0.05 });
  });

  it('refuses inconsistent terms with 400 invalid_structure_terms naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ knockOut: level(futures * 1.2) }, 'knockOut'],
      [{ end: addDays(start, -3) }, 'end'],
      [{ start: '2027-07-04', end: '2027-07-04', optionMonth }, 'observations'],
      [{ doubleUp: 'daily', doubleUpTrigger: level(futures) }, 'doubleUpTrigger'],
    ];
    for (const [over, field] of cases) {
      const res = await post(buyer, 'pricing-tool', { input: accumulatorInput(over), paths: 2_000 });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'invalid_structure_terms', details: { field } });
    }
    const hta = { ...accumulatorInput(), kind: 'hta', futuresLevel: level(futures) };
    const noMonth = await post(buyer, 'pricing-tool', { input: { ...hta, optionMonth: '2031-02' }, paths: 2_000 });
    expect(noMonth.json()).toMatchObject({ code: 'invalid_structure_terms', details: { field: 'optionMonth' } });
  });

  it('refuses malformed fields before the engine, naming them', async () => {
    const bad = [
      [{ input: accumulatorInput({ quantity: '0' }) }, 'input.quantity'],
      [{ input: accumulatorInput({ accumulationLevel: 4.5 }) }, 'input.accumulationLevel'],
      [{ input: accumulatorInput({ start: '2026-02-30' }) }, 'input.start'],
      [{ input: accumulatorInput(), market: { vol: 0 } }, 'market.vol'],
      [{ input: accumulatorInput(), paths: 5_000_000 }, 'paths'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await post(buyer, 'pricing-tool', body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('answers 409 no_futures_quote for a month without a quote, and prices it at typed futures', async () => {
    const [far] = await t.database.db
      .select({ symbol: futuresSymbols.symbol, optionMonth: futuresSymbols.optionMonth })
      .from(futuresSymbols)
      .where(eq(futuresSymbols.cropId, 1))
      .orderBy(asc(futuresSymbols.optionMonth));
    const saved = await t.database.db.select().from(quotes).where(eq(quotes.symbol, far!.symbol));
    await t.database.db.delete(quotes).where(eq(quotes.symbol, far!.symbol));
    try {
      const input = accumulatorInput({ optionMonth: far!.optionMonth });
      const res = await post(buyer, 'pricing-tool', { input, paths: 2_000, greeks: false });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('no_futures_quote');
      const typed = await post(buyer, 'pricing-tool', {
        input,
        market: { futures: level(futures) },
        paths: 2_000,
        greeks: false,
      });
      expect(typed.statusCode).toBe(200);
    } finally {
      if (saved.length > 0) await t.database.db.insert(quotes).values(saved);
    }
  });

  it('is for users with structures or structures-admin only', async () => {
    const body = { input: accumulatorInput(), paths: 2_000, greeks: false };
    const denied = await post(prairie, 'pricing-tool', body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('forbidden');
    expect((await post(farmer, 'pricing-tool', body)).statusCode).toBe(403);
    const calendar = `${SCS_API}/futures-symbols/calendar?from=2026-12-01&to=2026-12-31`;
    expect((await injectAs(t, null, 'GET', calendar)).statusCode).toBe(401);
    await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'], structures: ['all'] });
    try {
      expect((await post(prairie, 'pricing-tool', body)).statusCode).toBe(200);
    } finally {
      await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'] });
    }
  });
});

describe('solve-zero-premium', () => {
  it('finds the accumulation level at which the farmer’s value is zero', async () => {
    const res = await post(buyer, 'solve-zero-premium', {
      input: accumulatorInput(),
      solveFor: 'accumulationLevel',
      paths: 10_000,
      seed: 3,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<SolveZeroPremiumResponse>();
    if (out.status !== 'solved') throw new Error(`not solved: ${JSON.stringify(out)}`);
    expect(out.solveFor).toBe('accumulationLevel');
    // With a knock-out below the market and daily doubles, the zero-cost level sits above today's futures.
    expect(Number(out.level)).toBeGreaterThan(futures);
    expect(Number(out.level)).toBeLessThan(futures * 1.6);
    expect(Math.abs(Number(out.valuation.farmerValuePerBushel))).toBeLessThan(0.002);
    const again = (
      await post(buyer, 'solve-zero-premium', {
        input: accumulatorInput(),
        solveFor: 'accumulationLevel',
        paths: 10_000,
        seed: 3,
      })
    ).json<SolveZeroPremiumResponse>();
    expect(again).toMatchObject({ status: 'solved', level: out.level });
  });

  it('says so when no zero-cost level exists in the range (200, the values at both ends)', async () => {
    const res = await post(buyer, 'solve-zero-premium', {
      input: accumulatorInput(),
      solveFor: 'accumulationLevel',
      range: [level(futures * 1.5), level(futures * 1.6)],
      paths: 4_000,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<SolveZeroPremiumResponse>();
    expect(out.status).toBe('no-zero-cost-level');
    if (out.status !== 'no-zero-cost-level') return;
    expect(Math.sign(Number(out.valueAtLow))).toBe(Math.sign(Number(out.valueAtHigh)));
    expect(out.range).toEqual([level(futures * 1.5), level(futures * 1.6)]);
    expect(out.message).toMatch(/No zero-cost level/);
  });

  it('refuses a solve that would cost too much, and a bad range', async () => {
    const big = await post(buyer, 'solve-zero-premium', {
      input: accumulatorInput(),
      solveFor: 'accumulationLevel',
      paths: 500_000,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'invalid_structure_terms', details: { field: 'paths' } });
    const range = await post(buyer, 'solve-zero-premium', {
      input: accumulatorInput(),
      solveFor: 'accumulationLevel',
      range: [level(futures * 1.2), level(futures * 1.1)],
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().details.map((d: { path: string }) => d.path)).toContain('range');
    expect(
      (await post(prairie, 'solve-zero-premium', { input: accumulatorInput(), solveFor: 'knockOut' })).statusCode,
    ).toBe(403);
  });
});

describe('solve-zero-table', () => {
  it('solves each knock-out × end, a knock-out already reached as invalid terms naming the field', async () => {
    const res = await post(buyer, 'solve-zero-table', {
      input: accumulatorInput(),
      knockOuts: [level(futures * 0.85), level(futures * 1.05)],
      ends: [addDays(today, 40), end],
      paths: 4_000,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<SolveZeroTableResponse>();
    expect(out.cells).toHaveLength(4);
    expect(out.paths).toBe(4_000);
    const [first, second, third] = out.cells;
    expect(first).toMatchObject({ knockOut: level(futures * 0.85), end: addDays(today, 40) });
    expect(first!.result.status).toBe('solved');
    expect(second!.result.status).toBe('solved');
    expect(third!.result).toMatchObject({ status: 'invalid-terms', field: 'knockOut' });
  });

  it('caps the table at 8 × 8 and its paths', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => level(futures * (0.7 + i * 0.01)));
    const tooBig = await post(buyer, 'solve-zero-table', { input: accumulatorInput(), knockOuts: nine, ends: [end] });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details.map((d: { path: string }) => d.path)).toContain('knockOuts');
    const costly = await post(buyer, 'solve-zero-table', {
      input: accumulatorInput(),
      knockOuts: [level(futures * 0.85), level(futures * 0.8)],
      ends: [end],
      paths: 1_000_000,
    });
    expect(costly.statusCode).toBe(400);
    expect(costly.json()).toMatchObject({ details: { field: 'paths' } });
  });
});

describe('calc-theos', () => {
  it('values inputs and saved structures, summing deltas per crop × futures month; another partner’s is 404', async () => {
    const input = accumulatorInput();
    const terms = termsOf(input as Parameters<typeof termsOf>[0]);
    const base = {
      kind: 'accumulator' as const,
      side: 'sale' as const,
      cropId: 1,
      cropYear: Number(today.slice(0, 4)),
      futuresSymbol: symbol,
      optionMonth,
      input: input as never,
      terms,
      state: INITIAL_STATE,
      quantity: '50000',
      fee: '0.0500',
      startDate: start,
      endDate: end,
    };
    const [own] = await t.database.db
      .insert(structures)
      .values({ ...base, partnerId: 'demo', marketId: fx.marketAll, clientLegalEntityId: fx.demoClients[0]! })
      .returning({ id: structures.id });
    const [theirs] = await t.database.db
      .insert(structures)
      .values({ ...base, partnerId: 'prairie', marketId: fx.prairieMarket, clientLegalEntityId: fx.prairieClient })
      .returning({ id: structures.id });
    const res = await post(buyer, 'calc-theos', {
      items: [{ structureId: own!.id }, { key: 'wider', input: accumulatorInput({ knockOut: level(futures * 0.8) }) }],
      paths: 4_000,
      seed: 5,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<CalcTheosResponse>();
    expect(out.items.map((i) => [i.key, i.structureId])).toEqual([
      [String(own!.id), own!.id],
      ['wider', null],
    ]);
    expect(out.months).toHaveLength(1);
    const sum = out.items.reduce((s, i) => s + Number(i.valuation.delta), 0);
    expect(out.months[0]).toMatchObject({ cropId: 1, optionMonth, futuresSymbol: symbol, structures: 2 });
    expect(Number(out.months[0]!.delta)).toBeCloseTo(sum, 1);
    const foreign = await post(buyer, 'calc-theos', { items: [{ structureId: theirs!.id }], paths: 2_000 });
    expect(foreign.statusCode).toBe(404);
    const tooMany = await post(buyer, 'calc-theos', {
      items: Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, input })),
      paths: 1_000_000,
    });
    expect(tooMany.json()).toMatchObject({ code: 'invalid_structure_terms', details: { field: 'paths' } });
  });
});

describe('futures-symbols/calendar and current-price-info', () => {
  it('answers the trading days and holidays between two dates', async () => {
    const res = await injectAs(t, buyer, 'GET', `${SCS_API}/futures-symbols/calendar?from=2026-12-21&to=2027-01-08`);
    expect(res.statusCode).toBe(200);
    const out = res.json<CalendarResponse>();
    expect(out.holidays.map((h) => h.date)).toEqual(['2026-12-25', '2027-01-01']);
    expect(out.tradingDays).not.toContain('2026-12-25');
    expect(out.tradingDays).not.toContain('2026-12-26');
    expect(out.tradingDays[0]).toBe('2026-12-21');
    expect(out.weeklyDays).toContain('2026-12-24');
    const backwards = await injectAs(
      t,
      buyer,
      'GET',
      `${SCS_API}/futures-symbols/calendar?from=2027-01-08&to=2026-12-21`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(
      (await injectAs(t, prairie, 'GET', `${SCS_API}/futures-symbols/calendar?from=2026-12-21&to=2027-01-08`))
        .statusCode,
    ).toBe(403);
  });

  it('answers the latest quotes of the symbols asked for', async () => {
    const res = await injectAs(
      t,
      buyer,
      'GET',
      `${SCS_API}/current-price-info/cbot-symbol/${symbol.toLowerCase()},ZZZ9`,
    );
    expect(res.statusCode).toBe(400);
    const ok = await injectAs(t, buyer, 'GET', `${SCS_API}/current-price-info/cbot-symbol/${symbol}`);
    expect(ok.statusCode).toBe(200);
    const { quotes: rows } = ok.json<QuotesResponse>();
    expect(rows.map((q) => [q.symbol, Number(q.last)])).toEqual([[symbol, futures]]);
  });
});

describe('a pricing worker lost mid-valuation', () => {
  it('answers 503 unavailable with Retry-After (not a request left waiting), and the next valuation answers', async () => {
    const before = await post(buyer, 'pricing-tool', { input: accumulatorInput(), paths: 4_000, seed: 3 });
    expect(before.statusCode).toBe(200);
    const pool = pricingPool()!;
    // A long valuation (a million paths with deltas), killed while the workers run it.
    const long = post(buyer, 'pricing-tool', { input: accumulatorInput(), paths: 1_000_000 });
    for (const end = Date.now() + 20_000; pool.pending() === 0;) {
      if (Date.now() > end) throw new Error('the valuation never reached the pool');
      await new Promise((r) => setTimeout(r, 5));
    }
    const [victim] = pool.threads();
    await victim!.terminate();
    const res = await long;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/try again/i) });
    expect(res.headers['retry-after']).toBe('2');
    // The pool replaced the worker: the same valuation again answers, with the same figures as before.
    const after = await post(buyer, 'pricing-tool', { input: accumulatorInput(), paths: 4_000, seed: 3 });
    expect(after.statusCode).toBe(200);
    expect(after.json<PricingToolResponse>().valuation.farmerValue).toBe(
      before.json<PricingToolResponse>().valuation.farmerValue,
    );
    expect(pool.threads()).not.toContain(victim);
    expect(pool.lost()).toBe(1);
  }, 60_000);
});
