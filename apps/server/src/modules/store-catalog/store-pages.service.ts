// The store's information pages (platform.md 2.4): warehouse locations, the feed products the feed-efficiency
// calculator prices from, acre plans priced from the region's variant prices, and the house-brand packs.
import {
  ACRE_PLANS,
  ACRE_PLAN_DEFAULT_ACRES,
  CrmDecimal,
  acrePlanLineCost,
  brandPackSlug,
  costPerTonOfPack,
  feedWeightUnit,
  findAcrePlan,
  parseAcres,
  sumMoney,
  type AcrePlan,
  type AcrePlanDetail,
  type AcrePlanList,
  type AcrePlanSummary,
  type BrandPackDetail,
  type BrandPackList,
  type BrandPackSummary,
  type CurrencyCode,
  type FeedProductList,
  type StoreWarehouseList,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './store-pages.repo.ts';
import { regionResponse, requireArea, type Region } from './store-catalog.service.ts';

type Country = 'USA' | 'CAN' | 'AUS';
const countryOf = (region: Region) => region.country as Country;

export async function warehouseLocations(db: Db, region: Region): Promise<StoreWarehouseList> {
  requireArea(region, 'direct');
  const rows = await repo.warehousesIn(db, countryOf(region));
  return {
    region: regionResponse(region),
    warehouses: rows.map((w) => ({
      code: w.code,
      name: w.name,
      country: w.country,
      region: w.region,
      city: w.city,
      addressLine1: w.addressLine1,
      postalCode: w.postalCode,
    })),
  };
}

/** Group rows by product, keeping the query's order. */
function byProduct(rows: repo.PricedPackRow[]): repo.PricedPackRow[][] {
  const groups = new Map<number, repo.PricedPackRow[]>();
  for (const row of rows) {
    const list = groups.get(row.productId) ?? [];
    list.push(row);
    groups.set(row.productId, list);
  }
  return [...groups.values()];
}

/** The catalogue's feed (the 'feed' category) with each pack's price per ton in the region's weight unit. */
export async function feedProducts(db: Db, region: Region): Promise<FeedProductList> {
  requireArea(region, 'direct');
  const unit = feedWeightUnit(region.region);
  const rows = await repo.pricedPacks(db, countryOf(region), { categoryPrefix: 'feed' });
  const products = byProduct(rows)
    .map((packs) => ({
      slug: packs[0]!.slug,
      name: packs[0]!.name,
      brand: packs[0]!.brand,
      categoryPath: packs[0]!.categoryPath,
      packs: packs.map((p) => ({
        id: p.variantId,
        label: p.label,
        size: p.size,
        unit: p.unit,
        packCount: p.packCount,
        amount: p.amount,
        costPerTon: costPerTonOfPack({ amount: p.amount, size: p.size, unit: p.unit, packCount: p.packCount }, unit),
      })),
    }))
    .filter((p) => p.packs.some((pack) => pack.costPerTon !== null));
  return { region: regionResponse(region), unit, currency: region.currency, products };
}

type PricedPlan = { summary: AcrePlanSummary; lines: AcrePlanDetail['lines']; total: string };

function pricePlan(plan: AcrePlan, acres: string, rows: repo.PricedPackRow[], currency: CurrencyCode): PricedPlan {
  const lines: AcrePlanDetail['lines'] = [];
  for (const item of plan.items) {
    // Only the packs measured in the rate's unit can carry the rate; a product not sold in the region is left out.
    const packs = rows.filter((r) => r.slug === item.productSlug && r.unit === item.unit);
    if (packs.length === 0) continue;
    const options = packs.map((p) => ({
      id: p.variantId,
      label: p.label,
      size: p.size,
      packCount: p.packCount,
      amount: p.amount,
    }));
    const line = acrePlanLineCost(item.ratePerAcre, acres, options);
    const first = packs[0]!;
    lines.push({
      product: { slug: first.slug, name: first.name, brand: first.brand },
      timing: item.timing,
      ratePerAcre: item.ratePerAcre,
      unit: item.unit,
      quantity: line.quantity,
      bought: line.bought,
      packs: line.picks.map((p) => ({
        variantId: p.option.id,
        label: p.option.label,
        count: p.count,
        amount: p.option.amount,
        lineTotal: new CrmDecimal(p.option.amount).mul(p.count).toFixed(2),
      })),
      costPerAcre: line.costPerAcre,
      cost: line.cost,
    });
  }
  return {
    summary: {
      slug: plan.slug,
      name: plan.name,
      crop: plan.crop,
      summary: plan.summary,
      productCount: lines.length,
      costPerAcre: sumMoney(lines.map((l) => l.costPerAcre)),
      currency,
    },
    lines,
    total: sumMoney(lines.map((l) => l.cost)),
  };
}

const planSlugs = () => [...new Set(ACRE_PLANS.flatMap((p) => p.items.map((i) => i.productSlug)))];

export async function acrePlans(db: Db, region: Region): Promise<AcrePlanList> {
  requireArea(region, 'acre-pack');
  const rows = await repo.pricedPacks(db, countryOf(region), { slugs: planSlugs() });
  const plans = ACRE_PLANS.map((plan) => pricePlan(plan, '1', rows, region.currency).summary).filter(
    (p) => p.productCount > 0,
  );
  return { region: regionResponse(region), plans };
}

export async function acrePlan(
  db: Db,
  region: Region,
  slug: string,
  acresRaw: string | undefined,
): Promise<AcrePlanDetail> {
  requireArea(region, 'acre-pack');
  const parsed = parseAcres(acresRaw ?? String(ACRE_PLAN_DEFAULT_ACRES));
  if (!parsed.ok) {
    const message = {
      required: 'Enter the number of acres.',
      not_a_number: 'Enter the acres as a number, such as 160 or 80.5.',
      not_positive: 'Enter more than 0 acres.',
      too_large: 'Enter at most 100,000 acres.',
    }[parsed.code];
    throw new AppError('invalid_request', message, { field: 'acres', reason: parsed.code });
  }
  const plan = findAcrePlan(slug);
  if (!plan) throw new AppError('not_found', 'There is no such acre plan.');
  const rows = await repo.pricedPacks(db, countryOf(region), { slugs: plan.items.map((i) => i.productSlug) });
  const priced = pricePlan(plan, parsed.acres, rows, region.currency);
  if (priced.lines.length === 0)
    throw new AppError('not_found', 'This acre plan is not available in your region.', { region: region.region });
  return {
    ...priced.summary,
    region: regionResponse(region),
    acres: parsed.acres,
    lines: priced.lines,
    total: priced.total,
    totalPerAcre: new CrmDecimal(priced.total).div(parsed.acres).toFixed(2),
  };
}

/** A house product's pack group: the first two segments of its category ('crop-protection/herbicides'). */
function packGroupOf(categoryPath: string): string {
  return categoryPath.split('/').slice(0, 2).join('/');
}

type HousePack = { summary: BrandPackSummary; items: BrandPackDetail['items'] };

/** The house store's own-label products, grouped by their category's first two levels; a pack is one of each. */

async function housePacks(
  db: Db,
  region: Region,
): Promise<{ seller: { slug: string; name: string }; packs: HousePack[] }> {
  requireArea(region, 'direct');
  const house = await repo.houseSeller(db);
  if (!house?.brand) throw new AppError('not_found', 'There is no house store.');
  const seller = { slug: house.slug, name: house.name };
  const rows = await repo.pricedPacks(db, countryOf(region), { sellerKind: 'house', brand: house.brand });
  const groups = new Map<string, repo.PricedPackRow[][]>();
  for (const packs of byProduct(rows)) {
    const group = packGroupOf(packs[0]!.categoryPath);
    groups.set(group, [...(groups.get(group) ?? []), packs]);
  }
  const tops = [...groups.keys()].map((path) => path.split('/')[0]!);
  const categories = await repo.categoriesByPath(db, [...new Set([...groups.keys(), ...tops])]);
  const packs = [...groups.entries()]
    .map(([path, products]): HousePack & { position: number } => {
      // One of each product's smallest (first) pack.
      const items = products.map((packs) => {
        const first = packs[0]!;
        return {
          product: { slug: first.slug, name: first.name, brand: first.brand },
          variantId: first.variantId,
          label: first.label,
          amount: first.amount,
        };
      });
      const top = path.split('/')[0]!;
      return {
        position: categories.get(path)?.position ?? Number.MAX_SAFE_INTEGER,
        summary: {
          slug: brandPackSlug(path),
          name: categories.get(path)?.name ?? path,
          section: top !== path ? (categories.get(top)?.name ?? null) : null,
          categoryPath: path,
          productCount: items.length,
          packPrice: sumMoney(items.map((i) => i.amount)),
          currency: region.currency,
        },
        items,
      };
    })
    // The store's category order (crop protection, seed, nutrition, animal health, feed, …).
    .sort((a, b) => a.position - b.position || a.summary.categoryPath.localeCompare(b.summary.categoryPath))
    .map(({ summary, items }) => ({ summary, items }));
  return { seller, packs };
}

export async function brandPacks(db: Db, region: Region): Promise<BrandPackList> {
  const { seller, packs } = await housePacks(db, region);
  return { region: regionResponse(region), seller, packs: packs.map((p) => p.summary) };
}

export async function brandPack(db: Db, region: Region, slug: string): Promise<BrandPackDetail> {
  const { seller, packs } = await housePacks(db, region);
  const pack = packs.find((p) => p.summary.slug === slug);
  if (!pack) throw new AppError('not_found', 'There is no such pack.');
  return { ...pack.summary, region: regionResponse(region), seller, items: pack.items };
}
