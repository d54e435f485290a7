import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bootstrapResponseSchema, parseExperimentFlags, versionResponseSchema } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { anonymousIdOf, getSession } from '../../platform/access.ts';
import { randomToken } from '../../platform/crypto.ts';
import { ANON_COOKIE, secureCookieFor } from '../../platform/sessions.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { buildBootstrap } from './shell.service.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory; buildTag: string };

const ONE_YEAR_S = 365 * 24 * 3600;

export const shellRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, partners, buildTag }) => {
  // grain-marketing.md 7 'Shell calls': the path is not shown in the spec; we serve it at /api/bootstrap.
  app.get(
    '/api/bootstrap',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ current_enterprise_id: z.coerce.number().int().positive().optional() }),
        response: { 200: bootstrapResponseSchema },
      },
    },
    async (request, reply) => {
      let anonymousId = anonymousIdOf(request);
      if (!anonymousId) {
        // Identifies the browser, not a person; it anchors the anonymous CSRF token and experiments.
        anonymousId = randomToken(18);
        reply.setCookie(ANON_COOKIE, anonymousId, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookieFor(ctx.sessions, request),
          maxAge: ONE_YEAR_S,
        });
      }
      reply.header('Cache-Control', 'no-store');
      return buildBootstrap(ctx.database.db, {
        session: await getSession(ctx, request),
        anonymousId,
        csrfSecret: ctx.csrfSecret,
        requestedEnterpriseId: request.query.current_enterprise_id,
        partner: await partners.byHost(request.headers.host),
        buildTag,
        experiments: parseExperimentFlags(ctx.env.EXPERIMENT_FLAGS),
      });
    },
  );

  app.get(
    '/version.json',
    { config: { access: 'public' }, schema: { response: { 200: versionResponseSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        web: { required: ctx.env.WEB_VERSION_REQUIRED, latest: ctx.env.WEB_VERSION_LATEST },
        build: buildTag,
      };
    },
  );
};
