import { isErrorCode, type PublicMarketPage } from '@granary/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-error';
import type { RefreshState } from './components/market-view';

/** How often an open page asks for fresh prices while it is visible. */
export const REFRESH_MS = 30_000;
/** Live events (every futures tick) refresh the page at most this often. */
const EVENT_REFRESH_GAP_MS = 5_000;
/** The live stream opens this long after the page shows. */
const EVENTS_DELAY_MS = 3_000;
/** The public live-events stream (docs/api/live-events.md): a 'bids' or 'quotes' event makes the page refresh now. */
const PUBLIC_EVENTS_PATH = '/api/public/events';

function publicMarketUrl(slug: string | null): string {
  return slug ? `/api/public/market/${encodeURIComponent(slug)}` : '/api/public/market';
}

/**
 * GET the public page's data. Plain fetch, not the app's request wrapper: the light public entry has no session,
 * cookies or CSRF token to send (decision 018), and stays small. A failure throws the app's ApiError all the same.
 */
export async function fetchPublicMarket(slug: string | null, signal?: AbortSignal): Promise<PublicMarketPage> {
  // 'no-cache': revalidate, so a refresh never reads the browser's copy of a few seconds ago.
  const response = await fetch(publicMarketUrl(slug), {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    cache: 'no-cache',
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    throw new ApiError(response.status, isErrorCode(body.code) ? body.code : 'unexpected', `HTTP ${response.status}`);
  }
  return (await response.json()) as PublicMarketPage;
}

/**
 * Keeps a market page's prices current: asks for the page again every REFRESH_MS while the tab is visible, at once
 * when it becomes visible again, and when the public live stream says bids or quotes moved (when the server has
 * one; without it the polling alone keeps the page current). No session, no cookies.
 */
export function useMarketRefresh(initial: PublicMarketPage): { page: PublicMarketPage; state: RefreshState } {
  const [page, setPage] = useState(initial);
  const [state, setState] = useState<RefreshState>('idle');
  const slug = initial.market?.slug ?? null;
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!slug) return undefined;
    let disposed = false;
    let lastRefresh = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || inFlight.current) return;
      lastRefresh = Date.now();
      const controller = new AbortController();
      inFlight.current = controller;
      setState('refreshing');
      fetchPublicMarket(slug, controller.signal)
        .then((next) => {
          if (disposed) return;
          setPage(next);
          setState('idle');
        })
        .catch(() => {
          if (!disposed && !controller.signal.aborted) setState('failed');
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null;
        });
    };
    const timer = window.setInterval(refresh, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    // Back online: ask at once, so the offline notice gives way to current prices.
    window.addEventListener('online', refresh);

    let events: EventSource | null = null;
    let soon: number | undefined;
    // The stream opens once the page has shown its bids and settled: on a slow phone it must not compete with the
    // first load.
    const openEvents = () => {
      if (disposed || typeof EventSource === 'undefined') return;
      events = new EventSource(`${PUBLIC_EVENTS_PATH}?market=${encodeURIComponent(slug)}`);
      events.onmessage = () => {
        if (soon !== undefined) return;
        soon = window.setTimeout(
          () => {
            soon = undefined;
            refresh();
          },
          Math.max(500, EVENT_REFRESH_GAP_MS - (Date.now() - lastRefresh)),
        );
      };
      // No stream on this server (or it ended for good): the polling carries on alone.
      events.onerror = () => {
        if (events && events.readyState === EventSource.CLOSED) events = null;
      };
    };
    const eventsTimer = window.setTimeout(openEvents, EVENTS_DELAY_MS);
    return () => {
      disposed = true;
      window.clearTimeout(eventsTimer);
      window.clearInterval(timer);
      window.clearTimeout(soon);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', refresh);
      events?.close();
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [slug]);

  return { page, state };
}
