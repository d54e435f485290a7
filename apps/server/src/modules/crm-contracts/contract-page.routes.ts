// GET ctrm/contracts/:contractId: one contract by its id, for the contract page (decision 042). Registered from
// crm-contracts.routes.ts (which loads the CRM actor with the session).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractPageSchema } from '@granary/domain';
import { etagOf, idParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { contractById } from './contract-page.service.ts';

type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];

export function contractPageRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    '/api/commodities/ctrm/contracts/:contractId',
    {
      config: { access: 'session' },
      schema: { params: z.object({ contractId: idParam }), response: { 200: contractPageSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const detail = await contractById(deps, request, request.params.contractId);
      void reply.header('etag', etagOf(detail.version));
      return detail;
    },
  );
}
