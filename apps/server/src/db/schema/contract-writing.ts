// Writing contracts (issue 14, decision 040): each partner's contract number sequence, and a contract's splits
// between clients.

import { bigint, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { partners } from './platform.ts';
import { contracts, legalEntities } from './crm.ts';

/**
 * The partner's next contract number (`<prefix><next_number>`, C-100001, …). Taken under `select … for update` in the
 * transaction that writes the contract, so concurrent writers get distinct numbers and a number is never reused (a
 * rolled-back write gives its number back with the row's update).
 */
export const contractNumberSequences = pgTable('contract_number_sequences', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  nextNumber: bigint('next_number', { mode: 'number' }).notNull(),
  prefix: text('prefix').notNull().default('C-'),
});

/** A contract shared between clients: each client's share in percent (the shares add up to 100). */
export const contractSplits = pgTable(
  'contract_splits',
  {
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    pct: numeric('pct', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.clientId] }), index('contract_splits_client_idx').on(t.clientId)],
);
