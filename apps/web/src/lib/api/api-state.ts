import { createStore } from '../store';

/** What the request wrapper knows about the session: filled from the bootstrap. */
export type SessionState = { csrfToken: string | null; isLoggedIn: boolean | null };
export const sessionState = createStore<SessionState>({ csrfToken: null, isLoggedIn: null });

/**
 * Connectivity as the shell shows it: `offline` drives the offline snackbar; `unrecoverableNetworkError` is the
 * app-wide UNRECOVERABLE_NETWORK_ERROR state (grain-marketing.md 8 'Transport') that replaces the page with the
 * generic error screen.
 */
export type ConnectivityState = { offline: boolean; unrecoverableNetworkError: boolean };
export const connectivityState = createStore<ConnectivityState>({ offline: false, unrecoverableNetworkError: false });

export function setOffline(offline: boolean): void {
  connectivityState.set((state) => (state.offline === offline ? state : { ...state, offline }));
}

export function setUnrecoverableNetworkError(value: boolean): void {
  connectivityState.set((state) =>
    state.unrecoverableNetworkError === value ? state : { ...state, unrecoverableNetworkError: value },
  );
}

/** Events the request wrapper raises for the shell (which owns the toasts and the router). */
export type ApiEvent = { type: 'session-expired'; status: number } | { type: 'session-changed' };
type ApiListener = (event: ApiEvent) => void;
const apiListeners = new Set<ApiListener>();

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of [...apiListeners]) listener(event);
}

export function subscribeApiEvents(listener: ApiListener): () => void {
  apiListeners.add(listener);
  return () => {
    apiListeners.delete(listener);
  };
}
