import { doublePrecision, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';
import { storeAddresses } from './store-orders.ts';

/**
 * Where an address of the book lies (platform.md 7.4 'addresses/:addressId/geocodes (and /override)'; decision 051
 * addendum). The geocoder's answer is computed on the first read after the address was written (`computed_key` is the
 * address's location as it was geocoded: a different one means the address changed since) and kept; staff holding
 * manage-geocode-overrides may set an override, which wins while it is set. Editing the address's location clears it.
 */
export const addressGeocodes = pgTable('address_geocodes', {
  addressId: integer('address_id')
    .primaryKey()
    .references(() => storeAddresses.id, { onDelete: 'cascade' }),
  /** The location fields the computed answer was made from (country, region, postal code, land location). */
  computedKey: text('computed_key').notNull(),
  /** Null when the geocoder knew nothing of the address. */
  computedLatitude: doublePrecision('computed_latitude'),
  computedLongitude: doublePrecision('computed_longitude'),
  /** postal_code, postal_area, land_location or region: how close the geocoder's answer is. */
  computedPrecision: text('computed_precision'),
  /** The geocoder that answered ('builtin' for the bundled offline table). */
  geocoder: text('geocoder').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  overrideLatitude: doublePrecision('override_latitude'),
  overrideLongitude: doublePrecision('override_longitude'),
  overrideBy: uuid('override_by').references(() => users.id, { onDelete: 'set null' }),
  overrideAt: timestamp('override_at', { withTimezone: true }),
});
