// The booking calls' use of the pricing engine (decision 061; decision 062's booking section): the engine's terms built
// from the merchandiser's input, the market of today (the latest quote of the structure's futures month and the
// partner's parameters), a valuation, and the close cost of a live structure from its state. One place, so that the
// pricing calls' own service can fold it when it lands (the valuation is the same call).

import {
  DEFAULT_PARAMETERS,
  ScsTermsError,
  accumulator,
  averagePrice,
  hta,
  marketFromParameters,
  minimumPrice,
  runInThread,
  sideSign,
  valueStructure,
  type Market,
  type StructureState,
  type StructureTerms,
  type Valuation as EngineValuation,
} from '@granary/scs-engine';
import {
  futuresProductForCrop,
  futuresSymbol,
  isoDateInZone,
  type StructureInput,
  type StructureTermsField,
  type Valuation,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { futuresSymbolExists, parametersOf } from './booking.repo.ts';

/** The latest quote of a futures symbol, as the futures module answers it. */
export type LatestQuote = Awaited<ReturnType<typeof latestQuotes>> extends Map<string, infer Q> ? Q : never;

/** The exchange's zone: the day the engine values on and the trading days of the CBOT calendar. */
export const EXCHANGE_ZONE = 'America/Chicago';

/** Today on the exchange (the valuation date; the day a trade's start is compared with). */
export function exchangeToday(now: Date = new Date()): string {
  return isoDateInZone(now, EXCHANGE_ZONE);
}

/** Decimal text of a figure with `digits` decimals ('-0.00' is '0.00'). */
export function fixed(value: number, digits: number): string {
  const out = value.toFixed(digits);
  return /^-0(\.0*)?$/.test(out) ? out.slice(1) : out;
}

/** The engine's refusal as the API's 400: `invalid_structure_terms` naming the form field. */
export function termsRefusal(err: ScsTermsError, input?: Pick<StructureInput, 'kind'>): AppError {
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

/** The engine's terms of an input (decimal strings to numbers, the builder of its kind); ScsTermsError when refused. */
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
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  switch (input.kind) {
    case 'accumulator':
      return accumulator({
        ...period,
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
      });
    case 'minimum-price':
      return minimumPrice({ ...period, floor: Number(input.floor) });
    case 'hta':
      return hta({ ...period, futuresLevel: Number(input.futuresLevel) });
    case 'average-price':
      return averagePrice({ ...period, frequency: input.frequency ?? 'daily' });
  }
}

/** The feed's symbol of the input's futures month (ZCH27), known to the feed; else 400 naming the field. */
export async function symbolOf(db: Db, input: Pick<StructureInput, 'cropId' | 'optionMonth'>): Promise<string> {
  const product = futuresProductForCrop(input.cropId);
  if (!product)
    throw new AppError('invalid_structure_terms', 'This crop has no futures to price a structure against.', {
      field: 'cropId',
    });
  if (!product.months.includes(Number(input.optionMonth.slice(5, 7))))
    throw new AppError('invalid_structure_terms', `${product.name} futures have no contract in this month.`, {
      field: 'optionMonth',
    });
  const symbol = futuresSymbol(product.root, input.optionMonth);
  if (!(await futuresSymbolExists(db, symbol)))
    throw new AppError('invalid_structure_terms', `The futures contract ${symbol} is not listed.`, {
      field: 'optionMonth',
    });
  return symbol;
}

export type PricedMarket = {
  market: Market;
  quote: LatestQuote;
  paths: number;
  symbol: string;
};

/**
 * Today's market of a structure: the latest quote of its futures month (409 no_futures_quote without one), the vol
 * and rate of the partner's parameters (the engine's defaults until an admin saves some) at the structure's key
 * level, and the parameters' path count.
 */
export async function marketOf(
  db: Db,
  partnerId: string,
  terms: StructureTerms,
  symbol: string,
  valuationDate: string = exchangeToday(),
): Promise<PricedMarket> {
  const quote = (await latestQuotes(db, [symbol])).get(symbol);
  if (!quote) throw new AppError('no_futures_quote', `There is no quote of ${symbol} yet to price at.`);
  const parameters = (await parametersOf(db, partnerId)) ?? DEFAULT_PARAMETERS;
  const priced = marketFromParameters(parameters, {
    cropId: terms.cropId,
    optionMonth: terms.optionMonth,
    valuationDate,
    futures: Number(quote.last),
    keyLevel: terms.keyLevel,
  });
  if (!priced)
    throw new AppError('invalid_structure_terms', 'The pricing parameters have no volatility for this futures month.', {
      field: 'optionMonth',
    });
  const paths = parameters.scs.find((r) => r.cropId === terms.cropId)?.paths ?? 100_000;
  return { market: priced.market, quote, paths, symbol };
}

/** A valuation of the terms (from a live structure's state when given), refusals as 400s naming the field. */
export async function valueTerms(
  terms: StructureTerms,
  priced: PricedMarket,
  options: { state?: StructureState; greeks?: boolean } = {},
): Promise<{ valuation: EngineValuation; elapsedMs: number }> {
  const started = performance.now();
  const valuation = await engine(() =>
    valueStructure(terms, priced.market, {
      paths: priced.paths,
      runner: runInThread,
      ...(options.state ? { state: options.state } : {}),
      ...(options.greeks ? { greeks: true } : {}),
    }),
  );
  return { valuation, elapsedMs: performance.now() - started };
}

/** The engine's valuation as the calls answer it (money in dollars, per bushel in $/bu, bushels). */
export function valuationOut(
  v: EngineValuation,
  priced: PricedMarket,
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

/**
 * The close cost of a live structure today (decision 062, booking): the merchandiser's value of what remains of its
 * terms. The engine values the whole structure from its state — the bushels priced so far and the rest simulated —
 * and closing keeps the priced bushels (written as an HTA at their price, the fee off), so the remaining terms are
 * worth the whole less the priced part: for the farmer df × s × (amount − bushels × F), the merchandiser the fee on
 * those bushels less that. Positive: ending it today loses the merchandiser that much, so the client pays it;
 * negative: the remaining terms favour the merchandiser, who pays the client to end them.
 */
export function closeCostOf(
  v: EngineValuation,
  terms: StructureTerms,
  state: StructureState,
  futures: number,
): { closeCost: number; pricedValue: number } {
  const s = sideSign(terms.side);
  const pricedFarmer = v.discountFactor * s * (state.pricedAmount - state.pricedBushels * futures);
  const pricedFee = v.discountFactor * terms.fee * state.pricedBushels;
  const pricedValue = pricedFee - pricedFarmer;
  return { closeCost: v.merchandiserValue - pricedValue, pricedValue };
}
