import { STORE_API } from '@granary/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreHome } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { localeQuery, storeKeys } from './store-keys';

/** GET /api/store/home: featured categories, deals, popular products and the sellers of the visitor's region. */
const homeQueryOptions = (locale: string | null) =>
  queryOptions({
    queryKey: storeKeys.home(locale),
    queryFn: ({ signal }) => getJson<StoreHome>(`${STORE_API}/home`, localeQuery(locale), signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export const useStoreHome = (locale: string | null, enabled = true) =>
  useQuery({ ...homeQueryOptions(locale), enabled });
