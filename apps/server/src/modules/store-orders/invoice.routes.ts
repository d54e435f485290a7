// GET /api/store/orders/:orderId/invoice: the order's invoice as a PDF (issue 13), for the order's owner only — any
// other caller gets the 404 of an order that is not theirs. The brand words are the partner's of the host asked.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORE_API, apiErrorSchema, orderIdParamsSchema } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import * as service from './store-orders.service.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

export const storeOrderInvoiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, partners }) => {
  const db = ctx.database.db;
  app.get(
    `${STORE_API}/orders/:orderId/invoice`,
    {
      config: { access: 'session' },
      schema: {
        params: orderIdParamsSchema,
        response: { 200: z.any(), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const state = await requireSession(ctx, request);
      const buyer = await service.buyerOf(db, state.user.id, state.session.currentEnterpriseId ?? null, undefined);
      const order = await service.orderDetail(db, buyer, { id: request.params.orderId });
      const partner = await partners.byHost(request.headers.host);
      const brand = partner.branding.shortName || partner.displayName;
      // pdf-lib is loaded with the first PDF (decision 049): a server that draws none need not hold it.
      const { renderInvoicePdf } = await import('./invoice-pdf.ts');
      const pdf = await renderInvoicePdf(
        order,
        { brand, legalName: partner.branding.legalName || brand },
        buyer.region.locale,
      );
      const fileName = `invoice-${order.orderNumber}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
