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
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contracts, crops, legalEntities, markets, scaleTickets, ticketApplications } from './crm.ts';
import { partners, users } from './platform.ts';

/*
 * Settlements, advances and liens (issue 14, task E; docs/decisions/044-settlement-arithmetic.md).
 *
 * Shape (for payments, task F):
 * - settlements: one statement paying a client for applied, priced bushels of one or more of its contracts at one
 *   market. status draft → final → paid (payments set 'paid') or → void. gross − deductions_total = net (cents).
 *   display_settlement_id 'S-000123' from settlement_counters (per partner). version for If-Match.
 * - settlement_lines: one per ticket application settled (ticket_application_id unique while the line is not void:
 *   the same applied bushels are never settled twice; voiding a settlement marks its lines void and frees them).
 *   amount = bushels × price, then drying, discounts, storage, checkoff taken off it; net = what the line adds.
 * - settlement_deductions: every deduction of the statement as a line (kind drying|discounts|storage|checkoff|
 *   advance|lien), summing to deductions_total. Advances recovered and liens point at their rows.
 * - settlement_payees: who is paid what (kind farmer|lienholder); the amounts add up to net. A payment pays a payee.
 * - advances: money paid to a client ahead of settlement on a contract; status paid → recovered (by a settlement,
 *   recovered_by_settlement_id) or void. A voided settlement puts its recovered advances back to paid.
 * - liens: a lienholder's claim on a client's grain: a fixed amount (paid down over settlements, paid_amount) or a
 *   percent of each settlement's net; scoped to a crop and/or crop year when set; taken before the farmer.
 * - checkoff_rates: per crop and state ('*' = national), per bushel or percent of value.
 * - storage_rates: per market (and crop, or all crops when crop_id is null): free days, then a rate per bushel per day.
 * Money is numeric(14,2) (cents), prices numeric(12,4), bushels numeric(18,4), rates numeric(12,6).
 */

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const price = (name: string) => numeric(name, { precision: 12, scale: 4 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 6 });

export type SettlementStatus = 'draft' | 'final' | 'paid' | 'void';
export type SettlementDeductionKind = 'drying' | 'discounts' | 'storage' | 'checkoff' | 'advance' | 'lien';

/** The last settlement number of each partner (display_settlement_id), taken with UPDATE … RETURNING. */
export const settlementCounters = pgTable('settlement_counters', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const settlements = pgTable(
  'settlements',
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
    displaySettlementId: text('display_settlement_id').notNull(),
    status: text('status').$type<SettlementStatus>().notNull().default('draft'),
    settlementDate: date('settlement_date').notNull(),
    gross: money('gross').notNull(),
    deductionsTotal: money('deductions_total').notNull(),
    net: money('net').notNull(),
    bushels: qty('bushels').notNull(),
    voidReason: text('void_reason'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_partner_display_idx').on(t.partnerId, t.displaySettlementId),
    index('settlements_market_date_idx').on(t.marketId, t.settlementDate, t.id),
    index('settlements_client_date_idx').on(t.clientId, t.settlementDate, t.id),
  ],
);

export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    /**
     * No cascade: a settled application cannot be deleted (unapplied) while its settlement stands. Null on a voided
     * line: the void releases the application (it may be unapplied) and keeps its id in released_ticket_application_id.
     */
    ticketApplicationId: bigint('ticket_application_id', { mode: 'number' }).references(() => ticketApplications.id),
    /** A voided line's application, kept for the record without a foreign key (the application may be gone). */
    releasedTicketApplicationId: bigint('released_ticket_application_id', { mode: 'number' }),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id),
    scaleTicketId: bigint('scale_ticket_id', { mode: 'number' })
      .notNull()
      .references(() => scaleTickets.id),
    bushels: qty('bushels').notNull(),
    price: price('price').notNull(),
    amount: money('amount').notNull(),
    drying: money('drying').notNull().default('0'),
    discounts: money('discounts').notNull().default('0'),
    storage: money('storage').notNull().default('0'),
    storageDays: integer('storage_days').notNull().default(0),
    checkoff: money('checkoff').notNull().default('0'),
    net: money('net').notNull(),
    /** Set when the settlement is voided: the application may be settled again. */
    voided: boolean('voided').notNull().default(false),
  },
  (t) => [
    uniqueIndex('settlement_lines_application_idx')
      .on(t.ticketApplicationId)
      .where(sql`not ${t.voided}`),
    index('settlement_lines_settlement_idx').on(t.settlementId),
    index('settlement_lines_contract_idx').on(t.contractId),
  ],
);

export const settlementDeductions = pgTable(
  'settlement_deductions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SettlementDeductionKind>().notNull(),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    advanceId: bigint('advance_id', { mode: 'number' }),
    lienId: bigint('lien_id', { mode: 'number' }),
    checkoffRateId: integer('checkoff_rate_id'),
  },
  (t) => [index('settlement_deductions_settlement_idx').on(t.settlementId)],
);

export const settlementPayees = pgTable(
  'settlement_payees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    payeeName: text('payee_name').notNull(),
    kind: text('kind').$type<'farmer' | 'lienholder'>().notNull(),
    /** The farmer (legal entity) paid, or the lien whose holder is paid. */
    clientId: bigint('client_id', { mode: 'number' }),
    lienId: bigint('lien_id', { mode: 'number' }),
    amount: money('amount').notNull(),
  },
  (t) => [index('settlement_payees_settlement_idx').on(t.settlementId)],
);

export const advances = pgTable(
  'advances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    amount: money('amount').notNull(),
    paidDate: date('paid_date').notNull(),
    /** What settlements have recovered of it so far (partial recovery): 'recovered' once it reaches the amount. */
    recoveredAmount: money('recovered_amount').notNull().default('0'),
    status: text('status').$type<'paid' | 'recovered' | 'void'>().notNull().default('paid'),
    recoveredBySettlementId: bigint('recovered_by_settlement_id', { mode: 'number' }).references(() => settlements.id),
    note: text('note'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advances_contract_idx').on(t.contractId, t.status),
    index('advances_client_idx').on(t.clientId, t.paidDate),
  ],
);

export const liens = pgTable(
  'liens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    lienholder: text('lienholder').notNull(),
    /** Exactly one of amount (a balance paid down) and pct (percent of each settlement's net before liens). */
    amount: money('amount'),
    pct: numeric('pct', { precision: 7, scale: 4 }),
    paidAmount: money('paid_amount').notNull().default('0'),
    cropId: integer('crop_id').references(() => crops.id),
    cropYear: integer('crop_year'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('liens_client_idx').on(t.clientId, t.active)],
);

export const checkoffRates = pgTable(
  'checkoff_rates',
  {
    id: serial('id').primaryKey(),
    /** The partner that set the rate (settlement rates, decision 044); null: the seeded published US programs. */
    partnerId: text('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    /** Two-letter state (markets.administrative_area_level_1), or '*' for a national checkoff. */
    state: text('state').notNull(),
    name: text('name').notNull(),
    basis: text('basis').$type<'per_bushel' | 'per_tonne' | 'pct_of_value'>().notNull(),
    /** Dollars per bushel or per tonne, or a fraction of value (0.005 = 0.5%). */
    rate: rate('rate').notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('checkoff_rates_partner_crop_state_name_idx').on(
      sql`coalesce(${t.partnerId}, '')`,
      t.cropId,
      t.state,
      t.name,
    ),
  ],
);

export const storageRates = pgTable(
  'storage_rates',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** Null: every crop of the market without a rate of its own. */
    cropId: integer('crop_id').references(() => crops.id),
    freeDays: integer('free_days').notNull().default(0),
    ratePerBushelPerDay: rate('rate_per_bushel_per_day').notNull(),
  },
  (t) => [uniqueIndex('storage_rates_market_crop_idx').on(t.marketId, sql`coalesce(${t.cropId}, 0)`)],
);
