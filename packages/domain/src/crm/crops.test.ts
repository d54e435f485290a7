import { describe, expect, it } from 'vitest';
import {
  CROPS,
  CROP_IDS,
  DEFAULT_COMMODITY,
  cropYearOfDelivery,
  FILTERABLE_CROPS,
  commodityForCrop,
  cropById,
  cropBySymbol,
  expandCropFilter,
  findCrop,
} from './crops.ts';

describe('crops', () => {
  it('keeps the ids the spec gives', () => {
    expect([cropById(58)?.displayName, cropById(46)?.displayName, cropById(45)?.displayName]).toEqual([
      'Cotton',
      'Alfalfa',
      'Wheat',
    ]);
    expect([cropById(72)?.displayName, cropById(73)?.displayName, cropById(74)?.displayName]).toEqual([
      'Winter Wheat',
      'Spring Wheat',
      'Durum Wheat',
    ]);
  });

  it('keeps our ids stable (a renumbering breaks stored contracts)', () => {
    expect(Object.fromEntries(CROPS.map((c) => [c.name, c.id]))).toEqual({
      corn: 1,
      canary_seed: 3,
      soybeans: 2,
      wheat: 45,
      spring_wheat: 73,
      winter_wheat: 72,
      durum_wheat: 74,
      tomatoes: 4,
      alfalfa: 46,
      edible_beans: 5,
      cotton: 58,
      sunflowers: 6,
      sorghum: 7,
      sugarbeets: 8,
      barley: 9,
      rye: 10,
      canola: 11,
      popcorn: 12,
      long_grain_rice: 13,
      medium_grain_rice: 14,
      corn_silage: 15,
      wheat_silage: 16,
      safflower: 17,
      oats: 18,
      potatoes: 19,
      lupins: 20,
      millet: 21,
      rapeseed: 22,
      peas: 23,
      lentils: 24,
      chickpeas: 25,
      wild_rice: 26,
      forage: 27,
      triticale: 28,
      peanuts: 29,
      flax: 30,
      hemp: 31,
      other: 99,
    });
    for (const [key, id] of Object.entries(CROP_IDS))
      expect(cropById(id)?.name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())).toBe(key);
  });

  it('has unique ids, names and commodity codes', () => {
    expect(new Set(CROPS.map((c) => c.id)).size).toBe(CROPS.length);
    expect(new Set(CROPS.map((c) => c.name)).size).toBe(CROPS.length);
    const symbols = CROPS.flatMap((c) => (c.symbol ? [c.symbol] : []));
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('defaults to corn (CN); soybeans are SB', () => {
    expect(DEFAULT_COMMODITY).toBe('CN');
    expect(cropBySymbol(DEFAULT_COMMODITY)?.id).toBe(CROP_IDS.corn);
    expect(cropBySymbol('sb')?.id).toBe(CROP_IDS.soybeans);
    expect(cropBySymbol('KW')?.id).toBe(CROP_IDS.winterWheat);
    expect(cropBySymbol('MW')?.id).toBe(CROP_IDS.springWheat);
    expect(cropBySymbol('RS')?.id).toBe(CROP_IDS.canola);
    expect(cropBySymbol('ZZ')).toBeNull();
    expect(commodityForCrop(2)).toBe('SB');
    expect(commodityForCrop(74)).toBeNull();
    expect(commodityForCrop(null)).toBeNull();
  });

  it('offers Corn, Soybeans, the wheats, Canola, Barley and Rice in the filter', () => {
    expect(FILTERABLE_CROPS.map((c) => c.displayName)).toEqual([
      'Corn',
      'Soybeans',
      'Wheat',
      'Spring Wheat',
      'Winter Wheat',
      'Durum Wheat',
      'Barley',
      'Canola',
      'Long Grain Rice',
      'Medium Grain Rice',
    ]);
  });

  it('finds a crop by id, code or name; Wheat in a filter means every wheat', () => {
    expect(findCrop('45')?.name).toBe('wheat');
    expect(findCrop('cn')?.name).toBe('corn');
    expect(findCrop('Spring Wheat')?.id).toBe(73);
    expect(findCrop('spring-wheat')?.id).toBe(73);
    expect(findCrop('nope')).toBeNull();
    expect(findCrop(9999)).toBeNull();
    expect(expandCropFilter([45, 1])).toEqual([1, 45, 72, 73, 74]);
    expect(expandCropFilter([73])).toEqual([73]);
  });

  it('gives a delivery month the crop year of the harvest it comes from (old crop before the harvest month)', () => {
    expect(cropYearOfDelivery(CROP_IDS.corn, '2027-12')).toBe(2027);
    expect(cropYearOfDelivery(CROP_IDS.corn, '2028-07')).toBe(2027);
    expect(cropYearOfDelivery(CROP_IDS.corn, '2028-03-15')).toBe(2027);
    expect(cropYearOfDelivery(CROP_IDS.corn, '2027-10')).toBe(2027);
    // Wheat is harvested in July: July is new crop, May old crop.
    expect(cropYearOfDelivery(CROP_IDS.wheat, '2028-07')).toBe(2028);
    expect(cropYearOfDelivery(CROP_IDS.wheat, '2028-05')).toBe(2027);
    // No harvest month: from September.
    expect(cropYearOfDelivery(CROP_IDS.alfalfa, '2028-08')).toBe(2027);
    expect(cropYearOfDelivery(CROP_IDS.alfalfa, '2028-09')).toBe(2028);
  });
});
