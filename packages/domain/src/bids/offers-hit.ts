// "2 offers will be hit" (issue 13): before a basis change is saved, how many working farmer offers on the bids the
// new cash price would reach. The server counts with the price watcher's own rule (isOfferPriceHit on bidCashPrice,
// pricing.ts), on the bids' current futures quotes and the market's rounding mode.
import { z } from 'zod';

/** GET: ?instrumentIds=1,2&basis=-0.4500 (one new basis for the bids) or &adjustmentCents=5 (each bid moved by it). */
export const offersHitPath = (marketId: number) =>
  `/api/commodities/merchandising/instruments/market/${marketId}/offers-hit`;

export const offersHitResponseSchema = z.object({
  /** Working offers the change would hit, over all the bids asked about. */
  count: z.number().int().min(0),
  /** Per bid (only the bids with an offer to hit). */
  instruments: z.array(z.object({ instrumentId: z.number().int(), count: z.number().int().min(1) })),
});
export type OffersHitResponse = z.infer<typeof offersHitResponseSchema>;
