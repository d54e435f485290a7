// Crops of grain-marketing.md 9 with their platform crop ids, exchange symbols and list filters. The
// server seeds its `crops` table from CROPS (same fields as the table's columns); the web uses the same
// records for the commodity picker and the crop filter.
//
// Ids given by the spec: Wheat 45, Alfalfa 46, Cotton 58, Winter Wheat 72, Spring Wheat 73, Durum Wheat
// 74. The others are ours (1–31, 99 for 'other'), recorded in docs/crm-views.md; never renumber them.

export type Crop = {
  readonly id: number;
  /** Stable key (snake_case). */
  readonly name: string;
  readonly displayName: string;
  /**
   * The commodity code used by the `commodity` query parameter and bids (CN corn, SB soybeans, …): the
   * exchange the crop is priced off. null when the crop has no futures market of its own. Unique.
   */
  readonly symbol: string | null;
  /** Month (1–12) the crop is usually harvested in the northern plains; null when not meaningful. */
  readonly harvestMonth: number | null;
  /** Traded in bushels (false: hundredweight, pounds, tons or tonnes). */
  readonly hasBushelQuantity: boolean;
  /** Size of one futures contract in the exchange's unit (5,000 bu, 20 t, 50,000 lb, 2,000 cwt). */
  readonly exchangeContractMultiplier: number | null;
  /** Offered in the list crop filter (section 9 'Filterable crops'). */
  readonly filterable: boolean;
};

function crop(
  id: number,
  name: string,
  displayName: string,
  symbol: string | null,
  harvestMonth: number | null,
  hasBushelQuantity: boolean,
  exchangeContractMultiplier: number | null,
  filterable = false,
): Crop {
  return Object.freeze({
    id,
    name,
    displayName,
    symbol,
    harvestMonth,
    hasBushelQuantity,
    exchangeContractMultiplier,
    filterable,
  });
}

/** Section 9's crop list, in its order. */
export const CROPS: readonly Crop[] = Object.freeze([
  crop(1, 'corn', 'Corn', 'CN', 10, true, 5000, true),
  crop(3, 'canary_seed', 'Canary Seed', null, 8, false, null),
  crop(2, 'soybeans', 'Soybeans', 'SB', 10, true, 5000, true),
  // Wheat: the generic crop prices off Chicago soft red winter (W); hard red winter off Kansas City (KW);
  // spring wheat off Minneapolis hard red spring (MW). Durum has no futures market of its own.
  crop(45, 'wheat', 'Wheat', 'W', 7, true, 5000, true),
  crop(73, 'spring_wheat', 'Spring Wheat', 'MW', 8, true, 5000, true),
  crop(72, 'winter_wheat', 'Winter Wheat', 'KW', 7, true, 5000, true),
  crop(74, 'durum_wheat', 'Durum Wheat', null, 8, true, null, true),
  crop(4, 'tomatoes', 'Tomatoes', null, 8, false, null),
  crop(46, 'alfalfa', 'Alfalfa', null, null, false, null),
  crop(5, 'edible_beans', 'Edible Beans', null, 9, false, null),
  crop(58, 'cotton', 'Cotton', 'CT', 10, false, 50000),
  crop(6, 'sunflowers', 'Sunflowers', null, 10, false, null),
  crop(7, 'sorghum', 'Sorghum', null, 10, true, null),
  crop(8, 'sugarbeets', 'Sugarbeets', null, 10, false, null),
  crop(9, 'barley', 'Barley', null, 8, true, null, true),
  crop(10, 'rye', 'Rye', null, 7, true, null),
  crop(11, 'canola', 'Canola', 'RS', 9, true, 20, true),
  crop(12, 'popcorn', 'Popcorn', null, 10, false, null),
  crop(13, 'long_grain_rice', 'Long Grain Rice', 'RR', 9, false, 2000, true),
  crop(14, 'medium_grain_rice', 'Medium Grain Rice', null, 9, false, null, true),
  crop(15, 'corn_silage', 'Corn Silage', null, 9, false, null),
  crop(16, 'wheat_silage', 'Wheat Silage', null, 6, false, null),
  crop(17, 'safflower', 'Safflower', null, 9, false, null),
  crop(18, 'oats', 'Oats', 'O', 7, true, 5000),
  crop(19, 'potatoes', 'Potatoes', null, 9, false, null),
  crop(20, 'lupins', 'Lupins', null, 8, true, null),
  crop(21, 'millet', 'Millet', null, 9, true, null),
  crop(22, 'rapeseed', 'Rapeseed', null, 8, true, null),
  crop(23, 'peas', 'Peas', null, 8, true, null),
  crop(24, 'lentils', 'Lentils', null, 8, false, null),
  crop(25, 'chickpeas', 'Chickpeas', null, 9, false, null),
  crop(26, 'wild_rice', 'Wild Rice', null, 9, false, null),
  crop(27, 'forage', 'Forage', null, null, false, null),
  crop(28, 'triticale', 'Triticale', null, 7, true, null),
  crop(29, 'peanuts', 'Peanuts', null, 10, false, null),
  crop(30, 'flax', 'Flax', null, 9, true, null),
  crop(31, 'hemp', 'Hemp', null, 9, false, null),
  crop(99, 'other', 'Other', null, null, false, null),
]);

export const CROP_IDS = {
  corn: 1,
  soybeans: 2,
  canarySeed: 3,
  tomatoes: 4,
  edibleBeans: 5,
  sunflowers: 6,
  sorghum: 7,
  sugarbeets: 8,
  barley: 9,
  rye: 10,
  canola: 11,
  popcorn: 12,
  longGrainRice: 13,
  mediumGrainRice: 14,
  cornSilage: 15,
  wheatSilage: 16,
  safflower: 17,
  oats: 18,
  potatoes: 19,
  lupins: 20,
  millet: 21,
  rapeseed: 22,
  peas: 23,
  lentils: 24,
  chickpeas: 25,
  wildRice: 26,
  forage: 27,
  triticale: 28,
  peanuts: 29,
  flax: 30,
  hemp: 31,
  wheat: 45,
  alfalfa: 46,
  cotton: 58,
  winterWheat: 72,
  springWheat: 73,
  durumWheat: 74,
  other: 99,
} as const;

/** Section 9: the default commodity code (corn). */
export const DEFAULT_COMMODITY = 'CN';

/** The wheat classes: choosing Wheat (45) in a filter includes them (a merchandiser's "all wheat"). */
export const WHEAT_VARIANT_IDS = [CROP_IDS.winterWheat, CROP_IDS.springWheat, CROP_IDS.durumWheat] as const;

const BY_ID = new Map(CROPS.map((c) => [c.id, c]));
const BY_SYMBOL = new Map(CROPS.filter((c) => c.symbol !== null).map((c) => [c.symbol as string, c]));
const BY_NAME = new Map(CROPS.map((c) => [c.name, c]));

export function cropById(id: number): Crop | null {
  return BY_ID.get(id) ?? null;
}

/** The crop of a commodity code, case-insensitive ('cn' → Corn); null for unknown codes. */
export function cropBySymbol(symbol: string | null | undefined): Crop | null {
  return symbol ? (BY_SYMBOL.get(symbol.trim().toUpperCase()) ?? null) : null;
}

/** A crop from an id ('45'), a commodity code ('SB') or a name ('spring_wheat', 'Spring Wheat'). */
export function findCrop(value: string | number | null | undefined): Crop | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return cropById(value);
  const v = value.trim();
  if (/^\d{1,4}$/.test(v)) return cropById(Number(v));
  return cropBySymbol(v) ?? BY_NAME.get(v.toLowerCase().replace(/[\s-]+/g, '_')) ?? null;
}

/** Section 9 'Filterable crops': Corn, Soybeans, the wheat classes, Canola, Barley, Rice ('All' is no filter). */
export const FILTERABLE_CROPS: readonly Crop[] = Object.freeze(CROPS.filter((c) => c.filterable));

/** The crop ids a crop filter value stands for: Wheat (45) also means its classes; others themselves. */
export function expandCropFilter(cropIds: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of cropIds) {
    out.add(id);
    if (id === CROP_IDS.wheat) for (const v of WHEAT_VARIANT_IDS) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

/** The commodity code of a crop id (the client's defaultCommodity from its default_crop_id). */
export function commodityForCrop(cropId: number | null | undefined): string | null {
  return cropId === null || cropId === undefined ? null : (cropById(cropId)?.symbol ?? null);
}

/**
 * The crop year a delivery in this month belongs to: the harvest it comes from. A month ('YYYY-MM', or a day
 * 'YYYY-MM-DD') from the crop's harvest month on is that year's crop; before it, the previous year's (old crop): corn
 * (harvested in October) December 2027 → 2027, July 2028 → 2027. A futures month names its delivery month, so an HTA
 * or a bid priced off it takes the crop year of that month. Crops without a harvest month count from September.
 */
export function cropYearOfDelivery(cropId: number, month: string): number {
  const harvest = cropById(cropId)?.harvestMonth ?? 9;
  const year = Number(month.slice(0, 4));
  return Number(month.slice(5, 7)) >= harvest ? year : year - 1;
}
