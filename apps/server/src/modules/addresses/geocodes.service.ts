// Where an address of the book lies (platform.md 7.4 'addresses/:addressId/geocodes (and /override)', 6.5
// manage-geocode-overrides; decision 051 addendum). The geocoder's answer is computed on the first read after the
// address was written, from whichever path wrote it (the book's calls, the checkout, the demo seed), and kept with the
// location it was made from; an override set by staff wins while it is set; clearing it falls back to the computed one.

import {
  MANAGE_GEOCODE_OVERRIDES,
  geocodeProblems,
  type AddressGeocodeWire,
  type GeocodePrecision,
} from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import { userHasPermission } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import { requireStaff, visibleEnterprise } from '../staff-admin/staff-admin.public.ts';
import type { AddressRow } from './address-book.repo.ts';
import * as repo from './address-book.repo.ts';
import type { Book } from './address-book.service.ts';
import { geocodeKeyOf, type GeocodeQuery, type Geocoder } from './geocoder.ts';
import * as geo from './geocodes.repo.ts';

/** Staff who read a farm business's book without belonging to it: user details readers and geocode staff. */
const STAFF_READERS = ['list-all-user-details', MANAGE_GEOCODE_OVERRIDES];

/**
 * A book staff read through these calls (only a super admin changes it, as decision 051 says): staff (an employee or a super admin) holding one of
 * STAFF_READERS for the enterprise by 6.2's rule (a grant limited to partners: their clients' enterprises, decision 053
 * addendum H5). Anyone else, and an unknown enterprise, answers 404.
 */
export async function staffReadBook(ctx: AppContext, user: UserRow, enterpriseId: number): Promise<Book> {
  const staff = user.isSuperAdmin || user.employeeInfo !== null;
  for (const permission of STAFF_READERS) {
    if (!staff || !userHasPermission(user, permission)) continue;
    try {
      await visibleEnterprise(ctx, user, enterpriseId, permission);
      return { owner: { userId: user.id, enterpriseId }, canManage: user.isSuperAdmin };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  throw new AppError('not_found');
}

function queryOf(a: AddressRow): GeocodeQuery {
  return {
    format: a.format,
    country: a.country,
    region: a.region,
    postalCode: a.postalCode,
    lllQuarter: a.lllQuarter,
    lllSection: a.lllSection,
    lllTownship: a.lllTownship,
    lllRange: a.lllRange,
    lllMeridian: a.lllMeridian,
  };
}

async function addressOfBook(db: Db, book: Book, addressId: number): Promise<AddressRow> {
  const address = (await repo.addressesOf(db, book.owner)).find((a) => a.id === addressId);
  if (!address) throw new AppError('not_found');
  return address;
}

/** The stored geocode of the address as it is now, computed first when there is none for its current location. */
async function currentRow(db: Db, geocoder: Geocoder, address: AddressRow): Promise<geo.GeocodeRow> {
  const query = queryOf(address);
  const key = geocodeKeyOf(query);
  const stored = await geo.geocodeOf(db, address.id);
  if (stored && stored.computedKey === key) return stored;
  await geo.saveComputed(db, address.id, key, geocoder.name, await geocoder.geocode(query));
  return (await geo.geocodeOf(db, address.id))!;
}

function view(addressId: number, r: geo.GeocodeRow): AddressGeocodeWire {
  const computed =
    r.computedLatitude !== null && r.computedLongitude !== null && r.computedPrecision !== null
      ? {
          latitude: r.computedLatitude,
          longitude: r.computedLongitude,
          precision: r.computedPrecision as GeocodePrecision,
          geocoder: r.geocoder,
          at: r.computedAt.toISOString(),
        }
      : null;
  const override =
    r.overrideLatitude !== null && r.overrideLongitude !== null && r.overrideAt !== null
      ? {
          latitude: r.overrideLatitude,
          longitude: r.overrideLongitude,
          set_by: r.overrideByName,
          at: r.overrideAt.toISOString(),
        }
      : null;
  const shown = override
    ? { ...override, source: 'override' as const, precision: 'exact' as const }
    : computed
      ? { ...computed, source: 'computed' as const }
      : null;
  return {
    address_id: addressId,
    latitude: shown?.latitude ?? null,
    longitude: shown?.longitude ?? null,
    source: shown?.source ?? null,
    precision: shown?.precision ?? null,
    at: shown?.at ?? null,
    computed,
    override,
  };
}

export async function readGeocode(
  db: Db,
  geocoder: Geocoder,
  book: Book,
  addressId: number,
): Promise<AddressGeocodeWire> {
  const address = await addressOfBook(db, book, addressId);
  return view(address.id, await currentRow(db, geocoder, address));
}

/**
 * Staff's override (manage-geocode-overrides, 6.2): latitude −90…90 and longitude −180…180 or a 400 with the fields,
 * checked before anything is written; audited with what was shown before and after. `latLng` null clears it.
 */
export async function overrideGeocode(
  ctx: AppContext,
  request: FastifyRequest,
  geocoder: Geocoder,
  target: { enterpriseId: number; addressId: number },
  latLng: { latitude: number; longitude: number } | null,
): Promise<AddressGeocodeWire> {
  const db = ctx.database.db;
  const staff = await requireStaff(ctx, request, MANAGE_GEOCODE_OVERRIDES);
  if (latLng) {
    const problems = geocodeProblems(latLng);
    if (problems.length > 0)
      throw new AppError('invalid_request', 'Latitude must be between -90 and 90 and longitude between -180 and 180.', {
        fields: problems,
      });
  }
  const book = await staffReadBook(ctx, staff, target.enterpriseId);
  const address = await addressOfBook(db, book, target.addressId);
  const before = view(address.id, await currentRow(db, geocoder, address));
  if (!latLng && !before.override) return before;
  await geo.setOverride(db, address.id, latLng ? { ...latLng, by: staff.id } : null);
  const after = view(address.id, (await geo.geocodeOf(db, address.id))!);
  await audit(db, request, {
    actorUserId: staff.id,
    action: latLng ? 'address_geocode_override' : 'address_geocode_override_clear',
    targetType: 'address',
    targetId: String(address.id),
    details: {
      enterpriseId: target.enterpriseId,
      before: { latitude: before.latitude, longitude: before.longitude, source: before.source },
      after: { latitude: after.latitude, longitude: after.longitude, source: after.source },
    },
  });
  return after;
}
