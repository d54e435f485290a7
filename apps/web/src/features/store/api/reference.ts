import { useQuery } from '@tanstack/react-query';
import type { StoreIngredientList, StorePestList } from '@granary/domain';
import { localeQuery, storeGet, storeKeys, storeRetry } from './store-request';

/** GET /api/store/ingredients: every active ingredient with its product count. */
export const useIngredients = (locale: string | null) =>
  useQuery({
    queryKey: storeKeys.ingredients(locale),
    queryFn: ({ signal }) => storeGet<StoreIngredientList>('/ingredients', localeQuery(locale), signal),
    staleTime: 5 * 60_000,
    retry: storeRetry,
  });

/** GET /api/store/pests: every pest with its product count. */
export const usePests = (locale: string | null) =>
  useQuery({
    queryKey: storeKeys.pests(locale),
    queryFn: ({ signal }) => storeGet<StorePestList>('/pests', localeQuery(locale), signal),
    staleTime: 5 * 60_000,
    retry: storeRetry,
  });
