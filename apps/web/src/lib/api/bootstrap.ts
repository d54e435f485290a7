import { bootstrapResponseSchema, selectEnterpriseId, type BootstrapResponse } from '@granary/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readStorage } from '../browser/storage';
import { inNativeApp, postNativeMessage } from '../native/bridge';
import { showToast } from '../toast/toast-store';
import { sessionState, setOffline } from './api-state';
import { anonymousBootstrap } from './fallback-partner';
import { queryKeys } from './query-keys';
import { request, settle } from './request';

/** `failed` marks the anonymous stand-in used when the bootstrap call failed. */
export type Bootstrap = BootstrapResponse & { failed: boolean };

/** The enterprise chosen in this tab; sent as current_enterprise_id so the server can keep the selection. */
export const CURRENT_ENTERPRISE_KEY = 'granary_current_enterprise_id';

async function fetchBootstrap(retried = false): Promise<Bootstrap> {
  const stored = readStorage(CURRENT_ENTERPRISE_KEY, 'session');
  const result = await settle(
    request<unknown>('/api/bootstrap', {
      query: { current_enterprise_id: stored && /^\d+$/.test(stored) ? stored : undefined },
      // A failed bootstrap leaves an anonymous user on the web (not the unrecoverable-error screen).
      handleNetworkErrors: false,
      handleSessionExpiry: false,
      checkSession: false,
    }),
  );
  const parsed = result.ok ? bootstrapResponseSchema.safeParse(result.json) : null;
  if (parsed?.success) {
    // 4.1: the selection stored in this tab wins when it is one of the user's enterprises.
    const data = { ...parsed.data, current_enterprise_id: selectEnterpriseId(parsed.data, stored) };
    sessionState.set({ csrfToken: data.csrf || null, isLoggedIn: data.user.isLoggedIn });
    return { ...data, failed: false };
  }
  // platform.md 4.1: the account was suspended or deleted; the server ended its session with this answer, so the
  // next bootstrap is a visitor's. Say why instead of 'Failed to bootstrap.'.
  if (!result.ok && !retried && ['account_suspended', 'account_deleted'].includes(result.error.code)) {
    showToast({ text: result.error.message }, { severity: 'error', autoHideMs: null });
    return fetchBootstrap(true);
  }
  console.error('Failed to bootstrap.', parsed?.error ?? (result.ok ? result.json : result.error));
  if (result.status === 0) setOffline(true);
  if (inNativeApp()) postNativeMessage('UNRECOVERABLE_NETWORK_ERROR');
  else showToast({ messageId: 'error.bootstrapFailed' }, { severity: 'error' });
  const fallback = anonymousBootstrap();
  sessionState.set({ csrfToken: null, isLoggedIn: false });
  return { ...fallback, failed: true };
}

export const bootstrapQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bootstrap,
    queryFn: () => fetchBootstrap(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The bootstrap; `data` is undefined while the user is not yet identified. */
export function useBootstrap() {
  return useQuery(bootstrapQueryOptions());
}
