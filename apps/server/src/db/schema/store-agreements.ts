// Agreements a farm business signs to buy certain inputs online (platform.md 2.4 /direct/{brand}-agreements); the
// texts and versions are domain data (packages/domain/src/store/agreements.ts).
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform.ts';

/** One signature per (enterprise, agreement type, version): a member signs for the farm business. */
export const storeAgreementSignatures = pgTable(
  'store_agreement_signatures',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** The member who signed. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'terms-of-sale', 'seed-technology-use', 'restricted-use-pesticide', 'credit-application-terms'. */
    agreementType: text('agreement_type').notNull(),
    version: smallint('version').notNull(),
    /** The full name the signer typed. */
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('store_agreement_signatures_enterprise_type_version_idx').on(
      t.enterpriseId,
      t.agreementType,
      t.version,
    ),
    index('store_agreement_signatures_user_idx').on(t.userId),
  ],
);
