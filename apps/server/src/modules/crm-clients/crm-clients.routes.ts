import { CREATE_LIMIT_PER_MINUTE } from '../../platform/write-limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTE_CATEGORIES,
  clampPage,
  clampPageSize,
  clientProfileSchema,
  clientSearchResponseSchema,
  clientSummaryPatchSchema,
  clientSummaryResponseSchema,
  noteListResponseSchema,
  noteRowSchema,
  noteWriteQuerySchema,
} from '@granary/domain';
import {
  etagOf,
  idListParam,
  idParam,
  textQueryParam,
  loadCrmActorWithSession,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { NOTE_BODY_LIMIT, crmErrors, crmWriteErrors, registerPlainTextParser } from '../../platform/crm-http.ts';
import { clientProfile, editClientSummary, leSearch, legalEntitySearch } from './crm-clients.service.ts';
import { clientNotes, createNote, editNote, findClientNote, notesFeed, removeNote } from './client-notes.service.ts';

const MERCH = '/api/commodities/merchandising';
const CTRM = '/api/commodities/ctrm';
const CLIENT = `${MERCH}/le/:platformId/market/:marketId/le/:clientId`;

const paging = {
  page: z.string().max(20).optional(),
  pageSize: z.string().max(20).optional(),
  paginationToken: z.string().max(2048).optional(),
};
const searchQuery = z.object({ search: textQueryParam(200).optional(), ...paging });

function pageOf(q: { page?: string | undefined; pageSize?: string | undefined; paginationToken?: string | undefined }) {
  const page = clampPage(q.page);
  return { page, pageSize: clampPageSize(q.pageSize), paginationToken: page > 1 ? (q.paginationToken ?? null) : null };
}

function searchOf(q: { search?: string | undefined }): string | null {
  const s = q.search?.trim();
  return s ? s : null;
}

const clientParams = z.object({ platformId: idParam, marketId: idParam, clientId: idParam });
const noteParams = clientParams.extend({ noteId: idParam });
type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];

export const crmClientsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  // Session, user and CRM actor in one query (decision 014).
  loadCrmActorWithSession(app);
  registerPlainTextParser(app);
  searchRoutes(app, deps);
  profileRoutes(app, deps);
  noteRoutes(app, deps);
};

/** Client search: a market's clients (le-search) and the CTRM legal-entities search. */
function searchRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${MERCH}/market/:marketIds/le-search`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketIds: idListParam }),
        querystring: searchQuery,
        response: { 200: clientSearchResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      leSearch(deps, request, request.params.marketIds, { search: searchOf(request.query), ...pageOf(request.query) }),
  );

  app.get(
    `${CTRM}/legal-entities/search`,
    {
      config: { access: 'session' },
      schema: {
        querystring: searchQuery.extend({ market_id: idParam.optional() }),
        response: { 200: clientSearchResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      legalEntitySearch(deps, request, request.query.market_id ?? null, {
        search: searchOf(request.query),
        ...pageOf(request.query),
      }),
  );
}

/** The client profile (/profile, /profile/:crop, /profile/:crop/:cropYear) and its editable summary. */
function profileRoutes(app: RoutesApp, deps: CrmDeps): void {
  const profileParams = clientParams.extend({
    crop: z.string().max(40).optional(),
    cropYear: z.string().max(10).optional(),
  });
  for (const suffix of ['', '/:crop', '/:crop/:cropYear']) {
    app.get(
      `${CLIENT}/profile${suffix}`,
      {
        config: { access: 'session' },
        schema: { params: profileParams, response: { 200: clientProfileSchema, ...crmErrors } },
      },
      async (request, reply) => {
        const { platformId, marketId, clientId, crop, cropYear } = request.params;
        const profile = await clientProfile(deps, request, { platformId, marketId, clientId }, crop, cropYear);
        void reply.header('etag', etagOf(profile.version));
        return profile;
      },
    );
  }

  app.patch(
    `${CLIENT}/profile`,
    {
      config: { access: 'session' },
      schema: {
        params: clientParams,
        body: clientSummaryPatchSchema,
        response: { 200: clientSummaryResponseSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const updated = await editClientSummary(deps, request, request.params, request.body);
      void reply.header('etag', etagOf(updated.version));
      return updated;
    },
  );
}

/** Notes: plain text bodies; category and noteDate as query parameters. A client's notes, and the notes feed. */
function noteRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${CLIENT}/notes`,
    {
      config: { access: 'session', writeLimit: CREATE_LIMIT_PER_MINUTE },
      schema: {
        params: clientParams,
        querystring: z.object({ category: z.enum(NOTE_CATEGORIES).optional(), ...paging }),
        response: { 200: noteListResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      clientNotes(deps, request, request.params, {
        category: request.query.category ?? null,
        ...pageOf(request.query),
      }),
  );

  app.get(
    `${CLIENT}/notes/:noteId`,
    { config: { access: 'session' }, schema: { params: noteParams, response: { 200: noteRowSchema, ...crmErrors } } },
    async (request, reply) => {
      const { noteId, ...ids } = request.params;
      const note = await findClientNote(deps, request, ids, noteId);
      void reply.header('etag', etagOf(note.version));
      return note;
    },
  );

  app.post(
    `${CLIENT}/notes`,
    {
      config: { access: 'session', writeLimit: CREATE_LIMIT_PER_MINUTE },
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        params: clientParams,
        querystring: noteWriteQuerySchema,
        body: z.string(),
        response: { 201: noteRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const note = await createNote(deps, request, request.params, { body: request.body, ...request.query });
      return reply.status(201).header('etag', etagOf(note.version)).send(note);
    },
  );

  app.put(
    `${CLIENT}/notes/:noteId`,
    {
      config: { access: 'session' },
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        params: noteParams,
        querystring: noteWriteQuerySchema,
        body: z.string(),
        response: { 200: noteRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { noteId, ...ids } = request.params;
      const note = await editNote(deps, request, ids, noteId, { body: request.body, ...request.query });
      void reply.header('etag', etagOf(note.version));
      return note;
    },
  );

  app.delete(
    `${CLIENT}/notes/:noteId`,
    { config: { access: 'session' }, schema: { params: noteParams, response: { 204: z.null(), ...crmWriteErrors } } },
    async (request, reply) => {
      const { noteId, ...ids } = request.params;
      await removeNote(deps, request, ids, noteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${MERCH}/notes`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({
          market_id: idParam.optional(),
          client_legal_entity_id: idParam.optional(),
          category: z.enum(NOTE_CATEGORIES).optional(),
          ...paging,
        }),
        response: { 200: noteListResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      notesFeed(deps, request, request.query.market_id ?? null, request.query.client_legal_entity_id ?? null, {
        category: request.query.category ?? null,
        ...pageOf(request.query),
      }),
  );
}
