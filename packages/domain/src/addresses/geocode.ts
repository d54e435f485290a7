// Where an address of the farm business's book lies (platform.md 7.4 'addresses/:addressId/geocodes (and /override)',
// 6.5 manage-geocode-overrides; decision 051 addendum): the wire of the geocode and of staff's override, the range
// rule both the server and the override form apply, and the one way a page writes coordinates.

import { z } from 'zod';
import { formatNumber } from '../format/number.ts';
import type { FieldProblem } from '../store/checkout-addresses.ts';

/** How close a computed geocode is: the postal code itself, its area (ZIP prefix, Canadian FSA), a quarter section, a state or province. */
const GEOCODE_PRECISIONS = ['exact', 'postal_code', 'postal_area', 'land_location', 'region'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

/** Which answer a geocode shows: the geocoder's ('computed') or staff's ('override'), which wins while it is set. */
const GEOCODE_SOURCES = ['computed', 'override'] as const;

/** The admin permission of 6.5 that sets and clears overrides. */
export const MANAGE_GEOCODE_OVERRIDES = 'manage-geocode-overrides';

const coordinate = z.number();

export const addressGeocodeSchema = z.object({
  address_id: z.number().int(),
  /** What the address's location is taken to be: the override when set, else the geocoder's answer; null if neither. */
  latitude: coordinate.nullable(),
  longitude: coordinate.nullable(),
  source: z.enum(GEOCODE_SOURCES).nullable(),
  /** 'exact' for an override. */
  precision: z.enum(GEOCODE_PRECISIONS).nullable(),
  /** When the answer shown was computed or set (ISO 8601). */
  at: z.string().nullable(),
  computed: z
    .object({
      latitude: coordinate,
      longitude: coordinate,
      precision: z.enum(GEOCODE_PRECISIONS),
      geocoder: z.string(),
      at: z.string(),
    })
    .nullable(),
  override: z
    .object({
      latitude: coordinate,
      longitude: coordinate,
      /** The staff member who set it (name), null when their account is gone. */
      set_by: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type AddressGeocodeWire = z.infer<typeof addressGeocodeSchema>;

/** Staff's override: decimal degrees (WGS 84). Ranges are checked by geocodeProblems, answered 400 with the fields. */
export const geocodeOverrideBodySchema = z.object({ latitude: z.number(), longitude: z.number() }).strict();

/** The problems of a latitude/longitude pair: latitude −90…90, longitude −180…180 (snake_case field names). */
export function geocodeProblems(p: { latitude: number; longitude: number }): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!Number.isFinite(p.latitude) || p.latitude < -90 || p.latitude > 90)
    out.push({ field: 'latitude', problem: 'invalid' });
  if (!Number.isFinite(p.longitude) || p.longitude < -180 || p.longitude > 180)
    out.push({ field: 'longitude', problem: 'invalid' });
  return out;
}

/** '42.0308° N, 93.6319° W': four decimals (about 11 m), hemisphere letters rather than signs. */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (v: number, pos: string, neg: string) =>
    `${formatNumber(Math.abs(v), { minFractionDigits: 4, maxFractionDigits: 4 })}° ${v < 0 ? neg : pos}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** The name of an address or delivery-contact field on the `/api/effu` wire (snake_case, as the bodies name them). */
export function wireFieldName(field: string): string {
  if (field === 'phone') return 'phone_number';
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Field problems as the `/api/effu` wire names the fields ('postalCode' → 'postal_code'). */
export function wireProblems(problems: readonly FieldProblem[]): FieldProblem[] {
  return problems.map((p) => ({ field: wireFieldName(p.field), problem: p.problem }));
}
