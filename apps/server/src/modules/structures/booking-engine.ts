// The booking calls' use of the pricing engine (decision 061; decision 062's booking section) through the pricing
// calls' own (pricing.engine.ts): today's market of a structure at the latest quote of its month, a valuation at the
// partner's path count, and the close cost of a live structure from its state.

import {
  sideSign,
  type StructureState,
  type StructureTerms,
  type Valuation as EngineValuation,
} from '@granary/scs-engine';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import {
  marketOf as pricingMarketOf,
  valueTerms as pricingValueTerms,
  type PricedMarket as Priced,
} from './pricing.engine.ts';

export { engine, exchangeToday, fixed, storedQuote, symbolOf, termsOf, valuationOut } from './pricing.engine.ts';

/** The latest quote of a futures symbol, as the futures module answers it. */
export type LatestQuote = Awaited<ReturnType<typeof latestQuotes>> extends Map<string, infer Q> ? Q : never;

/** Today's market of a structure, with the quote it was priced at (its trading day keys the close-cost cache). */
export type PricedMarket = Priced & { symbol: string; quote: LatestQuote };

/**
 * Today's market of a structure (pricing.engine.ts marketOf) at the latest quote of its futures month — 409
 * no_futures_quote without one — and the quote itself.
 */
export async function marketOf(
  db: Db,
  partnerId: string,
  terms: StructureTerms,
  symbol: string,
): Promise<PricedMarket> {
  const quote = (await latestQuotes(db, [symbol])).get(symbol);
  if (!quote) throw new AppError('no_futures_quote', `There is no quote of ${symbol} yet to price at.`);
  const priced = await pricingMarketOf(
    db,
    partnerId,
    { cropId: terms.cropId, optionMonth: terms.optionMonth, keyLevel: terms.keyLevel },
    { futures: quote.last },
  );
  return { ...priced, symbol, quote };
}

/** A valuation of the terms at the partner's path count (from a live structure's state when given). */
export async function valueTerms(
  terms: StructureTerms,
  priced: PricedMarket,
  options: { state?: StructureState } = {},
): Promise<{ valuation: EngineValuation; elapsedMs: number }> {
  return pricingValueTerms(terms, priced.market, {
    paths: priced.paths,
    ...(options.state ? { state: options.state } : {}),
  });
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
