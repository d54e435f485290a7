import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';

/**
 * A partner's own settlement rates (decision 044 addendum): the row exists once the partner has saved its
 * checkoff/levy and storage rates; its version is the If-Match of GET/PUT settlement-rates. While there is no row,
 * settlements of a US partner take the seeded published programs (checkoff_rates without partner) and others none;
 * once there is one, only the partner's own rows (checkoff_rates.partner_id) apply.
 */
export const partnerSettlementRates = pgTable('partner_settlement_rates', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
