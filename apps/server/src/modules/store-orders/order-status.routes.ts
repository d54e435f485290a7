import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STORE_API,
  apiErrorSchema,
  orderStatusParamsSchema,
  orderStatusResponseSchema,
  orderStatusUpdateSchema,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { changeOrderStatus } from './order-status.service.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * The store's order wrangler (platform.md 6.5 store-order-wrangler-admin): staff move an order's status on; the buyer
 * hears of it under the orders topic of their notification preferences (decision 055).
 */
export const orderStatusRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  app.put(
    `${STORE_API}/admin/orders/:orderId/status`,
    {
      config: { access: 'store-order-wrangler-admin' },
      schema: {
        params: orderStatusParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderStatusResponseSchema, ...errors },
      },
    },
    async (request) =>
      changeOrderStatus(
        deps,
        request,
        await requireSession(deps.ctx, request),
        request.params.orderId,
        request.body.status,
      ),
  );
};
