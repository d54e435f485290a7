import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_EMAIL_PATTERN, apiErrorSchema, safeRedirectTarget } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { sendMagicLink } from './login.service.ts';
import { consumeToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, findUserByLegacyId } from './users.repo.ts';
import { completeSignIn } from './sign-in.ts';
import { AUTH_RATE_LIMIT, STRICT_RATE_LIMIT, hostOf, okSchema, signedInSchema } from './identity.routes.ts';

/** Signing in with a magic link: asking for the link (from the web and the native app), and exchanging it for a session. */
export const magicLinkRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, partners }) => {
  const db = ctx.database.db;

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
        const target = redirect ? safeRedirectTarget(redirect, hostOf(request.headers)) : null;
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
          : safeRedirectTarget(row.redirect, hostOf(request.headers)),
      };
    },
  );
};
