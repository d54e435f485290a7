import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, personSummarySchema } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { requireSession, userHasPermission } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';
import {
  ACT_AS_SCOPES,
  adminResetPassword,
  changeActAsScope,
  personSummary,
  startActingAs,
  stopActingAs,
} from './act-as.service.ts';

const personSchema = personSummarySchema;
/** A user's id (uuid) or legacy id (an int4 column: a larger number names nobody). */
const userIdSchema = z.union([z.string().min(1).max(64), z.number().int().positive().max(2_147_483_647)]);
const scopeSchema = z.enum(ACT_AS_SCOPES);
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Act-as (grain-marketing.md 6 'Other', 7 'Authentication catalogue'): an admin holding the act-as
 * permission acts as a user on their own session — visibly (the bootstrap's user.actingAs / user.actor),
 * revocably (DELETE), every step and every state-changing request audited (platform/access.ts). Also the
 * admin password reset. Rules: docs/decisions/011-oidc-sms-act-as.md.
 */
export const actAsRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, partners }) => {
  // Access is 'session': while acting, the session's user is the acted-as user, so the permission is
  // checked on the admin behind it (state.actor), never on the target.
  app.post(
    '/api/auth/act-as',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ user_id: userIdSchema, scope: scopeSchema.optional() }),
        response: { 200: z.object({ actingAs: personSchema, scope: scopeSchema }), ...errors },
      },
    },
    async (request) => {
      const state = await requireSession(ctx, request);
      if (!userHasPermission(state.actor ?? state.user, 'act-as')) throw new AppError('forbidden');
      const scope = request.body.scope ?? 'full';
      const target = await startActingAs(ctx, request, state, request.body.user_id, scope);
      return { actingAs: personSummary(target), scope };
    },
  );

  // Back to self; answers the same when not acting (idempotent).
  app.delete(
    '/api/auth/act-as',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: { response: { 200: z.object({ actingAs: z.null() }), ...errors } },
    },
    async (request) => {
      await stopActingAs(ctx, request, await requireSession(ctx, request));
      return { actingAs: null };
    },
  );

  // Narrows ('read_only': state-changing calls refused) or widens ('full') what the admin may do as the user.
  app.post(
    '/api/auth/act-as/scope',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ scope: scopeSchema }),
        response: { 200: z.object({ actingAs: personSchema, scope: scopeSchema }), ...errors },
      },
    },
    async (request) => {
      const state = await requireSession(ctx, request);
      await changeActAsScope(ctx, request, state, request.body.scope);
      return { actingAs: personSummary(state.user), scope: request.body.scope };
    },
  );

  app.post(
    '/api/auth/admin/password-reset',
    {
      config: { access: 'reset-password', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ user_id: userIdSchema }),
        response: { 200: z.object({ status: z.literal('ok') }), ...errors },
      },
    },
    async (request) => {
      const state = await requireSession(ctx, request);
      // An admin tool is the admin's own act: not available while acting as someone.
      if (state.actor) throw new AppError('forbidden', 'Stop acting as another user first.');
      const partner = await partners.byHost(request.headers.host);
      await adminResetPassword(ctx, request, partner, state.user, request.body.user_id);
      return { status: 'ok' as const };
    },
  );
};
