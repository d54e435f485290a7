import { LOGGED_IN_COOKIE, historyUrl, signInUrl } from '@granary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionState, subscribeApiEvents } from '../../lib/api/api-state';
import { useBootstrap, type Bootstrap } from '../../lib/api/bootstrap';
import { queryKeys } from '../../lib/api/query-keys';
import { readCookie } from '../../lib/browser/cookies';
import { pageLocation } from '../../lib/browser/page-location';
import { listenToNativeMessages } from '../../lib/native/bridge';
import { applyNativeUiState, nativeUiState } from '../../lib/native/native-ui-state';
import { touchActivity } from '../../lib/session/activity';

/** Whether the logged-in marker cookie disagrees with what the page believes. */
function loginStateChanged(isLoggedIn: boolean): boolean {
  return (readCookie(LOGGED_IN_COOKIE) === '1') !== isLoggedIn;
}

/** Reload when the page becomes visible and the logged-in state differs from the session cookie. */
export function useVisibilityReload(): void {
  const { data } = useBootstrap();
  const known = data && data.user.identified && !data.failed ? data.user.isLoggedIn : null;
  useEffect(() => {
    if (known === null) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && loginStateChanged(known)) pageLocation.reload();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [known]);
}

const SESSION_CHANGE_THROTTLE_MS = 10_000;

/** Reacts to the request wrapper: expired session → sign-in; changed session → fresh bootstrap. */
export function useApiEvents(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lastRefresh = useRef(0);
  useEffect(
    () =>
      subscribeApiEvents((event) => {
        if (event.type === 'session-expired') {
          // The session is gone: say so before navigating, or the logged-out-only sign-in page would bounce the
          // user straight back; then fetch a fresh (anonymous) bootstrap for a new CSRF token.
          queryClient.setQueryData<Bootstrap>(queryKeys.bootstrap, (old) =>
            old ? { ...old, user: { ...old.user, isLoggedIn: false } } : old,
          );
          sessionState.set((state) => ({ ...state, isLoggedIn: false }));
          void queryClient.invalidateQueries({ queryKey: queryKeys.bootstrap });
          const { pathname, search } = window.location;
          if (!pathname.includes('/sign-in')) navigate(signInUrl(`${pathname}${search}`));
          return;
        }
        const now = Date.now();
        if (now - lastRefresh.current < SESSION_CHANGE_THROTTLE_MS) return;
        lastRefresh.current = now;
        void queryClient.invalidateQueries({ queryKey: queryKeys.bootstrap });
      }),
    [navigate, queryClient],
  );
}

/** Messages from the native shell: NAVIGATE, GO_BACK, TRIGGER_PAINT, SET_UI_STATE. */
export function useNativeMessages(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      listenToNativeMessages((envelope) => {
        switch (envelope.type) {
          case 'NAVIGATE': {
            const payload = envelope.payload;
            const target =
              typeof payload === 'string'
                ? payload
                : typeof payload === 'object' && payload !== null
                  ? ((payload as { url?: unknown; path?: unknown }).url ?? (payload as { path?: unknown }).path)
                  : null;
            if (typeof target === 'string' && target) navigate(historyUrl(target));
            break;
          }
          case 'GO_BACK':
            navigate(-1);
            break;
          case 'TRIGGER_PAINT':
            nativeUiState.set((state) => ({ ...state, paintCount: state.paintCount + 1 }));
            break;
          case 'SET_UI_STATE':
            applyNativeUiState(envelope.payload);
            break;
        }
      }),
    [navigate],
  );
}

/** On a path change: scroll to the top (unless the URL has a hash) and record activity. */
export function useNavigationHousekeeping(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    touchActivity();
    if (hash) return;
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, [pathname, hash]);
}
