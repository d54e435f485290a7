// Where the book's addresses lie (decision 051 addendum): one row per address, the geocoder's answer with the location
// it was made from, and staff's override.

import { eq, sql } from 'drizzle-orm';
import { addressGeocodes, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import type { GeocoderAnswer } from './geocoder.ts';

export type GeocodeRow = typeof addressGeocodes.$inferSelect & { overrideByName: string | null };

export async function geocodeOf(db: Db, addressId: number): Promise<GeocodeRow | null> {
  const [row] = await db
    .select({
      geocode: addressGeocodes,
      overrideByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(addressGeocodes)
    .leftJoin(users, eq(users.id, addressGeocodes.overrideBy))
    .where(eq(addressGeocodes.addressId, addressId));
  return row ? { ...row.geocode, overrideByName: row.overrideByName } : null;
}

/**
 * Keeps the geocoder's answer for the address as it is now (`key`). An answer for another location (the address was
 * edited since) is replaced, and so is an override set for that other location: it no longer says where this one is.
 */
export async function saveComputed(
  db: Db,
  addressId: number,
  key: string,
  geocoder: string,
  answer: GeocoderAnswer | null,
): Promise<void> {
  const computed = {
    computedKey: key,
    computedLatitude: answer?.latitude ?? null,
    computedLongitude: answer?.longitude ?? null,
    computedPrecision: answer?.precision ?? null,
    geocoder,
    computedAt: sql`now()`,
  };
  const moved = sql`${addressGeocodes.computedKey} <> excluded.computed_key`;
  await db
    .insert(addressGeocodes)
    .values({ addressId, ...computed })
    .onConflictDoUpdate({
      target: addressGeocodes.addressId,
      set: {
        ...computed,
        overrideLatitude: sql`case when ${moved} then null else ${addressGeocodes.overrideLatitude} end`,
        overrideLongitude: sql`case when ${moved} then null else ${addressGeocodes.overrideLongitude} end`,
        overrideBy: sql`case when ${moved} then null else ${addressGeocodes.overrideBy} end`,
        overrideAt: sql`case when ${moved} then null else ${addressGeocodes.overrideAt} end`,
      },
    });
}

/** Sets (a pair) or clears (null) the override of an address whose computed row exists. */
export async function setOverride(
  db: Db,
  addressId: number,
  override: { latitude: number; longitude: number; by: string } | null,
): Promise<void> {
  await db
    .update(addressGeocodes)
    .set(
      override
        ? {
            overrideLatitude: override.latitude,
            overrideLongitude: override.longitude,
            overrideBy: override.by,
            overrideAt: sql`now()`,
          }
        : { overrideLatitude: null, overrideLongitude: null, overrideBy: null, overrideAt: null },
    )
    .where(eq(addressGeocodes.addressId, addressId));
}
