// The farmer's calls (My Sales Lite; /api/commodities/profit-center: offer, crop-offers/:id,
// market/:marketId/request-make-offer): their clients' offers and markets, one offer with its history, what they may
// offer on at a market, placing, cancelling and editing their own offers.

import type { FastifyRequest } from 'fastify';
import {
  toDecimal,
  type FarmerOffersResponse,
  type Offer,
  type OfferDetail,
  type OfferEditInput,
  type OfferPlaceInput,
  type RequestMakeOfferResponse,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { marketToday } from '../../platform/crm-access.ts';
import { findOffer, offersOfClients, type OfferData } from './offers.repo.ts';
import { clientSellsTo, findBid, findMarket, marketBids, marketsOfClients } from './offer-bids.repo.ts';
import { farmerAuthorize, farmerOf, type Farmer, type OffersDeps } from './offer-callers.ts';
import { transition } from './offer-transitions.service.ts';
import { currentCashOf, dec, offerMarketOf, offerOf } from './offer-view.ts';
import { checkOffers, detailOf, offerFor, placeOffer } from './offers.service.ts';
import { requestOrigin } from './offer-notices.service.ts';

const FARMER_OFFER_LIMIT = 200;

export async function farmerOffers(
  deps: OffersDeps,
  request: FastifyRequest,
  cropId?: number,
  now = new Date(),
): Promise<FarmerOffersResponse> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const [markets, rows] = await Promise.all([
    marketsOfClients(db, farmer.clientIds),
    offersOfClients(db, farmer.clientIds, FARMER_OFFER_LIMIT, cropId),
  ]);
  return { markets: markets.map(offerMarketOf), offers: rows.map((r) => offerOf(r, farmer, now)) };
}

async function farmerOwnOffer(db: Db, farmer: Farmer, id: number): Promise<OfferData> {
  const data = await findOffer(db, id);
  if (!data || !farmer.clientIds.includes(data.clientId)) throw new AppError('not_found', `No offer ${id}.`);
  return data;
}

export async function farmerOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  now = new Date(),
): Promise<OfferDetail> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  return detailOf(db, await farmerOwnOffer(db, farmer, id), farmer, now);
}

export async function requestMakeOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  marketId: number,
  now = new Date(),
): Promise<RequestMakeOfferResponse> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const market = (await marketsOfClients(db, farmer.clientIds)).find((m) => m.id === marketId);
  if (!market) throw new AppError('not_found', `No market ${marketId}.`);
  const bids = await marketBids(db, marketId);
  return {
    market: offerMarketOf(market),
    today: marketToday(market, now),
    clients: farmer.clients.filter((c) => market.clientIds.includes(c.id)).map((c) => ({ id: c.id, name: c.name })),
    bids: bids.map((b) => ({
      instrumentId: b.id,
      cropId: b.cropId,
      crop: b.cropName,
      cropYear: b.cropYear,
      deliveryPeriod: b.name,
      deliveryStart: b.deliveryStart,
      deliveryEnd: b.deliveryEnd,
      futuresSymbol: b.futuresSymbol,
      futuresPrice: dec(b.futuresLast),
      basis: dec(b.basis),
      cashPrice: currentCashOf(b),
      quantityUnit: b.quantityUnit,
      offersAllowed: b.offersAllowed && (market.offersEnabled ?? true),
      remainingQuantity:
        b.quantityCap === null ? null : toDecimal(b.quantityCap).minus(toDecimal(b.quantityContracted)).toFixed(4),
    })),
  };
}

export async function placeOfferAsFarmer(
  deps: OffersDeps,
  request: FastifyRequest,
  input: OfferPlaceInput,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const client = farmer.clients.find((c) => c.id === input.clientId);
  if (!client) throw new AppError('not_found', `No client ${input.clientId}.`);
  const bid = await findBid(db, input.instrumentId);
  // A bid of a market the farm sells to (public or private), of the same partner; any other answers 404.
  if (
    !bid ||
    bid.deletedAt !== null ||
    bid.partnerId !== client.partnerId ||
    !(await clientSellsTo(db, client.id, bid.marketId))
  ) {
    throw new AppError('not_found', `No bid ${input.instrumentId}.`);
  }
  const market = await findMarket(db, bid.marketId);
  if (!market) throw new AppError('not_found', `No market ${bid.marketId}.`);
  const id = await placeOffer(db, farmer, input, bid, market, now, await requestOrigin(deps, request));
  return offerFor(db, id, farmer, now);
}

export async function cancelOwnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  ifMatch: number | null,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  await farmerOwnOffer(db, farmer, id);
  await transition(db, {
    offerId: id,
    action: 'cancel',
    caller: farmer,
    authorize: farmerAuthorize(farmer),
    ifMatch,
    now,
    origin: await requestOrigin(deps, request),
  });
  return offerFor(db, id, farmer, now);
}

export async function editOwnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  edit: OfferEditInput,
  ifMatch: number,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const data = await farmerOwnOffer(db, farmer, id);
  const origin = await requestOrigin(deps, request);
  await transition(db, {
    offerId: id,
    action: 'edit',
    caller: farmer,
    authorize: farmerAuthorize(farmer),
    ifMatch,
    edit,
    now,
    origin,
  });
  await checkOffers(db, { instrumentIds: [data.instrumentId], now, origin });
  return offerFor(db, id, farmer, now);
}
