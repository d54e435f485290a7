import { sql } from 'drizzle-orm';
import type { StructureInput, StructureKindName, StructureQuote, StructureStatus } from '@granary/domain';
import type { PricingParameters, StructureState, StructureTerms } from '@granary/scs-engine';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';
import { contracts, crops, legalEntities, markets } from './crm.ts';
import { futuresSymbols, signingRequests } from './bids.ts';

// Structured grain products (issue 18, docs/decisions/061 the engine, 062 the server): the pricing parameters an
// admin edits, the structures a merchandiser quotes, trades and observes, their daily observations, and the hedge
// trades of the position manager. Prices are $/bu numeric(12,4), bushels numeric(14,2), strings in TypeScript.

const price = (name: string) => numeric(name, { precision: 12, scale: 4 });
const bushels = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A partner's SCS pricing parameters (grain-marketing.md 7 `scs_parameters`, `option_vol`, `future_beta`,
 * `option_beta`, `skew/:cropId?`), the engine's `PricingParameters` as one document. No row: the engine's
 * `DEFAULT_PARAMETERS` (the seeded values) apply; the first PUT writes the row. `version` is the If-Match.
 */
export const scsParameterSets = pgTable('scs_parameter_sets', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  parameters: jsonb('parameters').$type<PricingParameters>().notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A structure (issue 18 'Booking and life of a structure'): a quote the merchandiser saved for a client, then traded
 * (terms frozen), observed every trading day (state), and finally written as an HTA contract, or closed on request.
 * Status machine: quote → pending_signature (the client confirms through e-sign) → live → close_requested →
 * closed; live → completed at the end; quote / pending_signature → cancelled.
 */
export const structures = pgTable(
  'structures',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    /** The CRM client (a legal entity of kind 'client'), as contracts reference theirs. */
    clientLegalEntityId: bigint('client_legal_entity_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    status: text('status').$type<StructureStatus>().notNull().default('quote'),
    kind: text('kind').$type<StructureKindName>().notNull(),
    /** The farmer's side: 'sale' (the common accumulator) or 'purchase'. */
    side: text('side').$type<'sale' | 'purchase'>().notNull(),
    /** The merchandiser's label, optional. */
    name: text('name'),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    cropYear: integer('crop_year').notNull(),
    /** The feed's symbol of the structure's futures month, e.g. ZCZ26. */
    futuresSymbol: text('futures_symbol')
      .notNull()
      .references(() => futuresSymbols.symbol),
    /** 'YYYY-MM', as the engine wants. */
    optionMonth: text('option_month').notNull(),
    /** The builder input the merchandiser typed (domain `StructureInput`), to re-edit a quote. */
    input: jsonb('input').$type<StructureInput>().notNull(),
    /** The engine's terms, built from the input; frozen at trade. */
    terms: jsonb('terms').$type<StructureTerms>().notNull(),
    /** The engine's state of a live structure; starts at INITIAL_STATE. */
    state: jsonb('state').$type<StructureState>().notNull(),
    quantity: bushels('quantity').notNull(),
    fee: price('fee').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    quote: jsonb('quote').$type<StructureQuote>(),
    quotedBy: uuid('quoted_by').references(() => users.id, { onDelete: 'set null' }),
    tradedAt: timestamp('traded_at', { withTimezone: true }),
    tradedBy: uuid('traded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The HTA contract written for the priced bushels at the end. */
    htaContractId: bigint('hta_contract_id', { mode: 'number' }).references(() => contracts.id),
    closeRequestedAt: timestamp('close_requested_at', { withTimezone: true }),
    closeRequestedBy: uuid('close_requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Dollars the close cost (the engine's value at the close), total. */
    closeCost: numeric('close_cost', { precision: 14, scale: 2 }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeNote: text('close_note'),
    /** The client's confirmation through e-sign (decision 016), while pending_signature. */
    signingRequestId: bigint('signing_request_id', { mode: 'number' }).references(() => signingRequests.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('structures_partner_status_idx').on(t.partnerId, t.status),
    index('structures_client_idx').on(t.clientLegalEntityId),
    index('structures_live_idx')
      .on(t.id)
      .where(sql`${t.status} = 'live'`),
  ],
);

/** One observation of a live structure: the day's settle and what it did. A day is never observed twice. */
export const structureObservations = pgTable(
  'structure_observations',
  {
    structureId: integer('structure_id')
      .notNull()
      .references(() => structures.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    settle: price('settle').notNull(),
    pricedBushels: bushels('priced_bushels').notNull(),
    price: price('price'),
    knockedOut: boolean('knocked_out').notNull().default(false),
    doubledUp: boolean('doubled_up').notNull().default(false),
    source: text('source').$type<'feed' | 'import' | 'catch-up'>().notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('structure_observations_day_idx').on(t.structureId, t.date)],
);

/** The position manager's hedge trades (`trades/:tradeId?`): futures and options bought or sold. */
export const hedgeTrades = pgTable(
  'hedge_trades',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    futuresSymbol: text('futures_symbol')
      .notNull()
      .references(() => futuresSymbols.symbol),
    instrument: text('instrument').$type<'futures' | 'call' | 'put'>().notNull(),
    direction: text('direction').$type<'buy' | 'sell'>().notNull(),
    /** Exchange contracts (5,000 bu each for corn, soybeans and wheat). */
    contracts: integer('contracts').notNull(),
    /** Options only. */
    strike: price('strike'),
    price: price('price').notNull(),
    tradedOn: date('traded_on').notNull(),
    account: text('account'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('hedge_trades_partner_idx').on(t.partnerId, t.cropId, t.futuresSymbol)],
);
