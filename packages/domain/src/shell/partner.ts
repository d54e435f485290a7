// White-label partner records (grain-marketing.md 1 'White-labelling', 3 'Partner branding record',
// 'White-label partner record').
import { z } from 'zod';
import { EXPERIENCES } from './experience.ts';
import { priceNotationSettingsSchema } from '../format/price-notation.ts';

export const PUBLIC_PAGE_FEATURES = [
  'public-ci-score',
  'market-delivery-information',
  'market-announcements',
  'market-office-hours',
  'market-contacts',
  'additional-info',
  'ingested-data',
] as const;
export type PublicPageFeature = (typeof PUBLIC_PAGE_FEATURES)[number];

export const publicPageFeatureSchema = z.enum(PUBLIC_PAGE_FEATURES);
export const experienceSchema = z.enum(EXPERIENCES);

/** A weekday's support hours: day 0 is Sunday; open and close as 'HH:MM' (24-hour) in the hours' time zone. */
export const supportDayHoursSchema = z.object({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  close: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
/** The partner's support office hours (/support): the days listed are open, the others closed. */
export const supportHoursSchema = z.object({ timezone: z.string(), days: z.array(supportDayHoursSchema) });
export type SupportHours = z.infer<typeof supportHoursSchema>;

/** Brand wording and support contacts: never written into the app, always read from here. */
export const partnerBrandingSchema = z.object({
  shortName: z.string(),
  tradeName: z.string(),
  legalName: z.string(),
  vhostRegex: z.string().nullable(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  appSupportEmail: z.string(),
  dataEmail: z.string(),
  appSupportPhone: z.string(),
  logoBanner: z.string().nullable(),
  /** Support office hours; absent for a partner that has not given them. */
  supportHours: supportHoursSchema.optional(),
});
export type PartnerBranding = z.infer<typeof partnerBrandingSchema>;

export const publicHeaderLinkSchema = z.object({ label: z.string(), url: z.string() });
export type PublicHeaderLink = z.infer<typeof publicHeaderLinkSchema>;

export const whiteLabelPartnerSchema = z.object({
  id: z.string(),
  vhost: z.string().nullable(),
  intent: z.string().nullable(),
  displayName: z.string(),
  logo: z.string().nullable(),
  publicHeader: z.object({ title: z.string(), links: z.array(publicHeaderLinkSchema) }),
  legalFooter: z.string(),
  assets: z.record(z.string(), z.string()),
  experiences: z.array(experienceSchema),
  publicPageFeatures: z.array(publicPageFeatureSchema),
  branding: partnerBrandingSchema,
  theme: z.object({ primary: z.string(), secondary: z.string() }),
  /** How the partner's pages write futures, cash and basis (issue 13; changed on /crm/administrator). */
  priceNotation: priceNotationSettingsSchema,
});
export type WhiteLabelPartner = z.infer<typeof whiteLabelPartnerSchema>;

/** The buyer's partner's price notation: GET (any CRM user), PUT (its CRM administrators). */
export const PARTNER_PRICE_NOTATION_PATH = '/api/commodities/merchandising/partner/price-notation';

export function partnerHasFeature(
  partner: Pick<WhiteLabelPartner, 'publicPageFeatures'>,
  feature: PublicPageFeature,
): boolean {
  return partner.publicPageFeatures.includes(feature);
}
