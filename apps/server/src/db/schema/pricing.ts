import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './platform.ts';
import { contracts } from './crm.ts';

// Pricing operations (issue 14, docs/decisions/041): a contract's addenda (pricing addenda trades and structured
// addenda), its secondary obligations with their events, and each partner's list of structured addenda names.

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const price = (name: string) => numeric(name, { precision: 12, scale: 4 });

/** An addendum to a contract: a pricing addenda trade (its own quantity, futures, basis, cash) or structured terms. */
export const contractAddenda = pgTable(
  'contract_addenda',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pricing' | 'structured'>().notNull(),
    /** `<contract number>-P<n>`. */
    displayAddendumId: text('display_addendum_id').notNull(),
    quantity: qty('quantity'),
    futuresPrice: price('futures_price'),
    basis: price('basis'),
    cashPrice: price('cash_price'),
    /** A structured addendum's name (from structured_addenda_names) and its terms. */
    name: text('name'),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    /** The pricing event a pricing addendum wrote. */
    pricingEventId: bigint('pricing_event_id', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_addenda_contract_idx').on(t.contractId, t.id),
    uniqueIndex('contract_addenda_display_idx').on(t.contractId, t.displayAddendumId),
  ],
);

/** A second obligation on a contract (a delivery or pricing obligation with a due date and quantity). */
export const secondaryObligations = pgTable(
  'secondary_obligations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'delivery' | 'pricing'>().notNull(),
    quantity: qty('quantity').notNull(),
    dueDate: date('due_date').notNull(),
    description: text('description'),
    status: text('status').$type<'open' | 'fulfilled' | 'cancelled'>().notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('secondary_obligations_contract_idx').on(t.contractId, t.id)],
);

/** What happened to an obligation, by action: created, fulfilled, cancelled. */
export const secondaryObligationEvents = pgTable(
  'secondary_obligation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    obligationId: bigint('obligation_id', { mode: 'number' })
      .notNull()
      .references(() => secondaryObligations.id, { onDelete: 'cascade' }),
    action: text('action').$type<'created' | 'fulfilled' | 'cancelled'>().notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('secondary_obligation_events_obligation_idx').on(t.obligationId, t.id)],
);

/** The structured addenda a partner offers (seeded per partner; the names a structured addendum picks from). */
export const structuredAddendaNames = pgTable(
  'structured_addenda_names',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('structured_addenda_names_partner_idx').on(t.partnerId, t.name)],
);
