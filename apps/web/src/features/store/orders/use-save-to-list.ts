import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type ShoppingLists, type ShoppingListsWithVariant, STORE_API } from '@granary/domain';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { ordersKeys, useListMutations } from './orders-api';

const withVariantKey = (variantId: string) => [...ordersKeys.all, 'with-variant', variantId] as const;

/** GET /api/store/shopping-lists/with-variant/:variantId — which lists hold the pack size (only while the menu is open). */
function useListsWithVariant(variantId: string, enabled: boolean) {
  return useQuery({
    queryKey: withVariantKey(variantId),
    queryFn: ({ signal }) =>
      getJson<ShoppingListsWithVariant>(
        `${STORE_API}/shopping-lists/with-variant/${encodeURIComponent(variantId)}`,
        undefined,
        signal,
      ),
    retry: retryUnlessRefused,
    enabled,
  });
}

/** The buyer's lists (the lists page's query), read once the menu opens. */
function useLists(enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.lists,
    queryFn: ({ signal }) => getJson<ShoppingLists>(`${STORE_API}/shopping-lists`, undefined, signal),
    retry: retryUnlessRefused,
    enabled,
  });
}

export type SaveToListNotice = { severity: 'success' | 'error'; text: string; listId: string | null };

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The list picker's state: the menu's anchor, the lists and which hold the pack size (read while the menu is open),
 * choosing a list (saves the pack size to it, or takes it off when it is there), a new list with it, and the notice.
 */
export function useSaveToList(variantId: string, quantity: number) {
  const t = useT();
  const { locale } = useStoreLocale();
  const { data: bootstrap } = useBootstrap();
  const client = useQueryClient();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SaveToListNotice | null>(null);
  const signedIn = bootstrap?.user.isLoggedIn === true;
  const open = anchor !== null;
  const lists = useLists(signedIn && open);
  const holding = useListsWithVariant(variantId, signedIn && open);
  const mutations = useListMutations(locale);
  const busy = mutations.putItem.isPending || mutations.removeItem.isPending || mutations.create.isPending;

  const refreshHolding = () => client.invalidateQueries({ queryKey: withVariantKey(variantId) });
  const held = new Map((holding.data?.lists ?? []).map((l) => [l.listId, l.quantity]));

  const choose = async (listId: string, name: string) => {
    setAnchor(null);
    try {
      if (held.has(listId)) {
        await mutations.removeItem.mutateAsync({ listId, variantId });
        setNotice({ severity: 'success', text: t('orders.saveToList.removed', { name }), listId });
      } else {
        await mutations.putItem.mutateAsync({ listId, variantId, body: { quantity } });
        setNotice({ severity: 'success', text: t('orders.saveToList.saved', { name }), listId });
      }
    } catch (error) {
      setNotice({
        severity: 'error',
        text: t('orders.saveToList.failed', { message: errorText(error) }),
        listId: null,
      });
    } finally {
      void refreshHolding();
    }
  };

  const create = async (name: string) => {
    setCreateError(null);
    try {
      const list = await mutations.create.mutateAsync({ name, items: [{ variantId, quantity, note: '' }] });
      setCreating(false);
      setNotice({ severity: 'success', text: t('orders.saveToList.saved', { name: list.name }), listId: list.id });
      void refreshHolding();
    } catch (error) {
      setCreateError(t('orders.saveToList.failed', { message: errorText(error) }));
    }
  };

  const startCreating = () => {
    setAnchor(null);
    setCreateError(null);
    setCreating(true);
  };

  return {
    identified: bootstrap?.user.identified === true,
    signedIn,
    menuId,
    anchor,
    setAnchor,
    open,
    lists,
    holding,
    held,
    busy,
    choose,
    creating,
    setCreating,
    createError,
    createPending: mutations.create.isPending,
    create,
    startCreating,
    notice,
    setNotice,
  };
}

export type SaveToListState = ReturnType<typeof useSaveToList>;
