// The farmer's home at /dashboard (issue 17 'Home', decision 036 addendum): what needs them now — contracts and
// amendments to sign, offers near or at their target, deliveries not yet settled, payments sent, store orders in
// progress — their local bids for the crops they grow, and their latest notifications, in one call
// (GET /api/commodities/profit-center/home). A section the member may not see (decision 052's access flags) is null,
// not empty: the page leaves its card out instead of saying "nothing here".

import { z } from 'zod';
import { OPEN_OFFER_STATUSES, offerMarketSchema, offerSchema, type Offer } from '../bids/offers.ts';
import { publicBidRowSchema, type PublicBidRow } from '../bids/instrument-reads.ts';
import { paymentRequestRowSchema } from '../crm/payments.ts';
import { signingUrlsResponseSchema } from '../esign/esign.ts';
import { decimalStringSchema, toDecimal } from '../crm/exact.ts';
import { inAppNotificationSchema } from '../notifications/notifications.ts';
import { orderSummarySchema, OPEN_ORDER_STATUSES, type OrderSummary } from '../store/orders.ts';
import { PROFIT_CENTER_API } from './api.ts';

export const FARMER_HOME_PATH = `${PROFIT_CENTER_API}/home`;

/**
 * "Near" the target: the bid's cash now is at most this many cents below the offer's target (a nickel, the step the
 * offer dialog suggests above the cash). At or above the target the offer is hit.
 */
export const OFFER_NEAR_TARGET_CENTS = 5;

/** How many items each card lists (the rest is on the page the card links to). */
export const FARMER_HOME_ITEM_LIMIT = 5;
/** How many of the farmer's markets the bids card shows. */
export const FARMER_HOME_BID_MARKETS = 3;

export type OfferNearness = 'hit' | 'near' | 'far' | 'unknown';

/** Where an open offer stands against its target: hit (cash ≥ target), near (within 5¢ below), far, or unknown. */
export function offerNearness(o: Pick<Offer, 'status' | 'distanceToTarget'>): OfferNearness {
  if (o.status === 'price_hit') return 'hit';
  if (o.distanceToTarget === null) return 'unknown';
  const d = toDecimal(o.distanceToTarget);
  if (d.gte(0)) return 'hit';
  return d.gte(-OFFER_NEAR_TARGET_CENTS / 100) ? 'near' : 'far';
}

/** The open offers at or near their target, closest first. */
export function offersNearTarget<T extends Pick<Offer, 'status' | 'distanceToTarget'>>(offers: readonly T[]): T[] {
  const open: readonly string[] = OPEN_OFFER_STATUSES;
  return offers
    .filter((o) => open.includes(o.status))
    .filter((o) => {
      const n = offerNearness(o);
      return n === 'hit' || n === 'near';
    })
    .sort((a, b) => {
      const da = a.status === 'price_hit' ? Infinity : Number(a.distanceToTarget ?? -Infinity);
      const db = b.status === 'price_hit' ? Infinity : Number(b.distanceToTarget ?? -Infinity);
      return db - da;
    });
}

/** Store orders still on their way (placed, processing, ready for pickup, shipped). */
export function ordersInProgress(orders: readonly OrderSummary[]): OrderSummary[] {
  return orders.filter((o) => OPEN_ORDER_STATUSES.includes(o.status));
}

/**
 * The bids of the crops the farmer grows (their farm business's agronomics crops, by name); all bids when no crop is
 * recorded. Per crop, the nearest delivery only: the home shows where each crop stands today.
 */
export function bidsForCrops(rows: readonly PublicBidRow[], crops: readonly string[]): PublicBidRow[] {
  const grown = new Set(crops.map((c) => c.trim().toLowerCase()));
  const wanted = grown.size === 0 ? rows : rows.filter((r) => grown.has(r.cropName.trim().toLowerCase()));
  const first = new Map<string, PublicBidRow>();
  for (const r of [...wanted].sort((a, b) => a.deliveryStart.localeCompare(b.deliveryStart) || a.id - b.id)) {
    if (!first.has(r.cropName)) first.set(r.cropName, r);
  }
  return [...first.values()].sort((a, b) => a.cropName.localeCompare(b.cropName));
}

export const homeUnsettledItemSchema = z.object({
  ticketApplicationId: z.number().int(),
  scaleTicketId: z.number().int(),
  displayScaleTicketId: z.string(),
  contractId: z.number().int(),
  displayContractId: z.string(),
  deliveryDate: z.string(),
  cropName: z.string(),
  cropYear: z.number().int(),
  bushels: decimalStringSchema,
});
export type HomeUnsettledItem = z.infer<typeof homeUnsettledItemSchema>;

export const homeBidMarketSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  rows: z.array(publicBidRowSchema),
});

export const farmerHomeSchema = z.object({
  /** Grain items (signing, offers, deliveries, bids) need My Sales Lite and profit center access; else null. */
  toSign: z.array(signingUrlsResponseSchema.shape.rows.element).nullable(),
  offers: z.object({ markets: z.array(offerMarketSchema), rows: z.array(offerSchema) }).nullable(),
  unsettled: z.object({ total: z.number().int(), rows: z.array(homeUnsettledItemSchema) }).nullable(),
  /** Payments sent to the farmer (financial access). */
  payments: z.array(paymentRequestRowSchema).nullable(),
  /** Store orders in progress (input purchasing access). */
  orders: z.array(orderSummarySchema).nullable(),
  bids: z.object({ crops: z.array(z.string()), markets: z.array(homeBidMarketSchema) }).nullable(),
  notifications: z.object({ unread: z.number().int(), rows: z.array(inAppNotificationSchema) }),
});
export type FarmerHome = z.infer<typeof farmerHomeSchema>;
