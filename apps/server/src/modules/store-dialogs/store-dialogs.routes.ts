import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STORE_API,
  STORE_MARKETING_DIALOG_SEEN_PATH,
  STORE_MARKETING_DIALOG_SUBSCRIBE_PATH,
  STORE_TERMS_ACCEPT_PATH,
  acceptTermsResponseSchema,
  apiErrorSchema,
  marketingDialogResponseSchema,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import type { NotificationsDeps } from '../notifications/notifications.public.ts';
import * as service from './store-dialogs.service.ts';

/** The app context, and the partners (the welcome e-mail is in the brand of the host the user subscribed on). */
type Options = NotificationsDeps;

const errors = { 401: apiErrorSchema, 403: apiErrorSchema } as const;

/**
 * The store dialogs' calls (platform.md 2.9): accept the terms of service, and the marketing-subscribe dialog seen or
 * subscribed. Each needs a session, takes no body and may be repeated (idempotent). The web reloads the bootstrap
 * afterwards (must_accept_tos, dialogs_seen).
 */
export const storeDialogsRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  const { ctx } = deps;
  const db = ctx.database.db;
  const session = { access: 'session' } as const;

  app.post(
    `${STORE_API}${STORE_TERMS_ACCEPT_PATH}`,
    { config: session, schema: { response: { 200: acceptTermsResponseSchema, ...errors } } },
    async (request) => service.acceptTerms(db, request, await requireSession(ctx, request)),
  );

  app.post(
    `${STORE_API}${STORE_MARKETING_DIALOG_SEEN_PATH}`,
    { config: session, schema: { response: { 200: marketingDialogResponseSchema, ...errors } } },
    async (request) => service.marketingDialogSeen(db, await requireSession(ctx, request)),
  );

  app.post(
    `${STORE_API}${STORE_MARKETING_DIALOG_SUBSCRIBE_PATH}`,
    { config: session, schema: { response: { 200: marketingDialogResponseSchema, ...errors } } },
    async (request) => service.marketingSubscribe(deps, request, await requireSession(ctx, request)),
  );
};
