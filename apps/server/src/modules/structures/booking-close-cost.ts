// A live structure's close cost (decision 062, booking): valued by the engine from its state at today's futures, and
// cached per structure for a trading day and version so the CRM list shows it without re-running the engine.

import type { StructureState } from '@granary/scs-engine';
import type { CloseCost } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { cachedCloseCosts, saveCloseCost, type CloseCostRow, type StructureRow } from './booking.repo.ts';
import { closeCostOf, fixed, marketOf, valuationOut, valueTerms, type LatestQuote } from './booking-engine.ts';
import { remainingBushels } from './booking-view.ts';

export const CLOSABLE = new Set(['live', 'close_requested']);

/**
 * The close cost of a live structure now (decision 062, booking): valued from its state at today's futures, kept
 * in the cache for the list. A past observation not made yet (its settle has not arrived: a feed that was down, a
 * late-booked structure) is valued as settling at today's futures; the day itself still waits for its settle.
 */
export async function computeCloseCost(db: Db, partnerId: string, row: StructureRow): Promise<CloseCost> {
  const priced = await marketOf(db, partnerId, row.terms, row.futuresSymbol);
  const state: StructureState = row.state;
  const { valuation, elapsedMs } = await valueTerms(row.terms, priced, { state });
  const { closeCost, pricedValue } = closeCostOf(valuation, row.terms, state, priced.market.futures);
  const remaining = remainingBushels(row);
  await saveCloseCost(db, {
    structureId: row.id,
    tradingDay: priced.quote.tradeDate,
    structureVersion: row.version,
    futures: fixed(priced.market.futures, 4),
    closeCost: fixed(closeCost, 2),
    standardError: fixed(valuation.merchandiserStandardError, 2),
    valuation: {
      merchandiserValue: valuation.merchandiserValue,
      pricedValue,
      farmerValue: valuation.farmerValue,
      expectedPricedBushels: valuation.expectedPricedBushels,
      knockOutProbability: valuation.knockOutProbability,
      doubleUpProbability: valuation.doubleUpProbability,
      paths: valuation.paths,
      seed: valuation.seed,
    },
    computedAt: new Date(),
  });
  return {
    structureId: row.id,
    closeCost: fixed(closeCost, 2),
    closeCostPerRemainingBushel: remaining > 0 ? fixed(closeCost / remaining, 4) : null,
    remainingBushels: fixed(remaining, 2),
    valuation: valuationOut(valuation, priced, elapsedMs, Number(row.quantity)),
  };
}

/**
 * The list's close costs: the latest quote of each row's futures, and each live row's cost for today's trading day
 * — from the cache, or computed now and cached (lazily: once per structure, trading day and version). A row that
 * cannot be priced now (no quote, an observation pending) has none.
 */
export async function todaysCloseCosts(
  db: Db,
  partnerId: string,
  rows: StructureRow[],
): Promise<{ quotes: Map<string, LatestQuote>; costs: Map<number, CloseCostRow> }> {
  const quotes = await latestQuotes(
    db,
    rows.map((r) => r.futuresSymbol),
  );
  const live = rows.filter((r) => CLOSABLE.has(r.status));
  const costs = await cachedCloseCosts(
    db,
    live.map((r) => r.id),
  );
  for (const row of live) {
    const quote = quotes.get(row.futuresSymbol);
    const cached = costs.get(row.id);
    if (!quote || (cached && cached.tradingDay === quote.tradeDate && cached.structureVersion === row.version))
      continue;
    try {
      await computeCloseCost(db, partnerId, row);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) continue;
      throw err;
    }
  }
  const fresh = await cachedCloseCosts(
    db,
    live.map((r) => r.id),
  );
  return { quotes, costs: fresh };
}
