import { sql } from 'drizzle-orm';
import {
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
import { markets } from './crm.ts';
import { enterprises, users } from './platform.ts';

/*
 * The profit center's marketing tab (issue 17, docs/decisions/058-marketing-plan-and-alerts.md).
 *
 * - marketing_plans: a farm business's plan for a crop and crop year — its targets (by a date, a % of the production
 *   sold, at no less than a price) as one JSON list, replaced whole on each save; progress is read from the sales.
 * - price_alerts: a user's alert on a local bid (the bid's id, its market) or a futures contract (its symbol), above or
 *   below a level. It fires once (status triggered, with the price and time) and is armed again by saving it; past
 *   its last day it is expired. The partner and the link origin are those of the e-mail it sends.
 */

export type MarketingTargetRow = { date: string; percentSold: string; minPrice: string | null };

export const marketingPlans = pgTable(
  'marketing_plans',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id').notNull(),
    cropYear: integer('crop_year').notNull(),
    targets: jsonb('targets').$type<MarketingTargetRow[]>().notNull(),
    notes: text('notes').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_plans_enterprise_crop_year_idx').on(t.enterpriseId, t.cropId, t.cropYear)],
);

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'bid' | 'futures'>().notNull(),
    cropId: integer('crop_id').notNull(),
    /** The futures contract of a futures alert. */
    symbol: text('symbol'),
    /** The bid (instrument) of a bid alert and its market; a removed bid leaves the alert without a price. */
    bidId: integer('bid_id'),
    marketId: integer('market_id').references(() => markets.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id'),
    direction: text('direction').$type<'above' | 'below'>().notNull(),
    level: numeric('level', { precision: 12, scale: 4 }).notNull(),
    status: text('status').$type<'active' | 'triggered' | 'expired'>().notNull().default('active'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPrice: numeric('triggered_price', { precision: 12, scale: 4 }),
    expiresOn: date('expires_on'),
    linkOrigin: text('link_origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_active_idx')
      .on(t.kind, t.symbol)
      .where(sql`${t.status} = 'active'`),
  ],
);
