import { integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { enterprises } from './platform.ts';

// Issue 6, checkout (docs/decisions/021-checkout-and-orders.md): order numbers from a sequence ('GS-104001', no gaps
// from a count or a race between two places), and each enterprise's referral code (3.3 referralCode), made the first
// time its checkout is shown; another enterprise's code is what a buyer may enter at checkout.

export const storeOrderNumberSeq = pgSequence('store_order_number_seq', { startWith: 104001, increment: 1 });

export const storeReferralCodes = pgTable('store_referral_codes', {
  enterpriseId: integer('enterprise_id')
    .primaryKey()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  /** Upper-case letters and digits: 'REF-7KQ2M9'. */
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
