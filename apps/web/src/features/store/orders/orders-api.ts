import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STORE_API,
  type AddToCartOutcome,
  type OrderDetail,
  type OrderHistory,
  type OrderReadinessAction,
  type OrderReview,
  type OrderReviewBody,
  type PreviouslyPurchased,
  type ReadinessList,
  type ShoppingList,
  type ShoppingListCreate,
  type ShoppingListItemBody,
  type ShoppingLists,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused, type HttpMethod, type QueryValue } from '../../../lib/api/request';
import { localeQuery } from '../api/store-keys';

// The buyer's orders, readiness, previously purchased and shopping lists calls (under /api/store). Private data:
// query keys under ['store-orders'], never cached across users (the shell clears queries at sign-out).

export const ordersKeys = {
  all: ['store-orders'] as const,
  history: (query: Record<string, QueryValue>) => ['store-orders', 'history', query] as const,
  order: (by: string, id: string) => ['store-orders', 'order', by, id] as const,
  readiness: ['store-orders', 'readiness'] as const,
  purchased: (year: number, locale: string | null) => ['store-orders', 'purchased', year, locale] as const,
  lists: ['store-orders', 'lists'] as const,
  list: (id: string, locale: string | null) => ['store-orders', 'list', id, locale] as const,
};

async function storeSend<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  query?: Record<string, QueryValue>,
): Promise<T> {
  const { json } = await request<T>(`${STORE_API}${path}`, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(query ? { query } : {}),
  });
  return json;
}

export type OrderHistoryFilters = { status?: string; year?: string; seller?: string; q?: string };

/** GET /api/store/orders: keyset pages ('Show more' asks for the next with the last answer's token). */
export const useOrderHistory = (filters: OrderHistoryFilters) => {
  const query: Record<string, QueryValue> = { ...filters };
  return useInfiniteQuery({
    queryKey: ordersKeys.history(query),
    queryFn: ({ signal, pageParam }) =>
      getJson<OrderHistory>(`${STORE_API}/orders`, { ...query, paginationToken: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
};

export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: ordersKeys.order('id', orderId),
    queryFn: ({ signal }) =>
      getJson<OrderDetail>(`${STORE_API}/orders/${encodeURIComponent(orderId)}`, undefined, signal),
    retry: retryUnlessRefused,
    enabled: orderId !== '',
  });

export const useOrderByCart = (cartId: string) =>
  useQuery({
    queryKey: ordersKeys.order('cart', cartId),
    queryFn: ({ signal }) =>
      getJson<OrderDetail>(`${STORE_API}/orders/by-cart/${encodeURIComponent(cartId)}`, undefined, signal),
    retry: retryUnlessRefused,
    enabled: cartId !== '',
  });

export const useReadiness = () =>
  useQuery({
    queryKey: ordersKeys.readiness,
    queryFn: ({ signal }) => getJson<ReadinessList>(`${STORE_API}/orders/readiness`, undefined, signal),
    retry: retryUnlessRefused,
  });

export const usePreviouslyPurchased = (year: number, locale: string | null) =>
  useQuery({
    queryKey: ordersKeys.purchased(year, locale),
    queryFn: ({ signal }) =>
      getJson<PreviouslyPurchased>(`${STORE_API}/previously-purchased/${year}`, localeQuery(locale), signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export const useShoppingLists = () =>
  useQuery({
    queryKey: ordersKeys.lists,
    queryFn: ({ signal }) => getJson<ShoppingLists>(`${STORE_API}/shopping-lists`, undefined, signal),
    retry: retryUnlessRefused,
  });

export const useShoppingList = (listId: string, locale: string | null) =>
  useQuery({
    queryKey: ordersKeys.list(listId, locale),
    queryFn: ({ signal }) =>
      getJson<ShoppingList>(`${STORE_API}/shopping-lists/${encodeURIComponent(listId)}`, localeQuery(locale), signal),
    retry: retryUnlessRefused,
    enabled: listId !== '',
  });

export function useSaveReview(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: string; body: OrderReviewBody }) =>
      storeSend<OrderReview>(
        'PUT',
        `/orders/${encodeURIComponent(orderId)}/reviews/${encodeURIComponent(productId)}`,
        body,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['store-orders', 'order'] }),
  });
}

export function useReorder(locale: string | null) {
  return useMutation({
    mutationFn: (orderId: string) =>
      storeSend<AddToCartOutcome>(
        'POST',
        `/orders/${encodeURIComponent(orderId)}/reorder`,
        undefined,
        localeQuery(locale),
      ),
  });
}

export function useCompleteReadiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, section }: { orderId: string; section: string }) =>
      storeSend<OrderReadinessAction>(
        'POST',
        `/orders/readiness/${encodeURIComponent(orderId)}/${encodeURIComponent(section)}/complete`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

export function useListMutations(locale: string | null) {
  const client = useQueryClient();
  const q = localeQuery(locale);
  const refresh = (list?: ShoppingList) => {
    if (list) client.setQueryData(ordersKeys.list(list.id, locale), list);
    return client.invalidateQueries({ queryKey: ordersKeys.lists });
  };
  return {
    create: useMutation({
      mutationFn: (body: ShoppingListCreate) => storeSend<ShoppingList>('POST', '/shopping-lists', body, q),
      onSuccess: (list) => refresh(list),
    }),
    rename: useMutation({
      mutationFn: ({ listId, name }: { listId: string; name: string }) =>
        storeSend<ShoppingList>('PATCH', `/shopping-lists/${encodeURIComponent(listId)}`, { name }, q),
      onSuccess: (list) => refresh(list),
    }),
    remove: useMutation({
      mutationFn: (listId: string) => storeSend<null>('DELETE', `/shopping-lists/${encodeURIComponent(listId)}`),
      onSuccess: () => refresh(),
    }),
    putItem: useMutation({
      mutationFn: ({ listId, variantId, body }: { listId: string; variantId: string; body: ShoppingListItemBody }) =>
        storeSend<ShoppingList>(
          'PUT',
          `/shopping-lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(variantId)}`,
          body,
          q,
        ),
      onSuccess: (list) => refresh(list),
    }),
    removeItem: useMutation({
      mutationFn: ({ listId, variantId }: { listId: string; variantId: string }) =>
        storeSend<ShoppingList>(
          'DELETE',
          `/shopping-lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(variantId)}`,
          undefined,
          q,
        ),
      onSuccess: (list) => refresh(list),
    }),
    toCart: useMutation({
      mutationFn: (listId: string) =>
        storeSend<AddToCartOutcome>('POST', `/shopping-lists/${encodeURIComponent(listId)}/add-to-cart`, undefined, q),
    }),
  };
}
