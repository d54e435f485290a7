// The SCS pricing calls (grain-marketing.md 7 'Structured products (SCS)'; decision 062): the pricing tool (one input
// valued at today's market), calc-theos (saved structures or inputs with their deltas per crop × futures month), the
// zero-cost solves and table, the exchange calendar and the latest quotes. For a CRM user with `structures` or
// `structures-admin`; the costs are bounded (paths per call, the table's size) so one request cannot hold the pool.

import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CALC_THEOS_MAX_TOTAL_PATHS,
  SOLVE_MAX_PATHS,
  ZERO_TABLE_MAX_TOTAL_PATHS,
  type CalcTheosRequest,
  type CalcTheosResponse,
  type CalendarQuery,
  type CalendarResponse,
  type PricingToolRequest,
  type PricingToolResponse,
  type QuotesResponse,
  type SolveZeroPremiumRequest,
  type SolveZeroPremiumResponse,
  type SolveZeroTableRequest,
  type SolveZeroTableResponse,
  type ZeroTableCell,
} from '@granary/domain';
import {
  DEFAULT_SEED,
  cbotHolidays,
  solveZeroPremium,
  solveZeroTable,
  tradingDays,
  weeklyTradingDays,
  type StructureState,
  type StructureTerms,
  type ZeroPremiumResult,
} from '@granary/scs-engine';
import { structures } from '../../db/schema/index.ts';
import type { CrmDeps } from '../../platform/crm-access.ts';
import { AppError } from '../../platform/errors.ts';
import { quotesWhere } from '../futures/futures.public.ts';
import { PRICING_POOL_SIZE, pricingRunner } from './engine-pool.ts';
import { structuresReader } from './parameters.service.ts';
import {
  accumulatorInputOf,
  buildTerms,
  engine,
  fixed,
  marketOf,
  PENDING_PAST_DATES,
  valuationOut,
  valueTerms,
  type PricedMarket,
} from './pricing.engine.ts';

function pathsRefusal(message: string): AppError {
  return new AppError('invalid_structure_terms', message, { field: 'paths' });
}

/** POST pricing-tool: the input's terms valued at today's market (or the overrides), with deltas unless refused. */
export async function pricingTool(
  deps: CrmDeps,
  request: FastifyRequest,
  body: PricingToolRequest,
): Promise<PricingToolResponse> {
  const actor = await structuresReader(deps, request);
  const terms = buildTerms(body.input);
  const priced = await marketOf(
    deps.ctx.database.db,
    actor.partner.id,
    { cropId: terms.cropId, optionMonth: terms.optionMonth, keyLevel: terms.keyLevel },
    body.market,
  );
  const { valuation, elapsedMs } = await valueTerms(
    terms,
    priced.market,
    {
      paths: body.paths ?? priced.paths,
      ...(body.seed !== undefined ? { seed: body.seed } : {}),
      greeks: body.greeks ?? true,
      bump: deltaBumpOf(priced, terms.cropId),
    },
    body.input,
  );
  return {
    valuation: valuationOut(valuation, priced, elapsedMs, terms.quantity),
    observations: terms.observations.length,
    keyLevel: terms.keyLevel > 0 ? fixed(terms.keyLevel, 4) : null,
  };
}

function deltaBumpOf(priced: PricedMarket, cropId: number): number {
  return priced.parameters.scs.find((r) => r.cropId === cropId)?.deltaBump ?? 0.01;
}

type TheoItem = {
  key: string;
  structureId: number | null;
  terms: StructureTerms;
  state?: StructureState;
  priced: PricedMarket;
};

/** POST calc-theos: each item valued with its deltas, and the merchandiser's deltas summed per crop × futures month. */
export async function calcTheos(
  deps: CrmDeps,
  request: FastifyRequest,
  body: CalcTheosRequest,
): Promise<CalcTheosResponse> {
  const actor = await structuresReader(deps, request);
  const db = deps.ctx.database.db;
  const n = body.items.length;
  if (body.paths !== undefined && body.paths * n > CALC_THEOS_MAX_TOTAL_PATHS)
    throw pathsRefusal(
      `At most ${CALC_THEOS_MAX_TOTAL_PATHS.toLocaleString('en-US')} paths in all: ${n} items of ${body.paths.toLocaleString('en-US')} paths are too many.`,
    );
  const ids = body.items.flatMap((item) => ('structureId' in item ? [item.structureId] : []));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: structures.id,
            status: structures.status,
            terms: structures.terms,
            state: structures.state,
          })
          .from(structures)
          .where(and(eq(structures.partnerId, actor.partner.id), inArray(structures.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: TheoItem[] = [];
  for (const item of body.items) {
    if ('structureId' in item) {
      const row = byId.get(item.structureId);
      // Another partner's structure is answered as an unknown one.
      if (!row) throw new AppError('not_found', `No structure ${item.structureId}.`);
      const priced = await marketOf(db, actor.partner.id, {
        cropId: row.terms.cropId,
        optionMonth: row.terms.optionMonth,
        keyLevel: row.terms.keyLevel,
      });
      const observed = row.state.observedThrough !== null;
      items.push({
        key: String(row.id),
        structureId: row.id,
        terms: row.terms,
        ...(observed ? { state: row.state } : {}),
        priced,
      });
    } else {
      const terms = buildTerms(item.input);
      const priced = await marketOf(
        db,
        actor.partner.id,
        { cropId: terms.cropId, optionMonth: terms.optionMonth, keyLevel: terms.keyLevel },
        item.market,
      );
      items.push({ key: item.key, structureId: null, terms, priced });
    }
  }
  const share = Math.max(1_000, Math.floor(CALC_THEOS_MAX_TOTAL_PATHS / n));
  const months = new Map<
    string,
    { cropId: number; optionMonth: string; symbol: string | null; delta: number; gamma: number; structures: number }
  >();
  const out: CalcTheosResponse['items'] = [];
  for (const item of items) {
    const { valuation, elapsedMs } = await valueTerms(item.terms, item.priced.market, {
      paths: body.paths ?? Math.min(item.priced.paths, share),
      ...(body.seed !== undefined ? { seed: body.seed } : {}),
      ...(item.state ? { state: item.state } : {}),
      greeks: true,
      bump: deltaBumpOf(item.priced, item.terms.cropId),
    });
    out.push({
      key: item.key,
      structureId: item.structureId,
      valuation: valuationOut(valuation, item.priced, elapsedMs, item.terms.quantity),
    });
    const monthKey = `${item.terms.cropId}:${item.terms.optionMonth}`;
    const month = months.get(monthKey) ?? {
      cropId: item.terms.cropId,
      optionMonth: item.terms.optionMonth,
      symbol: item.priced.symbol,
      delta: 0,
      gamma: 0,
      structures: 0,
    };
    month.delta += valuation.delta ?? 0;
    month.gamma += valuation.gamma ?? 0;
    month.structures += 1;
    month.symbol ??= item.priced.symbol;
    months.set(monthKey, month);
  }
  return {
    items: out,
    months: [...months.values()]
      .sort((a, b) => (a.cropId !== b.cropId ? a.cropId - b.cropId : a.optionMonth < b.optionMonth ? -1 : 1))
      .map((m) => ({
        cropId: m.cropId,
        optionMonth: m.optionMonth,
        futuresSymbol: m.symbol,
        delta: fixed(m.delta, 2),
        gamma: fixed(m.gamma, 2),
        structures: m.structures,
      })),
  };
}

function noRoot(result: Extract<ZeroPremiumResult, { status: 'no-zero-cost-level' }>) {
  return {
    status: 'no-zero-cost-level' as const,
    range: [fixed(result.range[0], 4), fixed(result.range[1], 4)] as [string, string],
    valueAtLow: fixed(result.valueAtLow, 4),
    valueAtHigh: fixed(result.valueAtHigh, 4),
    message: result.message,
  };
}

const levelRange = (range: [string, string] | undefined): [number, number] | undefined =>
  range ? [Number(range[0]), Number(range[1])] : undefined;

/**
 * POST solve-zero-premium: the accumulation level (or knock-out) at which the farmer's value is the target (0: the
 * structure costs the fee and nothing more). No root in the range is an answer (200, `no-zero-cost-level` with the
 * values at the ends), not an error.
 */
export async function solveZeroPremiumCall(
  deps: CrmDeps,
  request: FastifyRequest,
  body: SolveZeroPremiumRequest,
): Promise<SolveZeroPremiumResponse> {
  const actor = await structuresReader(deps, request);
  if (body.paths !== undefined && body.paths > SOLVE_MAX_PATHS)
    throw pathsRefusal(
      `A solve values the structure many times: at most ${SOLVE_MAX_PATHS.toLocaleString('en-US')} paths.`,
    );
  const input = accumulatorInputOf(body.input);
  const priced = await marketOf(
    deps.ctx.database.db,
    actor.partner.id,
    { cropId: input.cropId, optionMonth: input.optionMonth, keyLevel: input.accumulationLevel },
    body.market,
  );
  const started = performance.now();
  const range = levelRange(body.range);
  const result = await engine(
    () =>
      solveZeroPremium(
        {
          input,
          solveFor: body.solveFor,
          market: priced.market,
          volAt: priced.volAt,
          ...(range ? { range } : {}),
          ...(body.target !== undefined ? { target: Number(body.target) } : {}),
        },
        {
          paths: body.paths ?? Math.min(priced.solverPaths, SOLVE_MAX_PATHS),
          ...(body.seed !== undefined ? { seed: body.seed } : {}),
          runner: pricingRunner(),
          pendingPastDates: PENDING_PAST_DATES,
        },
      ),
    body.input,
  );
  const elapsedMs = performance.now() - started;
  if (result.status === 'no-zero-cost-level') return { ...noRoot(result), solveFor: body.solveFor };
  return {
    status: 'solved',
    solveFor: body.solveFor,
    level: fixed(result.level, 4),
    iterations: result.iterations,
    valuation: valuationOut(
      result.valuation,
      { market: { ...priced.market, vol: result.valuation.vol }, symbol: priced.symbol },
      elapsedMs,
      input.quantity,
    ),
  };
}

/** POST solve-zero-table: the zero-cost accumulation level of each knock-out × period end (at most 8 × 8). */
export async function solveZeroTableCall(
  deps: CrmDeps,
  request: FastifyRequest,
  body: SolveZeroTableRequest,
): Promise<SolveZeroTableResponse> {
  const actor = await structuresReader(deps, request);
  const cells = body.knockOuts.length * body.ends.length;
  if (body.paths !== undefined && body.paths * cells > ZERO_TABLE_MAX_TOTAL_PATHS)
    throw pathsRefusal(
      `A table of ${cells} cells may use at most ${Math.floor(ZERO_TABLE_MAX_TOTAL_PATHS / cells).toLocaleString('en-US')} paths per evaluation.`,
    );
  const input = accumulatorInputOf(body.input);
  const priced = await marketOf(
    deps.ctx.database.db,
    actor.partner.id,
    { cropId: input.cropId, optionMonth: input.optionMonth, keyLevel: input.accumulationLevel },
    body.market,
  );
  const paths =
    body.paths ?? Math.max(1_000, Math.min(priced.solverPaths, Math.floor(ZERO_TABLE_MAX_TOTAL_PATHS / cells)));
  const seed = body.seed ?? DEFAULT_SEED;
  const range = levelRange(body.range);
  const started = performance.now();
  const table = await engine(
    () =>
      solveZeroTable(
        {
          input,
          market: priced.market,
          volAt: priced.volAt,
          knockOuts: body.knockOuts.map(Number),
          ends: body.ends,
          ...(range ? { range } : {}),
          ...(body.target !== undefined ? { target: Number(body.target) } : {}),
        },
        {
          paths,
          seed,
          runner: pricingRunner(),
          pendingPastDates: PENDING_PAST_DATES,
          // A cell a worker in flight: the workers stay busy, and each keeps about one cell's random numbers (decision
          // 062 addendum 'The zero table').
          cellsInFlight: PRICING_POOL_SIZE,
        },
      ),
    body.input,
  );
  const quantity = input.quantity;
  return {
    cells: table.map((cell): ZeroTableCell => {
      const r = cell.result;
      const result: ZeroTableCell['result'] =
        r.status === 'solved'
          ? {
              status: 'solved',
              level: fixed(r.level, 4),
              farmerValuePerBushel: fixed(r.valuation.farmerValuePerBushel, 4),
              standardErrorPerBushel: fixed(r.valuation.standardError / quantity, 4),
              expectedPricedBushels: fixed(r.valuation.expectedPricedBushels, 2),
              knockOutProbability: r.valuation.knockOutProbability,
            }
          : r.status === 'no-zero-cost-level'
            ? noRoot(r)
            : { status: 'invalid-terms', field: r.field, message: r.message };
      return { knockOut: fixed(cell.knockOut, 4), end: cell.end, result };
    }),
    futures: fixed(priced.market.futures, 4),
    futuresSymbol: priced.symbol,
    vol: priced.market.vol,
    paths,
    seed,
    elapsedMs: Math.round(performance.now() - started),
    valuationDate: priced.market.valuationDate,
  };
}

/** GET futures-symbols/calendar: the CBOT grains' trading days, weekly observation days and holidays. */
export async function calendar(deps: CrmDeps, request: FastifyRequest, q: CalendarQuery): Promise<CalendarResponse> {
  await structuresReader(deps, request);
  const holidays = [];
  for (let year = Number(q.from.slice(0, 4)); year <= Number(q.to.slice(0, 4)); year++)
    holidays.push(...cbotHolidays(year).filter((h) => h.date >= q.from && h.date <= q.to));
  return {
    from: q.from,
    to: q.to,
    tradingDays: tradingDays(q.from, q.to),
    weeklyDays: weeklyTradingDays(q.from, q.to),
    holidays,
  };
}

/** GET current-price-info/cbot-symbol/:futuresSymbols: the latest quotes of the symbols (those the feed knows). */
export async function currentPriceInfo(
  deps: CrmDeps,
  request: FastifyRequest,
  symbols: readonly string[],
): Promise<QuotesResponse> {
  await structuresReader(deps, request);
  return { quotes: await quotesWhere(deps.ctx.database.db, { symbols }) };
}
