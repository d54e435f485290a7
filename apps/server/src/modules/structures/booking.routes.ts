import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  SCS_API,
  closeCostSchema,
  decideCloseBodySchema,
  farmerStructureDetailSchema,
  farmerStructureListSchema,
  requestCloseBodySchema,
  saveStructureBodySchema,
  structureDetailSchema,
  structureListQuerySchema,
  structureRowsSchema,
  tradeStructureBodySchema,
} from '@granary/domain';
import { etagOf, loadCrmActorWithSession, serialIdParam } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  cancelStructure,
  createStructure,
  editStructure,
  listStructureRows,
  structureDetail,
  tradeStructure,
  type BookingDeps,
} from './booking.service.ts';
import { closeCost, decideClose, requestCloseAsMerchandiser } from './booking-close.service.ts';
import { farmerRequestClose, farmerStructure, farmerStructures } from './booking-farmer.service.ts';

/**
 * Booking and the life of a structure (issue 18; grain-marketing.md 7 SCS `structure/:structId?`, `saved-structure`,
 * `structures`, `trade`, `structure/:structureId/close-cost`, `structure/:structureId/request-close`, and the profit
 * center's read-only `structures/:structureId?`; decision 062's booking section). Access is checked in the services:
 * `structures` reads and prices, `structures-admin` books, trades, edits and decides closes; the farmer reads their
 * own farm's structures.
 */
export const bookingRoutes: FastifyPluginAsyncZod<BookingDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  const session = { access: 'session' } as const;
  const structureParams = z.object({ structId: serialIdParam });
  const closeParams = z.object({ structureId: serialIdParam });
  const detail = { 200: structureDetailSchema, ...crmWriteErrors };
  const created = { 201: structureDetailSchema, ...crmWriteErrors };

  for (const path of [`${SCS_API}/structure`, `${SCS_API}/saved-structure`]) {
    app.post(
      path,
      { config: session, schema: { body: saveStructureBodySchema, response: created } },
      async (request, reply) => {
        const out = await createStructure(deps, request, request.body);
        void reply.status(201).header('etag', etagOf(out.version));
        return out;
      },
    );
  }

  app.get(
    `${SCS_API}/saved-structure`,
    {
      config: session,
      schema: { querystring: structureListQuerySchema, response: { 200: structureRowsSchema, ...crmErrors } },
    },
    async (request) => listStructureRows(deps, request, request.query, true),
  );

  app.get(
    `${SCS_API}/structures`,
    {
      config: session,
      schema: { querystring: structureListQuerySchema, response: { 200: structureRowsSchema, ...crmErrors } },
    },
    async (request) => listStructureRows(deps, request, request.query),
  );

  app.get(
    `${SCS_API}/structure/:structId`,
    { config: session, schema: { params: structureParams, response: { 200: structureDetailSchema, ...crmErrors } } },
    async (request, reply) => {
      const out = await structureDetail(deps, request, request.params.structId);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.put(
    `${SCS_API}/structure/:structId`,
    { config: session, schema: { params: structureParams, body: saveStructureBodySchema, response: detail } },
    async (request, reply) => {
      const out = await editStructure(deps, request, request.params.structId, request.body);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.delete(
    `${SCS_API}/structure/:structId`,
    { config: session, schema: { params: structureParams, response: detail } },
    async (request, reply) => {
      const out = await cancelStructure(deps, request, request.params.structId);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.post(
    `${SCS_API}/trade`,
    { config: session, schema: { body: tradeStructureBodySchema, response: detail } },
    async (request, reply) => {
      const out = await tradeStructure(deps, request, request.body);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.get(
    `${SCS_API}/structure/:structureId/close-cost`,
    { config: session, schema: { params: closeParams, response: { 200: closeCostSchema, ...crmWriteErrors } } },
    async (request) => closeCost(deps, request, request.params.structureId),
  );

  app.post(
    `${SCS_API}/structure/:structureId/request-close`,
    { config: session, schema: { params: closeParams, body: requestCloseBodySchema, response: detail } },
    async (request, reply) => {
      const out = await requestCloseAsMerchandiser(deps, request, request.params.structureId, request.body);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.post(
    `${SCS_API}/structure/:structureId/close`,
    { config: session, schema: { params: closeParams, body: decideCloseBodySchema, response: detail } },
    async (request, reply) => {
      const out = await decideClose(deps, request, request.params.structureId, request.body);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  // The farmer's side (profit center, read-only but for asking to close).
  app.get(
    `${PROFIT_CENTER_API}/structures`,
    { config: session, schema: { response: { 200: farmerStructureListSchema, ...crmErrors } } },
    async (request) => farmerStructures(deps, request),
  );

  app.get(
    `${PROFIT_CENTER_API}/structures/:structureId`,
    {
      config: session,
      schema: { params: closeParams, response: { 200: farmerStructureDetailSchema, ...crmErrors } },
    },
    async (request) => farmerStructure(deps, request, request.params.structureId),
  );

  app.post(
    `${PROFIT_CENTER_API}/structures/:structureId/request-close`,
    {
      config: session,
      schema: {
        params: closeParams,
        body: requestCloseBodySchema,
        response: { 200: farmerStructureDetailSchema, ...crmWriteErrors },
      },
    },
    async (request) => farmerRequestClose(deps, request, request.params.structureId, request.body),
  );
};
