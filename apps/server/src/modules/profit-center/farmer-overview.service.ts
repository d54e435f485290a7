// My Sales Lite's overview calls (grain-marketing.md 7 'Grain and profit center'): the farmer's summary per crop and
// crop year, balances, the task list judged on each contract's market day, and the crops, filters and markets their
// lists offer. Same access as profit-center.service.ts: the farmer's own contracts and tickets only.

import type { FastifyRequest } from 'fastify';
import {
  CONTRACT_STATUSES,
  PRICE_STATUSES,
  TASK_LIST_ITEM_LIMIT,
  commodityBalances,
  cropRecord,
  farmerTasks,
  isoDateInZone,
  salesBalances,
  type BalancesResponse,
  type CommodityBalancesResponse,
  type FarmerCrops,
  type FarmerFilters,
  type FarmerLocations,
  type FarmerMarket,
  type FarmerTask,
  type FarmerTaskList,
} from '@granary/domain';
import {
  allContracts,
  cropYearsOf,
  farmerMarkets,
  unappliedTickets,
  type FarmerContractData,
} from './profit-center.repo.ts';
import { contractRow, loadFarmer, type Farmer, type ProfitCenterDeps } from './profit-center.service.ts';

type CropYearFilter = { crop?: number | undefined; cropYear?: number | undefined };

async function contractsFor(
  deps: ProfitCenterDeps,
  farmer: Farmer,
  f: CropYearFilter = {},
): Promise<FarmerContractData[]> {
  if (farmer.clientIds.length === 0) return [];
  return allContracts(deps.ctx.database.db, { clientIds: farmer.clientIds, cropId: f.crop, cropYear: f.cropYear });
}

async function balanceInputs(deps: ProfitCenterDeps, request: FastifyRequest, f: CropYearFilter) {
  const farmer = await loadFarmer(deps, request);
  if (farmer.clientIds.length === 0) return { contracts: [], tickets: [] };
  const [contracts, tickets] = await Promise.all([
    contractsFor(deps, farmer, f),
    unappliedTickets(deps.ctx.database.db, { clientIds: farmer.clientIds, cropId: f.crop, cropYear: f.cropYear }),
  ]);
  return { contracts, tickets };
}

/** GET balances: per crop and crop year, contracted vs delivered vs remaining, priced vs unpriced, unapplied tickets. */
export async function farmerBalances(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  f: CropYearFilter,
): Promise<BalancesResponse> {
  const { contracts, tickets } = await balanceInputs(deps, request, f);
  return { rows: salesBalances(contracts, tickets) };
}

/** GET commodity-balances: the same balances grouped by crop, with each crop's totals. */
export async function farmerCommodityBalances(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  f: CropYearFilter,
): Promise<CommodityBalancesResponse> {
  const { contracts, tickets } = await balanceInputs(deps, request, f);
  return { commodities: commodityBalances(contracts, tickets) };
}

function marketOf(m: Awaited<ReturnType<typeof farmerMarkets>>[number]): FarmerMarket {
  return {
    id: m.id,
    slug: m.slug,
    label: m.displayName ?? `${m.city}, ${m.administrativeAreaLevel1}`,
    city: m.city,
    administrativeAreaLevel1: m.administrativeAreaLevel1,
    countryCode: m.countryCode,
    phone: m.phone,
    email: m.email,
    timezone: m.timezone,
  };
}

async function marketsOf(deps: ProfitCenterDeps, farmer: Farmer): Promise<FarmerMarket[]> {
  return farmer.clientIds.length > 0 ? (await farmerMarkets(deps.ctx.database.db, farmer.clientIds)).map(marketOf) : [];
}

const FALLBACK_ZONE = 'America/Chicago';

function dayIn(zone: string, now: Date): string {
  try {
    return isoDateInZone(now, zone);
  } catch {
    return isoDateInZone(now, FALLBACK_ZONE);
  }
}

/** GET task-list: contracts to sign, to price and deliveries due, judged on each contract's market day. */
export async function farmerTaskList(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  now: Date = new Date(),
): Promise<FarmerTaskList> {
  const farmer = await loadFarmer(deps, request);
  const [contracts, markets] = await Promise.all([contractsFor(deps, farmer), marketsOf(deps, farmer)]);
  const zoneOf = new Map(markets.map((m) => [m.id, m.timezone]));
  const counts: FarmerTaskList['counts'] = { signature_needed: 0, pricing_needed: 0, delivery_needed: 0 };
  const items: FarmerTaskList['items'] = [];
  // Due deliveries first by delivery start; the list is by task then date.
  const byStart = [...contracts].sort((a, b) => a.deliveryStart.localeCompare(b.deliveryStart) || a.id - b.id);
  const perTask = new Map<FarmerTask, FarmerTaskList['items']>();
  for (const c of byStart) {
    const today = dayIn(zoneOf.get(c.marketId) ?? FALLBACK_ZONE, now);
    for (const task of farmerTasks(c, today)) {
      counts[task] += 1;
      const list = perTask.get(task) ?? [];
      if (list.length < TASK_LIST_ITEM_LIMIT) list.push({ task, contract: contractRow(c) });
      perTask.set(task, list);
    }
  }
  for (const task of ['signature_needed', 'pricing_needed', 'delivery_needed'] as const)
    items.push(...(perTask.get(task) ?? []));
  return { today: dayIn(markets[0]?.timezone ?? FALLBACK_ZONE, now), counts, items };
}

/** GET crops: the crops of the farmer's contracts and tickets, each with its crop years (newest first). */
export async function farmerCrops(deps: ProfitCenterDeps, request: FastifyRequest): Promise<FarmerCrops> {
  const farmer = await loadFarmer(deps, request);
  if (farmer.clientIds.length === 0) return { crops: [] };
  const pairs = await cropYearsOf(deps.ctx.database.db, farmer.clientIds);
  const years = new Map<number, Set<number>>();
  for (const p of pairs) years.set(p.cropId, (years.get(p.cropId) ?? new Set()).add(p.cropYear));
  const crops = [...years.entries()].map(([cropId, ys]) => ({
    ...cropRecord(cropId),
    cropYears: [...ys].sort((a, b) => b - a),
  }));
  return { crops: sortCrops(crops) };
}

function sortCrops<T extends { displayName: string }>(crops: T[]): T[] {
  return crops.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** GET filters: what the farmer's lists can be filtered by (their crops, crop years, statuses and markets). */
export async function farmerFilters(deps: ProfitCenterDeps, request: FastifyRequest): Promise<FarmerFilters> {
  const farmer = await loadFarmer(deps, request);
  const [pairs, markets] = await Promise.all([
    farmer.clientIds.length > 0 ? cropYearsOf(deps.ctx.database.db, farmer.clientIds) : Promise.resolve([]),
    marketsOf(deps, farmer),
  ]);
  const cropIds = [...new Set(pairs.map((p) => p.cropId))];
  return {
    crops: sortCrops(cropIds.map(cropRecord)),
    cropYears: [...new Set(pairs.map((p) => p.cropYear))].sort((a, b) => b - a),
    statuses: [...CONTRACT_STATUSES],
    priceStatuses: [...PRICE_STATUSES],
    markets: markets.map((m) => ({ id: m.id, label: m.label })),
  };
}

/** GET location: the markets the farmer deals with. */
export async function farmerLocations(deps: ProfitCenterDeps, request: FastifyRequest): Promise<FarmerLocations> {
  const farmer = await loadFarmer(deps, request);
  return { markets: await marketsOf(deps, farmer) };
}
