import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityDeps } from './identity-deps.ts';
import { listOutbox } from '../../platform/outbox.ts';
import { AppError } from '../../platform/errors.ts';
import { isDevToolsRequest } from '../../platform/request-rules.ts';
import { mailContext } from '../../platform/mail/send-mail.ts';
import { linkOrigin } from './links.ts';

const messageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * The dev mailbox (never registered in production): what the outbox holds, so magic links, resets and
 * codes work end to end with no mail or SMS provider. The web shows it at /dev/mailbox. It answers only a
 * request made on this machine (docs/decisions/025): anyone else who reaches the server gets a 404, as in
 * production, since the outbox holds sign-in links.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, partners }) => {
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          recipient: z.string().max(320).optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request) => {
      if (!isDevToolsRequest(ctx, request)) throw new AppError('not_found', 'No such API call.');
      const rows = await listOutbox(ctx.database.db, {
        recipient: request.query.recipient,
        limit: request.query.limit,
      });
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          text: m.text,
          html: m.html,
          template: m.template,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );

  // Every e-mail template with its sample data, in this host's partner's brand and links (the mailbox's "Templates"),
  // so a designer sees each one without triggering it.
  app.get(
    '/api/dev/mailbox/templates',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: z.object({
            templates: z.array(
              z.object({ template: z.string(), subject: z.string(), html: z.string(), text: z.string() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      if (!isDevToolsRequest(ctx, request)) throw new AppError('not_found', 'No such API call.');
      const partner = await partners.byHost(request.headers.host);
      const { renderSamples } = await import('../../platform/mail/render-mail.tsx');
      return { templates: await renderSamples(mailContext(partner, linkOrigin(ctx, request, partner))) };
    },
  );
};
