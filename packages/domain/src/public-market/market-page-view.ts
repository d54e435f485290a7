// What the public market page shows (grain-marketing.md 1 'public', 2 /market/:marketName?, 3 'White-label
// partner record' and 'Market'): the JSON of GET /api/public/market/:marketName? and the data the server
// inlines into the light page. The web's light entry imports only the types (no zod at run time there).
import { z } from 'zod';
import { publicHeaderLinkSchema, publicPageFeatureSchema } from '../shell/partner.ts';
import { publicBidRowSchema } from '../bids/instrument-reads.ts';
import { marketClosureSchema } from './closures.ts';
import { priceNotationSettingsSchema } from '../format/price-notation.ts';
import { dayHoursSchema } from './hours.ts';
import { publicContactSchema } from './page-settings.ts';

export const publicPartnerHeaderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  logo: z.string().nullable(),
  publicHeader: z.object({ title: z.string(), links: z.array(publicHeaderLinkSchema) }),
  legalFooter: z.string(),
  theme: z.object({ primary: z.string(), secondary: z.string() }),
  /** What the partner offers on its public pages (the score link shows when it has public-ci-score). */
  publicPageFeatures: z.array(publicPageFeatureSchema),
  supportEmail: z.string(),
  supportPhone: z.string(),
  /** How the partner writes futures, cash and basis (decision 034), so /market reads as its other pages do. */
  priceNotation: priceNotationSettingsSchema,
});
export type PublicPartnerHeader = z.infer<typeof publicPartnerHeaderSchema>;

/** A market in the picker: its URL name and how it is shown (displayName, or 'city, state'). */
export const publicMarketLinkSchema = z.object({ slug: z.string(), label: z.string() });
export type PublicMarketLink = z.infer<typeof publicMarketLinkSchema>;

export const publicCropBidsSchema = z.object({
  cropId: z.number(),
  crop: z.string(),
  /** The bids public read's rows (bids/instrument-reads.ts publicBidRowSchema), by delivery. */
  bids: z.array(publicBidRowSchema),
});
export type PublicCropBids = z.infer<typeof publicCropBidsSchema>;

export const publicAnnouncementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>;

export const publicMarketSchema = z.object({
  slug: z.string(),
  label: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string(),
  administrativeAreaLevel1: z.string(),
  postalCode: z.string().nullable(),
  countryCode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone: z.string(),
});
export type PublicMarket = z.infer<typeof publicMarketSchema>;

export const publicMarketPageSchema = z.object({
  partner: publicPartnerHeaderSchema,
  /** The partner's published markets, for the picker. */
  markets: z.array(publicMarketLinkSchema),
  /** null when the partner has no published market. */
  market: publicMarketSchema.nullable(),
  /** Features shown: those the partner offers and this market turns on. */
  features: z.array(publicPageFeatureSchema),
  /** Locale the page formats numbers in: en-CA for a Canadian market, en-AU for an Australian one, else en-US. */
  locale: z.enum(['en-US', 'en-CA', 'en-AU']),
  crops: z.array(publicCropBidsSchema),
  /** Office hours and whether the market is open at `generatedAt` (null when the feature is off). */
  hours: z
    .object({
      /** The week, Monday first (a day without hours is closed). */
      days: z.array(dayHoursSchema),
      openNow: z.boolean(),
      /** Open now, opens later today, closed today (holiday, announced closure, no hours) or closed now. */
      state: z.enum(['open', 'opens-later', 'closed-today', 'closed-now']),
      /** The label of today's holiday, closure or special hours ('Thanksgiving'), or null. */
      todayLabel: z.string().nullable(),
      /** When open: today's closing time; when closed: the next opening (holidays skipped). */
      closesAt: z.string().nullable(),
      nextOpen: z
        .object({ date: z.string(), dayOfWeek: z.number().int(), opensAt: z.string(), today: z.boolean() })
        .nullable(),
      /** Holiday hours and closures from today on (the coming weeks), by date. */
      closures: z.array(marketClosureSchema),
    })
    .nullable(),
  contacts: z.array(publicContactSchema).nullable(),
  announcements: z.array(publicAnnouncementSchema).nullable(),
  deliveryInformation: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  /** Latest change of a bid or its futures quote (ISO), null without bids. */
  updatedAt: z.string().nullable(),
  /** Time of the latest futures quote used (ISO). */
  futuresAt: z.string().nullable(),
  /**
   * When the partner's data last came in from its ERP (ISO): its last successful ingest sync. Only for a partner with
   * the `ingested-data` feature; null without it or before a first successful sync.
   */
  dataUpdatedAt: z.string().nullable(),
  generatedAt: z.string(),
});
export type PublicMarketPage = z.infer<typeof publicMarketPageSchema>;

/** What the server inlines into the light public page (one of its three views). */
export type PublicPageData =
  | { view: 'market'; page: PublicMarketPage }
  | { view: 'score'; partner: PublicPartnerHeader }
  | { view: 'not-found'; partner: PublicPartnerHeader };

/** The element id of the inlined JSON (a `<script type="application/json">`). */
export const PUBLIC_PAGE_DATA_ELEMENT_ID = 'public-page-data';
