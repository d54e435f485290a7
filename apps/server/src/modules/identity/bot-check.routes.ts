import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { BOT_CHECK_ACTIONS } from '../../platform/bot-check.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';

/**
 * GET /api/auth/bot-check/challenge?action=…: what the page must do before sending the action's form.
 * altcha: solve `challenge` and send base64(JSON {challenge, solution}) as recaptcha_v3; recaptcha: run
 * Google's script for the action; off: send nothing.
 */
export const botCheckRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { botCheck }) => {
  app.get(
    '/api/auth/bot-check/challenge',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        querystring: z.object({ action: z.enum(BOT_CHECK_ACTIONS) }),
        response: {
          200: z.object({ mode: z.enum(['altcha', 'recaptcha', 'off']), challenge: z.unknown().optional() }),
          400: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A challenge is single-use and short-lived: never cached.
      void reply.header('cache-control', 'no-store');
      const challenge = await botCheck.challenge(request.query.action);
      return challenge ? { mode: botCheck.mode, challenge } : { mode: botCheck.mode };
    },
  );
};
