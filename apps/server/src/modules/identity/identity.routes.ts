import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, safeRedirectTarget } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { getSession, requireSession } from '../../platform/access.ts';
import { clearSessionCookies, endSession } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { passwordLogin } from './login.service.ts';

/** Every auth route is rate limited per IP (counters shared through PostgreSQL). */
export const AUTH_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** Routes that send a mail: tighter. */
export const STRICT_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

export const okSchema = z.object({ status: z.literal('ok') });
export const signedInSchema = z.object({
  userId: z.string(),
  oneTimePassword: z.boolean(),
  redirect: z.string(),
});

/** The request's host, for checking a redirect target against it. */
export const hostOf = (headers: { host?: string | undefined }) => headers.host ?? '';

/** Reads `Authorization: Basic base64(email:password)`. */
export function parseBasicAuth(header: string | undefined): { email: string; password: string } {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match?.[1]) throw new AppError('invalid_request', 'The email field is required.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  const email = (i < 0 ? decoded : decoded.slice(0, i)).trim();
  const password = i < 0 ? '' : decoded.slice(i + 1);
  if (!email) throw new AppError('invalid_request', 'The email field is required.');
  if (!password) throw new AppError('invalid_request', 'The password field is required.');
  // Signing in keeps the spec's 4 (grain-marketing.md 5); only a password being set needs 8 and strength.
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('invalid_request', 'The password must be at least 4 characters long.');
  if (password.length > 256 || email.length > 320) throw new AppError('invalid_credentials');
  return { email, password };
}

/**
 * Signing in with a password, signing out, and who is signed in. The other ways in have their own registrations:
 * magic links (magic-link.routes.ts), the password's recovery and change (password.routes.ts), external identity
 * providers (oidc.routes.ts), SMS codes (sms.routes.ts), acting as a user (act-as.routes.ts), signup and verification.
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, botCheck, partners }) => {
  const db = ctx.database.db;

  // grain-marketing.md 7 'Sign-in calls': Basic credentials, body {timeout_s, cookie, login_source, recaptcha_v3}.
  app.post(
    '/api/auth/login/basic',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        body: z
          .object({
            timeout_s: z.number().int().positive().max(86_400).optional(),
            cookie: z.boolean().optional(),
            login_source: z.enum(['www', 'ops']).optional(),
            recaptcha_v3: z.string().max(10_000).optional(),
            recaptchaV3: z.string().max(10_000).optional(),
          })
          .default({}),
        response: {
          200: signedInSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          423: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = parseBasicAuth(request.headers.authorization);
      const verdict = await botCheck.verify(
        'login_password',
        request.body.recaptcha_v3 ?? request.body.recaptchaV3,
        request.ip,
      );
      if (verdict !== 'ok') throw new AppError('bot_check_failed', verdict);
      const partner = await partners.byHost(request.headers.host);
      const { user } = await passwordLogin(ctx, request, reply, partner, email, password);
      return {
        userId: user.id,
        oneTimePassword: user.oneTimePassword,
        redirect: user.oneTimePassword
          ? '/onetime-password/reset'
          : safeRedirectTarget(request.query.redirect, hostOf(request.headers)),
      };
    },
  );

  // Logout ends the session server-side: the old cookie is worthless afterwards.
  app.post(
    '/api/auth/logout',
    { config: { access: 'public', rateLimit: AUTH_RATE_LIMIT }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const session = await getSession(ctx, request);
      if (session) {
        await endSession(db, session.tokenHash);
        // While acting as someone, the person signing out is the admin (the actor), not the acted-as user.
        await audit(db, request, {
          actorUserId: session.actor?.id ?? session.user.id,
          actingAsUserId: session.actor ? session.user.id : null,
          action: 'sign_out',
        });
      }
      clearSessionCookies(reply, ctx.sessions);
      return reply.status(204).send(null);
    },
  );

  // Re-used by the sign-in pages: who am I (cheap, no enterprises) — 401 when signed out.
  app.get(
    '/api/auth/session',
    {
      config: { access: 'session' },
      schema: {
        response: { 200: z.object({ userId: z.string(), method: z.string(), actingAs: z.string().nullable() }) },
      },
    },
    async (request) => {
      const state = await requireSession(ctx, request);
      const { session, user } = state;
      // userId is whoever signed in (the admin while acting as someone); actingAs names the acted-as user.
      return { userId: state.actor?.id ?? user.id, method: session.method, actingAs: session.actAsUserId };
    },
  );
};
