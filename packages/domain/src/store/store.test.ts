import { describe, expect, it } from 'vitest';
import {
  canonicalCategorySlug,
  categoryHref,
  isProductDocumentType,
  subcategoryPathFromUrl,
  subcategoryPathToUrl,
  PRODUCT_KINDS,
  PRODUCT_CATEGORIES,
} from './catalogue.ts';
import { isStoreAreaOn, resolveStoreRegion, STORE_AREAS } from './regions.ts';
import { imageSources, requestedImageSize, sizedImageUrl } from './images.ts';
import { formatPackSize, formatStorePrice, formatUnitPrice, unitPriceOf } from './price.ts';
import { storeListingQuerySchema, storeSearchQuerySchema } from './api.ts';

describe('catalogue vocabulary', () => {
  it('has the kinds and categories of platform.md 3.8', () => {
    expect(PRODUCT_KINDS).toContain('green-cover-seeds');
    expect(PRODUCT_KINDS).toHaveLength(7);
    expect(PRODUCT_CATEGORIES).toEqual([
      'chemical',
      'seed',
      'animal_health',
      'feed',
      'dry_feed',
      'liquid_fertilizer',
      'house_special',
      'unknown',
    ]);
  });

  it('reads both spellings of a route category as one category', () => {
    expect(canonicalCategorySlug('animal_health')).toBe('animal-health');
    expect(canonicalCategorySlug('animal-health')).toBe('animal-health');
    expect(canonicalCategorySlug('Crop_Protection')).toBe('crop-protection');
    expect(canonicalCategorySlug('seed')).toBe('seed');
    expect(canonicalCategorySlug('animal health')).toBeNull();
    expect(canonicalCategorySlug('tractors')).toBeNull();
  });

  it('turns dots in a subcategory into slashes and back', () => {
    expect(subcategoryPathFromUrl('herbicides.pre-emergence')).toBe('herbicides/pre-emergence');
    expect(subcategoryPathFromUrl('herbicides/pre-emergence')).toBe('herbicides/pre-emergence');
    expect(subcategoryPathFromUrl('Herbicides')).toBe('herbicides');
    expect(subcategoryPathFromUrl('herbicides..x')).toBeNull();
    expect(subcategoryPathFromUrl('a b')).toBeNull();
    expect(subcategoryPathToUrl('herbicides/pre-emergence')).toBe('herbicides.pre-emergence');
    expect(categoryHref('crop-protection')).toBe('/direct/crop-protection');
    expect(categoryHref('crop-protection/herbicides/burndown')).toBe('/direct/crop-protection/herbicides.burndown');
  });

  it('knows the four document types', () => {
    expect(isProductDocumentType('sds')).toBe(true);
    expect(isProductDocumentType('mixing-instructions')).toBe(true);
    expect(isProductDocumentType('brochure')).toBe(false);
  });
});

describe('regional flags (platform.md 9.2)', () => {
  it('turns the Canadian programs on in Canada and off in the US', () => {
    for (const area of [
      'co-packs',
      'nutritionals',
      'inoculants',
      'bc-products',
      'acre-pack',
      'flat-shipping',
    ] as const) {
      expect(isStoreAreaOn('CA', area)).toBe(true);
      expect(isStoreAreaOn('US', area)).toBe(false);
    }
  });

  it('has the US store on but advanced nutrients and acre pack off; bio finder off in Canada', () => {
    expect(isStoreAreaOn('US', 'direct')).toBe(true);
    expect(isStoreAreaOn('US', 'advanced-nutrients')).toBe(false);
    expect(isStoreAreaOn('CA', 'bio-finder')).toBe(false);
    expect(isStoreAreaOn('CA', 'for-you-carousel')).toBe(false);
  });

  it('has the store off in Australia with ABN and check on, and nothing on in Quebec', () => {
    expect(isStoreAreaOn('AU', 'direct')).toBe(false);
    expect(isStoreAreaOn('AU', 'abn-account')).toBe(true);
    expect(isStoreAreaOn('AU', 'pay-by-check')).toBe(true);
    expect(STORE_AREAS.some((area) => isStoreAreaOn('QC', area))).toBe(false);
  });

  it('takes the region from the locale, else the enterprise, else the US', () => {
    expect(resolveStoreRegion({ locale: 'en-ca' })).toMatchObject({ region: 'CA', currency: 'CAD' });
    expect(resolveStoreRegion({ locale: 'en-ca-qc' }).region).toBe('QC');
    expect(resolveStoreRegion({ enterpriseCountry: 'AUS' })).toMatchObject({
      region: 'AU',
      currency: 'AUD',
      locale: 'en-au',
    });
    expect(resolveStoreRegion({ locale: 'en-us', enterpriseCountry: 'CAN' }).region).toBe('US');
    expect(resolveStoreRegion({})).toMatchObject({ region: 'US', currency: 'USD', locale: 'en-us' });
    expect(resolveStoreRegion({ locale: 'fr-fr', enterpriseCountry: 'CAN' }).region).toBe('CA');
  });
});

describe('image sizing (platform.md 5.8)', () => {
  it('asks for width and height only when both are under 4000 px', () => {
    expect(sizedImageUrl('/img/1', { width: 300, height: 200 })).toBe('/img/1?w=300&h=200');
    expect(sizedImageUrl('/img/1', { width: 4000, height: 200 })).toBe('/img/1');
    expect(sizedImageUrl('/img/1', { width: 300, height: 4200 })).toBe('/img/1');
    expect(sizedImageUrl('/img/1', null)).toBe('/img/1');
  });

  it('requests 2x and optionally 3x variants, falling back to the original past the limit', () => {
    expect(imageSources('/i', { width: 300, height: 300 })).toEqual({
      src: '/i?w=300&h=300',
      srcSet: '/i?w=300&h=300 1x, /i?w=600&h=600 2x',
    });
    expect(imageSources('/i', { width: 1500, height: 1000 }, { with3x: true }).srcSet).toBe(
      '/i?w=1500&h=1000 1x, /i?w=3000&h=2000 2x, /i 3x',
    );
  });

  it('reads a request size only when sized and within the limit', () => {
    expect(requestedImageSize('300', '200')).toEqual({ width: 300, height: 200 });
    expect(requestedImageSize('300', undefined)).toBeNull();
    expect(requestedImageSize('5000', '200')).toBeNull();
    expect(requestedImageSize('3.5', '200')).toBeNull();
  });
});

describe('prices', () => {
  it('writes US dollars plainly and other dollars with their code', () => {
    expect(formatStorePrice('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatStorePrice('1234.5', 'CAD')).toBe('$1,234.50 CAD');
    expect(formatUnitPrice('12.3456', 'USD', 'gal')).toBe('$12.35/gal');
    expect(formatUnitPrice('0.0125', 'USD', 'seed')).toBe('$0.0125/seed');
  });

  it('computes the price per unit exactly and writes pack sizes', () => {
    expect(unitPriceOf('89.99', '2.5', 1)).toBe('35.9960');
    expect(unitPriceOf('100', '2.5', 2)).toBe('20.0000');
    expect(unitPriceOf('100', '0', 1)).toBeNull();
    expect(formatPackSize('2.500', 'gal', 1)).toBe('2.5 gal');
    expect(formatPackSize('2.5', 'gal', 2)).toBe('2 × 2.5 gal');
  });
});

describe('listing query', () => {
  it('reads repeated facet parameters and numbers', () => {
    const q = storeListingQuerySchema.parse({
      page: '2',
      pageSize: '48',
      brand: ['A', 'B'],
      kind: 'chemical',
      inStock: 'true',
      minPrice: '10',
      maxPrice: '99.50',
    });
    expect(q).toMatchObject({
      page: 2,
      pageSize: 48,
      brand: ['A', 'B'],
      kind: ['chemical'],
      inStock: true,
      minPrice: '10',
      maxPrice: '99.50',
    });
  });

  it('refuses bad parameters instead of guessing', () => {
    expect(storeListingQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(storeListingQuerySchema.safeParse({ pageSize: '25' }).success).toBe(false);
    expect(storeListingQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(storeListingQuerySchema.safeParse({ minPrice: '-1' }).success).toBe(false);
    expect(storeListingQuerySchema.safeParse({ minPrice: '50', maxPrice: '10' }).success).toBe(false);
    expect(storeListingQuerySchema.safeParse({ color: 'red' }).success).toBe(false);
    expect(storeSearchQuerySchema.safeParse({ q: '  ' }).success).toBe(false);
    expect(storeSearchQuerySchema.safeParse({ q: 'atrazine' }).success).toBe(true);
  });
});
