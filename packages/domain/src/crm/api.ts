// Request and response shapes of the CRM calls (grain-marketing.md 3 and 7 'Merchandising', 'Contract
// management'), shared by the server (route schemas) and the web (parsing). Response schemas hold no
// transforms (the server encodes responses with them). docs/api/crm.md describes the calls.

import { z } from 'zod';
import { CONTRACT_TYPES, TASK_LIST_STATUSES, type ContractType } from './contracts.ts';
import { CROPS, type Crop } from './crops.ts';
import { canonicalJson } from './pagination.ts';
import {
  CrmDecimal,
  decimalInSchema,
  decimalString,
  decimalStringSchema,
  isoDateSchema,
  toDecimal,
  toDecimalOrNull,
} from './exact.ts';
import { FOLLOWUP_AGE_BUCKETS, FOLLOWUP_DESCRIPTION_MAX, FOLLOWUP_STATES } from './followups.ts';
import { contractListRowSchema } from './list-row.ts';
import { NOTE_CATEGORIES } from './notes.ts';
import { ADMIN_PERMISSIONS, MARKET_PERMISSIONS } from './permissions.ts';
import type { ClientRecord, ContractRecord } from './conditions.ts';
import { weightedAverage } from './contracts.ts';
import { clientExposure, type ClientExposure } from './views.ts';

const id = z.number().int();
/** Free text stored in PostgreSQL: no NUL characters (it can't hold them). */
const noNul = (v: string) => !v.includes('\u0000');
const decimal = decimalStringSchema.nullable();
/** An instant as ISO 8601 text ('2026-05-04T13:20:00.000Z'). */
const instant = z.string();

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

// ---------------------------------------------------------------------------------------------------
// Clients (legal entities)

export const clientSearchRowSchema = z.object({
  id,
  name: z.string(),
  extClientId: z.string().nullable(),
  scopeLegalEntityId: id,
  city: z.string().nullable(),
  administrativeAreaLevel1: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  /** Commodity code of the client's default crop (opening a client sets commodity to it). */
  defaultCommodity: z.string().nullable(),
  defaultCropYear: id.nullable(),
});
export type ClientSearchRow = z.infer<typeof clientSearchRowSchema>;

export const clientSearchResponseSchema = z.object({ rows: z.array(clientSearchRowSchema), ...pagedFields });
export type ClientSearchResponse = z.infer<typeof clientSearchResponseSchema>;

const onboardedSchema = z.object({ id: z.union([z.string(), id]), legacyId: id, name: z.string() });

export const noteRowSchema = z.object({
  id,
  clientId: id,
  marketId: id,
  note: z.string(),
  category: z.enum(NOTE_CATEGORIES),
  noteDate: isoDateSchema,
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Send as If-Match to edit or delete. */
  version: id,
});
export type NoteRow = z.infer<typeof noteRowSchema>;

export const noteListResponseSchema = z.object({ rows: z.array(noteRowSchema), ...pagedFields });
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

/** Query parameters of a note write (the body is the note as text/plain). */
export const noteWriteQuerySchema = z.object({
  category: z.enum(NOTE_CATEGORIES).optional(),
  noteDate: isoDateSchema.optional(),
});

export const clientChartsSchema = z.object({
  /** Open quantity and count of the client's purchase contracts by contract type. */
  breakdown: z.array(
    z.object({ contractType: z.enum(CONTRACT_TYPES), quantity: decimalStringSchema, contracts: z.number().int() }),
  ),
  /** By delivery month (the month of the delivery end): contracted (open) and delivered quantity. */
  contractedAndDelivered: z.array(
    z.object({ month: z.string(), contracted: decimalStringSchema, delivered: decimalStringSchema }),
  ),
  /**
   * By delivery month: contractedAverage (cash price weighted by open quantity over priced contracts),
   * deliveredAverage (weighted by delivered quantity), spot (the spot contracts' average cash).
   */
  averagePricing: z.array(
    z.object({ month: z.string(), contractedAverage: decimal, deliveredAverage: decimal, spot: decimal }),
  ),
});
export type ClientCharts = z.infer<typeof clientChartsSchema>;

export const clientProfileSchema = z.object({
  extClientId: z.string().nullable(),
  legalEntityId: id,
  marketId: id,
  /** The crop and crop year the figures are for (path crop / cropYear, else the client's defaults). */
  crop: z.object({ id, name: z.string(), displayName: z.string(), commodity: z.string().nullable() }),
  cropYear: id,
  onboardedUsers: z.array(onboardedSchema),
  onboardedEnterprises: z.array(onboardedSchema),
  summary: z.object({
    clientName: z.string(),
    phoneNumber: z.string().nullable(),
    emailAddress: z.string().nullable(),
    area: decimal,
    estimatedYield: decimal,
    estimatedStorage: decimal,
    flags: z.object({ eSignEligible: z.boolean(), ach: z.boolean() }),
    lastFarmVisit: isoDateSchema.nullable(),
    lastAccessed: z.object({
      leLastAccessed: instant.nullable(),
      perUser: z.array(z.object({ userId: z.string(), name: z.string(), accessedAt: instant })),
    }),
    /** The next open follow-up (the earliest due), or null. */
    followup: followupRowSchema.nullable(),
    contracted: z.object({
      withCompany: decimalStringSchema,
      withOther: decimalStringSchema,
      doubleObligation: decimal,
      remaining: decimal,
      estimatedProduction: decimal,
    }),
    contractedWithOther: decimal,
    contacts: z.array(
      z.object({
        id,
        name: z.string(),
        role: z.string().nullable(),
        phoneNumber: z.string().nullable(),
        emailAddress: z.string().nullable(),
      }),
    ),
    contactPersonId: id.nullable(),
  }),
  charts: clientChartsSchema,
  /** The latest notes at this market (empty without the notes permission). */
  notes: z.array(noteRowSchema),
  quantityUnit: z.string(),
  areaUnit: z.enum(['acres', 'hectares']),
  currency: z.object({ id, code: z.enum(['USD', 'CAD', 'AUD']) }),
  programEnrollments: z.array(z.object({ programId: id, name: z.string() })),
  defaultCommodity: z.string().nullable(),
  defaultCropYear: id.nullable(),
  /** Send as If-Match to edit the summary. */
  version: id,
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

const nonNegative = (scale: number, max: string) =>
  decimalInSchema({ min: '0', max, scale, messages: { min: 'Must not be negative' } });

/** The editable summary fields (grain-marketing.md 3): decimal strings, null to clear. At least one. */
export const clientSummaryPatchSchema = z
  .object({
    area: nonNegative(2, '999999999999').nullable().optional(),
    estimatedYield: nonNegative(2, '99999999').nullable().optional(),
    estimatedStorage: nonNegative(4, '99999999999999').nullable().optional(),
    contractedWithOther: nonNegative(4, '99999999999999').nullable().optional(),
  })
  .strict()
  .refine((x) => Object.values(x).some((v) => v !== undefined), 'Nothing to change');
export type ClientSummaryPatch = z.infer<typeof clientSummaryPatchSchema>;

export const clientSummaryResponseSchema = z.object({
  legalEntityId: id,
  area: decimal,
  estimatedYield: decimal,
  estimatedStorage: decimal,
  contractedWithOther: decimal,
  version: id,
});
export type ClientSummaryResponse = z.infer<typeof clientSummaryResponseSchema>;

function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The profile's charts from the client's contracts of one crop and crop year (purchases, not cancelled). */
export function clientProfileCharts(contracts: readonly ContractRecord[]): ClientCharts {
  const live = contracts.filter((c) => c.direction === 'purchase' && c.status !== 'cancelled');
  const open = (c: ContractRecord) => CrmDecimal.max(toDecimal(c.quantity).minus(toDecimal(c.cancelledQuantity)), 0);
  const byType = new Map<ContractType, { quantity: CrmDecimal; contracts: number }>();
  const byMonth = new Map<string, ContractRecord[]>();
  for (const c of live) {
    const t = byType.get(c.contractType) ?? { quantity: new CrmDecimal(0), contracts: 0 };
    byType.set(c.contractType, { quantity: t.quantity.plus(open(c)), contracts: t.contracts + 1 });
    const m = monthOf(c.deliveryEnd);
    byMonth.set(m, [...(byMonth.get(m) ?? []), c]);
  }
  const months = [...byMonth.keys()].sort();
  return {
    breakdown: CONTRACT_TYPES.filter((t) => byType.has(t)).map((t) => ({
      contractType: t,
      quantity: decimalString(byType.get(t)!.quantity),
      contracts: byType.get(t)!.contracts,
    })),
    contractedAndDelivered: months.map((month) => {
      const list = byMonth.get(month)!;
      return {
        month,
        contracted: decimalString(list.reduce((s, c) => s.plus(open(c)), new CrmDecimal(0))),
        delivered: decimalString(list.reduce((s, c) => s.plus(toDecimal(c.deliveredQuantity)), new CrmDecimal(0))),
      };
    }),
    averagePricing: months.map((month) => {
      const list = byMonth.get(month)!;
      return {
        month,
        contractedAverage: weightedAverage(list.map((c) => ({ quantity: open(c).toFixed(), value: c.cashPrice }))),
        deliveredAverage: weightedAverage(list.map((c) => ({ quantity: c.deliveredQuantity, value: c.cashPrice }))),
        spot: weightedAverage(
          list
            .filter((c) => c.contractType === 'spot')
            .map((c) => ({ quantity: open(c).toFixed(), value: c.cashPrice })),
        ),
      };
    }),
  };
}

/**
 * The profile's 'contracted' block for one crop and crop year: clientExposure (the double_obligation
 * rule's figures) over the client's contracts, without needing one of them as the subject.
 */
export function clientExposureFor(
  client: ClientRecord,
  contracts: readonly ContractRecord[],
  cropId: number,
  cropYear: number,
): ClientExposure {
  const subject: ContractRecord = {
    id: 0,
    clientId: client.id,
    marketId: 0,
    cropId,
    cropYear,
    displayContractId: '',
    contractType: 'flat',
    direction: 'purchase',
    status: 'open',
    quantity: '0',
    deliveredQuantity: '0',
    cancelledQuantity: '0',
    pricedQuantity: '0',
    deliveryStart: '1970-01-01',
    deliveryEnd: '1970-01-01',
    optionMonth: null,
    futuresPrice: null,
    basis: null,
    cashPrice: null,
    priceStatus: 'unpriced',
    offerPrice: null,
    strike: null,
    callOptionFee: null,
    expiration: null,
    description: null,
    specialty: null,
    mpOption: null,
    esignEligible: false,
    esignSent: false,
    signed: false,
    signedTermsHash: null,
    termsHash: null,
    contractDate: '1970-01-01',
    lastTicketDate: null,
  };
  return clientExposure({ kind: 'contract', ...subject, client, clientContracts: contracts });
}

// ---------------------------------------------------------------------------------------------------
// Contracts: detail, documents, option months, operations

export const pricingEventRowSchema = z.object({
  id,
  quantity: decimalStringSchema,
  futuresPrice: decimal,
  basis: decimal,
  cashPrice: decimal,
  pricedAt: instant,
});

export const CONTRACT_OPERATIONS = ['cancel', 'partial_cancel', 'note', 'futures_roll', 'basis_roll', 'roll'] as const;
export type ContractOperation = (typeof CONTRACT_OPERATIONS)[number];

export const contractAmendmentRowSchema = z.object({
  id,
  displayContractAmendmentId: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: instant,
});
export type ContractAmendmentRow = z.infer<typeof contractAmendmentRowSchema>;

export const DOCUMENT_STATUSES = ['draft', 'sent', 'signed', 'void'] as const;

export const contractDocumentRowSchema = z.object({
  id,
  contractId: id,
  displayContractId: z.string(),
  clientId: id,
  clientName: z.string(),
  marketId: id,
  kind: z.string(),
  fileName: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  sha256: z.string().nullable(),
  createdAt: instant,
  signedAt: instant.nullable(),
});
export type ContractDocumentRow = z.infer<typeof contractDocumentRowSchema>;

export const contractDocumentListResponseSchema = z.object({
  rows: z.array(contractDocumentRowSchema),
  ...pagedFields,
});
export const contractDocumentSchema = contractDocumentRowSchema.extend({ content: z.string().nullable() });

export const contractDetailSchema = z.object({
  contract: contractListRowSchema,
  /** Send as If-Match with an operation that changes the terms. */
  version: id,
  direction: z.enum(['purchase', 'sale']),
  termsHash: z.string().nullable(),
  signedTermsHash: z.string().nullable(),
  pricingEvents: z.array(pricingEventRowSchema),
  amendments: z.array(contractAmendmentRowSchema),
  ticketApplications: z.array(
    z.object({
      id,
      scaleTicketId: id,
      displayScaleTicketId: z.string(),
      deliveryDate: isoDateSchema,
      quantity: decimalStringSchema,
      splitPct: decimalStringSchema,
    }),
  ),
  documents: z.array(contractDocumentRowSchema),
  /** Operations the contract's state allows now. */
  allowedOperations: z.array(z.enum(CONTRACT_OPERATIONS)),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const contractOperationResponseSchema = z.object({
  contract: contractDetailSchema,
  amendment: contractAmendmentRowSchema,
});
export type ContractOperationResponse = z.infer<typeof contractOperationResponseSchema>;

const reason = z.string().trim().max(500).refine(noNul, 'Must not contain NUL characters').optional();
const positiveQuantity = decimalInSchema({ min: '0', minExclusive: true, scale: 4 });
/** A signed price change in currency per unit, within ±5 (a month spread or a basis move). */
const priceChange = decimalInSchema({
  min: '-5',
  max: '5',
  scale: 4,
  messages: { min: 'At most 5.00 either way', max: 'At most 5.00 either way' },
});
const OPTION_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const contractCancelSchema = z.object({ reason }).strict();
export const contractPartialCancelSchema = z.object({ quantity: positiveQuantity, reason }).strict();
export const contractFuturesRollSchema = z
  .object({ optionMonth: z.string().regex(OPTION_MONTH, 'Expected YYYY-MM'), spread: priceChange.default('0'), reason })
  .strict();
export const contractBasisRollSchema = z
  .object({
    deliveryStart: isoDateSchema,
    deliveryEnd: isoDateSchema,
    basisAdjustment: priceChange.default('0'),
    reason,
  })
  .strict()
  .refine((x) => x.deliveryStart <= x.deliveryEnd, {
    message: 'The delivery start must not be after its end',
    path: ['deliveryEnd'],
  });
export const contractRollSchema = z
  .object({
    optionMonth: z.string().regex(OPTION_MONTH, 'Expected YYYY-MM'),
    spread: priceChange.default('0'),
    deliveryStart: isoDateSchema,
    deliveryEnd: isoDateSchema,
    basisAdjustment: priceChange.default('0'),
    reason,
  })
  .strict()
  .refine((x) => x.deliveryStart <= x.deliveryEnd, {
    message: 'The delivery start must not be after its end',
    path: ['deliveryEnd'],
  });
export const CONTRACT_NOTE_MAX_LENGTH = 2000;

export const optionMonthsResponseSchema = z.object({ marketId: id, optionMonths: z.array(z.string()) });

/** Terms that a signature covers; any change (roll, cancel, pricing) makes a signed contract mismatch. */
export type ContractTerms = Pick<
  ContractRecord,
  | 'contractType'
  | 'direction'
  | 'cropId'
  | 'cropYear'
  | 'quantity'
  | 'cancelledQuantity'
  | 'deliveryStart'
  | 'deliveryEnd'
  | 'optionMonth'
  | 'futuresPrice'
  | 'basis'
  | 'cashPrice'
  | 'offerPrice'
  | 'strike'
  | 'callOptionFee'
  | 'expiration'
  | 'mpOption'
>;

function normDecimal(v: string | null): string | null {
  const d = toDecimalOrNull(v);
  return d === null ? null : decimalString(d);
}

/** The canonical text of a contract's terms (the server stores its SHA-256 as terms_hash). */
export function contractTermsText(t: ContractTerms): string {
  return canonicalJson({
    contractType: t.contractType,
    direction: t.direction,
    cropId: t.cropId,
    cropYear: t.cropYear,
    quantity: normDecimal(t.quantity),
    cancelledQuantity: normDecimal(t.cancelledQuantity),
    deliveryStart: t.deliveryStart,
    deliveryEnd: t.deliveryEnd,
    optionMonth: t.optionMonth,
    futuresPrice: normDecimal(t.futuresPrice),
    basis: normDecimal(t.basis),
    cashPrice: normDecimal(t.cashPrice),
    offerPrice: normDecimal(t.offerPrice),
    strike: normDecimal(t.strike),
    callOptionFee: normDecimal(t.callOptionFee),
    expiration: t.expiration,
    mpOption: t.mpOption,
  });
}

/** Which market permissions let a user search a market's clients (le-search): any client-facing one. */
export const CLIENT_SEARCH_PERMISSIONS = [
  'profile',
  'contracts',
  'deliveries',
  'notes',
  'contract_documents',
] as const satisfies readonly (typeof MARKET_PERMISSIONS)[number][];

export function canSearchClients(marketPermissions: readonly string[]): boolean {
  return CLIENT_SEARCH_PERMISSIONS.some((p) => marketPermissions.includes(p));
}
