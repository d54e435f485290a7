import {
  bigint,
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
import type { DiscountBand } from '@granary/domain';
import { crops, markets } from './crm.ts';
import { partners, users } from './platform.ts';

/*
 * Discount schedules (issue 14, task D; docs/decisions/043-discount-schedules-and-ticket-application.md): per market
 * and crop, what a load of grain loses to moisture (shrink and drying above a base moisture) and grade (graduated
 * tables of cents a bushel for test weight under par, damage and foreign material over their allowances). The
 * market edits them (If-Match on version); new scale tickets are computed with them.
 */

const pct = (name: string) => numeric(name, { precision: 6, scale: 2 });

export const discountSchedules = pgTable(
  'discount_schedules',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    baseMoisture: pct('base_moisture').notNull(),
    shrinkPerPoint: pct('shrink_per_point').notNull(),
    handlingShrink: pct('handling_shrink').notNull(),
    /** Dollars per wet bushel per point above base. */
    dryingPerPoint: numeric('drying_per_point', { precision: 8, scale: 4 }).notNull(),
    testWeightPar: pct('test_weight_par').notNull(),
    /** Graduated tables: [{upTo, centsPerUnit}] with decimal strings (upTo null: open-ended last band). */
    testWeightBands: jsonb('test_weight_bands').$type<DiscountBand[]>().notNull(),
    damageAllowance: pct('damage_allowance').notNull(),
    damageBands: jsonb('damage_bands').$type<DiscountBand[]>().notNull(),
    foreignMaterialAllowance: pct('foreign_material_allowance').notNull(),
    foreignMaterialBands: jsonb('foreign_material_bands').$type<DiscountBand[]>().notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_schedules_market_crop_idx').on(t.marketId, t.cropId)],
);

/**
 * The last scale ticket number of each partner (T-<n>; a split load's tickets are T-<n>-1, T-<n>-2), taken with
 * UPDATE … RETURNING. Started from the highest number already stored the first time a partner enters a ticket.
 */
export const scaleTicketCounters = pgTable('scale_ticket_counters', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});
