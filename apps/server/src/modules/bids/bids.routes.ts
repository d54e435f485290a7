// Cash bids (instruments) of grain-marketing.md 7 'Merchandising': instruments/market/:marketId (v2 by
// crop), instruments/:instrumentId? (GET, POST, PUT, DELETE), instruments/undelete/:instrumentId, the
// bulk basis move, and a farmer's read of a market's public bids.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_BASIS_MAX_IDS,
  INSTRUMENT_DELETED_FILTERS,
  basisAdjustmentCentsSchema,
  decimalInSchema,
  INSTRUMENT_VISIBILITY_FILTERS,
  bulkBasisRequestSchema,
  bulkBasisResponseSchema,
  instrumentCreateSchema,
  instrumentListResponseSchema,
  instrumentRowSchema,
  instrumentUpdateSchema,
  offersHitResponseSchema,
  publicBidsResponseSchema,
  type InstrumentRow,
} from '@granary/domain';
import {
  etagOf,
  idParam,
  loadCrmActorWithSession,
  serialIdParam,
  textQueryParam,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import { recordHistoryForSymbols } from './bid-history.repo.ts';
import {
  bulkMoveBasis,
  createInstrument,
  editInstrument,
  farmerMarketBids,
  getInstrument,
  listInstruments,
  offersHit,
  setDeleted,
  type InstrumentListQuery,
} from './bids.service.ts';

const MERCH = '/api/commodities/merchandising';

const cropFilterParam = z.union([textQueryParam(200), z.array(textQueryParam(200)).max(20)]);
const listQuery = z.object({
  cropFilter: cropFilterParam.optional(),
  instrumentVisibility: z.enum(INSTRUMENT_VISIBILITY_FILTERS).optional(),
  /** exclude (default), include or only the deleted bids ('true' = include, the 'Show deleted' toggle). */
  deleted: z.enum([...INSTRUMENT_DELETED_FILTERS, 'true', 'false']).optional(),
  cropYear: z
    .string()
    .regex(/^\d{4}$/, 'Expected a year')
    .transform(Number)
    .optional(),
  /** The bid the web highlights (a list query parameter of section 2); not a filter. */
  instrument: z.string().max(20).optional(),
});
type ListQueryIn = z.infer<typeof listQuery>;

function listQueryOf(q: ListQueryIn, pathCrop: number | null): InstrumentListQuery {
  const given = q.cropFilter === undefined ? [] : Array.isArray(q.cropFilter) ? q.cropFilter : [q.cropFilter];
  const deleted =
    q.deleted === 'true' ? 'include' : q.deleted === 'false' || q.deleted === undefined ? 'exclude' : q.deleted;
  return {
    cropFilter: pathCrop !== null ? [String(pathCrop)] : given,
    visibility: q.instrumentVisibility ?? 'all',
    deleted,
    cropYear: q.cropYear ?? null,
  };
}

const offersHitQuery = z.object({
  instrumentIds: z
    .string()
    .regex(new RegExp(`^\\d{1,15}(,\\d{1,15}){0,${BULK_BASIS_MAX_IDS - 1}}$`), 'Expected comma-separated numeric ids')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
  /** The new basis in dollars of the price unit (what the bid would be saved with). */
  basis: decimalInSchema({ min: '-100000', max: '100000' }).optional(),
  adjustmentCents: basisAdjustmentCentsSchema.optional(),
});

function withEtag<T extends InstrumentRow>(reply: { header: (k: string, v: string) => unknown }, row: T): T {
  reply.header('etag', etagOf(row.version));
  return row;
}

/** Once per process: a futures move records the day's close of the bids on the months that moved (bid_history). */
let quotesHooked = false;

export const bidsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  if (!quotesHooked) {
    quotesHooked = true;
    onQuotesChanged(async ({ db, symbols, now }) => {
      await recordHistoryForSymbols(db, symbols, now);
    });
  }
  // The buyer's markets and permissions load with the session, in one round trip.
  loadCrmActorWithSession(app);

  app.get(
    `${MERCH}/instruments/market/:marketId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam }),
        querystring: listQuery,
        response: { 200: instrumentListResponseSchema, ...crmErrors },
      },
    },
    async (request) => listInstruments(deps, request, request.params.marketId, listQueryOf(request.query, null)),
  );

  app.get(
    `${MERCH}/v2/instruments/market/:marketId/crop/:cropId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam, cropId: idParam }),
        querystring: listQuery.omit({ cropFilter: true }),
        response: { 200: instrumentListResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      listInstruments(deps, request, request.params.marketId, listQueryOf(request.query, request.params.cropId)),
  );

  app.post(
    `${MERCH}/instruments/market/:marketId/basis`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam }),
        body: bulkBasisRequestSchema,
        response: { 200: bulkBasisResponseSchema, ...crmWriteErrors },
      },
    },
    async (request) => bulkMoveBasis(deps, request, request.params.marketId, request.body),
  );

  // 'N offers will be hit': the bid dialog, the basis cell and the move dialog ask before they save a basis.
  app.get(
    `${MERCH}/instruments/market/:marketId/offers-hit`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam }),
        querystring: offersHitQuery,
        response: { 200: offersHitResponseSchema, ...crmErrors },
      },
    },
    async (request) => offersHit(deps, request, request.params.marketId, request.query),
  );

  app.get(
    `${MERCH}/instruments/:instrumentId`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ instrumentId: idParam }), response: { 200: instrumentRowSchema, ...crmErrors } },
    },
    async (request, reply) => withEtag(reply, await getInstrument(deps, request, request.params.instrumentId)),
  );

  app.post(
    `${MERCH}/instruments`,
    {
      config: { access: 'session' },
      schema: { body: instrumentCreateSchema, response: { 201: instrumentRowSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const row = await createInstrument(deps, request, request.body);
      return reply.status(201).header('etag', etagOf(row.version)).send(row);
    },
  );

  app.put(
    `${MERCH}/instruments/:instrumentId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ instrumentId: idParam }),
        body: instrumentUpdateSchema,
        response: { 200: instrumentRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) =>
      withEtag(reply, await editInstrument(deps, request, request.params.instrumentId, request.body)),
  );

  app.delete(
    `${MERCH}/instruments/:instrumentId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ instrumentId: idParam }),
        response: { 200: instrumentRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => withEtag(reply, await setDeleted(deps, request, request.params.instrumentId, true)),
  );

  app.post(
    `${MERCH}/instruments/undelete/:instrumentId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ instrumentId: idParam }),
        response: { 200: instrumentRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => withEtag(reply, await setDeleted(deps, request, request.params.instrumentId, false)),
  );

  // A signed-in farmer's view of a market's public bids (My Sales Lite); the public page has its own anonymous route on bids.repo publicBids.
  app.get(
    `${MERCH}/market/:marketId/bids`,
    {
      config: { access: 'session' },
      // markets.id is a serial: the farmer's market lookup meets the id in SQL before any access check.
      schema: {
        params: z.object({ marketId: serialIdParam }),
        response: { 200: publicBidsResponseSchema, ...crmErrors },
      },
    },
    async (request) => farmerMarketBids(deps, request, request.params.marketId),
  );
};
