import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { legalEntities, markets } from './crm.ts';
import { partners, users } from './platform.ts';
import { settlementPayees, settlements } from './settlements.ts';

/*
 * Payments (issue 14, task F; docs/decisions/045-payment-adapter.md).
 *
 * - payment_requests: the farmer asks to be paid a finalized settlement's net to them (or the credit-sale job asks on
 *   the deferred date). status requested → approved → sent → settled, or rejected / returned; version for If-Match.
 * - payment_request_settlements: the settlements (their farmer payee) a request covers, with the amount. `held` is
 *   true while the request stands; a unique index on the payee row where held means a settlement's net is requested
 *   (and paid) at most once. A rejected or returned request lets go (held = false) so the farmer may ask again.
 * - payment_request_events: the request's timeline (grain-marketing.md 4: a payment request has events).
 * - payments: what the payment adapter sent for an approved request (one per request): provider, its reference,
 *   sent / settled / returned.
 * Money is numeric(14,2) like the settlements it pays.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export type PaymentStatusColumn = 'requested' | 'approved' | 'sent' | 'settled' | 'rejected' | 'returned';
export type PaymentMethodColumn = 'ach' | 'check';

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    /** The farmer who asked; null when the credit-sale job asked on the deferred date. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').$type<'farmer' | 'credit_sale'>().notNull().default('farmer'),
    amount: money('amount').notNull(),
    method: text('method').$type<PaymentMethodColumn>().notNull(),
    status: text('status').$type<PaymentStatusColumn>().notNull().default('requested'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_requests_market_status_idx').on(t.marketId, t.status, t.createdAt, t.id),
    index('payment_requests_client_idx').on(t.clientId, t.createdAt, t.id),
    index('payment_requests_partner_status_idx').on(t.partnerId, t.status, t.createdAt, t.id),
  ],
);

export const paymentRequestSettlements = pgTable(
  'payment_request_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id),
    settlementPayeeId: bigint('settlement_payee_id', { mode: 'number' })
      .notNull()
      .references(() => settlementPayees.id),
    amount: money('amount').notNull(),
    /** While the request stands (not rejected or returned): the payee's net is taken. */
    held: boolean('held').notNull().default(true),
  },
  (t) => [
    uniqueIndex('payment_request_settlements_payee_held_idx')
      .on(t.settlementPayeeId)
      .where(sql`${t.held}`),
    index('payment_request_settlements_request_idx').on(t.requestId),
    index('payment_request_settlements_settlement_idx').on(t.settlementId),
  ],
);

export const paymentRequestEvents = pgTable(
  'payment_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    action: text('action').$type<'request' | 'approve' | 'reject' | 'send' | 'settle' | 'return'>().notNull(),
    fromStatus: text('from_status').$type<PaymentStatusColumn>(),
    toStatus: text('to_status').$type<PaymentStatusColumn>().notNull(),
    /** Null for the system (the credit-sale job, the provider's settlement). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_request_events_request_idx').on(t.requestId, t.id)],
);

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    status: text('status').$type<'sent' | 'settled' | 'returned'>().notNull(),
    amount: money('amount').notNull(),
    method: text('method').$type<PaymentMethodColumn>().notNull(),
    checkNumber: text('check_number'),
    /** An ACH payment's settlement day (the built-in provider settles it then). */
    settlesOn: date('settles_on'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
  },
  (t) => [
    uniqueIndex('payments_request_idx').on(t.requestId),
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.providerReference),
    index('payments_status_settles_idx').on(t.status, t.settlesOn),
  ],
);
