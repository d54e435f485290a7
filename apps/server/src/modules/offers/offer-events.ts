// Live offer events (docs/api/live-events.md): every change of an offer goes out on its market's topic (the buyers'
// /crm/offers) and its client's topic (the farmer's bids page), published inside the change's transaction so a
// reader hears of it only once it is committed. One event per topic per transaction, naming the offers.

import { offersClientTopic, offersMarketTopic, type OffersEventPayload, type OfferStatus } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { publish } from '../../platform/events.ts';

export type OfferChange = { marketId: number; clientId: number; offerId: number; status: OfferStatus; action: string };

/** Publishes the changes grouped by market and by client (with the transaction of the change as `db`). */
export async function publishOfferChanges(db: Db, changes: readonly OfferChange[]): Promise<void> {
  const groups = new Map<string, { topic: string; payload: OffersEventPayload }>();
  for (const c of changes) {
    for (const topic of [offersMarketTopic(c.marketId), offersClientTopic(c.clientId)]) {
      const g = groups.get(topic);
      if (!g) {
        groups.set(topic, {
          topic,
          payload: {
            marketId: c.marketId,
            clientId: c.clientId,
            offerIds: [c.offerId],
            status: c.status,
            action: c.action,
          },
        });
        continue;
      }
      if (!g.payload.offerIds.includes(c.offerId)) g.payload.offerIds.push(c.offerId);
      // The last transition wins the summary (a hit then a fill reads as the fill).
      g.payload.status = c.status;
      g.payload.action = c.action;
    }
  }
  for (const { topic, payload } of groups.values()) await publish(db, topic, payload);
}
