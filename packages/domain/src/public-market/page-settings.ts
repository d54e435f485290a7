// What a market's public page shows (grain-marketing.md 2 '/crm/public-bids-admin' and '/market/:marketName?',
// 3 'White-label partner record' publicPageFeatures, 7 'Merchandising' market/:marketId/info): the market-level
// public page features the market turns on (a subset of those its partner offers), whether the page is published,
// its delivery information, additional info and public contacts. Read by the admin page, its calls and the
// anonymous public page.

import { z } from 'zod';
import { isValidEmail, isValidPhone } from '../identity/patterns.ts';
import type { PublicPageFeature } from '../shell/partner.ts';

/**
 * The public page features that a market turns on or off itself; the others (public-ci-score, ingested-data) are
 * the partner's alone. In the order the admin page lists them.
 */
export const MARKET_PAGE_FEATURES = [
  'market-announcements',
  'market-office-hours',
  'market-contacts',
  'market-delivery-information',
  'additional-info',
] as const satisfies readonly PublicPageFeature[];
export type MarketPageFeature = (typeof MARKET_PAGE_FEATURES)[number];
export const marketPageFeatureSchema = z.enum(MARKET_PAGE_FEATURES);

export function isMarketPageFeature(value: unknown): value is MarketPageFeature {
  return typeof value === 'string' && (MARKET_PAGE_FEATURES as readonly string[]).includes(value);
}

/** The market-level features a partner offers (its publicPageFeatures that a market may turn on). */
export function offeredMarketFeatures(partnerFeatures: readonly string[]): MarketPageFeature[] {
  return MARKET_PAGE_FEATURES.filter((f) => partnerFeatures.includes(f));
}

/** Features asked for that the partner does not offer (a market may only turn on what its partner offers). */
export function featuresNotOffered(
  features: readonly MarketPageFeature[],
  partnerFeatures: readonly string[],
): MarketPageFeature[] {
  return [...new Set(features)].filter((f) => !partnerFeatures.includes(f));
}

/** A feature list without repeats, in MARKET_PAGE_FEATURES order. */
export function normalizeMarketFeatures(features: readonly string[]): MarketPageFeature[] {
  return MARKET_PAGE_FEATURES.filter((f) => features.includes(f));
}

/**
 * What the public page shows of a market: the features the market turns on that its partner (still) offers —
 * a feature the partner withdrew later disappears from every market's page. Nothing when the page is unpublished.
 */
export function shownMarketFeatures(
  page: { features: readonly string[]; published: boolean } | null,
  partnerFeatures: readonly string[],
): MarketPageFeature[] {
  if (!page || !page.published) return [];
  return MARKET_PAGE_FEATURES.filter((f) => page.features.includes(f) && partnerFeatures.includes(f));
}

// ---------------------------------------------------------------------------------------------------
// Texts and contacts

/** Delivery information and additional info: multi-line text of at most this many characters. */
export const PAGE_TEXT_MAX = 4000;
export const PUBLIC_CONTACTS_MAX = 10;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_TITLE_MAX = 100;
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_EMAIL_MAX = 254;

/** PostgreSQL text can't hold NUL. */
const noNul = (v: string) => !v.includes('\u0000');

/** A multi-line page text as sent: trimmed; '' or null clears it. */
export const pageTextInputSchema = z
  .string()
  .trim()
  .max(PAGE_TEXT_MAX, { message: `At most ${PAGE_TEXT_MAX} characters` })
  .refine(noNul, { message: 'Must not contain NUL characters' })
  .nullable();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` })
    .refine(noNul, { message: 'Must not contain NUL characters' })
    .optional();

/**
 * A public contact as sent: a name (required), and optionally a title, a phone and an e-mail — each valid when
 * given ('' counts as not given).
 */
export const publicContactInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Name is required' })
    .max(CONTACT_NAME_MAX, { message: `At most ${CONTACT_NAME_MAX} characters` })
    .refine(noNul, { message: 'Must not contain NUL characters' }),
  title: optionalText(CONTACT_TITLE_MAX),
  phone: optionalText(CONTACT_PHONE_MAX).refine((v) => v === undefined || v === '' || isValidPhone(v), {
    message: 'Invalid phone number',
  }),
  email: optionalText(CONTACT_EMAIL_MAX).refine((v) => v === undefined || v === '' || isValidEmail(v), {
    message: 'Invalid email address',
  }),
});
export type PublicContactInput = z.infer<typeof publicContactInputSchema>;

/** A public contact as stored and answered: empty optional fields left out. */
export const publicContactSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

/** A contact as it is stored: trimmed, its empty optional fields dropped. */
export function normalizeContact(input: PublicContactInput): PublicContact {
  const out: PublicContact = { name: input.name.trim() };
  const title = input.title?.trim();
  const phone = input.phone?.trim();
  const email = input.email?.trim();
  if (title) out.title = title;
  if (phone) out.phone = phone;
  if (email) out.email = email;
  return out;
}

/** A page text as stored: trimmed, null when empty. */
export function normalizePageText(text: string | null | undefined): string | null {
  const t = text?.trim() ?? '';
  return t === '' ? null : t;
}

// ---------------------------------------------------------------------------------------------------
// market/:marketId/info

/**
 * PUT market/:marketId/info (with If-Match): the fields to change — any of them, at least one (each section of
 * the admin page saves its own). Features must be offered by the partner (checked by the server, 400 otherwise).
 */
export const marketPageSettingsUpdateSchema = z
  .object({
    features: z
      .array(marketPageFeatureSchema)
      .max(MARKET_PAGE_FEATURES.length * 2)
      .optional(),
    published: z.boolean().optional(),
    deliveryInformation: pageTextInputSchema.optional(),
    additionalInfo: pageTextInputSchema.optional(),
    contacts: z
      .array(publicContactInputSchema)
      .max(PUBLIC_CONTACTS_MAX, { message: `At most ${PUBLIC_CONTACTS_MAX} contacts` })
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type MarketPageSettingsUpdate = z.infer<typeof marketPageSettingsUpdateSchema>;

/** GET / PUT market/:marketId/info: the market's public page settings (version 0: never saved yet). */
export const marketPageSettingsSchema = z.object({
  marketId: z.number().int(),
  /** The public page's URL name: /market/<slug>. */
  slug: z.string(),
  label: z.string(),
  timezone: z.string(),
  /** The market-level features the partner offers (the others are shown greyed out). */
  offeredFeatures: z.array(marketPageFeatureSchema),
  /** The features this market turns on. */
  features: z.array(marketPageFeatureSchema),
  published: z.boolean(),
  deliveryInformation: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  contacts: z.array(publicContactSchema),
  version: z.number().int().min(0),
  updatedAt: z.string().nullable(),
});
export type MarketPageSettings = z.infer<typeof marketPageSettingsSchema>;
