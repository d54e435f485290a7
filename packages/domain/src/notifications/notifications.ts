// Notification preferences, the in-app list and one-click unsubscribe (platform.md 2.1, 7.2, 7.4; issue 16;
// docs/decisions/055). The wire is snake_case as the spec's calls are; the web reads these shapes as they are.
import { z } from 'zod';

/** What a user hears about: the preference topics, in the order the preferences page lists them. */
export const NOTIFICATION_TOPICS = [
  'offers',
  'contract_signing',
  'settlements_payments',
  'orders',
  'marketing',
  // Last, so the unsubscribe ids of the topics before keep their index (the id carries it).
  'price_alerts',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The ways a notice reaches a user. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The sub-topics of each topic (the path's :subtopic): 'all' is the whole topic, the only level users set today. The
 * path keeps the segment so that finer choices (an offer's fill but not its price hit) can come without a new call.
 */
export const NOTIFICATION_SUB_TOPICS = ['all'] as const;

/**
 * The defaults of a topic without a stored choice: what the user's own business does (offers, contracts to sign,
 * settlements and payments, orders) comes by e-mail and in the app; SMS only when asked for (a text costs the user
 * attention and, abroad, money). Marketing is off by e-mail and SMS until the user consents.
 */
export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationTopic, Record<NotificationChannel, boolean>>> = {
  offers: { email: true, sms: false, in_app: true },
  contract_signing: { email: true, sms: false, in_app: true },
  settlements_payments: { email: true, sms: false, in_app: true },
  orders: { email: true, sms: false, in_app: true },
  marketing: { email: false, sms: false, in_app: true },
  // The farmer's own price alerts (issue 17, decision 058): they asked for them, so by e-mail and in the app.
  price_alerts: { email: true, sms: false, in_app: true },
};

/** The preference topic of an in-app notification's topic ('offers.filled' → offers); null: not a preference topic. */
export function preferenceTopicOf(noticeTopic: string): NotificationTopic | null {
  const head = noticeTopic.split('.')[0] ?? '';
  if (head === 'offers') return 'offers';
  if (head === 'contract_signature' || head === 'contracts') return 'contract_signing';
  if (head === 'payments' || head === 'settlements') return 'settlements_payments';
  if (head === 'orders') return 'orders';
  if (head === 'marketing') return 'marketing';
  if (head === 'price_alerts') return 'price_alerts';
  return null;
}

export const notificationTopicSchema = z.enum(NOTIFICATION_TOPICS);
export const notificationSubTopicSchema = z.enum(NOTIFICATION_SUB_TOPICS);

/** One topic's choice on the wire. */
export const notificationSubscriptionSchema = z.object({
  topic: notificationTopicSchema,
  sub_topic: notificationSubTopicSchema,
  email: z.boolean(),
  sms: z.boolean(),
  in_app: z.boolean(),
});
export type NotificationSubscription = z.infer<typeof notificationSubscriptionSchema>;

/** PUT …/topic/:topic/sub_topic/:subtopic/user/:userId: the channels to change (at least one). */
export const notificationSubscriptionUpdateSchema = z
  .object({ email: z.boolean().optional(), sms: z.boolean().optional(), in_app: z.boolean().optional() })
  .strict()
  .refine((v) => v.email !== undefined || v.sms !== undefined || v.in_app !== undefined, {
    message: 'Name at least one channel: email, sms or in_app.',
  });
export type NotificationSubscriptionUpdate = z.infer<typeof notificationSubscriptionUpdateSchema>;

/** GET …/subscriptions/user/:userId: every topic, and whether the user can get texts at all (a verified phone). */
export const notificationSubscriptionsSchema = z.object({
  user_id: z.string(),
  subscriptions: z.array(notificationSubscriptionSchema),
  has_phone: z.boolean(),
});
export type NotificationSubscriptions = z.infer<typeof notificationSubscriptionsSchema>;

/** The marketing subscription (platform.md 7.2): PUT with {subscribed}, answered with the state it left. */
export const marketingSubscriptionSchema = z.object({ subscribed: z.boolean() }).strict();

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One in-app notification. */
export const inAppNotificationSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path in the app, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type InAppNotification = z.infer<typeof inAppNotificationSchema>;

export const notificationListQuerySchema = z.object({
  /** The last id of the page before (keyset); absent for the first page. */
  paginationToken: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'Not a page of this list.')
    .optional(),
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationListSchema = z.object({
  notifications: z.array(inAppNotificationSchema),
  paginationToken: z.string().nullable(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** The live event a user's own stream carries when their notifications change (a new one, some read). */
export const notificationsUserTopic = (userId: string): string => `notifications:user:${userId.toLowerCase()}`;

/** One-click unsubscribe: what the confirmation page shows of a link, and what a POST left. */
export const unsubscribeLinkSchema = z.object({
  topic: notificationTopicSchema,
  /** The address, partly hidden (f•••@example.com): the page is open to whoever holds the link. */
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeLink = z.infer<typeof unsubscribeLinkSchema>;

/** The path of the one-click unsubscribe page and of the RFC 8058 POST (the same URL, platform.md 2.1). */
export const oneClickUnsubscribePath = (id: string): string => `/one-click-unsubscribe/${encodeURIComponent(id)}`;

/** 'farmer@demo.test' → 'f•••@demo.test'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
