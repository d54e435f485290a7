import { bigint, date, integer, jsonb, numeric, pgTable, timestamp, index } from 'drizzle-orm/pg-core';
import { contractDocuments } from './contract-documents.ts';
import { signingRequests } from './bids.ts';
import { structures } from './structures.ts';

// The booking side of structured products (issue 18 'Booking and life of a structure', decision 062's booking
// section): a structure's confirmation sent for e-signature, and the close cost cached per trading day. Its own file:
// structures.ts imports bids.ts (signing_requests), so the e-sign tables cannot point back at structures without a
// cycle between schema files; the confirmation's link lives here instead, with real foreign keys both ways.

/**
 * A structure's confirmation as an e-sign document (decision 016's third document kind): the signing request and its
 * document (kind 'structure', contract_id and enrolment_id null) carry the structure through this row. One row per
 * request, kept after a request is voided or signed (the history of what was sent).
 */
export const structureConfirmations = pgTable(
  'structure_confirmations',
  {
    requestId: bigint('request_id', { mode: 'number' })
      .primaryKey()
      .references(() => signingRequests.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => contractDocuments.id, { onDelete: 'cascade' }),
    structureId: integer('structure_id')
      .notNull()
      .references(() => structures.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('structure_confirmations_structure_idx').on(t.structureId, t.createdAt)],
);

/** What a close-cost valuation found (the engine's figures the list and the close dialog show). */
export type CachedCloseValuation = {
  /** The merchandiser's value of the whole structure from its state (dollars), and of the bushels priced so far. */
  merchandiserValue: number;
  pricedValue: number;
  farmerValue: number;
  expectedPricedBushels: number;
  knockOutProbability: number;
  doubleUpProbability: number;
  paths: number;
  seed: number;
};

/**
 * The close cost of a live structure (structure/:id/close-cost), cached per structure for one trading day, version
 * of the structure (its state) and futures price: the CRM list shows today's close cost of every live row without
 * running the engine for each on every load. One row per structure, replaced when any of the three moved.
 */
export const structureCloseCosts = pgTable('structure_close_costs', {
  structureId: integer('structure_id')
    .primaryKey()
    .references(() => structures.id, { onDelete: 'cascade' }),
  /** The futures quote's trading day the cost was computed on. */
  tradingDay: date('trading_day').notNull(),
  structureVersion: integer('structure_version').notNull(),
  /** The futures price ($/bu) the cost was computed at. */
  futures: numeric('futures', { precision: 12, scale: 4 }).notNull(),
  /** Dollars, the merchandiser's side: positive, the client pays to end the structure; negative, the client is paid. */
  closeCost: numeric('close_cost', { precision: 14, scale: 2 }).notNull(),
  standardError: numeric('standard_error', { precision: 14, scale: 2 }).notNull(),
  valuation: jsonb('valuation').$type<CachedCloseValuation>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
