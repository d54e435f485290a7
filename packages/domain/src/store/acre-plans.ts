// Acre plans (/direct/acre-plan, platform.md 2.4; the 'acre-pack' store area of 9.2): named programs for one crop,
// each a list of catalogue products with a use rate per acre. The server prices them from the region's variant
// prices; this file holds the plans and the pure arithmetic (rates × acres → packs to buy → cost), exact.
import { CrmDecimal } from '../crm/exact.ts';

export type AcrePlanCrop = 'corn' | 'soybeans' | 'wheat' | 'canola';

export type AcrePlanItem = {
  /** A catalogue product's slug (a house product of the demo catalogue, apps/server/src/seed/store-demo.ts). */
  productSlug: string;
  /** When the pass goes on: shown beside the product. */
  timing: 'burndown' | 'seed' | 'pre-emergence' | 'post-emergence' | 'fungicide' | 'adjuvant' | 'nutrition';
  /** Use rate per acre, in the unit the product's packs are measured in (gal, lb, kg, unit, ac). */
  ratePerAcre: string;
  /** The pack unit the rate is written in; a product whose packs are in another unit is left out of the plan. */
  unit: string;
};

export type AcrePlan = {
  slug: string;
  name: string;
  crop: AcrePlanCrop;
  summary: string;
  items: readonly AcrePlanItem[];
};

/**
 * The plans. Rates are label-typical rates converted to the pack unit (1 qt = 0.25 gal, 6 fl oz = 0.046875 gal,
 * a 140,000-seed soybean unit per acre, one acre of a per-acre inoculant or co-pack case per acre).
 */
export const ACRE_PLANS: readonly AcrePlan[] = [
  {
    slug: 'corn-pre-post-fungicide',
    name: 'Corn: pre-emerge, post and fungicide',
    crop: 'corn',
    summary:
      'A residual pre-emergence pass, a post-emergence pass for escapes with its oil, and a fungicide at tassel.',
    items: [
      { productSlug: 'hs-atrazine-4l', timing: 'pre-emergence', ratePerAcre: '0.25', unit: 'gal' },
      { productSlug: 'hs-s-metolachlor-7-62ec', timing: 'pre-emergence', ratePerAcre: '0.1875', unit: 'gal' },
      { productSlug: 'hs-mesotrione-4sc', timing: 'post-emergence', ratePerAcre: '0.0234375', unit: 'gal' },
      { productSlug: 'hs-mso-ultra', timing: 'adjuvant', ratePerAcre: '0.125', unit: 'gal' },
      { productSlug: 'hs-azoxystrobin-2sc', timing: 'fungicide', ratePerAcre: '0.046875', unit: 'gal' },
    ],
  },
  {
    slug: 'soybean-burndown-post',
    name: 'Soybeans: seed, inoculant, burndown and post',
    crop: 'soybeans',
    summary:
      'Early soybean seed with its inoculant, a glyphosate burndown with water conditioner, and a grass post pass.',
    items: [
      { productSlug: 'hs-hs-1-9-soybean', timing: 'seed', ratePerAcre: '1', unit: 'unit' },
      { productSlug: 'hs-soybean-liquid-inoculant', timing: 'seed', ratePerAcre: '1', unit: 'ac' },
      { productSlug: 'hs-glyphosate-5-4', timing: 'burndown', ratePerAcre: '0.25', unit: 'gal' },
      { productSlug: 'hs-ams-water-conditioner', timing: 'adjuvant', ratePerAcre: '0.25', unit: 'gal' },
      { productSlug: 'hs-clethodim-2ec', timing: 'post-emergence', ratePerAcre: '0.0625', unit: 'gal' },
    ],
  },
  {
    slug: 'canola-seed-to-swath',
    name: 'Canola: seed, burndown and in-crop grass',
    crop: 'canola',
    summary:
      'Canola seed at 5 lb an acre, the pre-seed burndown co-pack, the grass co-pack in crop and a boron foliar feed.',
    items: [
      { productSlug: 'hs-clearfield-type-canola', timing: 'seed', ratePerAcre: '2.27', unit: 'kg' },
      { productSlug: 'hs-burndown-co-pack-glyphosate-saflufenacil', timing: 'burndown', ratePerAcre: '1', unit: 'ac' },
      { productSlug: 'hs-canola-grass-co-pack-clethodim-mso', timing: 'post-emergence', ratePerAcre: '1', unit: 'ac' },
      { productSlug: 'hs-boron-10-foliar', timing: 'nutrition', ratePerAcre: '0.125', unit: 'gal' },
    ],
  },
  {
    slug: 'wheat-broadleaf-fungicide',
    name: 'Wheat: burndown, broadleaf and head protection',
    crop: 'wheat',
    summary: 'A pre-seed glyphosate burndown, the cereal broadleaf co-pack in crop and a triazole at flag leaf.',
    items: [
      { productSlug: 'hs-glyphosate-41-plus', timing: 'burndown', ratePerAcre: '0.25', unit: 'gal' },
      {
        productSlug: 'hs-cereal-broadleaf-co-pack-2-4-d-dicamba',
        timing: 'post-emergence',
        ratePerAcre: '1',
        unit: 'ac',
      },
      { productSlug: 'hs-propiconazole-41-8ec', timing: 'fungicide', ratePerAcre: '0.03125', unit: 'gal' },
    ],
  },
];

export function findAcrePlan(slug: string): AcrePlan | null {
  return ACRE_PLANS.find((p) => p.slug === slug) ?? null;
}

/** Acres the calculator takes: whole or with two decimals, more than 0 and at most 100,000. */
export const ACRE_PLAN_MAX_ACRES = 100_000;
export const ACRE_PLAN_DEFAULT_ACRES = 160;

/** A pack on offer: content = size × packCount in the rate's unit, price in the region's currency. */
export type PackOption = { id: string; label: string; size: string; packCount: number; amount: string };
export type PackPick = { option: PackOption; count: number };

function contentOf(p: PackOption): CrmDecimal {
  return new CrmDecimal(p.size).mul(p.packCount);
}

function costOf(picks: PackPick[]): CrmDecimal {
  return picks.reduce((sum, p) => sum.plus(new CrmDecimal(p.option.amount).mul(p.count)), new CrmDecimal(0));
}

function packCount(picks: PackPick[]): number {
  return picks.reduce((n, p) => n + p.count, 0);
}

/**
 * The packs to buy to cover a quantity at the lowest cost: for the largest pack, either enough of it alone or as many
 * as fit with the rest covered by the smaller packs (recursively); the cheaper wins, then the one with fewer packs,
 * then the one with less left over. Packs with no content are ignored; no packs → [].
 */
export function packsToCover(quantity: string | CrmDecimal, options: readonly PackOption[]): PackPick[] {
  const need = new CrmDecimal(quantity);
  const usable = options
    .filter((o) => contentOf(o).gt(0))
    .sort((a, b) => contentOf(b).cmp(contentOf(a)) || a.id.localeCompare(b.id));
  if (!need.gt(0) || usable.length === 0) return [];
  const cover = (left: CrmDecimal, from: number): PackPick[] => {
    const option = usable[from]!;
    const content = contentOf(option);
    const alone: PackPick[] = [{ option, count: left.div(content).ceil().toNumber() }];
    if (from === usable.length - 1) return alone;
    const fit = left.div(content).floor().toNumber();
    const rest = cover(left.minus(content.mul(fit)), from + 1);
    const mixed: PackPick[] = fit > 0 ? [{ option, count: fit }, ...rest] : rest;
    const better = (a: PackPick[], b: PackPick[]) => {
      const c = costOf(a).cmp(costOf(b));
      if (c !== 0) return c < 0;
      if (packCount(a) !== packCount(b)) return packCount(a) < packCount(b);
      return true;
    };
    return better(alone, mixed) ? alone : mixed;
  };
  return cover(need, 0).filter((p) => p.count > 0);
}

export type AcrePlanLineCost = {
  quantity: string;
  picks: PackPick[];
  /** Content bought (≥ quantity). */
  bought: string;
  /** What the packs cost. */
  cost: string;
  /** The cheapest price per unit among the packs: the plan's cost per acre uses it. */
  bestUnitPrice: string | null;
  /** Rate × best unit price: the line's cost for one acre. */
  costPerAcre: string | null;
};

/** One plan line for `acres`: quantity = rate × acres, the packs that cover it, their cost and the cost per acre. */
export function acrePlanLineCost(ratePerAcre: string, acres: string, options: readonly PackOption[]): AcrePlanLineCost {
  const rate = new CrmDecimal(ratePerAcre);
  const quantity = rate.mul(acres);
  const picks = packsToCover(quantity, options);
  const bought = picks.reduce((sum, p) => sum.plus(contentOf(p.option).mul(p.count)), new CrmDecimal(0));
  const unitPrices = options.filter((o) => contentOf(o).gt(0)).map((o) => new CrmDecimal(o.amount).div(contentOf(o)));
  const best = unitPrices.length > 0 ? CrmDecimal.min(...unitPrices) : null;
  return {
    quantity: quantity.toDecimalPlaces(4).toString(),
    picks,
    bought: bought.toDecimalPlaces(4).toString(),
    cost: costOf(picks).toFixed(2),
    bestUnitPrice: best ? best.toFixed(4) : null,
    costPerAcre: best ? rate.mul(best).toFixed(2) : null,
  };
}

/** Sum of money strings, two decimals. */
export function sumMoney(values: readonly (string | null)[]): string {
  return values.reduce<CrmDecimal>((sum, v) => (v === null ? sum : sum.plus(v)), new CrmDecimal(0)).toFixed(2);
}

/** Parses an acres value as typed ('1,200', '80.5'): the decimal string, or an error code. */
export function parseAcres(
  raw: string,
): { ok: true; acres: string } | { ok: false; code: 'required' | 'not_a_number' | 'not_positive' | 'too_large' } {
  const text = raw.trim().replace(/,/g, '');
  if (text === '') return { ok: false, code: 'required' };
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return { ok: false, code: 'not_a_number' };
  const value = new CrmDecimal(text);
  if (!value.gt(0)) return { ok: false, code: 'not_positive' };
  if (value.gt(ACRE_PLAN_MAX_ACRES)) return { ok: false, code: 'too_large' };
  return { ok: true, acres: value.toString() };
}
