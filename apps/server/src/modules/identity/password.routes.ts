import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_EMAIL_PATTERN, apiErrorSchema } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { requireSession } from '../../platform/access.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { hashPassword, passwordProblem, personalWords, verifyPassword } from './passwords.ts';
import { sendPasswordReset } from './login.service.ts';
import { consumeToken, issueToken, peekToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, updateUser } from './users.repo.ts';
import { voidUserTokens } from './tokens.repo.ts';
import { clearLoginFailures } from './login-failures.repo.ts';
import { AUTH_RATE_LIMIT, STRICT_RATE_LIMIT, okSchema } from './identity.routes.ts';

/** The password's routes: recovery by e-mail (ask, check the link, reset with it) and changing it while signed in. */
export const passwordRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, partners }) => {
  const db = ctx.database.db;

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
      const problem = await passwordProblem(request.body.new_password, personalWords(owner));
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
      });
      // The reset link proved who they are: the password lockout is lifted from every network.
      await clearLoginFailures(db, user.email);
      await endOtherSessions(db, user.id);
      await audit(db, request, { actorUserId: user.id, action: 'password_reset' });
      return { status: 'ok' as const };
    },
  );

  // Update password (snake_case body). A one-time-password user may skip the current password once.
  // Whether the signed-in user has a password: one who signed up with a link or a code has none, and /user then
  // offers to set one without asking for a current password they never had.
  app.get(
    '/api/auth/password',
    {
      config: { access: 'session' },
      schema: { response: { 200: z.object({ has_password: z.boolean() }), 401: apiErrorSchema } },
    },
    async (request) => {
      const session = await requireSession(ctx, request);
      return { has_password: session.user.passwordHash !== null };
    },
  );

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
      // A user without a password (signed up with a link or a code) sets a first one without a current password;
      // anyone with a password must give it (unless it is a one-time password being replaced).
      const firstPassword = user.passwordHash === null;
      if (!user.oneTimePassword && !firstPassword) {
        if (!current) throw new AppError('invalid_request', 'The current password field is required.');
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
          throw new AppError('incorrect_password');
        }
      }
      if (!next) throw new AppError('invalid_request', 'The new password field is required.');
      if (next !== confirmation)
        throw new AppError('invalid_request', 'The password confirmation must match the new password.');
      const problem = await passwordProblem(next, personalWords(user));
      if (problem) throw new AppError('insecure_password', problem);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(next),
        passwordChangedAt: new Date(),
        oneTimePassword: false,
      });
      await endOtherSessions(db, user.id, session.tokenHash);
      await audit(db, request, { actorUserId: user.id, action: firstPassword ? 'password_set' : 'password_updated' });
      return { status: 'ok' as const };
    },
  );
};
