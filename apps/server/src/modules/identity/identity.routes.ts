import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { clearSessionCookies, endSession } from '../../platform/sessions.ts';

export const identityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Logout ends the session server-side: the old cookie is worthless afterwards.
  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      const session = await getSession(ctx, request);
      if (session) await endSession(ctx.database.db, session.tokenHash);
      clearSessionCookies(reply, ctx.sessions);
      return reply.status(204).send(null);
    },
  );
};
