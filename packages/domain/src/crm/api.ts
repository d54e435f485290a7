// Request and response shapes of the CRM calls (grain-marketing.md 3 and 7 'Merchandising', 'Contract
// management'), shared by the server (route schemas) and the web (parsing). Response schemas hold no
// transforms (the server encodes responses with them). docs/api/crm.md describes the calls. Here: paged lists,
// the merchandising bootstrap and markets, and the dashboard; clients in client-api.ts, contracts in
// contract-api.ts.

import { z } from 'zod';
import { TASK_LIST_STATUSES } from './contracts.ts';
import { CROPS, type Crop } from './crops.ts';
import { isoDateSchema } from './exact.ts';
import { FOLLOWUP_AGE_BUCKETS, FOLLOWUP_DESCRIPTION_MAX, FOLLOWUP_STATES } from './followups.ts';
import { ADMIN_PERMISSIONS, MARKET_PERMISSIONS } from './permissions.ts';
import { id, instant, noNul } from './api-fields.ts';

// ---------------------------------------------------------------------------------------------------
// Paged lists (keyset, section 2 and 9): every list answers with these fields.

export const pagedFields = {
  /** Rows matching, counted up to MAX_TOTAL_ROWS (10,000). */
  totalCount: z.number().int().min(0),
  /** Token for page + 1 (send it with page=page+1); null on the last page. */
  paginationToken: z.string().nullable(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
};

// ---------------------------------------------------------------------------------------------------
// Merchandising bootstrap and markets

export const CRM_COUNTRY_CODES = ['USA', 'CAN', 'AUS'] as const;

/** A market as the markets call answers it (grain-marketing.md 3 'Market'), with the user's entitlements there. */
export const crmMarketRowSchema = z.object({
  id,
  displayName: z.string().nullable(),
  /** displayName, or else 'city, state' (marketLabel). */
  label: z.string(),
  address: z.object({ city: z.string(), administrativeAreaLevel1: z.string() }),
  countryCode: z.enum(CRM_COUNTRY_CODES),
  /** IANA time zone: the market's calendar day decides the view rules ('today'). */
  timezone: z.string(),
  userPermissions: z.array(z.enum(MARKET_PERMISSIONS)),
  sustainabilityEnabled: z.boolean(),
  /** Entitlement keys of section 6 granted on this market (entitlementsFor). */
  entitlements: z.array(z.string()),
});
export type CrmMarketRow = z.infer<typeof crmMarketRowSchema>;

/** Admin grants as the server sends them: per held permission, 'all' (every market) or market ids. */
export const adminGrantsSchema = z.partialRecord(z.enum(ADMIN_PERMISSIONS), z.union([z.literal('all'), z.array(id)]));
export type AdminGrantsResponse = z.infer<typeof adminGrantsSchema>;

export const crmMarketsResponseSchema = z.object({
  markets: z.array(crmMarketRowSchema),
  /** Only with include_admin_permissions=true. */
  adminPermissions: adminGrantsSchema.optional(),
  /** buyer-admin or farmer-admin; only with include_admin_permissions=true. */
  isAdmin: z.boolean().optional(),
});
export type CrmMarketsResponse = z.infer<typeof crmMarketsResponseSchema>;

export const merchandisingBootstrapSchema = z.object({
  partnerLegalEntity: z.object({ id, name: z.string(), scopeLegalEntityId: id }).nullable(),
  partner: z.object({ id: z.string(), displayName: z.string(), shortName: z.string(), tradeName: z.string() }),
  /** false: the partner's buyers are bids/offers-only. */
  partnerHasCrm: z.boolean(),
  ingestDashboardAccess: z.boolean(),
  structuredProductAccess: z.boolean(),
  /** Commodity code → crop id of the exchange-traded crops bids and offers use. */
  bids_offers_ext_commodities: z.record(z.string(), id),
  /** grain-marketing.md 3 'Legal entity': any of the user's legal entities has a scope other than the default. */
  hasExternalScope: z.boolean(),
  defaultScopeLegalEntityId: id,
});
export type MerchandisingBootstrap = z.infer<typeof merchandisingBootstrapSchema>;

/** bids_offers_ext_commodities: the filterable crops that have an exchange code. */
export function bidsOffersExtCommodities(crops: readonly Crop[] = CROPS): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of crops) if (c.symbol && c.filterable) out[c.symbol] = c.id;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Dashboard

export const taskListResponseSchema = z.object({
  marketId: id,
  /** The market's calendar day the rules were judged on. */
  today: isoDateSchema,
  /** Contracts in each task-list status (TASK_LIST_RULES), each counted up to 10,000. */
  counts: z.object(
    Object.fromEntries(TASK_LIST_STATUSES.map((s) => [s, z.number().int().min(0)])) as Record<
      (typeof TASK_LIST_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const followupRowSchema = z.object({
  id,
  clientId: id,
  clientName: z.string(),
  marketId: id,
  dueDate: isoDateSchema,
  description: z.string(),
  noteId: id.nullable(),
  assignedUser: z.object({ id: z.string(), name: z.string() }).nullable(),
  state: z.enum(FOLLOWUP_STATES),
  ageBucket: z.enum(FOLLOWUP_AGE_BUCKETS).nullable(),
  daysOverdue: z.number().int().min(0),
  doneAt: instant.nullable(),
  createdAt: instant,
});
export type FollowupRow = z.infer<typeof followupRowSchema>;

export const followupListResponseSchema = z.object({
  rows: z.array(followupRowSchema),
  /** Open follow-ups of the market (and client, assignee) in each state and bucket. */
  counts: z.object({
    upcoming: z.number().int(),
    past: z.number().int(),
    under90Days: z.number().int(),
    over90Days: z.number().int(),
  }),
  ...pagedFields,
});
export type FollowupListResponse = z.infer<typeof followupListResponseSchema>;

export const followupCreateSchema = z.object({
  marketId: z.number().int().positive(),
  clientId: z.number().int().positive(),
  dueDate: isoDateSchema,
  description: z.string().trim().min(1).max(FOLLOWUP_DESCRIPTION_MAX).refine(noNul, 'Must not contain NUL characters'),
  noteId: z.number().int().positive().nullable().optional(),
  assignedUserId: z.string().uuid().nullable().optional(),
});
export type FollowupCreate = z.infer<typeof followupCreateSchema>;

export const followupUpdateSchema = z
  .object({
    done: z.boolean().optional(),
    dueDate: isoDateSchema.optional(),
    description: z
      .string()
      .trim()
      .min(1)
      .max(FOLLOWUP_DESCRIPTION_MAX)
      .refine(noNul, 'Must not contain NUL characters')
      .optional(),
  })
  .strict()
  .refine((x) => Object.keys(x).length > 0, 'Nothing to change');
export type FollowupUpdate = z.infer<typeof followupUpdateSchema>;

export const RECENT_ACTIVITY_TYPES = ['note', 'contract', 'scaleTicket'] as const;
export const recentActivityItemSchema = z.object({
  /** A highlight type (grain-marketing.md 3): the web opens the client with highlight_id. */
  type: z.enum(RECENT_ACTIVITY_TYPES),
  id,
  clientId: id,
  clientName: z.string(),
  marketId: id,
  /** When it happened: a note's or contract's creation instant, a ticket's delivery day (as midnight UTC). */
  at: instant,
  /** One line: the note's first words, 'C-1001 · 5000 bu Corn', 'T-5001 · 1000 bu Corn'. */
  summary: z.string(),
});
export const recentActivityResponseSchema = z.object({ marketId: id, items: z.array(recentActivityItemSchema) });
export type RecentActivityResponse = z.infer<typeof recentActivityResponseSchema>;

export const lastUpdatedResponseSchema = z.object({
  marketId: id,
  contracts: instant.nullable(),
  scaleTickets: instant.nullable(),
  notes: instant.nullable(),
  /** The latest of the three. */
  lastUpdated: instant.nullable(),
});
export type LastUpdatedResponse = z.infer<typeof lastUpdatedResponseSchema>;
