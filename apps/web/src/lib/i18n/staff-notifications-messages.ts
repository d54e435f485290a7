/**
 * The staff user page's notification preferences card (issue 16, decisions 053 and 055). The topics and channels are
 * the user's own settings page's words (notifications-messages.ts), so staff and the user name them alike.
 */
export const staffNotificationsMessages = {
  'staffAdmin.notifications.title': 'Notifications',
  'staffAdmin.notifications.intro': 'How this user hears about each topic. Changes are recorded in their activity.',
  'staffAdmin.notifications.marketing.on': 'Subscribed to marketing e-mails',
  'staffAdmin.notifications.marketing.off': 'Not subscribed to marketing e-mails',
  'staffAdmin.notifications.marketing.help':
    'Only the user can subscribe to marketing; you can unsubscribe them when they ask.',
  'staffAdmin.notifications.noPhone': 'No verified phone number: texts cannot be sent.',
  'staffAdmin.notifications.saved': 'Notification preferences saved.',
  'staffAdmin.notifications.saveFailed': 'Notification preferences could not be saved',
  'staffAdmin.notifications.loadFailed': 'The notification preferences could not be loaded.',
} as const;
