import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  STORE_API,
  STORE_MARKETING_DIALOG_SEEN_PATH,
  STORE_MARKETING_DIALOG_SUBSCRIBE_PATH,
  STORE_TERMS_ACCEPT_PATH,
  MARKETING_SUBSCRIBE_DIALOG_ID,
  type AcceptTermsResponse,
  type MarketingDialogResponse,
} from '@granary/domain';
import type { Bootstrap } from '../../../lib/api/bootstrap';
import { queryKeys } from '../../../lib/api/query-keys';
import { request } from '../../../lib/api/request';

async function post<T>(path: string): Promise<T> {
  // No network-error snackbar: the dialog shows its own message and stays open.
  const { json } = await request<T>(`${STORE_API}${path}`, { method: 'POST', handleNetworkErrors: false });
  return json;
}

/** Updates the cached bootstrap's user in place, so that the dialogs follow at once (no reload). */
function useUpdateBootstrapUser() {
  const client = useQueryClient();
  return (change: (user: Bootstrap['user'], bootstrap: Bootstrap) => Partial<Bootstrap>) =>
    client.setQueryData<Bootstrap>(queryKeys.bootstrap, (old) => (old ? { ...old, ...change(old.user, old) } : old));
}

/** Accept the store's terms of service (platform.md 2.9). */
export function useAcceptTerms() {
  const update = useUpdateBootstrapUser();
  return useMutation({
    mutationFn: () => post<AcceptTermsResponse>(STORE_TERMS_ACCEPT_PATH),
    onSuccess: () => update((user) => ({ user: { ...user, must_accept_tos: false }, tos_accepted: true })),
  });
}

const withSeen = (seen: readonly string[] | undefined) =>
  Array.from(new Set([...(seen ?? []), MARKETING_SUBSCRIBE_DIALOG_ID]));

/** The marketing-subscribe dialog was seen (closed without subscribing): recorded for every device. */
export function useMarketingDialogSeen() {
  const update = useUpdateBootstrapUser();
  return useMutation({
    mutationFn: () => post<MarketingDialogResponse>(STORE_MARKETING_DIALOG_SEEN_PATH),
    onSuccess: () => update((user) => ({ user: { ...user, dialogs_seen: withSeen(user.dialogs_seen) } })),
  });
}

/** Subscribe to promotional marketing from the dialog. The bootstrap is updated when the confirmation is closed. */
export function useMarketingSubscribe() {
  return useMutation({ mutationFn: () => post<MarketingDialogResponse>(STORE_MARKETING_DIALOG_SUBSCRIBE_PATH) });
}

/** After the subscribe confirmation is closed: the dialog is seen. */
export function useMarkMarketingSeenLocally() {
  const update = useUpdateBootstrapUser();
  return () => update((user) => ({ user: { ...user, dialogs_seen: withSeen(user.dialogs_seen) } }));
}
