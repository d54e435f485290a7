import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises } from './platform.ts';

// Issue 16, the enterprise profile (platform.md 3.3; docs/decisions/050-enterprise-profile-and-switcher.md): the
// enterprise's fields (the fields summary {count, areaAcres} is read from them), its subscriptions and its agronomic
// summaries (the /api/effu agronomics call). The profile's scalar and list facts are columns of `enterprises`.

export const enterpriseFields = pgTable(
  'enterprise_fields',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The field's area in acres (the summary's unit, whatever the enterprise writes its estimate in). */
    areaAcres: numeric('area_acres', { precision: 12, scale: 2 }).notNull(),
    crop: text('crop'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enterprise_fields_enterprise_idx').on(t.enterpriseId, t.name)],
);

export const enterpriseSubscriptions = pgTable(
  'enterprise_subscriptions',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** platform.md 3.3 subscription types: data_product, market_intelligence, cash_grain_management(_plus), … */
    type: text('type').notNull(),
    startsOn: date('starts_on').notNull(),
    /** Null: open-ended. A subscription is active from starts_on until ends_on (inclusive). */
    endsOn: date('ends_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enterprise_subscriptions_enterprise_idx').on(t.enterpriseId, t.startsOn)],
);

export const enterpriseAgronomics = pgTable(
  'enterprise_agronomics',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    cropYear: integer('crop_year').notNull(),
    crop: text('crop').notNull(),
    /** Planted area in the enterprise's area units at the time of writing (area_units says which). */
    area: numeric('area', { precision: 12, scale: 2 }).notNull(),
    areaUnits: text('area_units').$type<'acres' | 'hectares'>().notNull().default('acres'),
    /** Average yield in bushels per acre (or per hectare with hectares). */
    averageYield: numeric('average_yield', { precision: 10, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enterprise_agronomics_year_crop_idx').on(t.enterpriseId, t.cropYear, t.crop)],
);
