// Offers' calls (grain-marketing.md 7): the buyer's merchandising offers, offer and offers/reset-price-hit, and
// the farmer's profit-center offer, crop-offers/:id and market/:marketId/request-make-offer. docs/decisions/019.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clampPage,
  clampPageSize,
  farmerOffersResponseSchema,
  offerDetailSchema,
  offerEditSchema,
  offerListResponseSchema,
  offerPlaceSchema,
  offerReasonSchema,
  offerResetPriceHitSchema,
  offerResetResponseSchema,
  offerSchema,
  offerStatusFilterSchema,
  requestMakeOfferResponseSchema,
} from '@granary/domain';
import { ensureRecurring } from '../../platform/jobs.ts';
import { etagOf, idParam, ifMatchVersion, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  actOnOffer,
  editOffer,
  getOffer,
  listOffers,
  placeOfferAsBuyer,
  resetPriceHit,
  type BuyerAction,
} from './buyer-offers.service.ts';
import {
  cancelOwnOffer,
  editOwnOffer,
  farmerOffer,
  farmerOffers,
  placeOfferAsFarmer,
  requestMakeOffer,
} from './farmer-offers.service.ts';
import { OFFERS_WATCH_JOB, registerOfferJobs } from './offers.service.ts';

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';

function optionalIfMatch(header: string | string[] | undefined): number | null {
  return header === undefined ? null : ifMatchVersion(header);
}

const offerParams = z.object({ offerId: idParam });
const offerResponse = { 200: offerSchema, ...crmWriteErrors };

type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];

export const offersRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  registerOfferJobs(deps.ctx.env);
  // The watcher's recurring run (expiry, repriced bids): one pending row whichever process starts first.
  app.addHook('onReady', async () => {
    await ensureRecurring(deps.ctx.database.db, OFFERS_WATCH_JOB);
  });

  buyerOfferRoutes(app, deps);
  farmerOfferRoutes(app, deps);
};

/** The buyer's calls (/crm/offers): the list, placing, one offer, editing, accept / cancel / approve / reject, reset. */
function buyerOfferRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${MERCH}/offers`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({
          market_id: idParam.optional(),
          status: offerStatusFilterSchema.optional(),
          instrument: idParam.optional(),
          client_legal_entity_id: idParam.optional(),
          page: z.string().max(20).optional(),
          pageSize: z.string().max(20).optional(),
          paginationToken: z.string().max(2048).optional(),
        }),
        response: { 200: offerListResponseSchema, ...crmErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = clampPage(q.page);
      return listOffers(deps, request, {
        marketId: q.market_id ?? null,
        status: q.status ?? 'open',
        instrumentId: q.instrument ?? null,
        clientId: q.client_legal_entity_id ?? null,
        page,
        pageSize: clampPageSize(q.pageSize),
        paginationToken: page > 1 ? (q.paginationToken ?? null) : null,
      });
    },
  );

  // A buyer places an offer on a client's behalf.
  app.post(
    `${MERCH}/offer`,
    { config: { access: 'session' }, schema: { body: offerPlaceSchema, response: offerResponse } },
    async (request, reply) => {
      const offer = await placeOfferAsBuyer(deps, request, request.body);
      void reply.header('etag', etagOf(offer.version));
      return offer;
    },
  );

  app.get(
    `${MERCH}/offer/:offerId`,
    {
      config: { access: 'session' },
      schema: { params: offerParams, response: { 200: offerDetailSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const detail = await getOffer(deps, request, request.params.offerId);
      void reply.header('etag', etagOf(detail.offer.version));
      return detail;
    },
  );

  // Edit (quantity, target, expiry, note): If-Match with the version edited.
  app.patch(
    `${MERCH}/offer/:offerId`,
    { config: { access: 'session' }, schema: { params: offerParams, body: offerEditSchema, response: offerResponse } },
    async (request, reply) => {
      const offer = await editOffer(
        deps,
        request,
        request.params.offerId,
        request.body,
        ifMatchVersion(request.headers['if-match']),
      );
      void reply.header('etag', etagOf(offer.version));
      return offer;
    },
  );

  // accept / cancel / approve / reject: If-Match optional (given, a changed offer answers 412).
  const action = (name: BuyerAction) =>
    app.post(
      `${MERCH}/offer/:offerId/${name}`,
      {
        config: { access: 'session' },
        schema: { params: offerParams, body: offerReasonSchema, response: offerResponse },
      },
      async (request, reply) => {
        const offer = await actOnOffer(
          deps,
          request,
          request.params.offerId,
          name,
          optionalIfMatch(request.headers['if-match']),
        );
        void reply.header('etag', etagOf(offer.version));
        return offer;
      },
    );
  action('accept');
  action('cancel');
  action('approve');
  action('reject');

  app.post(
    `${MERCH}/offers/reset-price-hit`,
    {
      config: { access: 'session' },
      schema: { body: offerResetPriceHitSchema, response: { 200: offerResetResponseSchema, ...crmWriteErrors } },
    },
    async (request) => ({ offers: await resetPriceHit(deps, request, request.body.offerIds) }),
  );
}

/** The farmer's calls (My Sales Lite's bids page): their offers, a crop's, what to offer on, placing, editing, cancelling. */
function farmerOfferRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${PC}/offers`,
    { config: { access: 'session' }, schema: { response: { 200: farmerOffersResponseSchema, ...crmErrors } } },
    async (request) => farmerOffers(deps, request),
  );

  // The farmer's offers of one crop.
  app.get(
    `${PC}/crop-offers/:id`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ id: idParam }), response: { 200: farmerOffersResponseSchema, ...crmErrors } },
    },
    async (request) => farmerOffers(deps, request, request.params.id),
  );

  app.get(
    `${PC}/market/:marketId/request-make-offer`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam }),
        response: { 200: requestMakeOfferResponseSchema, ...crmErrors },
      },
    },
    async (request) => requestMakeOffer(deps, request, request.params.marketId),
  );

  app.post(
    `${PC}/offer`,
    { config: { access: 'session' }, schema: { body: offerPlaceSchema, response: offerResponse } },
    async (request, reply) => {
      const offer = await placeOfferAsFarmer(deps, request, request.body);
      void reply.header('etag', etagOf(offer.version));
      return offer;
    },
  );

  app.get(
    `${PC}/offer/:offerId`,
    {
      config: { access: 'session' },
      schema: { params: offerParams, response: { 200: offerDetailSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const detail = await farmerOffer(deps, request, request.params.offerId);
      void reply.header('etag', etagOf(detail.offer.version));
      return detail;
    },
  );

  app.patch(
    `${PC}/offer/:offerId`,
    { config: { access: 'session' }, schema: { params: offerParams, body: offerEditSchema, response: offerResponse } },
    async (request, reply) => {
      const offer = await editOwnOffer(
        deps,
        request,
        request.params.offerId,
        request.body,
        ifMatchVersion(request.headers['if-match']),
      );
      void reply.header('etag', etagOf(offer.version));
      return offer;
    },
  );

  app.post(
    `${PC}/offer/:offerId/cancel`,
    {
      config: { access: 'session' },
      schema: { params: offerParams, body: offerReasonSchema, response: offerResponse },
    },
    async (request, reply) => {
      const offer = await cancelOwnOffer(
        deps,
        request,
        request.params.offerId,
        optionalIfMatch(request.headers['if-match']),
      );
      void reply.header('etag', etagOf(offer.version));
      return offer;
    },
  );
}
