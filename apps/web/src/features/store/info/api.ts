import { STORE_API } from '@granary/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AcrePlanDetail,
  AcrePlanList,
  BrandPackDetail,
  BrandPackList,
  FeedProductList,
  StoreWarehouseList,
} from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { localeQuery } from '../api/store-keys';

/** Query keys of the information pages (under ['store']: public catalogue data). */
const storePagesKeys = {
  warehouses: (locale: string | null) => ['store', 'pages', 'warehouses', locale] as const,
  feedProducts: (locale: string | null) => ['store', 'pages', 'feed-products', locale] as const,
  acrePlans: (locale: string | null) => ['store', 'pages', 'acre-plans', locale] as const,
  acrePlan: (slug: string, acres: string, locale: string | null) =>
    ['store', 'pages', 'acre-plan', slug, acres, locale] as const,
  brandPacks: (locale: string | null) => ['store', 'pages', 'brand-packs', locale] as const,
  brandPack: (slug: string, locale: string | null) => ['store', 'pages', 'brand-pack', slug, locale] as const,
};

const FIVE_MINUTES = 5 * 60_000;

/** GET /api/store/pages/warehouses: the pickup locations of the visitor's country. */
export const useWarehouses = (locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.warehouses(locale),
    queryFn: ({ signal }) => getJson<StoreWarehouseList>(`${STORE_API}/pages/warehouses`, localeQuery(locale), signal),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pages/feed-products: the feed category's packs with their price per ton. */
export const useFeedProducts = (locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.feedProducts(locale),
    queryFn: ({ signal }) => getJson<FeedProductList>(`${STORE_API}/pages/feed-products`, localeQuery(locale), signal),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pages/acre-plans: the plans with their cost per acre. */
export const useAcrePlans = (locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.acrePlans(locale),
    queryFn: ({ signal }) => getJson<AcrePlanList>(`${STORE_API}/pages/acre-plans`, localeQuery(locale), signal),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pages/acre-plans/:slug?acres=: one plan priced for the acres (the last answer stays while the next loads). */
export const useAcrePlan = (slug: string, acres: string, locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.acrePlan(slug, acres, locale),
    queryFn: ({ signal }) =>
      getJson<AcrePlanDetail>(
        `${STORE_API}/pages/acre-plans/${encodeURIComponent(slug)}`,
        { ...localeQuery(locale), acres },
        signal,
      ),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

/** GET /api/store/pages/brand-packs: the house-brand packs. */
export const useBrandPacks = (locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.brandPacks(locale),
    queryFn: ({ signal }) => getJson<BrandPackList>(`${STORE_API}/pages/brand-packs`, localeQuery(locale), signal),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pages/brand-packs/:slug: one pack and its products. */
export const useBrandPack = (slug: string, locale: string | null) =>
  useQuery({
    queryKey: storePagesKeys.brandPack(slug, locale),
    queryFn: ({ signal }) =>
      getJson<BrandPackDetail>(
        `${STORE_API}/pages/brand-packs/${encodeURIComponent(slug)}`,
        localeQuery(locale),
        signal,
      ),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessRefused,
  });
