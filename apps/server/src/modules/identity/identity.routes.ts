import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_EMAIL_PATTERN, apiErrorSchema, safeRedirectTarget } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { getSession, requireSession } from '../../platform/access.ts';
import { clearSessionCookies, endOtherSessions, endSession } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { MIN_PASSWORD_LENGTH, hashPassword, passwordProblem, personalWords, verifyPassword } from './passwords.ts';
import { passwordLogin, sendMagicLink, sendPasswordReset } from './login.service.ts';
import { consumeToken, issueToken, peekToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, findUserByLegacyId, updateUser } from './users.repo.ts';
import { completeSignIn } from './sign-in.ts';
import { voidUserTokens } from './tokens.repo.ts';
import { clearLoginFailures } from './login-failures.repo.ts';

/** Every auth route is rate limited per IP (counters shared through PostgreSQL). */
export const AUTH_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
const STRICT_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

const okSchema = z.object({ status: z.literal('ok') });
const signedInSchema = z.object({
  userId: z.string(),
  oneTimePassword: z.boolean(),
  redirect: z.string(),
});

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

export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, botCheck, partners }) => {
  const db = ctx.database.db;
  const host = (headers: { host?: string | undefined }) => headers.host ?? '';

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
          : safeRedirectTarget(request.query.redirect, host(request.headers)),
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

  // Magic link: query redirect plus email or user_id, empty body. Same answer whether or not the account exists.
  const magicQuery = z
    .object({
      redirect: z.string().max(2000).optional(),
      email: z.string().max(320).optional(),
      user_id: z.string().max(64).optional(),
    })
    .refine((q) => Boolean(q.email?.trim()) || Boolean(q.user_id), {
      message: 'The email field is required.',
      path: ['email'],
    });
  for (const [path, native] of [
    ['/api/auth/login/magic-link/initiate', false],
    ['/api/auth/login/magic-link/app-initiate', true],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'public', rateLimit: STRICT_RATE_LIMIT },
        schema: { querystring: magicQuery, response: { 200: okSchema, 400: apiErrorSchema } },
      },
      async (request) => {
        const { email, user_id: userId, redirect } = request.query;
        if (email && !RESET_EMAIL_PATTERN.test(email.trim()))
          throw new AppError('invalid_request', 'The email format is invalid.');
        const user = email
          ? await findUserByEmail(db, email)
          : /^\d+$/.test(userId ?? '')
            ? await findUserByLegacyId(db, Number(userId))
            : await findUserById(db, userId ?? '');
        const partner = await partners.byHost(request.headers.host);
        const target = redirect ? safeRedirectTarget(redirect, host(request.headers)) : null;
        await sendMagicLink(ctx, request, partner, user, target, native);
        return { status: 'ok' as const };
      },
    );
  }

  // The /login/magic page exchanges the link's token for a session (single use, 10 minutes).
  app.post(
    '/api/auth/login/magic-link/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: signedInSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await consumeToken(db, 'magic_link', request.body.token);
      const user = row?.userId ? await findUserById(db, row.userId) : null;
      if (!row || !user) throw new AppError('link_invalid', 'This sign-in link is no longer valid. Ask for a new one.');
      await completeSignIn(ctx, request, reply, user, 'magic_link');
      return {
        userId: user.id,
        oneTimePassword: user.oneTimePassword,
        redirect: user.oneTimePassword
          ? '/onetime-password/reset'
          : safeRedirectTarget(row.redirect, host(request.headers)),
      };
    },
  );

  // Password recovery: the same answer for every well-formed address; a mail only for real accounts.
  app.post(
    '/api/auth/password/recovery/initiate',
    {
      config: { access: 'public', rateLimit: STRICT_RATE_LIMIT },
      schema: {
        querystring: z.object({ new_way_password_recovery: z.enum(['true', 'false']).optional() }),
        body: z.object({ email: z.string().max(320) }),
        response: { 200: okSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      if (!email) throw new AppError('invalid_request', 'The email field is required.');
      if (!RESET_EMAIL_PATTERN.test(email)) throw new AppError('invalid_request', 'The email format is invalid.');
      const user = await findUserByEmail(db, email);
      if (user && user.status === 'active') {
        await voidUserTokens(db, 'password_reset', user.id);
        const { token } = await issueToken(db, 'password_reset', {
          userId: user.id,
          identifier: user.email,
          ip: request.ip,
        });
        await sendPasswordReset(ctx, request, await partners.byHost(request.headers.host), user, token);
        await audit(db, request, {
          actorUserId: null,
          action: 'password_recovery_requested',
          targetType: 'user',
          targetId: user.id,
        });
      }
      return { status: 'ok' as const };
    },
  );

  // /password/exchange/:token checks the link before showing the form.
  app.post(
    '/api/auth/password/recovery/confirm',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: okSchema, 410: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await peekToken(db, 'password_reset', request.body.token))) throw new AppError('link_invalid');
      return { status: 'ok' as const };
    },
  );

  // Reset with token: errors carry status deny | insecure_password and a reason (grain-marketing.md 7).
  app.post(
    '/api/auth/password/reset/:token',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        body: z.object({ new_password: z.string().max(1000) }),
        response: {
          200: okSchema,
          400: apiErrorSchema.extend({ status: z.literal('insecure_password'), reason: z.string() }),
          410: apiErrorSchema.extend({ status: z.literal('deny'), reason: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const deny = () => {
        const reason = 'The password link is no longer valid.';
        return reply.status(410).send({ code: 'link_invalid', message: reason, status: 'deny', reason });
      };
      // The link is checked first (scoring a password costs CPU, not worth spending on a dead link), and its
      // owner's e-mail and names count as words a password must not be built from; the link is used up only
      // once the password is acceptable, so a refused password can be retried with the same link.
      const pending = await peekToken(db, 'password_reset', request.params.token);
      const owner = pending?.userId ? await findUserById(db, pending.userId) : null;
      if (!pending || !owner || owner.status !== 'active') return deny();
      const problem = passwordProblem(request.body.new_password, personalWords(owner));
      if (problem) {
        return reply
          .status(400)
          .send({ code: 'insecure_password', message: problem, status: 'insecure_password', reason: problem });
      }
      const row = await consumeToken(db, 'password_reset', request.params.token);
      const user = row?.userId ? await findUserById(db, row.userId) : null;
      if (!row || !user || user.status !== 'active') return deny();
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(request.body.new_password),
        passwordChangedAt: new Date(),
        oneTimePassword: false,
        failedLoginCount: 0,
        lockedUntil: null,
      });
      // The reset link proved who they are: the password lockout is lifted from every network.
      await clearLoginFailures(db, user.email);
      await endOtherSessions(db, user.id);
      await audit(db, request, { actorUserId: user.id, action: 'password_reset' });
      return { status: 'ok' as const };
    },
  );

  // Update password (snake_case body). A one-time-password user may skip the current password once.
  app.post(
    '/api/auth/password/update',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({
          current_password: z.string().max(1000).optional(),
          new_password: z.string().max(1000),
          new_password_confirmation: z.string().max(1000),
        }),
        response: { 200: okSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const session = await requireSession(ctx, request);
      const user = session.user;
      const { current_password: current, new_password: next, new_password_confirmation: confirmation } = request.body;
      if (!user.oneTimePassword) {
        if (!current) throw new AppError('invalid_request', 'The current password field is required.');
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
          throw new AppError('incorrect_password');
        }
      }
      if (!next) throw new AppError('invalid_request', 'The new password field is required.');
      if (next !== confirmation)
        throw new AppError('invalid_request', 'The password confirmation must match the new password.');
      const problem = passwordProblem(next, personalWords(user));
      if (problem) throw new AppError('insecure_password', problem);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(next),
        passwordChangedAt: new Date(),
        oneTimePassword: false,
      });
      await endOtherSessions(db, user.id, session.tokenHash);
      await audit(db, request, { actorUserId: user.id, action: 'password_updated' });
      return { status: 'ok' as const };
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
