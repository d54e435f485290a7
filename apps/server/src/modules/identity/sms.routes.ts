import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, safeRedirectTarget } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';
import { initiateSmsLogin, verifySmsLogin } from './sms.service.ts';

const SMS_INITIATE_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/** SMS sign-in (grain-marketing.md 7 'Authentication catalogue': login/sms/initiate, login/sms/verify). */
export const smsRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, botCheck, partners }) => {
  const host = (headers: { host?: string | undefined }) => headers.host ?? '';

  app.post(
    '/api/auth/login/sms/initiate',
    {
      config: { access: 'public', rateLimit: SMS_INITIATE_RATE_LIMIT },
      schema: {
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        // The code-sending bot check (docs/decisions/012): action generate_one_time_password, as recaptcha_v3.
        body: z.object({
          phone_number: z.string().max(64),
          recaptcha_v3: z.string().max(10_000).optional(),
          recaptchaV3: z.string().max(10_000).optional(),
        }),
        response: {
          200: z.object({ status: z.literal('ok'), verification_token: z.string() }),
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const partner = await partners.byHost(request.headers.host);
      const redirect = request.query.redirect
        ? safeRedirectTarget(request.query.redirect, host(request.headers))
        : null;
      const { phone_number: phoneNumber, recaptcha_v3: snake, recaptchaV3: camel } = request.body;
      const token = await initiateSmsLogin(ctx, request, partner, phoneNumber, redirect, {
        botCheck,
        token: snake ?? camel,
      });
      return { status: 'ok' as const, verification_token: token };
    },
  );

  app.post(
    '/api/auth/login/sms/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ verification_token: z.string().min(1).max(200), code: z.string().max(20) }),
        response: {
          200: z.object({ userId: z.string(), oneTimePassword: z.boolean(), redirect: z.string() }),
          400: apiErrorSchema,
          403: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, redirect } = await verifySmsLogin(
        ctx,
        request,
        reply,
        request.body.verification_token,
        request.body.code,
      );
      return {
        userId: user.id,
        oneTimePassword: user.oneTimePassword,
        redirect: user.oneTimePassword
          ? '/onetime-password/reset'
          : safeRedirectTarget(redirect, host(request.headers)),
      };
    },
  );
};
