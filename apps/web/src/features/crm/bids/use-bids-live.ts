import { useQueryClient } from '@tanstack/react-query';
import { QUOTES_TOPIC, bidsMarketTopic } from '@granary/domain';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../../lib/live/use-live-events';
import { bidsKeys } from './api/bids-keys';

/** Quote ticks can come several a second: the grid is read again at most this often. */
const REFRESH_EVERY_MS = 2000;

/**
 * Live futures and cash in the grid: follows the market's bids and the quotes on the page's shared live stream and
 * reads the market's bids again when either moves (at most every 2 s), and after a reconnection (events are not
 * replayed). Returns whether the stream is open (the 'Live' badge).
 */
export function useBidsLive(marketId: number): boolean {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  const opened = useRef(false);
  const refresh = () => {
    timer.current = null;
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: bidsKeys.market(marketId) });
  };
  const state = useLiveEvents({
    topics: [QUOTES_TOPIC, bidsMarketTopic(marketId)],
    onOpen: () => {
      if (opened.current) refresh();
      opened.current = true;
    },
    onEvent: () => {
      if (timer.current !== null) return;
      timer.current = setTimeout(refresh, Math.max(0, REFRESH_EVERY_MS - (Date.now() - last.current)));
    },
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return state === 'open';
}
