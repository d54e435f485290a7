// The buyer's calls (grain-marketing.md 2 /crm/offers; /api/commodities/merchandising: offers, offer,
// offers/reset-price-hit): the offers of their markets, one offer with its history, placing for a client, accepting,
// cancelling, approving, rejecting, editing and resetting a price hit.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  type Offer,
  type OfferDetail,
  type OfferEditInput,
  type OfferListResponse,
  type OfferPlaceInput,
  type OfferStatusFilter,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { hasPermission, keysetPage, requireClient, userMarkets } from '../../platform/crm-access.ts';
import { countOffers, countOffersByFilter, findOffer, offerPage, offersByIds, type OfferData } from './offers.repo.ts';
import { findBid, findMarket } from './offer-bids.repo.ts';
import { buyerAuthorize, buyerOf, requireOffersMarket, type Buyer, type OffersDeps } from './offer-callers.ts';
import { transition } from './offer-transitions.service.ts';
import { offerOf } from './offer-view.ts';
import { requestOrigin } from './offer-notices.service.ts';
import { checkOffers, detailOf, offerFor, placeOffer } from './offers.service.ts';

export type OfferListQuery = {
  marketId: number | null;
  status: OfferStatusFilter;
  instrumentId: number | null;
  clientId: number | null;
  page: number;
  pageSize: number;
  paginationToken: string | null;
};

export async function listOffers(
  deps: OffersDeps,
  request: FastifyRequest,
  q: OfferListQuery,
  now = new Date(),
): Promise<OfferListResponse> {
  const buyer = await buyerOf(deps, request);
  const { actor } = buyer;
  let marketId = q.marketId;
  if (marketId === null) {
    const first = userMarkets(actor).find(hasPermission('offers'));
    if (!first) throw new AppError('forbidden', 'You do not have permissions for offers at any market.');
    marketId = first.id;
  }
  requireOffersMarket(actor, marketId);
  const db = deps.ctx.database.db;
  const filter = { marketId, status: q.status, instrumentId: q.instrumentId, clientId: q.clientId, now };
  const [page, counts] = await Promise.all([
    keysetPage<OfferData>(
      deps.ctx,
      q,
      { marketId, status: q.status, instrumentId: q.instrumentId, clientId: q.clientId, pageSize: q.pageSize },
      {
        keyOf: (row) => String(row.id),
        fetch: (after, limit, offset) => offerPage(db, filter, after ? after.id : null, limit, offset),
        count: () => countOffers(db, filter, MAX_TOTAL_ROWS),
      },
    ),
    countOffersByFilter(db, filter),
  ]);
  return {
    rows: page.rows.map((r) => offerOf(r, buyer, now)),
    totalCount: page.totalCount,
    counts,
    paginationToken: page.paginationToken,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** An offer of the buyer's partner at a market where they hold offers, else 404 / 403. */
async function buyerOffer(deps: OffersDeps, buyer: Buyer, id: number): Promise<OfferData> {
  const data = await findOffer(deps.ctx.database.db, id);
  if (!data || data.partnerId !== buyer.actor.partner.id) throw new AppError('not_found', `No offer ${id}.`);
  requireOffersMarket(buyer.actor, data.marketId);
  return data;
}

export async function getOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  now = new Date(),
): Promise<OfferDetail> {
  const buyer = await buyerOf(deps, request);
  const data = await buyerOffer(deps, buyer, id);
  return detailOf(deps.ctx.database.db, data, buyer, now);
}

export async function placeOfferAsBuyer(
  deps: OffersDeps,
  request: FastifyRequest,
  input: OfferPlaceInput,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const bid = await findBid(db, input.instrumentId);
  if (!bid || bid.partnerId !== buyer.actor.partner.id || bid.deletedAt !== null)
    throw new AppError('not_found', `No bid ${input.instrumentId}.`);
  requireOffersMarket(buyer.actor, bid.marketId);
  await requireClient(deps, buyer.actor, input.clientId);
  const market = await findMarket(db, bid.marketId);
  if (!market) throw new AppError('not_found', `No market ${bid.marketId}.`);
  const id = await placeOffer(db, buyer, input, bid, market, now, await requestOrigin(deps, request));
  return offerFor(db, id, buyer, now);
}

export type BuyerAction = 'accept' | 'cancel' | 'approve' | 'reject';

export async function actOnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  action: BuyerAction,
  ifMatch: number | null,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  // Checked before the lock too, so another partner's id answers 404 without waiting on anyone's lock.
  await buyerOffer(deps, buyer, id);
  const origin = await requestOrigin(deps, request);
  await transition(db, { offerId: id, action, caller: buyer, authorize: buyerAuthorize(buyer), ifMatch, now, origin });
  if (action === 'approve')
    await checkOffers(db, { instrumentIds: [(await findOffer(db, id))!.instrumentId], now, origin });
  return offerFor(db, id, buyer, now);
}

export async function editOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  edit: OfferEditInput,
  ifMatch: number,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const data = await buyerOffer(deps, buyer, id);
  await transition(db, {
    offerId: id,
    action: 'edit',
    caller: buyer,
    authorize: buyerAuthorize(buyer),
    ifMatch,
    edit,
    now,
  });
  await checkOffers(db, { instrumentIds: [data.instrumentId], now, origin: await requestOrigin(deps, request) });
  return offerFor(db, id, buyer, now);
}

/** offers/reset-price-hit: each price-hit offer back to working (all of them or none: one transaction each, checked first). */
export async function resetPriceHit(
  deps: OffersDeps,
  request: FastifyRequest,
  ids: number[],
  now = new Date(),
): Promise<Offer[]> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const unique = [...new Set(ids)];
  for (const id of unique) await buyerOffer(deps, buyer, id);
  for (const id of unique) {
    await transition(db, {
      offerId: id,
      action: 'reset_price_hit',
      caller: buyer,
      authorize: buyerAuthorize(buyer),
      now,
    });
  }
  const rows = await offersByIds(db, unique);
  return rows.map((r) => offerOf(r, buyer, now));
}
