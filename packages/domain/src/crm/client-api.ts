// Request and response shapes of the CRM's client calls (grain-marketing.md 3 'Clients'): search, notes, the
// client profile with its charts and exposure, the summary patch, and who may search clients.

import { z } from 'zod';
import { CONTRACT_TYPES, type ContractType, weightedAverage } from './contracts.ts';
import { CrmDecimal, decimalInSchema, decimalString, decimalStringSchema, isoDateSchema, toDecimal } from './exact.ts';
import { NOTE_CATEGORIES } from './notes.ts';
import type { MARKET_PERMISSIONS } from './permissions.ts';
import { type ClientRecord, type ContractRecord } from './conditions.ts';
import { clientExposure, type ClientExposure } from './views.ts';
import { decimal, id, instant } from './api-fields.ts';
import { followupRowSchema, pagedFields } from './api.ts';

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
