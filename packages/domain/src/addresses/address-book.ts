// The farm business's one address book on the wire (platform.md 3.4, 3.6, 7.4; decision 051): addresses by type in
// both formats, validation types, suggestions, delivery contacts. snake_case here; the web reads them camelCased.
// The rules themselves (what a postal address or a legal land location needs) are checkout-addresses.ts.

import { z } from 'zod';
import {
  ADDRESS_FORMATS,
  ADDRESS_TYPES,
  LAND_LOCATION_KINDS,
  LLL_MERIDIANS,
  LLL_QUARTERS,
  boundedText,
  type AddressInput,
} from '../store/checkout-addresses.ts';

export const ADDRESS_VALIDATION_TYPES = ['delivery_postal', 'delivery_can_lll'] as const;
export type AddressValidationType = (typeof ADDRESS_VALIDATION_TYPES)[number];

/** The format a validation type checks. */
export function formatOfValidationType(t: AddressValidationType): 'postal' | 'can_lll' {
  return t === 'delivery_can_lll' ? 'can_lll' : 'postal';
}

const smallInt = z.number().int().min(-1_000_000).max(1_000_000);

/** An address as a caller writes it (the type is the path's :type). */
export const addressBodySchema = z
  .object({
    format: z.enum(ADDRESS_FORMATS),
    land_location_kind: z.enum(LAND_LOCATION_KINDS).nullable().optional(),
    name: boundedText(120).default(''),
    line1: boundedText(160).default(''),
    line2: boundedText(160).default(''),
    city: boundedText(80).default(''),
    region: boundedText(3),
    postal_code: boundedText(12).default(''),
    country: z.enum(['USA', 'CAN', 'AUS']),
    lll_quarter: boundedText(4).nullable().optional(),
    lll_section: smallInt.nullable().optional(),
    lll_township: smallInt.nullable().optional(),
    lll_range: smallInt.nullable().optional(),
    lll_meridian: boundedText(4).nullable().optional(),
    instructions: boundedText(500).default(''),
  })
  .strict();
export type AddressBody = z.input<typeof addressBodySchema>;

/** The wire body as the domain's address input of that type. */
export function addressInputOf(type: (typeof ADDRESS_TYPES)[number], b: z.output<typeof addressBodySchema>) {
  return {
    addressType: type,
    format: b.format,
    landLocationKind: b.land_location_kind ?? null,
    name: b.name,
    line1: b.line1,
    line2: b.line2,
    city: b.city,
    region: b.region,
    postalCode: b.postal_code,
    country: b.country,
    lllQuarter: b.lll_quarter ?? null,
    lllSection: b.lll_section ?? null,
    lllTownship: b.lll_township ?? null,
    lllRange: b.lll_range ?? null,
    lllMeridian: b.lll_meridian ?? null,
    instructions: b.instructions,
  } satisfies AddressInput;
}

export const bookAddressSchema = z.object({
  id: z.number().int(),
  enterprise_id: z.number().int().nullable(),
  address_type: z.enum(ADDRESS_TYPES),
  format: z.enum(ADDRESS_FORMATS),
  land_location_kind: z.string().nullable(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string(),
  lll_quarter: z.string().nullable(),
  lll_section: z.number().int().nullable(),
  lll_township: z.number().int().nullable(),
  lll_range: z.number().int().nullable(),
  lll_meridian: z.string().nullable(),
  /** 'NW-12-34-5-W4' for a legal land location, else null. */
  legal_land_location: z.string().nullable(),
  instructions: z.string(),
});
export type BookAddressWire = z.infer<typeof bookAddressSchema>;
export const bookAddressListSchema = z.object({ addresses: z.array(bookAddressSchema) });

const problemSchema = z.object({ field: z.string(), problem: z.enum(['required', 'invalid']) });

export const addressValidateBodySchema = z
  .object({ validation_type: z.enum(ADDRESS_VALIDATION_TYPES), address: addressBodySchema })
  .strict();
export const addressValidateResultSchema = z.object({
  valid: z.boolean(),
  problems: z.array(problemSchema),
  /** The address as it would be stored (codes upper-cased, postal code spaced as the post writes it). */
  normalized: addressBodySchema.nullable(),
});

export const addressSuggestionSchema = z.object({
  /** 'book': an address already in the farm business's book; 'land_location': the text read as a legal land location. */
  source: z.enum(['book', 'land_location']),
  label: z.string(),
  address: addressBodySchema,
  address_id: z.number().int().nullable(),
});
export const addressSuggestionsSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });

export const bookContactSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  aal1: z.string(),
});
export const bookContactListSchema = z.object({ contacts: z.array(bookContactSchema) });
export const contactBodySchema = z
  .object({
    first_name: boundedText(80),
    last_name: boundedText(80),
    email: boundedText(254),
    phone_number: boundedText(40),
    country: z.enum(['USA', 'CAN', 'AUS']),
    aal1: boundedText(3),
  })
  .strict();

export type LegalLandLocation = {
  lllQuarter: string;
  lllSection: number;
  lllTownship: number;
  lllRange: number;
  lllMeridian: string;
};

/**
 * Reads a legal land location as people write it: quarter-section-township-range-meridian, 'NW-12-34-5-W4',
 * 'NW 12-34-5 W4' or 'nw-12-34-05-w4'. Null unless every part is in range (sections 1–36, townships 1–126,
 * ranges 1–34, meridians W1–W6).
 */
export function parseLegalLandLocation(text: string): LegalLandLocation | null {
  const m = /^\s*(NE|NW|SE|SW)[\s-]+(\d{1,2})[\s-]+(\d{1,3})[\s-]+(\d{1,2})[\s-]+W\s*([1-6])\s*(?:M)?\s*$/i.exec(text);
  if (!m) return null;
  const [, q, s, t, r, mer] = m;
  const lll = {
    lllQuarter: q!.toUpperCase(),
    lllSection: Number(s),
    lllTownship: Number(t),
    lllRange: Number(r),
    lllMeridian: `W${mer}`,
  };
  if (lll.lllSection < 1 || lll.lllSection > 36) return null;
  if (lll.lllTownship < 1 || lll.lllTownship > 126) return null;
  if (lll.lllRange < 1 || lll.lllRange > 34) return null;
  if (!(LLL_QUARTERS as readonly string[]).includes(lll.lllQuarter)) return null;
  if (!(LLL_MERIDIANS as readonly string[]).includes(lll.lllMeridian)) return null;
  return lll;
}

/** The prairie province a meridian's land mostly lies in (W1 Manitoba, W2–W3 Saskatchewan, W4–W6 Alberta). */
export function provinceOfMeridian(meridian: string): 'MB' | 'SK' | 'AB' {
  const n = Number(meridian.replace(/\D/g, ''));
  return n <= 1 ? 'MB' : n <= 3 ? 'SK' : 'AB';
}

/** A Canadian postal code as Canada Post writes it ('T2P 1J9'); other codes trimmed and upper-cased. */
export function normalizedPostalCode(code: string, country: string): string {
  const c = code.trim().toUpperCase();
  if (country === 'CAN') {
    const compact = c.replace(/\s+/g, '');
    return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : c;
  }
  return c;
}

export * from './geocode.ts';
