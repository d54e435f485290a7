import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoreIngredientPage, StoreListing, StoreMarketplace, StorePestPage } from '@granary/domain';
import type { QueryValue } from '../../../lib/api/request';
import { storeGet, storeKeys, storeRetry } from './store-request';

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
    queryFn: ({ signal }) => storeGet<StoreListing>(path, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: storeRetry,
    enabled,
  });
};

/** GET /api/store/ingredients/:slug: the ingredient and its products. */
export const useIngredientPage = (slug: string, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('ingredient', slug, query),
    queryFn: ({ signal }) => storeGet<StoreIngredientPage>(`/ingredients/${encodeURIComponent(slug)}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: storeRetry,
  });

/** GET /api/store/pests/:slug: the pest and the products that control it. */
export const usePestPage = (slug: string, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('pest', slug, query),
    queryFn: ({ signal }) => storeGet<StorePestPage>(`/pests/${encodeURIComponent(slug)}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: storeRetry,
  });

/** GET /api/store/marketplace/:section?: the marketplace sellers and their products. */
export const useMarketplace = (section: string | undefined, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: storeKeys.listing('marketplace', section ?? '', query),
    queryFn: ({ signal }) =>
      storeGet<StoreMarketplace>(`/marketplace${section ? `/${encodeURIComponent(section)}` : ''}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: storeRetry,
  });
