// The server's use of the pricing engine (decision 061; decision 062): a builder input made into the engine's terms,
// today's market of a structure (the latest quote of its futures month and the partner's parameters, or the caller's
// overrides), valuations on the process' worker pool, and the engine's results as the calls answer them. Every
// structures call (pricing, booking, the nightly job, positions) goes through these, via structures.public.ts.

import {
  ScsTermsError,
  accumulator,
  averagePrice,
  hta,
  marketFromParameters,
  minimumPrice,
  valueStructure,
  type AccumulatorInput,
  type Market,
  type PricingParameters,
  type StructureState,
  type StructureTerms,
  type Valuation as EngineValuation,
} from '@granary/scs-engine';
import {
  futuresProductForCrop,
  futuresSymbol,
  isoDateInZone,
  type AccumulatorStructureInput,
  type MarketOverrides,
  type StructureInput,
  type StructureQuote,
  type StructureTermsField,
  type Valuation,
} from '@granary/domain';
import { and, eq } from 'drizzle-orm';
import { futuresSymbols } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { pricingRunner } from './engine-pool.ts';
import { partnerParameters } from './parameters.service.ts';

/** The exchange's zone: the day the engine values on, and the CBOT calendar's. */
const EXCHANGE_ZONE = 'America/Chicago';

/** Today on the exchange (the default valuation date). */
export function exchangeToday(now: Date = new Date()): string {
  return isoDateInZone(now, EXCHANGE_ZONE);
}

/** Decimal text of a figure with `digits` decimals ('-0.00' is '0.00'); a non-finite figure is a bug, not an answer. */
export function fixed(value: number, digits: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite figure: ${value}`);
  const out = value.toFixed(digits);
  return /^-0(\.0*)?$/.test(out) ? out.slice(1) : out;
}

/** The valuation kept on a structure's row as its last quote. */
export function storedQuote(v: EngineValuation, priced: PricedMarket, at: Date): StructureQuote {
  return {
    futures: fixed(priced.market.futures, 4),
    vol: v.vol,
    farmerValue: fixed(v.farmerValue, 2),
    merchandiserValue: fixed(v.merchandiserValue, 2),
    standardError: fixed(v.standardError, 2),
    merchandiserStandardError: fixed(v.merchandiserStandardError, 2),
    knockOutProbability: v.knockOutProbability,
    doubleUpProbability: v.doubleUpProbability,
    expectedPricedBushels: fixed(v.expectedPricedBushels, 2),
    valuedAt: at.toISOString(),
  };
}

/** The engine's refusal as the API's 400: `invalid_structure_terms` with `details.field`, a form field. */
function termsRefusal(err: ScsTermsError, input?: Pick<StructureInput, 'kind'>): AppError {
  // The HTA builder checks its futures level under the accumulation level's name.
  const field = input?.kind === 'hta' && err.field === 'accumulationLevel' ? 'futuresLevel' : err.field;
  return new AppError('invalid_structure_terms', err.message, { field: field as StructureTermsField });
}

/** Runs an engine call, answering its refusals of inconsistent terms as 400s naming the field. */
export async function engine<T>(run: () => T | Promise<T>, input?: Pick<StructureInput, 'kind'>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ScsTermsError) throw termsRefusal(err, input);
    throw err;
  }
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** An accumulator input as the engine's builder (and its solvers) take it: decimal strings to numbers. */
export function accumulatorInputOf(input: AccumulatorStructureInput): AccumulatorInput {
  return {
    side: input.side,
    cropId: input.cropId,
    optionMonth: input.optionMonth,
    start: input.start,
    end: input.end,
    quantity: Number(input.quantity),
    fee: Number(input.fee),
    frequency: input.frequency,
    accumulationLevel: Number(input.accumulationLevel),
    knockOut: num(input.knockOut),
    knockOutMonitoring: input.knockOutMonitoring ?? 'discrete',
    knockOutDayPriced: input.knockOutDayPriced ?? false,
    doubleUp: input.doubleUp,
    doubleUpTrigger: num(input.doubleUpTrigger),
    floor: num(input.floor),
    pricingBarrier: input.pricingBarrier
      ? { level: Number(input.pricingBarrier.level), protectionLevel: Number(input.pricingBarrier.protectionLevel) }
      : null,
  };
}

/** The engine's terms of an input (the builder of its kind); ScsTermsError when the terms are inconsistent. */
export function termsOf(input: StructureInput): StructureTerms {
  const period = {
    side: input.side,
    cropId: input.cropId,
    optionMonth: input.optionMonth,
    start: input.start,
    end: input.end,
    quantity: Number(input.quantity),
    fee: Number(input.fee),
  };
  switch (input.kind) {
    case 'accumulator':
      return accumulator(accumulatorInputOf(input));
    case 'minimum-price':
      return minimumPrice({ ...period, floor: Number(input.floor) });
    case 'hta':
      return hta({ ...period, futuresLevel: Number(input.futuresLevel) });
    case 'average-price':
      return averagePrice({ ...period, frequency: input.frequency ?? 'daily' });
  }
}

/** The terms of an input, refusals as 400s naming the field. */
export function buildTerms(input: StructureInput): StructureTerms {
  try {
    return termsOf(input);
  } catch (err) {
    if (err instanceof ScsTermsError) throw termsRefusal(err, input);
    throw err;
  }
}

/** The feed's symbol of a crop's futures month (ZCH27), listed in the calendar; else 400 naming the field. */
export async function symbolOf(db: Db, q: { cropId: number; optionMonth: string }): Promise<string> {
  const product = futuresProductForCrop(q.cropId);
  if (!product)
    throw new AppError('invalid_structure_terms', 'This crop has no futures to price a structure against.', {
      field: 'cropId',
    });
  if (!product.months.includes(Number(q.optionMonth.slice(5, 7))))
    throw new AppError('invalid_structure_terms', `${product.name} futures have no contract in this month.`, {
      field: 'optionMonth',
    });
  const symbol = futuresSymbol(product.root, q.optionMonth);
  const [row] = await db
    .select({ symbol: futuresSymbols.symbol })
    .from(futuresSymbols)
    .where(and(eq(futuresSymbols.symbol, symbol), eq(futuresSymbols.cropId, q.cropId)));
  if (!row)
    throw new AppError('invalid_structure_terms', `The futures contract ${symbol} is not listed.`, {
      field: 'optionMonth',
    });
  return symbol;
}

/** Today's market of a structure, and what it was built from. */
export type PricedMarket = {
  market: Market;
  /** The vol at another key level (the skew moves with the level a solver tries); the override when one was given. */
  volAt: (keyLevel: number) => number;
  /** The futures symbol of the quote used; null when the caller gave the futures. */
  symbol: string | null;
  parameters: PricingParameters;
  /** The partner's path counts for the crop (a valuation, a solver's evaluation). */
  paths: number;
  solverPaths: number;
};

/**
 * The market a structure is priced in: the latest quote of its futures month (409 `no_futures_quote` without one,
 * unless the caller gives the futures), the vol and rate of the partner's parameters at `keyLevel` (the engine's
 * defaults until an admin saves some; 400 naming `optionMonth` when they have no vol for the month), the caller's
 * overrides on top.
 */
export async function marketOf(
  db: Db,
  partnerId: string,
  q: { cropId: number; optionMonth: string; keyLevel: number },
  overrides: MarketOverrides = {},
  now: Date = new Date(),
): Promise<PricedMarket> {
  let symbol: string | null = null;
  let futures: number;
  if (overrides.futures !== undefined) futures = Number(overrides.futures);
  else {
    symbol = await symbolOf(db, q);
    const quote = (await latestQuotes(db, [symbol])).get(symbol);
    if (!quote) throw new AppError('no_futures_quote', `There is no quote of ${symbol} yet to price at.`);
    futures = Number(quote.last);
  }
  const { parameters } = await partnerParameters(db, partnerId);
  const priced = marketFromParameters(parameters, {
    cropId: q.cropId,
    optionMonth: q.optionMonth,
    valuationDate: overrides.valuationDate ?? exchangeToday(now),
    futures,
    keyLevel: q.keyLevel,
  });
  if (!priced)
    throw new AppError('invalid_structure_terms', 'The pricing parameters have no volatility for this futures month.', {
      field: 'optionMonth',
    });
  const market: Market = {
    ...priced.market,
    ...(overrides.vol !== undefined ? { vol: overrides.vol } : {}),
    ...(overrides.discountRate !== undefined ? { discountRate: overrides.discountRate } : {}),
  };
  const volAt = overrides.vol !== undefined ? () => overrides.vol! : priced.volAt;
  const scs = parameters.scs.find((r) => r.cropId === q.cropId);
  return {
    market,
    volAt,
    symbol,
    parameters,
    paths: scs?.paths ?? 100_000,
    solverPaths: scs?.solverPaths ?? 20_000,
  };
}

/**
 * Past observation dates whose settle has not arrived (a late-booked structure whose period began a few days ago, a
 * feed that was down) are valued as settling at today's futures (decision 061 addendum, decision 062 'late-booked'):
 * a quote, a solve, a trade and a close cost can be given while those days wait, in order, for their settle.
 */
export const PENDING_PAST_DATES = 'at-futures' as const;

/** A valuation of terms on the worker pool (from a live structure's state when given), refusals as 400s. */
export async function valueTerms(
  terms: StructureTerms,
  market: Market,
  options: { paths: number; seed?: number; state?: StructureState; greeks?: boolean; bump?: number },
  input?: Pick<StructureInput, 'kind'>,
): Promise<{ valuation: EngineValuation; elapsedMs: number }> {
  const started = performance.now();
  const valuation = await engine(
    () =>
      valueStructure(terms, market, {
        paths: options.paths,
        runner: pricingRunner(),
        pendingPastDates: PENDING_PAST_DATES,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        ...(options.state ? { state: options.state } : {}),
        ...(options.greeks ? { greeks: true } : {}),
        ...(options.bump !== undefined ? { bump: options.bump } : {}),
      }),
    input,
  );
  return { valuation, elapsedMs: performance.now() - started };
}

/** The engine's valuation as the calls answer it (money in dollars, per bushel in $/bu, bushels). */
export function valuationOut(
  v: EngineValuation,
  priced: { market: Market; symbol: string | null },
  elapsedMs: number,
  quantity: number,
  valuedAt: Date = new Date(),
): Valuation {
  const per = (x: number) => fixed(quantity > 0 ? x / quantity : 0, 4);
  return {
    farmerValue: fixed(v.farmerValue, 2),
    farmerValuePerBushel: fixed(v.farmerValuePerBushel, 4),
    merchandiserValue: fixed(v.merchandiserValue, 2),
    merchandiserValuePerBushel: per(v.merchandiserValue),
    feeValue: fixed(v.feeValue, 2),
    standardError: fixed(v.standardError, 2),
    merchandiserStandardError: fixed(v.merchandiserStandardError, 2),
    expectedPricedBushels: fixed(v.expectedPricedBushels, 2),
    pricedBushelsStandardError: fixed(v.pricedBushelsStandardError, 2),
    knockOutProbability: v.knockOutProbability,
    doubleUpProbability: v.doubleUpProbability,
    delta: v.delta === null ? null : fixed(v.delta, 2),
    deltaStandardError: v.deltaStandardError === null ? null : fixed(v.deltaStandardError, 2),
    gamma: v.gamma === null ? null : fixed(v.gamma, 2),
    paths: v.paths,
    pathsPerSecond: elapsedMs > 0 ? Math.round((v.paths / elapsedMs) * 1000) : 0,
    elapsedMs: Math.round(elapsedMs),
    seed: v.seed,
    vol: v.vol,
    discountRate: priced.market.discountRate,
    futures: fixed(priced.market.futures, 4),
    futuresSymbol: priced.symbol,
    valuationDate: priced.market.valuationDate,
    horizon: v.horizon,
    valuedAt: valuedAt.toISOString(),
  };
}
