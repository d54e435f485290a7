import { STORE_API } from '@granary/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoreIngredientPage, StoreListing, StoreMarketplace, StorePestPage } from '@granary/domain';
import type { QueryValue } from '../../../lib/api/request';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { storeKeys } from './store-keys';

/** What a listing page lists: a category (path in URL form), a search, a program, the deals, everything. */
export type ListingSource =
  | { kind: 'category'; category: string; subcategory?: string }
  | { kind: 'about'; category: string }
  | { kind: 'search' }
  | { kind: 'products' }
  | { kind: 'program'; program: string };

function pathOf(source: ListingSource): string {
  switch (source.kind) {
    case 'category':
      return `/category/${encodeURIComponent(source.category)}${source.subcategory ? `/${encodeURIComponent(source.subcategory)}` : ''}`;
    case 'about':
      return `/category/${encodeURIComponent(source.category)}/about`;
    case 'search':
      return '/search';
    case 'products':
      return '/products';
    case 'program':
      return `/programs/${encodeURIComponent(source.program)}`;
  }
}

/** GET a listing (category, search, program, all products) with the page's filters, sort and page. */
export const useStoreListing = (source: ListingSource, query: Record<string, QueryValue>, enabled = true) => {
  const path = pathOf(source);
  return useQuery({
    queryKey: storeKeys.listing(source.kind, path, query),
    queryFn: ({ signal }) => getJson<StoreListing>(`${STORE_API}${path}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessRefused,
    enabled,
  });
};

/** GET /api/store/ingredients/:slug: the ingredient and its products. */
export const useIngredientPage = (slug: string, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('ingredient', slug, query),
    queryFn: ({ signal }) =>
      getJson<StoreIngredientPage>(`${STORE_API}/ingredients/${encodeURIComponent(slug)}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pests/:slug: the pest and the products that control it. */
export const usePestPage = (slug: string, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('pest', slug, query),
    queryFn: ({ signal }) => getJson<StorePestPage>(`${STORE_API}/pests/${encodeURIComponent(slug)}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** GET /api/store/marketplace/:section?: the marketplace sellers and their products. */
export const useMarketplace = (section: string | undefined, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('marketplace', section ?? '', query),
    queryFn: ({ signal }) =>
      getJson<StoreMarketplace>(
        `${STORE_API}/marketplace${section ? `/${encodeURIComponent(section)}` : ''}`,
        query,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
