import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform.ts';

/*
 * A farm business's billing (issue 17, platform.md 7.5, docs/decisions/056).
 *
 * - billing_payment_methods: the cards and bank accounts an enterprise keeps with the card provider (CARD_PROVIDER,
 *   decision 021). Only the provider's reference for the method is stored, with what may be shown (brand, last four
 *   digits, expiry, bank name): never a card or account number. A bank account waits in pending_verification until
 *   the micro-deposits are confirmed (attempts counted) or the provider verified it instantly. At most one default
 *   per enterprise (partial unique index); removal is soft (removed_at), so charges made with it keep their history.
 * - billing_setup_intents: a card being added — created before the provider's form is shown, confirmed once with the
 *   provider's token.
 */

export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'card' | 'bank_account'>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's reference for the saved method ('pm_…', 'ba_…'): a token, never a number. */
    providerReference: text('provider_reference').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankName: text('bank_name'),
    accountHolderName: text('account_holder_name'),
    accountType: text('account_type').$type<'checking' | 'savings'>(),
    status: text('status').$type<'verified' | 'pending_verification' | 'verification_failed'>().notNull(),
    verificationMethod: text('verification_method').$type<'micro_deposits' | 'instant'>(),
    failedVerifications: integer('failed_verifications').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_payment_methods_enterprise_idx')
      .on(t.enterpriseId, t.kind, t.id)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('billing_payment_methods_default_idx')
      .on(t.enterpriseId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

export const billingSetupIntents = pgTable(
  'billing_setup_intents',
  {
    /** The provider's id ('seti_…'). */
    id: text('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').$type<'requires_confirmation' | 'succeeded'>().notNull().default('requires_confirmation'),
    paymentMethodId: integer('payment_method_id').references(() => billingPaymentMethods.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_setup_intents_enterprise_idx').on(t.enterpriseId, t.createdAt)],
);
