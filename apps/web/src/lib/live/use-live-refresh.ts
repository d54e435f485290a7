import type { LiveEvent } from '@granary/domain';
import { useEffect, useRef } from 'react';
import { useLiveEvents, type LiveConnectionState } from './use-live-events';

export type UseLiveRefreshOptions = {
  /** Topics to follow on the page's shared live stream; none: no connection. */
  topics: readonly string[];
  /** Reads again what the events say moved (typically invalidating a query). */
  refresh: () => void;
  /** Events that are worth showing at once (an offer's new state); the others (quote ticks) are throttled. */
  urgent?: (event: LiveEvent) => boolean;
  /** Each event, before the refresh (e.g. to remember which rows just changed). */
  onEvent?: (event: LiveEvent) => void;
  /** Throttled events refresh at most this often (default 1.5 s: quote ticks can come several a second). */
  everyMs?: number;
  /** false: no connection (default true). */
  enabled?: boolean;
};

/**
 * A page that reads its data again when live events move it: follows `topics` on the shared stream
 * (useLiveEvents), refreshes at once for an urgent event and at most every `everyMs` for the others, and after a
 * reconnection (events missed while away are not replayed). Returns the connection state.
 */
export function useLiveRefresh(options: UseLiveRefreshOptions): LiveConnectionState {
  const { topics, everyMs = 1500, enabled = true } = options;
  const latest = useRef(options);
  latest.current = options;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  const opened = useRef(false);

  const refresh = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    last.current = Date.now();
    latest.current.refresh();
  };

  const state = useLiveEvents({
    topics,
    enabled,
    onOpen: () => {
      if (opened.current) refresh();
      opened.current = true;
    },
    onEvent: (event) => {
      latest.current.onEvent?.(event);
      if (latest.current.urgent?.(event)) {
        refresh();
        return;
      }
      if (timer.current !== null) return;
      timer.current = setTimeout(refresh, Math.max(0, everyMs - (Date.now() - last.current)));
    },
  });

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return state;
}
