// Farmer offers as working orders (issue 5; grain-marketing.md 2 /crm/offers, 4 'Offers and instruments', 7 offer;
// docs/decisions/019): the price watcher (checkOffers) marks working offers price-hit when the bid's cash reaches the
// target, and fills them where the market auto-fills; the expiry sweep; placing an offer (for the buyer's and the
// farmer's calls); and the offer reads both share. The other parts of the module:
// - offer-transitions.service.ts: every change of an offer, in one transaction that locks it (the state machine);
// - buyer-offers.service.ts and farmer-offers.service.ts: the buyer's (CRM) and the farmer's (My Sales Lite) calls;
// - offer-callers.ts (who calls, what they may touch), offer-view.ts (the API's shapes), offer-notices.service.ts.

import {
  endOfDayInZone,
  fitsBidCap,
  isOfferExpiryAllowed,
  isOfferPriceHit,
  placedOfferStatus,
  type Offer,
  type OfferDetail,
  type OfferPlaceInput,
  type OfferStatus,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { registerJobHandler } from '../../platform/jobs.ts';
import { marketToday, marketZone } from '../../platform/crm-access.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import {
  expireDueOffers,
  findOffer,
  insertOffer,
  insertOfferEvent,
  offerEventRows,
  offersByIds,
  workingOffers,
  type OfferData,
} from './offers.repo.ts';
import { findMarket, type BidData, type MarketRow } from './offer-bids.repo.ts';
import { publishOfferChanges } from './offer-events.ts';
import type { Buyer, Caller, Farmer } from './offer-callers.ts';
import { noticeFor, notifyFarmer, setNoticeLinkEnv } from './offer-notices.service.ts';
import { capError, transition, type TransitionResult } from './offer-transitions.service.ts';
import { currentCashOf, offerOf } from './offer-view.ts';

// ---------------------------------------------------------------------------------------------------
// The price watcher and expiry

export type CheckOffersOptions = {
  /** Only the offers on these bids / futures symbols (both: either); all working offers when neither. */
  instrumentIds?: number[];
  symbols?: string[];
  now?: Date;
  /** The origin of the request that caused the check (a bid edit, an offer placed), for the farmer's e-mail links. */
  origin?: string | null;
  /**
   * Only offers whose bid was repriced since the offer last changed (its quote ticked, its basis moved): the recurring
   * sweep's view, so an offer a buyer reset stays working until the price moves again.
   */
  repricedOnly?: boolean;
};

export type CheckOffersResult = { expired: number[]; hit: number[]; filled: number[] };

/**
 * The price watcher: moves past-expiry offers to expired, then marks the working offers whose bid's cash is at or
 * above the target price-hit (priceHitCash), filling them where the market auto-fills, and notifies. Safe to run
 * twice at once (in one process or several): each offer's transition re-checks it under its lock, so an offer is hit
 * and filled once. Call it when quotes change (the futures module's onQuotesChanged) and after a bid's basis changes.
 */
export async function checkOffers(db: Db, options: CheckOffersOptions = {}): Promise<CheckOffersResult> {
  const now = options.now ?? new Date();
  const expired = await expireOffers(db, now);
  const candidates = await workingOffers(db, {
    instrumentIds: options.instrumentIds,
    symbols: options.symbols,
    repricedOnly: options.repricedOnly ?? false,
    now,
  });
  const hit: number[] = [];
  const filled: number[] = [];
  const settings = new Map<number, boolean>();
  for (const c of candidates) {
    if (!isOfferPriceHit(c.targetCashPrice, currentCashOf(c))) continue;
    let autoFill = settings.get(c.marketId);
    if (autoFill === undefined) {
      autoFill = (await findMarket(db, c.marketId))?.autoFillOffers ?? false;
      settings.set(c.marketId, autoFill);
    }
    let out: TransitionResult;
    try {
      out = await transition(db, {
        offerId: c.id,
        action: 'price_hit',
        caller: { kind: 'system', userId: null },
        authorize: () => {},
        now,
        autoFill,
        origin: options.origin ?? null,
      });
    } catch (err) {
      // One offer's failure (rolled back on its own) must not stop the others, nor fail the bid edit or tick that ran this.
      console.error(`[offers] price check of offer ${c.id} failed`, err);
      continue;
    }
    if (!out.changed) continue;
    hit.push(c.id);
    if (out.status === 'filled') filled.push(c.id);
  }
  return { expired, hit, filled };
}

/**
 * How many working offers a basis change would hit, per bid (issue 13, "2 offers will be hit"): the watcher's rule
 * above (isOfferPriceHit on the bid's cash by its rounding mode) with each bid's basis replaced by `newBasis(bid)`.
 * Flat-price bids (no basis) are not moved by a basis and are left out. Only the market's offers are counted.
 */
export async function offersHitByBasis(
  db: Db,
  marketId: number,
  instrumentIds: number[],
  newBasis: (currentBasis: string) => string,
  now: Date = new Date(),
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (instrumentIds.length === 0) return counts;
  for (const c of await workingOffers(db, { instrumentIds, now })) {
    if (c.marketId !== marketId || c.basis === null || c.flatPrice !== null) continue;
    if (!isOfferPriceHit(c.targetCashPrice, currentCashOf({ ...c, basis: newBasis(c.basis) }))) continue;
    counts.set(c.instrumentId, (counts.get(c.instrumentId) ?? 0) + 1);
  }
  return counts;
}

/** Fills a price-hit offer as the system (what auto-fill does; the demo seed). False when it was not price-hit. */
export async function fillOffer(db: Db, offerId: number, now: Date = new Date()): Promise<boolean> {
  const out = await transition(db, {
    offerId,
    action: 'fill',
    caller: { kind: 'system', userId: null },
    authorize: () => {},
    now,
  });
  return out.changed;
}

/** The recurring job: the expiry sweep and the price check of repriced bids, every OFFERS_WATCH_EVERY_MS on some process. */
export const OFFERS_WATCH_JOB = 'offers.watch';
const OFFERS_WATCH_EVERY_MS = 30_000;

let quotesHooked = false;

/**
 * The watcher's triggers in this process: the recurring job, and the futures module's quotes-changed hook (run once
 * per change across processes) — a tick checks the working offers on the symbols that moved.
 */
export function registerOfferJobs(env: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>): void {
  setNoticeLinkEnv(env);
  if (!quotesHooked) {
    quotesHooked = true;
    onQuotesChanged(async ({ db, symbols, now }) => {
      await checkOffers(db, { symbols, now });
    });
  }
  registerJobHandler(
    OFFERS_WATCH_JOB,
    async ({ db, now }) => {
      await checkOffers(db, { now, repricedOnly: true });
    },
    { everyMs: OFFERS_WATCH_EVERY_MS },
  );
}

/** The expiry sweep: every open offer past its expiry becomes expired (history, notices, events). */
async function expireOffers(db: Db, now: Date = new Date()): Promise<number[]> {
  const moved = await db.transaction(async (tx) => {
    const rows = await expireDueOffers(tx, now);
    for (const data of await offersByIds(
      tx,
      rows.map((r) => r.id),
    )) {
      const n = noticeFor('expire', data, { kind: 'system', userId: null }, {});
      if (n) await notifyFarmer(tx, data, n, now);
    }
    await publishOfferChanges(
      tx,
      rows.map((r) => ({
        marketId: r.marketId,
        clientId: r.clientId,
        offerId: r.id,
        status: 'expired' as const,
        action: 'expire',
      })),
    );
    return rows;
  });
  return moved.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// Placing, and the reads the buyer's and the farmer's calls share

export async function placeOffer(
  db: Db,
  caller: Buyer | Farmer,
  input: OfferPlaceInput,
  bid: BidData,
  market: MarketRow,
  now: Date,
  /** The request's origin: the offer's e-mails link there when a farmer places it (and for a hit at once). */
  origin: string | null = null,
): Promise<number> {
  if (bid.deletedAt !== null) throw new AppError('not_found', `No bid ${bid.id}.`);
  if (!bid.offersAllowed || market.offersEnabled === false) {
    throw new AppError('conflict', 'This bid does not take offers.', { reason: 'offers_not_allowed' });
  }
  const today = marketToday(market, now);
  if (!isOfferExpiryAllowed(input.expiresOn, today)) {
    throw new AppError('invalid_request', 'The expiry date must be today or later, within a year.', {
      reason: 'expiry',
    });
  }
  if (!fitsBidCap(bid.quantityCap, bid.quantityContracted, input.quantity)) throw capError(bid);
  const status = placedOfferStatus(market.offersRequireApproval ?? false, caller.kind);
  const id = await db.transaction(async (tx) => {
    const offerId = await insertOffer(tx, {
      partnerId: bid.partnerId,
      marketId: bid.marketId,
      instrumentId: bid.id,
      clientId: input.clientId,
      placedBy: caller.userId,
      cropId: bid.cropId,
      cropYear: bid.cropYear,
      quantity: input.quantity,
      quantityUnit: bid.quantityUnit,
      targetCashPrice: input.targetCashPrice,
      status,
      expiresAt: endOfDayInZone(input.expiresOn, marketZone(market)),
      note: input.note ?? null,
      linkOrigin: caller.kind === 'farmer' ? origin : null,
      createdAt: now,
      updatedAt: now,
    });
    await insertOfferEvent(tx, {
      offerId,
      action: 'place',
      fromStatus: null,
      toStatus: status,
      userId: caller.userId,
      details: {
        quantity: input.quantity,
        targetCashPrice: input.targetCashPrice,
        expiresOn: input.expiresOn,
        cash: currentCashOf(bid),
      },
      at: now,
    });
    await publishOfferChanges(tx, [
      { marketId: bid.marketId, clientId: input.clientId, offerId, status, action: 'place' },
    ]);
    return offerId;
  });
  // A target at or below the cash now is hit at once (a working order placed through the market).
  if (status === 'working') await checkOffers(db, { instrumentIds: [bid.id], now, origin });
  return id;
}

export async function offerFor(db: Db, id: number, caller: Caller, now: Date): Promise<Offer> {
  const data = await findOffer(db, id);
  if (!data) throw new AppError('not_found', `No offer ${id}.`);
  return offerOf(data, caller, now);
}

export async function detailOf(db: Db, data: OfferData, caller: Caller, now: Date): Promise<OfferDetail> {
  const events = await offerEventRows(db, data.id);
  return {
    offer: offerOf(data, caller, now),
    events: events.map((e) => ({
      id: e.id,
      action: e.action,
      fromStatus: (e.fromStatus as OfferStatus | null) ?? null,
      toStatus: e.toStatus as OfferStatus,
      userName: [e.firstName, e.lastName].filter(Boolean).join(' ') || e.email || null,
      details: e.details ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
