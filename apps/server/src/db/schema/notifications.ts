import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/**
 * A user's notification preferences (platform.md 7.4; docs/decisions/055): one row per topic and channel the user
 * set; a topic and channel without a row takes the domain's default (transactional topics on, SMS off). The marketing
 * e-mail consent is not here: it is users.signup_profile.allowPromotionalMarketing, where signup and the store's
 * marketing dialog keep it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    channel: text('channel').$type<'email' | 'sms' | 'in_app'>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic, t.channel] })],
);
