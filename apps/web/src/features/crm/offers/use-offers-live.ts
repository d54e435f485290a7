import { QUOTES_TOPIC, offersMarketTopic, type LiveEvent, type OffersEventPayload } from '@granary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { offersKeys } from './api/offers-api';

/**
 * Live /crm/offers on the page's shared stream: the market's offer events (at once) and the quotes (at most every
 * 1.5 s) read the list again. Offers that just became price-hit are remembered so the rows can highlight them.
 */
export function useOffersLive(marketId: number) {
  const queryClient = useQueryClient();
  const [justHit, setJustHit] = useState<ReadonlySet<number>>(new Set());
  const state = useLiveRefresh({
    topics: [offersMarketTopic(marketId), QUOTES_TOPIC],
    refresh: () => void queryClient.invalidateQueries({ queryKey: offersKeys.market(marketId) }),
    urgent: (event) => event.topic !== QUOTES_TOPIC,
    onEvent: (event: LiveEvent) => {
      const payload = event.topic === QUOTES_TOPIC ? null : (event.payload as OffersEventPayload | null);
      if (payload?.status === 'price_hit') setJustHit((current) => new Set([...current, ...payload.offerIds]));
    },
  });
  return { state, justHit };
}
