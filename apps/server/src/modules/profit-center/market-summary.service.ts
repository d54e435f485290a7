// The profit center's market summary (issue 17 'marketSummary', decision 057 addendum): the futures board of the crops
// the farmer deals in, read through the futures module's public quotes. The call keeps My Sales Lite's gate
// (loadFarmer: 401, 403 enterprise_access_required); the futures calls themselves stay open to any session (market data).

import type { FastifyRequest } from 'fastify';
import {
  MARKET_SUMMARY_MONTHS,
  cropById,
  exchangeClock,
  futuresProductForCrop,
  type MarketSummary,
} from '@granary/domain';
import { quotesWhere } from '../futures/futures.public.ts';
import { cropYearsOf } from './profit-center.repo.ts';
import { loadFarmer, type ProfitCenterDeps } from './profit-center.service.ts';

/** GET market-summary: for each crop of the farmer's contracts and tickets with futures, its nearest months. */
export async function marketSummary(deps: ProfitCenterDeps, request: FastifyRequest): Promise<MarketSummary> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  const asOf = exchangeClock(new Date()).date;
  const pairs = farmer.clientIds.length > 0 ? await cropYearsOf(db, farmer.clientIds) : [];
  const cropIds = [...new Set(pairs.map((p) => p.cropId))];
  const crops = cropIds
    .map((cropId) => ({ crop: cropById(cropId), product: futuresProductForCrop(cropId) }))
    .filter((c) => c.crop !== null && c.product !== null)
    .sort((a, b) => a.crop!.displayName.localeCompare(b.crop!.displayName));
  const roots = [...new Set(crops.map((c) => c.product!.root))];
  const byRoot = new Map(
    await Promise.all(roots.map(async (root) => [root, await quotesWhere(db, { root, asOf })] as const)),
  );
  return {
    asOf,
    crops: crops.map(({ crop, product }) => ({
      cropId: crop!.id,
      cropName: crop!.displayName,
      root: product!.root,
      productName: product!.name,
      exchange: product!.exchange,
      priceUnit: product!.priceUnit,
      currency: product!.currency,
      quotes: (byRoot.get(product!.root) ?? []).slice(0, MARKET_SUMMARY_MONTHS),
    })),
  };
}
