// The profit center's summary and market home (issue 17, docs/decisions/057-profit-center.md). Same access as My Sales
// Lite's calls (loadFarmer: 401, 403 without the experience, flag or profit center access; 404 for anyone else's ids).
// The summary is My Sales Lite's per crop and crop year with the production estimate from the farm businesses' acres ×
// yield (enterprise agronomics), % sold, revenue to date and projected at today's best local bid, and what is left.

import type { FastifyRequest } from 'fastify';
import {
  cropRecord,
  cropYearSummary,
  findCrop,
  profitFigures,
  salesSummaryFromTotals,
  todayBidFor,
  toDecimal,
  decimalString,
  SQUARE_METRES_PER_ACRE,
  SQUARE_METRES_PER_HECTARE,
  type AcresAndYield,
  type AreaUnit,
  type CrmDecimal,
  type BidsMatrix,
  type CropStats,
  type CropYearSummary,
  type EnterpriseBids,
  type FavoritesResponse,
  type ProfitSummaryResponse,
  type ProfitSummaryRow,
  type PublicBidRow,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { publicBids } from '../bids/bids.public.ts';
import {
  addFavorite,
  agronomicsOf,
  farmerMarkets,
  favoritesOf,
  holdsFlagOn,
  pricingMarkets,
  removeFavorite,
  salesTotals,
} from './profit-center.repo.ts';
import { loadFarmer, type Farmer, type ProfitCenterDeps } from './profit-center.service.ts';

type Market = Awaited<ReturnType<typeof farmerMarkets>>[number];

const labelOf = (m: Market) => m.displayName ?? `${m.city}, ${m.administrativeAreaLevel1}`;

function enterpriseIdsOf(farmer: Farmer): number[] {
  return [...new Set(farmer.clients.map((c) => c.enterpriseId).filter((id): id is number => id !== null))];
}

/** The bids of each market, public ones only (the farmer sees what the elevator posts). */
async function bidsOf(
  deps: ProfitCenterDeps,
  markets: readonly { id: number; partnerId: string }[],
): Promise<Map<number, PublicBidRow[]>> {
  const db = deps.ctx.database.db;
  const all = await Promise.all(
    markets.map(async (m) => [m.id, (await publicBids(db, { partnerId: m.partnerId, marketId: m.id })).rows] as const),
  );
  return new Map(all);
}

/** An area in another unit, exactly (convertArea's factors, in decimals: a float product made toDecimal throw). */
function areaIn(area: CrmDecimal, from: AreaUnit, to: AreaUnit): CrmDecimal {
  if (from === to) return area;
  const acre = toDecimal(String(SQUARE_METRES_PER_ACRE));
  const hectare = toDecimal(SQUARE_METRES_PER_HECTARE);
  return from === 'acres' ? area.times(acre).dividedBy(hectare) : area.times(hectare).dividedBy(acre);
}

/** Acres and yield per crop id and crop year, summed over the farm businesses (areas kept in the first one's units). */
async function acresByCropYear(deps: ProfitCenterDeps, farmer: Farmer): Promise<Map<string, AcresAndYield>> {
  const rows = await agronomicsOf(deps.ctx.database.db, enterpriseIdsOf(farmer));
  // Exact decimals throughout: 100.5 ac × 61.25 bu as floats is not a safe integer, and toDecimal refused it (a 500).
  const out = new Map<string, { area: CrmDecimal; units: AreaUnit; production: CrmDecimal; withYield: boolean }>();
  for (const r of rows) {
    const crop = findCrop(r.crop);
    if (!crop) continue;
    const key = `${crop.id}:${r.cropYear}`;
    const prev = out.get(key);
    const units = prev?.units ?? r.areaUnits;
    const own = toDecimal(r.area);
    const production = r.averageYield === null ? toDecimal(0) : own.times(toDecimal(r.averageYield));
    out.set(key, {
      area: (prev?.area ?? toDecimal(0)).plus(areaIn(own, r.areaUnits, units)),
      units,
      production: (prev?.production ?? toDecimal(0)).plus(production),
      withYield: (prev?.withYield ?? false) || r.averageYield !== null,
    });
  }
  const result = new Map<string, AcresAndYield>();
  for (const [key, v] of out) {
    const area = v.area.toDecimalPlaces(2);
    result.set(key, {
      area: decimalString(area),
      areaUnits: v.units,
      // The combined yield: total production over total area, so area × yield is the sum of each business's estimate.
      averageYield:
        v.withYield && area.greaterThan(0) ? decimalString(v.production.dividedBy(area).toDecimalPlaces(4)) : null,
    });
  }
  return result;
}

async function withProfit(
  deps: ProfitCenterDeps,
  farmer: Farmer,
  rows: CropYearSummary[],
): Promise<ProfitSummaryRow[]> {
  if (rows.length === 0) return [];
  const db = deps.ctx.database.db;
  const [acres, markets] = await Promise.all([acresByCropYear(deps, farmer), pricingMarkets(db, farmer.clientIds)]);
  const bids = [...(await bidsOf(deps, markets)).values()].flat();
  return rows.map((row) => ({
    ...row,
    ...profitFigures(
      row,
      acres.get(`${row.cropId}:${row.cropYear}`) ?? null,
      todayBidFor(bids, row.cropId, row.cropYear),
    ),
  }));
}

async function summaryRows(
  deps: ProfitCenterDeps,
  farmer: Farmer,
  f: { crop?: number | undefined; cropYear?: number | undefined },
): Promise<CropYearSummary[]> {
  if (farmer.clientIds.length === 0) return [];
  const db = deps.ctx.database.db;
  return salesSummaryFromTotals(
    await salesTotals(db, { clientIds: farmer.clientIds, cropId: f.crop, cropYear: f.cropYear }),
  );
}

/** GET summary: per crop and crop year, the sales figures and the profit figures. */
export async function profitSummary(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  f: { crop?: number | undefined; cropYear?: number | undefined },
): Promise<ProfitSummaryResponse> {
  const farmer = await loadFarmer(deps, request);
  return { rows: await withProfit(deps, farmer, await summaryRows(deps, farmer, f)) };
}

/**
 * GET summary/:cropName/:cropYear: one crop and crop year (zeroes without contracts there); with an enterprise id, of
 * that farm business's clients and acres only (a marketing plan's progress).
 */
export async function profitCropYearSummary(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  cropId: number,
  cropYear: number,
  enterpriseId?: number,
): Promise<ProfitSummaryRow> {
  const all = await loadFarmer(deps, request);
  const clients = enterpriseId === undefined ? all.clients : all.clients.filter((c) => c.enterpriseId === enterpriseId);
  const farmer: Farmer = { ...all, clients, clientIds: clients.map((c) => c.id) };
  const [sums] = await summaryRows(deps, farmer, { crop: cropId, cropYear });
  const [row] = await withProfit(deps, farmer, [sums ?? cropYearSummary([], cropId, cropYear)]);
  return row!;
}

/** GET crop/:cropId/stats: one crop's summary rows over its crop years, newest first. */
export async function cropStats(deps: ProfitCenterDeps, request: FastifyRequest, cropId: number): Promise<CropStats> {
  const farmer = await loadFarmer(deps, request);
  const record = cropRecord(cropId);
  return {
    cropId,
    crop: record.displayName,
    years: await withProfit(deps, farmer, await summaryRows(deps, farmer, { crop: cropId })),
  };
}

/** GET enterprise/:enterpriseId/bids: the farm business's markets with their bids, and the user's favourites. */
export async function enterpriseBids(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  enterpriseId: number,
): Promise<EnterpriseBids> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  if (!(await holdsFlagOn(db, farmer.userId, enterpriseId)))
    throw new AppError('not_found', 'No such farm business among yours.');
  const clientIds = farmer.clients.filter((c) => c.enterpriseId === enterpriseId).map((c) => c.id);
  const markets = clientIds.length > 0 ? await farmerMarkets(db, clientIds) : [];
  const [bids, favorites] = await Promise.all([bidsOf(deps, markets), favoritesOf(db, farmer.userId)]);
  const ids = new Set(markets.map((m) => m.id));
  return {
    enterpriseId,
    markets: markets.map((m) => ({ id: m.id, label: labelOf(m), timezone: m.timezone, rows: bids.get(m.id) ?? [] })),
    favorites: favorites.filter((f) => ids.has(f.marketId)),
  };
}

/** GET commodity/:commodityId/bids-matrix: one crop's bids at each of the farmer's markets. */
export async function bidsMatrix(deps: ProfitCenterDeps, request: FastifyRequest, cropId: number): Promise<BidsMatrix> {
  const farmer = await loadFarmer(deps, request);
  const markets = farmer.clientIds.length > 0 ? await farmerMarkets(deps.ctx.database.db, farmer.clientIds) : [];
  const bids = await bidsOf(deps, markets);
  return {
    cropId,
    crop: cropRecord(cropId).displayName,
    markets: markets
      .map((m) => ({ id: m.id, label: labelOf(m), rows: (bids.get(m.id) ?? []).filter((b) => b.cropId === cropId) }))
      .filter((m) => m.rows.length > 0),
  };
}

async function farmerMarket(deps: ProfitCenterDeps, farmer: Farmer, marketId: number): Promise<void> {
  const markets = farmer.clientIds.length > 0 ? await farmerMarkets(deps.ctx.database.db, farmer.clientIds) : [];
  if (!markets.some((m) => m.id === marketId)) throw new AppError('not_found', 'No such location among yours.');
}

/** GET favorite: the user's favourite locations. */
export async function listFavorites(deps: ProfitCenterDeps, request: FastifyRequest): Promise<FavoritesResponse> {
  const farmer = await loadFarmer(deps, request);
  return { favorites: await favoritesOf(deps.ctx.database.db, farmer.userId) };
}

/** PUT / DELETE favorite/:locationId/:cropId: a location of the farmer's (else 404) becomes or stops being a favourite. */
export async function setFavorite(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  marketId: number,
  cropId: number,
  on: boolean,
): Promise<FavoritesResponse> {
  const farmer = await loadFarmer(deps, request);
  await farmerMarket(deps, farmer, marketId);
  const db = deps.ctx.database.db;
  if (on) await addFavorite(db, farmer.userId, marketId, cropId);
  else await removeFavorite(db, farmer.userId, marketId, cropId);
  return { favorites: await favoritesOf(db, farmer.userId) };
}
