import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  marketingSubscriptionSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSubTopicSchema,
  notificationSubscriptionSchema,
  notificationSubscriptionUpdateSchema,
  notificationSubscriptionsSchema,
  notificationTopicSchema,
  unreadCountSchema,
  unsubscribeLinkSchema,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import * as service from './notifications.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const session = { access: 'session' } as const;

const SUBSCRIPTIONS = '/api/effu/notifications/subscriptions';
const userParams = z.object({ userId: z.string().min(1).max(64) });
const topicParams = z.object({
  topic: notificationTopicSchema,
  subtopic: notificationSubTopicSchema,
  userId: z.string().min(1).max(64),
});
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** An unsubscribe id: checked for its form and signature by the service (a bad one is a 404, never a 500). */
const unsubscribeParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Notification preferences (platform.md 7.4) and the marketing subscription (7.2), the in-app list
 * (/global-notifications and the headers' count) and one-click unsubscribe (platform.md 2.1, RFC 8058). Decision 055.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<service.NotificationsDeps> = async (app, deps) => {
  const { ctx } = deps;
  const db = ctx.database.db;

  app.get(
    `${SUBSCRIPTIONS}/user/:userId`,
    { config: session, schema: { params: userParams, response: { 200: notificationSubscriptionsSchema, ...errors } } },
    async (request) => service.listSubscriptions(db, await requireSession(ctx, request), request.params.userId),
  );

  app.get(
    `${SUBSCRIPTIONS}/topic/:topic/sub_topic/:subtopic/user/:userId`,
    { config: session, schema: { params: topicParams, response: { 200: notificationSubscriptionSchema, ...errors } } },
    async (request) =>
      service.getSubscription(db, await requireSession(ctx, request), request.params.userId, request.params.topic),
  );

  app.put(
    `${SUBSCRIPTIONS}/topic/:topic/sub_topic/:subtopic/user/:userId`,
    {
      config: session,
      schema: {
        params: topicParams,
        body: notificationSubscriptionUpdateSchema,
        response: { 200: notificationSubscriptionSchema, ...errors },
      },
    },
    async (request) =>
      service.updateSubscription(
        deps,
        request,
        await requireSession(ctx, request),
        request.params.userId,
        request.params.topic,
        request.body,
      ),
  );

  app.put(
    '/api/effu/user/:userId/marketing-subscription',
    {
      config: session,
      schema: {
        params: userParams,
        body: marketingSubscriptionSchema,
        response: { 200: marketingSubscriptionSchema, ...errors },
      },
    },
    async (request) =>
      service.putMarketingSubscription(
        deps,
        request,
        await requireSession(ctx, request),
        request.params.userId,
        request.body.subscribed,
      ),
  );

  app.get(
    '/api/notifications',
    {
      config: session,
      schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema, ...errors } },
    },
    async (request) => service.listNotifications(db, await requireSession(ctx, request), request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: session, schema: { response: { 200: unreadCountSchema, ...errors } } },
    async (request) => service.unreadCountOf(db, await requireSession(ctx, request)),
  );

  app.post(
    '/api/notifications/read-all',
    { config: session, schema: { response: { 200: unreadCountSchema, ...errors } } },
    async (request) => service.markRead(db, await requireSession(ctx, request), null),
  );

  app.post(
    '/api/notifications/:id/read',
    { config: session, schema: { params: idParams, response: { 200: unreadCountSchema, ...errors } } },
    async (request) => service.markRead(db, await requireSession(ctx, request), request.params.id),
  );

  // The confirmation page (/one-click-unsubscribe/:id) reads the link and posts its one button here.
  app.get(
    '/api/notifications/unsubscribe/:id',
    {
      config: { access: 'public' },
      schema: { params: unsubscribeParams, response: { 200: unsubscribeLinkSchema, ...errors } },
    },
    async (request) => service.describeUnsubscribe(db, request.params.id),
  );

  app.post(
    '/api/notifications/unsubscribe/:id',
    {
      config: { access: 'public' },
      schema: { params: unsubscribeParams, response: { 200: unsubscribeLinkSchema, ...errors } },
    },
    async (request) => service.unsubscribe(deps, request, request.params.id, 'page'),
  );

  // RFC 8058: the mail client POSTs 'List-Unsubscribe=One-Click' to the List-Unsubscribe URL itself, with no cookie
  // and no CSRF token; the signed id is the proof. GET on the same path is the web page (the SPA).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_r, _b, done) =>
      done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/one-click-unsubscribe/:id',
      {
        config: { access: 'public', csrf: false },
        schema: { params: unsubscribeParams, response: { 200: unsubscribeLinkSchema, ...errors } },
      },
      async (request) => service.unsubscribe(deps, request, request.params.id, 'one_click'),
    );
  });
};
