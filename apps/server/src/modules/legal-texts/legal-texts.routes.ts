import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEGAL_TEXTS_PATH,
  apiErrorSchema,
  legalDocumentSchema,
  legalTextListSchema,
  legalTextSchema,
  legalTextUpdateSchema,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { changeLegalText, legalText, legalTextList } from './legal-texts.service.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

const params = z.object({ document: legalDocumentSchema });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * The legal pages' texts (platform.md 2.1) of the request host's partner: anyone may read them; the partner's CRM
 * administrators and super admins change them (audited).
 */
export const legalTextsRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, partners }) => {
  const db = ctx.database.db;

  app.get(
    LEGAL_TEXTS_PATH,
    { config: { access: 'public' }, schema: { response: { 200: legalTextListSchema } } },
    async (request) => ({ texts: await legalTextList(db, await partners.byHost(request.headers.host)) }),
  );

  app.get(
    `${LEGAL_TEXTS_PATH}/:document`,
    { config: { access: 'public' }, schema: { params, response: { 200: legalTextSchema, ...errors } } },
    async (request) => legalText(db, await partners.byHost(request.headers.host), request.params.document),
  );

  app.put(
    `${LEGAL_TEXTS_PATH}/:document`,
    {
      config: { access: 'session' },
      schema: { params, body: legalTextUpdateSchema, response: { 200: legalTextSchema, ...errors } },
    },
    async (request) => {
      const session = await requireSession(ctx, request);
      return changeLegalText(db, request, {
        user: session.user,
        actorId: session.actor?.id ?? session.user.id,
        partner: await partners.byHost(request.headers.host),
        document: request.params.document,
        body: request.body.body,
      });
    },
  );
};
