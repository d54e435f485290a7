import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, whiteLabelPartnerSchema } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';

export const partnerRoutes: FastifyPluginAsyncZod<{ partners: PartnerDirectory }> = async (app, { partners }) => {
  app.get(
    '/api/commodities/merchandising/intent/:intent',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ intent: z.string().min(1).max(100) }),
        response: { 200: whiteLabelPartnerSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const partner = await partners.byIntent(request.params.intent);
      if (!partner) throw new AppError('not_found', `No partner has the intent '${request.params.intent}'.`);
      return partner;
    },
  );
};
