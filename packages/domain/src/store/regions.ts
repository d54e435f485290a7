// The store's regional feature flags (platform.md 9.2) as data, and the store region of a visitor (9.1).
import { countryByCode, type CountryCode, type CurrencyCode } from '../region/countries.ts';
import { isLocale, regionForLocale, type Locale } from '../region/locales.ts';

/**
 * Store areas a region may turn on or off. The spec lists some flags per region and says the full list is not
 * shown; what it does not say is decided here (docs/decisions/020-store-catalogue.md):
 * - The areas named as 'on' for Canada and not for the US (co-packs, nutritionals, inoculants, BC products,
 *   flat shipping, acre pack, self-checkout discount) are Canadian programs: off in the US.
 * - 'US: nearly all store features on' — everything else, except the advanced-nutrients tab and acre pack.
 * - Australia: the store (direct) is off; 'some tabs on' are read as the reference pages (ingredients, pests),
 *   plus the ABN account and pay by check the spec names.
 * - Quebec is unsupported: nothing is on.
 */
export const STORE_AREAS = [
  'direct',
  'marketplace',
  'search',
  'ingredients',
  'pests',
  'deals',
  'add-to-cart',
  'co-packs',
  'nutritionals',
  'inoculants',
  'organics',
  'bc-products',
  'advanced-nutrients',
  'acre-pack',
  'flat-shipping',
  'self-checkout-discount',
  'bio-finder',
  'for-you-carousel',
  'abn-account',
  'pay-by-check',
] as const;
export type StoreArea = (typeof STORE_AREAS)[number];

/** The store's regions: the three countries, and Quebec (defined, unsupported). */
export const STORE_REGIONS = ['US', 'CA', 'AU', 'QC'] as const;
export type StoreRegion = (typeof STORE_REGIONS)[number];

export const STORE_REGION_FLAGS: { readonly [R in StoreRegion]: readonly StoreArea[] } = {
  US: [
    'direct',
    'marketplace',
    'search',
    'ingredients',
    'pests',
    'deals',
    'add-to-cart',
    'organics',
    'bio-finder',
    'for-you-carousel',
    'pay-by-check',
  ],
  CA: [
    'direct',
    'marketplace',
    'search',
    'ingredients',
    'pests',
    'deals',
    'add-to-cart',
    'co-packs',
    'nutritionals',
    'inoculants',
    'organics',
    'bc-products',
    'acre-pack',
    'flat-shipping',
    'self-checkout-discount',
    'pay-by-check',
  ],
  AU: ['ingredients', 'pests', 'abn-account', 'pay-by-check'],
  QC: [],
};

export function isStoreAreaOn(region: StoreRegion, area: StoreArea): boolean {
  return STORE_REGION_FLAGS[region].includes(area);
}

/** A visitor's store region: country, currency and the locale its prices are written in. */
export type StoreRegionInfo = { region: StoreRegion; country: CountryCode; currency: CurrencyCode; locale: Locale };

const REGION_OF_LOCALE: { readonly [L in Locale]: StoreRegion } = {
  'en-us': 'US',
  'en-ca': 'CA',
  'en-ca-qc': 'QC',
  'en-au': 'AU',
};

export function storeRegionForLocale(locale: Locale): StoreRegionInfo {
  const r = regionForLocale(locale);
  return { region: REGION_OF_LOCALE[locale], country: r.country, currency: r.currency, locale };
}

/**
 * The region of a visitor: the URL's locale when it names one, else the country of the user's enterprise, else
 * the US (the default locale). An unknown locale string is ignored, never an error here (the route validates it).
 */
export function resolveStoreRegion(input: {
  locale?: string | null;
  enterpriseCountry?: string | null;
}): StoreRegionInfo {
  const locale = input.locale?.toLowerCase();
  if (locale && isLocale(locale)) return storeRegionForLocale(locale);
  const country = countryByCode(input.enterpriseCountry ?? '');
  if (country?.code === 'CAN') return storeRegionForLocale('en-ca');
  if (country?.code === 'AUS') return storeRegionForLocale('en-au');
  return storeRegionForLocale('en-us');
}
