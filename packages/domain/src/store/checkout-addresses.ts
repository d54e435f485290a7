// The checkout's delivery contacts (platform.md 5.5), addresses in both formats (3.4: postal and Canadian legal land
// locations) and applicator licences. Split from checkout.ts, which holds the sections, timing and error codes.

import { z } from 'zod';
import { daysBetween, isoDateSchema } from '../crm/exact.ts';
import { isValidEmail, isValidPhone } from '../identity/patterns.ts';
import { isValidPostalCode } from '../identity/signup.ts';
import { PRAIRIE_PROVINCES, isSubdivisionOf } from '../region/subdivisions.ts';

// ---------------------------------------------------------------------------------------------------
// Delivery contacts (5.5) and addresses (3.4)

export type FieldProblem = { field: string; problem: 'required' | 'invalid' };

/** A trimmed text field of at most `max` characters, as the checkout's forms send them. */
export const boundedText = (max: number) => z.string().trim().max(max);

export const deliveryContactInputSchema = z
  .object({
    firstName: boundedText(80),
    lastName: boundedText(80),
    email: boundedText(254),
    phoneNumber: boundedText(40),
    country: z.enum(['USA', 'CAN', 'AUS']),
    aal1: boundedText(3),
  })
  .strict();
export type DeliveryContactInput = z.infer<typeof deliveryContactInputSchema>;

/** Required: firstName, lastName, email, phone, aal1 (state/province) — 5.5; e-mail and phone as 5.1. */
export function deliveryContactProblems(c: DeliveryContactInput): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!c.firstName) out.push({ field: 'firstName', problem: 'required' });
  if (!c.lastName) out.push({ field: 'lastName', problem: 'required' });
  if (!c.email) out.push({ field: 'email', problem: 'required' });
  else if (!isValidEmail(c.email)) out.push({ field: 'email', problem: 'invalid' });
  if (!c.phoneNumber) out.push({ field: 'phone', problem: 'required' });
  else if (!isValidPhone(c.phoneNumber)) out.push({ field: 'phone', problem: 'invalid' });
  if (!c.aal1) out.push({ field: 'aal1', problem: 'required' });
  else if (!isSubdivisionOf(c.country, c.aal1)) out.push({ field: 'aal1', problem: 'invalid' });
  return out;
}

export const ADDRESS_TYPES = [
  'default_billing_address',
  'mailing_address',
  'billing_address',
  'shipping_address',
] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_FORMATS = ['postal', 'can_lll'] as const;
export const LAND_LOCATION_KINDS = ['can_lll_home', 'can_lll_shipping'] as const;
export const LLL_QUARTERS = ['NE', 'NW', 'SE', 'SW'] as const;
export const LLL_MERIDIANS = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'] as const;

const smallInt = z.number().int().min(-1_000_000).max(1_000_000);

export const addressInputSchema = z
  .object({
    addressType: z.enum(ADDRESS_TYPES),
    format: z.enum(ADDRESS_FORMATS),
    landLocationKind: z.enum(LAND_LOCATION_KINDS).nullable().optional(),
    name: boundedText(120).default(''),
    line1: boundedText(160).default(''),
    line2: boundedText(160).default(''),
    city: boundedText(80).default(''),
    region: boundedText(3),
    postalCode: boundedText(12).default(''),
    country: z.enum(['USA', 'CAN', 'AUS']),
    lllQuarter: boundedText(4).nullable().optional(),
    lllSection: smallInt.nullable().optional(),
    lllTownship: smallInt.nullable().optional(),
    lllRange: smallInt.nullable().optional(),
    lllMeridian: boundedText(4).nullable().optional(),
    instructions: boundedText(500).default(''),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressValues = z.output<typeof addressInputSchema>;

/**
 * A postal address needs a street line, a city, a state/province of its country and a ZIP or postal code of that
 * country. A legal land location (can_lll) needs quarter (NE/NW/SE/SW), section 1–36, township 1–126, range 1–34,
 * meridian W1–W6 and a prairie province (AB, SK, MB); its postal code is optional but checked when given.
 */
export function addressProblems(a: AddressValues): FieldProblem[] {
  const out: FieldProblem[] = [];
  const need = (field: string, value: string | null | undefined) => {
    if (!value) out.push({ field, problem: 'required' });
  };
  if (a.format === 'postal') {
    need('line1', a.line1);
    need('city', a.city);
    if (!a.region) out.push({ field: 'region', problem: 'required' });
    else if (!isSubdivisionOf(a.country, a.region)) out.push({ field: 'region', problem: 'invalid' });
    if (!a.postalCode) out.push({ field: 'postalCode', problem: 'required' });
    else if (!isValidPostalCode(a.postalCode, a.country)) out.push({ field: 'postalCode', problem: 'invalid' });
    return out;
  }
  if (a.country !== 'CAN') out.push({ field: 'country', problem: 'invalid' });
  if (!a.region) out.push({ field: 'region', problem: 'required' });
  else if (!(PRAIRIE_PROVINCES as readonly string[]).includes(a.region.toUpperCase()))
    out.push({ field: 'region', problem: 'invalid' });
  const range = (field: string, v: number | null | undefined, min: number, max: number) => {
    if (v === null || v === undefined) out.push({ field, problem: 'required' });
    else if (v < min || v > max) out.push({ field, problem: 'invalid' });
  };
  if (!a.lllQuarter) out.push({ field: 'lllQuarter', problem: 'required' });
  else if (!(LLL_QUARTERS as readonly string[]).includes(a.lllQuarter.toUpperCase()))
    out.push({ field: 'lllQuarter', problem: 'invalid' });
  range('lllSection', a.lllSection, 1, 36);
  range('lllTownship', a.lllTownship, 1, 126);
  range('lllRange', a.lllRange, 1, 34);
  if (!a.lllMeridian) out.push({ field: 'lllMeridian', problem: 'required' });
  else if (!(LLL_MERIDIANS as readonly string[]).includes(a.lllMeridian.toUpperCase()))
    out.push({ field: 'lllMeridian', problem: 'invalid' });
  if (a.postalCode && !isValidPostalCode(a.postalCode, 'CAN')) out.push({ field: 'postalCode', problem: 'invalid' });
  return out;
}

/** 'NE-12-34-5-W3' — how a legal land location is written. */
export function formatLegalLandLocation(a: {
  lllQuarter?: string | null;
  lllSection?: number | null;
  lllTownship?: number | null;
  lllRange?: number | null;
  lllMeridian?: string | null;
}): string {
  return [a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].map((p) => p ?? '?').join('-');
}

export const applicatorLicenceInputSchema = z
  .object({
    holderName: boundedText(120).min(1),
    licenceNumber: boundedText(40).min(1),
    jurisdiction: boundedText(3).min(2),
    expiresOn: isoDateSchema,
  })
  .strict();
export type ApplicatorLicenceInput = z.infer<typeof applicatorLicenceInputSchema>;

/** A licence is valid through its expiry day. */
export function licenceValid(expiresOn: string, today: string): boolean {
  return daysBetween(today, expiresOn) >= 0;
}
