import {
  notificationsUserTopic,
  type InAppNotification,
  type NotificationList,
  type NotificationSubscription,
  type NotificationSubscriptionUpdate,
  type NotificationSubscriptions,
  type NotificationTopic,
  type UnsubscribeLink,
} from '@granary/domain';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { getJson, request, retryUnlessRefused, settle, type ApiResult } from '../../lib/api/request';
import { useLiveRefresh } from '../../lib/live/use-live-refresh';

// The calls of notification preferences, the in-app list and one-click unsubscribe (decision 055). The wire is
// snake_case as the spec's calls are, and read as it is (no key conversion).

const keys = {
  all: ['notifications'] as const,
  list: (unread: boolean) => ['notifications', 'list', unread] as const,
  unread: ['notifications', 'unread'] as const,
  prefs: (userId: string) => ['notification-preferences', userId] as const,
  unsubscribe: (id: string) => ['unsubscribe', id] as const,
};

const SUBSCRIPTIONS = '/api/effu/notifications/subscriptions';

export function usePreferences(userId: string | undefined) {
  return useQuery({
    queryKey: keys.prefs(userId ?? ''),
    queryFn: ({ signal }) =>
      getJson<NotificationSubscriptions>(`${SUBSCRIPTIONS}/user/${encodeURIComponent(userId!)}`, undefined, signal),
    enabled: Boolean(userId),
    retry: retryUnlessRefused,
  });
}

/** Sets one topic's channels; the page shows the change at once and puts it back when the server refuses it. */
export function useUpdatePreference(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { topic: NotificationTopic; update: NotificationSubscriptionUpdate }) =>
      (
        await request<NotificationSubscription>(
          `${SUBSCRIPTIONS}/topic/${v.topic}/sub_topic/all/user/${encodeURIComponent(userId)}`,
          { method: 'PUT', body: v.update },
        )
      ).json,
    onMutate: async (v) => {
      await client.cancelQueries({ queryKey: keys.prefs(userId) });
      const before = client.getQueryData<NotificationSubscriptions>(keys.prefs(userId));
      if (before) {
        client.setQueryData<NotificationSubscriptions>(keys.prefs(userId), {
          ...before,
          subscriptions: before.subscriptions.map((s) => (s.topic === v.topic ? { ...s, ...v.update } : s)),
        });
      }
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) client.setQueryData(keys.prefs(userId), context.before);
    },
    onSuccess: (saved) => {
      client.setQueryData<NotificationSubscriptions>(keys.prefs(userId), (old) =>
        old ? { ...old, subscriptions: old.subscriptions.map((s) => (s.topic === saved.topic ? saved : s)) } : old,
      );
    },
  });
}

/** The header's unread count, kept current by the user's live notifications topic. */
export function useUnreadCount(userId: string | undefined) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.unread,
    queryFn: ({ signal }) => getJson<{ unread: number }>('/api/notifications/unread-count', undefined, signal),
    enabled: Boolean(userId),
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });
  useLiveRefresh({
    topics: userId ? [notificationsUserTopic(userId)] : [],
    refresh: () => void client.invalidateQueries({ queryKey: keys.all }),
    urgent: () => true,
    enabled: Boolean(userId),
  });
  return query.data?.unread ?? 0;
}

/** The list, a page at a time (newest first); all or unread only. */
export function useNotificationList(unread: boolean) {
  return useInfiniteQuery({
    queryKey: keys.list(unread),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson<NotificationList>(
        '/api/notifications',
        { paginationToken: pageParam ?? undefined, unread: unread ? 'true' : undefined },
        signal,
      ),
    getNextPageParam: (last) => last.paginationToken,
    retry: retryUnlessRefused,
  });
}

function markReadLocally(client: QueryClient, id: number | null, unread: number): void {
  client.setQueryData(keys.unread, { unread });
  for (const onlyUnread of [false, true]) {
    client.setQueryData<InfiniteData<NotificationList>>(keys.list(onlyUnread), (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((p) => ({
              ...p,
              unread,
              notifications: p.notifications.map((n: InAppNotification) =>
                id === null || n.id === id ? { ...n, read: true } : n,
              ),
            })),
          }
        : old,
    );
  }
}

/** Marks one notification read (id) or all (null). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | null) =>
      (
        await request<{ unread: number }>(
          id === null ? '/api/notifications/read-all' : `/api/notifications/${id}/read`,
          { method: 'POST' },
        )
      ).json,
    onSuccess: (answer, id) => markReadLocally(client, id, answer.unread),
  });
}

export function useUnsubscribeLink(id: string) {
  return useQuery({
    queryKey: keys.unsubscribe(id),
    queryFn: ({ signal }) =>
      getJson<UnsubscribeLink>(`/api/notifications/unsubscribe/${encodeURIComponent(id)}`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

export function unsubscribe(id: string): Promise<ApiResult<UnsubscribeLink>> {
  return settle(
    request<UnsubscribeLink>(`/api/notifications/unsubscribe/${encodeURIComponent(id)}`, {
      method: 'POST',
      handleSessionExpiry: false,
    }),
  );
}
