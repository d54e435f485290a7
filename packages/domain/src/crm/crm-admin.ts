// The CRM administrator's legal entities and offboarding report (issue 15; grain-marketing.md 3 'Legal entity', 6
// 'Admin permissions' view-offboarding-report, 7 'Merchandising' admin/le/:platformId/legal-entities and .../upload).

import { z } from 'zod';
import { pagedFields } from './api.ts';
import { id, instant, noNul } from './api-fields.ts';
import { toCsv } from './csv.ts';
import { formatMoney, formatNumber } from '../format/number.ts';

// ---------------------------------------------------------------------------------------------------
// Legal entities

export const ADMIN_LEGAL_ENTITIES_PAGE_SIZE = 25;

/**
 * GET admin/le/:platformId/legal-entities: `search` matches a name (any part), an external (ERP) id (its start) or,
 * when it is a number, a scope id; `scope` keeps one scope only (0: the default scope).
 */
export const adminLegalEntitiesQuerySchema = z.object({
  search: z.string().trim().max(100).refine(noNul).optional(),
  scope: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_LEGAL_ENTITIES_PAGE_SIZE),
  paginationToken: z.string().max(2048).optional(),
});
export type AdminLegalEntitiesQuery = z.input<typeof adminLegalEntitiesQuerySchema>;

/** A client legal entity of the partner (grain-marketing.md 3 'Legal entity': its scope id; 0 is the default scope). */
export const adminLegalEntityRowSchema = z.object({
  id,
  name: z.string(),
  extClientId: z.string().nullable(),
  scopeLegalEntityId: id,
  city: z.string().nullable(),
  administrativeAreaLevel1: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  /** The markets it sells to. */
  marketIds: z.array(id),
  contactsCount: id,
  /** Onboarded as a farm business of the platform (its farmers may sign in). */
  onboarded: z.boolean(),
  updatedAt: instant,
});
export type AdminLegalEntityRow = z.infer<typeof adminLegalEntityRowSchema>;

export const adminLegalEntitiesResponseSchema = z.object({
  rows: z.array(adminLegalEntityRowSchema),
  ...pagedFields,
});
export type AdminLegalEntitiesResponse = z.infer<typeof adminLegalEntitiesResponseSchema>;

/** A scope id as the pages show it: the default scope (0) is said in words by the caller. */
export function isDefaultScope(scopeLegalEntityId: number): boolean {
  return scopeLegalEntityId === 0;
}

// ---------------------------------------------------------------------------------------------------
// Markets: details (MERCH/market) and posts (le/:partnerLegalEntity/market/:marketId/posts)

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noNul)
    .nullable()
    .transform((v) => (v ? v : null));

/** A market's details as its administrators edit them (the address, phone and e-mail its farmers see). */
export const marketDetailsSchema = z.object({
  marketId: id,
  label: z.string(),
  displayName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  city: z.string(),
  administrativeAreaLevel1: z.string(),
  postalCode: z.string().nullable(),
  countryCode: z.enum(['USA', 'CAN', 'AUS']),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone: z.string(),
  version: id,
});
export type MarketDetails = z.infer<typeof marketDetailsSchema>;

export const MARKET_PHONE_PATTERN = /^[+0-9 ().-]{7,30}$/;

/** PUT MERCH/market?market_id= (If-Match): every field is sent; an empty optional one is cleared. */
export const marketDetailsUpdateSchema = z.object({
  displayName: optionalText(80),
  addressLine1: optionalText(120),
  city: z.string().trim().min(1).max(80).refine(noNul),
  administrativeAreaLevel1: z.string().trim().min(1).max(40).refine(noNul),
  postalCode: optionalText(20),
  phone: optionalText(30).refine((v) => v === null || MARKET_PHONE_PATTERN.test(v), 'Not a phone number'),
  email: z
    .string()
    .trim()
    .max(254)
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, 'Not an e-mail address'),
  timezone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Not a time zone'),
});
export type MarketDetailsUpdate = z.input<typeof marketDetailsUpdateSchema>;

export const MARKET_POST_TITLE_MAX = 120;
export const MARKET_POST_BODY_MAX = 5000;

/** A market's post to its farmers: a title, a text, published or a draft. */
export const marketPostSchema = z.object({
  id,
  marketId: id,
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  publishedAt: instant.nullable(),
  author: z.string().nullable(),
  version: id,
  createdAt: instant,
  updatedAt: instant,
});
export type MarketPost = z.infer<typeof marketPostSchema>;

export const marketPostInputSchema = z.object({
  title: z.string().trim().min(1).max(MARKET_POST_TITLE_MAX).refine(noNul),
  body: z.string().trim().max(MARKET_POST_BODY_MAX).refine(noNul),
  published: z.boolean(),
});
export type MarketPostInput = z.input<typeof marketPostInputSchema>;

export const marketPostListSchema = z.object({ marketId: id, posts: z.array(marketPostSchema) });
export type MarketPostList = z.infer<typeof marketPostListSchema>;

/**
 * A market's published posts as its farmers read them (My Sales Lite's bids page, 'From the elevator'): no draft, no
 * author or version; newest first.
 */
export const farmerMarketPostListSchema = z.object({
  marketId: id,
  posts: z.array(z.object({ id, title: z.string(), body: z.string(), publishedAt: instant })),
});
export type FarmerMarketPostList = z.infer<typeof farmerMarketPostListSchema>;

// ---------------------------------------------------------------------------------------------------
// Offboarding report (view-offboarding-report): who is leaving, with what is still open for them

/**
 * The schema has no "leaving" mark for a client nor an end date for a user, so the report takes: the partner's
 * suspended users, and its clients with no activity (contract written, ticket delivered, note, settlement) for
 * `inactiveMonths` months.
 */
export const OFFBOARDING_INACTIVE_MONTHS = [6, 12, 18, 24, 36] as const;
export const OFFBOARDING_ROW_LIMIT = 1000;

export const offboardingQuerySchema = z.object({
  inactiveMonths: z.coerce.number().int().min(1).max(120).default(12),
  format: z.enum(['json', 'csv']).optional(),
});

const decimalText = z.string();

/** What a leaving client still has open. */
export const clientOpenItemsSchema = z.object({
  openContracts: id,
  /** Bushels still to deliver on them. */
  undeliveredBushels: decimalText,
  unappliedTickets: id,
  unappliedBushels: decimalText,
  /** Settlements not paid yet (draft or final) and their net. */
  unpaidSettlements: id,
  unpaidSettlementsNet: decimalText,
  /** Payment requests not settled, rejected or returned, and their amount. */
  openPaymentRequests: id,
  openPaymentAmount: decimalText,
  workingOffers: id,
});
export type ClientOpenItems = z.infer<typeof clientOpenItemsSchema>;

export const offboardingClientSchema = z.object({
  clientId: id,
  name: z.string(),
  extClientId: z.string().nullable(),
  /** The last contract, delivery, note or settlement (a day), or null when there never was any. */
  lastActivity: z.string().nullable(),
  open: clientOpenItemsSchema,
});
export type OffboardingClient = z.infer<typeof offboardingClientSchema>;

/** What a leaving (suspended) user still has open: contracts they wrote, offers they placed, follow-ups they hold. */
export const userOpenItemsSchema = z.object({
  openContracts: id,
  workingOffers: id,
  openFollowups: id,
  draftSettlements: id,
});
export type UserOpenItems = z.infer<typeof userOpenItemsSchema>;

export const offboardingUserSchema = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  status: z.literal('suspended'),
  lastSignInAt: instant.nullable(),
  open: userOpenItemsSchema,
});
export type OffboardingUser = z.infer<typeof offboardingUserSchema>;

export const offboardingReportSchema = z.object({
  inactiveMonths: id,
  /** The day before which a client's last activity makes it inactive. */
  inactiveSince: z.string(),
  users: z.array(offboardingUserSchema),
  clients: z.array(offboardingClientSchema),
  /** More clients matched than OFFBOARDING_ROW_LIMIT (those with the most open come first). */
  clientsTruncated: z.boolean(),
});
export type OffboardingReport = z.infer<typeof offboardingReportSchema>;

/** Whether anything is still open. */
export function hasOpenItems(open: ClientOpenItems | UserOpenItems): boolean {
  return Object.values(open).some((v) => (typeof v === 'number' ? v > 0 : Number(v) > 0));
}

/**
 * The report as CSV: one line per leaving user, then per leaving client, with the open items in words and figures
 * (bushels and money through the domain's formatters; days in ISO, decision 035).
 */
export function offboardingCsv(report: OffboardingReport, currency: string): string {
  const bu = (v: string) => formatNumber(v, { maxFractionDigits: 2 });
  const money = (v: string) => formatMoney(v, { currency });
  const header = [
    'Kind',
    'Name',
    'E-mail or external id',
    'Reason',
    'Last activity',
    'Open contracts',
    'Undelivered bu',
    'Unapplied tickets',
    'Unapplied bu',
    'Unpaid settlements',
    'Unpaid settlements net',
    'Open payment requests',
    'Open payment amount',
    'Working offers',
    'Open follow-ups',
    'Draft settlements',
  ];
  const users = report.users.map((u) => [
    'User',
    u.name,
    u.email,
    'Suspended',
    u.lastSignInAt ? u.lastSignInAt.slice(0, 10) : '',
    u.open.openContracts,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    u.open.workingOffers,
    u.open.openFollowups,
    u.open.draftSettlements,
  ]);
  const clients = report.clients.map((c) => [
    'Client',
    c.name,
    c.extClientId ?? '',
    `No activity for ${report.inactiveMonths} months`,
    c.lastActivity ?? '',
    c.open.openContracts,
    bu(c.open.undeliveredBushels),
    c.open.unappliedTickets,
    bu(c.open.unappliedBushels),
    c.open.unpaidSettlements,
    money(c.open.unpaidSettlementsNet),
    c.open.openPaymentRequests,
    money(c.open.openPaymentAmount),
    c.open.workingOffers,
    '',
    '',
  ]);
  return toCsv([header, ...users, ...clients]);
}
