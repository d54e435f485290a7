// One-time dialogs a user has seen (platform.md 2.9: the marketing-subscribe dialog shows once, on any device).
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/** A row per (user, dialog) once the user has seen the dialog; never shown again on any device. */
export const userDialogsSeen = pgTable(
  'user_dialogs_seen',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The dialog's id, e.g. 'store-marketing-subscribe'. */
    dialog: text('dialog').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dialog] })],
);
