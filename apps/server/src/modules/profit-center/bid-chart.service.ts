// GET bid/:bidId/chart (issue 17 market home, decision 057 addendum): a local bid's daily closes — futures, basis and
// cash — over 1M, 3M or 1Y, from the bids module's history. Only a public, live bid at one of the farmer's markets
// (the bids the market home lists); any other id is a 404.

import type { FastifyRequest } from 'fastify';
import { bidChartFromDay, type BidChart, type BidChartPoint, type BidChartRange } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { bidHistoryBetween, publicBids, type BidHistoryPoint } from '../bids/bids.public.ts';
import { farmerMarkets } from './profit-center.repo.ts';
import { loadFarmer, type ProfitCenterDeps } from './profit-center.service.ts';

const pointOf = (p: BidHistoryPoint, day = p.day): BidChartPoint => ({
  day,
  futures: p.futures,
  basis: p.basis,
  cash: p.cash,
});

export async function bidChart(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  bidId: number,
  range: BidChartRange,
  now: Date = new Date(),
): Promise<BidChart> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  const markets = farmer.clientIds.length > 0 ? await farmerMarkets(db, farmer.clientIds) : [];
  let bid = null;
  let marketId = 0;
  for (const m of markets) {
    bid = (await publicBids(db, { partnerId: m.partnerId, marketId: m.id })).rows.find((r) => r.id === bidId) ?? null;
    marketId = m.id;
    if (bid) break;
  }
  if (!bid) throw new AppError('not_found', 'No such bid at your locations.');
  const to = now.toISOString().slice(0, 10);
  const from = bidChartFromDay(to, range);
  const { before, points } = await bidHistoryBetween(db, bidId, from, to);
  // The close before the range carries to its first day, so the line starts at the left edge.
  const carried = before && (points.length === 0 || points[0]!.day > from) ? [pointOf(before, from)] : [];
  return {
    bidId,
    marketId,
    cropId: bid.cropId,
    name: bid.name,
    futuresSymbol: bid.futuresSymbol,
    priceUnit: bid.priceUnit,
    currency: bid.currency,
    range,
    from,
    to,
    points: [...carried, ...points.map((p) => pointOf(p))],
  };
}
