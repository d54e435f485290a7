import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreHome } from '@granary/domain';
import { localeQuery, storeGet, storeKeys, storeRetry } from './store-request';

/** GET /api/store/home: featured categories, deals, popular products and the sellers of the visitor's region. */
export const homeQueryOptions = (locale: string | null) =>
  queryOptions({
    queryKey: storeKeys.home(locale),
    queryFn: ({ signal }) => storeGet<StoreHome>('/home', localeQuery(locale), signal),
    staleTime: 60_000,
    retry: storeRetry,
  });

export const useStoreHome = (locale: string | null, enabled = true) =>
  useQuery({ ...homeQueryOptions(locale), enabled });
