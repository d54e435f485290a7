import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises } from './platform.ts';

/**
 * An Australian farm business's business number (platform.md 3.6): the register's record as it was looked up when the
 * account was created or the number last checked (decision 051). One per enterprise; an ABN belongs to one enterprise.
 */
export const enterpriseAbns = pgTable(
  'enterprise_abns',
  {
    enterpriseId: integer('enterprise_id')
      .primaryKey()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** 11 digits, no spaces. */
    abn: text('abn').notNull(),
    entityName: text('entity_name').notNull(),
    /** State or territory code (NSW, VIC, QLD, SA, WA, TAS, NT, ACT). */
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** Registered for GST. */
    gst: boolean('gst').notNull(),
    isActive: boolean('is_active').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enterprise_abns_abn_idx').on(t.abn)],
);
