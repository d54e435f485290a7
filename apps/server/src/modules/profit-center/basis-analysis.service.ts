// The crop spot basis analysis (issue 17 'research/crop-spot-basis-analysis', decision 057 addendum): a location's
// spot bid for a crop — the nearest delivery period still open — its basis day by day from the bid's recorded closes
// (bid_history, through bids.public.ts), and each day's seasonal average over the same weeks of earlier years. Only
// recorded closes are shown: no basis is made up for days before the first one.

import type { FastifyRequest } from 'fastify';
import {
  BASIS_ANALYSIS_YEARS,
  BASIS_RANGE_DAYS,
  SEASONAL_WINDOW_DAYS,
  addDays,
  cropById,
  dailyBasisSeries,
  seasonalBasisAverages,
  type BasisAnalysis,
  type BasisAnalysisRange,
  type PublicBidRow,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { bidHistoryBetween, publicBids } from '../bids/bids.public.ts';
import { farmerMarkets } from './profit-center.repo.ts';
import { loadFarmer, type ProfitCenterDeps } from './profit-center.service.ts';

/** The spot bid: the earliest delivery period not yet over, else the latest one posted. */
function spotBid(rows: readonly PublicBidRow[], today: string): PublicBidRow | null {
  const sorted = [...rows].sort(
    (a, b) => a.deliveryStart.localeCompare(b.deliveryStart) || a.deliveryEnd.localeCompare(b.deliveryEnd),
  );
  return sorted.find((r) => r.deliveryEnd.slice(0, 10) >= today) ?? sorted.at(-1) ?? null;
}

/** GET basis-analysis/:locationId/:cropId?range=3M|1Y|3Y: a location of the farmer's (else 404). */
export async function basisAnalysis(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  marketId: number,
  cropId: number,
  range: BasisAnalysisRange,
  now: Date = new Date(),
): Promise<BasisAnalysis> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  const markets = farmer.clientIds.length > 0 ? await farmerMarkets(db, farmer.clientIds) : [];
  const market = markets.find((m) => m.id === marketId);
  if (!market) throw new AppError('not_found', 'No such location among yours.');
  const crop = cropById(cropId);
  if (!crop) throw new AppError('not_found', `No crop ${cropId}.`);
  const to = now.toISOString().slice(0, 10);
  const from = addDays(to, -BASIS_RANGE_DAYS[range]);
  const rows = (await publicBids(db, { partnerId: market.partnerId, marketId })).rows.filter(
    (r) => r.cropId === cropId,
  );
  const bid = spotBid(rows, to);
  const base = { marketId, cropId, cropName: crop.displayName, from, to };
  if (!bid) return { ...base, bid: null, recordedSince: null, points: [] };
  // The earlier years the seasonal average needs, and a window's width before the oldest of them.
  const readFrom = addDays(from, -(BASIS_ANALYSIS_YEARS * 366 + SEASONAL_WINDOW_DAYS));
  const { before, points: closes } = await bidHistoryBetween(db, bid.id, readFrom, to);
  const all = before ? [before, ...closes] : closes;
  const series = dailyBasisSeries(all, readFrom, to);
  const shown = series.filter((p) => p.day >= from);
  const seasonal = seasonalBasisAverages(
    series,
    shown.map((p) => p.day),
  );
  return {
    ...base,
    bid: {
      id: bid.id,
      name: bid.name,
      cropYear: bid.cropYear,
      deliveryStart: bid.deliveryStart.slice(0, 10),
      deliveryEnd: bid.deliveryEnd.slice(0, 10),
      futuresMonth: bid.futuresMonth,
      basis: bid.basis,
      priceUnit: bid.priceUnit,
    },
    recordedSince: all[0]?.day ?? null,
    points: shown.map((p, i) => ({
      day: p.day,
      basis: p.basis,
      futuresSymbol: p.futuresSymbol,
      seasonalAverage: seasonal[i]!.seasonalAverage,
      seasonalYears: seasonal[i]!.seasonalYears,
    })),
  };
}
