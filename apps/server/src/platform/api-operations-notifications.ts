/** The 'notifications' area of the API reference (api-operations.ts lists it; issue 16, decision 055). */
export const NOTIFICATIONS_AREA = {
  tag: 'notifications',
  description:
    "A user's notification preferences by topic and channel, the marketing subscription, the in-app notification " +
    'list with its unread count, and one-click unsubscribe (RFC 8058) from notification and marketing e-mails.',
  modules: {
    notifications: {
      'GET /api/effu/notifications/subscriptions/user/:userId': "A user's notification preferences, every topic",
      'GET /api/effu/notifications/subscriptions/topic/:topic/sub_topic/:subtopic/user/:userId':
        "A user's preference for one topic: e-mail, SMS, in the app",
      'PUT /api/effu/notifications/subscriptions/topic/:topic/sub_topic/:subtopic/user/:userId':
        "Change a user's preference for one topic",
      'PUT /api/effu/user/:userId/marketing-subscription': 'Subscribe to or unsubscribe from marketing e-mails',
      'GET /api/notifications': "The signed-in user's in-app notifications, newest first, a page at a time",
      'GET /api/notifications/unread-count': 'How many notifications are unread (the header badge)',
      'POST /api/notifications/read-all': 'Mark every notification read',
      'POST /api/notifications/:id/read': 'Mark one notification read',
      'GET /api/notifications/unsubscribe/:id': 'What an unsubscribe link names (its confirmation page)',
      'POST /api/notifications/unsubscribe/:id': "Unsubscribe from the link's topic (the confirmation page's button)",
      'POST /one-click-unsubscribe/:id': 'One-click unsubscribe from a mail client (RFC 8058), no sign-in',
    },
  },
};
