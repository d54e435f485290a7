import { STORE_API } from '@granary/domain';
import { useQuery } from '@tanstack/react-query';
import type { StoreIngredientList, StorePestList } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { localeQuery, storeKeys } from './store-keys';

/** GET /api/store/ingredients: every active ingredient with its product count. */
export const useIngredients = (locale: string | null) =>
  useQuery({
    queryKey: storeKeys.ingredients(locale),
    queryFn: ({ signal }) => getJson<StoreIngredientList>(`${STORE_API}/ingredients`, localeQuery(locale), signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/** GET /api/store/pests: every pest with its product count. */
export const usePests = (locale: string | null) =>
  useQuery({
    queryKey: storeKeys.pests(locale),
    queryFn: ({ signal }) => getJson<StorePestList>(`${STORE_API}/pests`, localeQuery(locale), signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
