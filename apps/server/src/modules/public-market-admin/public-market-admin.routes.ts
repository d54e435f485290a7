import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementCreateSchema,
  announcementListResponseSchema,
  announcementSchema,
  announcementUpdateSchema,
  marketClosuresInputSchema,
  marketClosuresResponseSchema,
  marketHoursResponseSchema,
  marketPageSettingsSchema,
  marketPageSettingsUpdateSchema,
  markAnnouncementsReadResponseSchema,
  markAnnouncementsReadSchema,
  userAnnouncementsResponseSchema,
  weeklyHoursInputSchema,
} from '@granary/domain';
import { etagOf, idParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  changeAnnouncement,
  changeMarketClosures,
  changeMarketHours,
  changeMarketInfo,
  createAnnouncement,
  markUserAnnouncementsRead,
  marketAnnouncements,
  marketClosuresOf,
  marketHoursOf,
  marketInfo,
  oneAnnouncement,
  removeAnnouncement,
  userAnnouncements,
} from './public-market-admin.service.ts';
import { marketAdminRoutes } from './market-admin.routes.ts';

const MERCH = '/api/commodities/merchandising';
const PROFIT_CENTER = '/api/commodities/profit-center';
const marketParams = z.object({ marketId: idParam });
const announcementParams = z.object({ announcementId: idParam });

/** Holiday hours and announced closures of a market: dated entries (closed, or special hours) with a label. */
const closureRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  app.get(
    `${MERCH}/market/:marketId/closures`,
    {
      config: { access: 'session' },
      schema: { params: marketParams, response: { 200: marketClosuresResponseSchema, ...crmErrors } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return marketClosuresOf(deps, request, request.params.marketId);
    },
  );
  app.put(
    `${MERCH}/market/:marketId/closures`,
    {
      config: { access: 'session' },
      schema: {
        params: marketParams,
        body: marketClosuresInputSchema,
        response: { 200: marketClosuresResponseSchema, ...crmWriteErrors },
      },
    },
    async (request) => changeMarketClosures(deps, request, request.params.marketId, request.body),
  );
};

/** /crm/public-bids-admin: each market's public page settings, office hours and announcements; a farmer's announcements. */
export const publicMarketAdminRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  app.get(
    `${MERCH}/market/:marketId/info`,
    {
      config: { access: 'session' },
      schema: { params: marketParams, response: { 200: marketPageSettingsSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const settings = await marketInfo(deps, request, request.params.marketId);
      void reply.header('etag', etagOf(settings.version)).header('cache-control', 'no-store');
      return settings;
    },
  );

  app.put(
    `${MERCH}/market/:marketId/info`,
    {
      config: { access: 'session' },
      schema: {
        params: marketParams,
        body: marketPageSettingsUpdateSchema,
        response: { 200: marketPageSettingsSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const settings = await changeMarketInfo(deps, request, request.params.marketId, request.body);
      void reply.header('etag', etagOf(settings.version));
      return settings;
    },
  );

  // Market hours: the merchandising path and its v2 variant answer alike.
  for (const path of [`${MERCH}/market/:marketId/hours`, `${MERCH}/v2/market/:marketId/hours`]) {
    app.get(
      path,
      {
        config: { access: 'session' },
        schema: { params: marketParams, response: { 200: marketHoursResponseSchema, ...crmErrors } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return marketHoursOf(deps, request, request.params.marketId);
      },
    );
    app.put(
      path,
      {
        config: { access: 'session' },
        schema: {
          params: marketParams,
          body: weeklyHoursInputSchema,
          response: { 200: marketHoursResponseSchema, ...crmWriteErrors },
        },
      },
      async (request) => changeMarketHours(deps, request, request.params.marketId, request.body),
    );
  }

  await closureRoutes(app, deps);
  await marketAdminRoutes(app, deps);

  app.get(
    `${MERCH}/announcement`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({ market_id: idParam }),
        response: { 200: announcementListResponseSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return marketAnnouncements(deps, request, request.query.market_id);
    },
  );

  app.get(
    `${MERCH}/announcement/:announcementId`,
    {
      config: { access: 'session' },
      schema: { params: announcementParams, response: { 200: announcementSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const announcement = await oneAnnouncement(deps, request, request.params.announcementId);
      void reply.header('etag', etagOf(announcement.version));
      return announcement;
    },
  );

  app.post(
    `${MERCH}/announcement`,
    {
      config: { access: 'session' },
      schema: { body: announcementCreateSchema, response: { 201: announcementSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const announcement = await createAnnouncement(deps, request, request.body);
      return reply.status(201).header('etag', etagOf(announcement.version)).send(announcement);
    },
  );

  app.put(
    `${MERCH}/announcement/:announcementId`,
    {
      config: { access: 'session' },
      schema: {
        params: announcementParams,
        body: announcementUpdateSchema,
        response: { 200: announcementSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const announcement = await changeAnnouncement(deps, request, request.params.announcementId, request.body);
      void reply.header('etag', etagOf(announcement.version));
      return announcement;
    },
  );

  app.delete(
    `${MERCH}/announcement/:announcementId`,
    {
      config: { access: 'session' },
      schema: { params: announcementParams, response: { 204: z.null(), ...crmWriteErrors } },
    },
    async (request, reply) => {
      await removeAnnouncement(deps, request, request.params.announcementId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${PROFIT_CENTER}/markets/announcements/user`,
    { config: { access: 'session' }, schema: { response: { 200: userAnnouncementsResponseSchema, ...crmErrors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return userAnnouncements(deps, request);
    },
  );

  app.post(
    `${PROFIT_CENTER}/markets/announcements/user/read`,
    {
      config: { access: 'session' },
      schema: {
        body: markAnnouncementsReadSchema,
        response: { 200: markAnnouncementsReadResponseSchema, ...crmWriteErrors },
      },
    },
    async (request) => markUserAnnouncementsRead(deps, request, request.body.announcementIds),
  );
};
