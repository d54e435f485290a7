// Booking and the life of a structure (issue 18; grain-marketing.md 7 'Structured products (SCS)': structure/:structId?,
// saved-structure, structures, trade, structure/:structureId/close-cost, structure/:structureId/request-close; the
// farmer's read-only profit-center `structures/:structureId?`). A structure is a row as the CRM shows it; the status
// machine is quote → pending_signature → live → close_requested → closed, live → completed at the end, and quote /
// pending_signature → cancelled (docs/decisions/062).

import { z } from 'zod';
import { pagedFields } from '../crm/api.ts';
import { decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { MAX_PAGINATION_TOKEN_LENGTH } from '../crm/pagination.ts';
import { clampPageSize } from '../lists/limits.ts';
import {
  ACCUMULATION_FREQUENCIES,
  DOUBLE_UP_KINDS,
  STRUCTURE_KINDS,
  STRUCTURE_SIDES,
  structureInputSchema,
} from './inputs.ts';
import { valuationSchema } from './pricing.ts';

const decimal = decimalStringSchema;
const instant = z.string();
const id = z.number().int();

export const STRUCTURE_STATUSES = [
  'quote',
  'pending_signature',
  'live',
  'close_requested',
  'completed',
  'closed',
  'cancelled',
] as const;
export type StructureStatus = (typeof STRUCTURE_STATUSES)[number];

/** The moves of the status machine (from → to). */
export const STRUCTURE_TRANSITIONS: Readonly<Record<StructureStatus, readonly StructureStatus[]>> = {
  quote: ['pending_signature', 'live', 'cancelled'],
  pending_signature: ['live', 'cancelled'],
  live: ['close_requested', 'completed', 'closed'],
  close_requested: ['live', 'closed', 'completed'],
  completed: [],
  closed: [],
  cancelled: [],
};

export function canMoveStructure(from: StructureStatus, to: StructureStatus): boolean {
  return STRUCTURE_TRANSITIONS[from].includes(to);
}

/** The sources of an observation: the price feed's settle, the admin's quote import, or a day caught up later. */
export const OBSERVATION_SOURCES = ['feed', 'import', 'catch-up'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** The valuation stored at the last save or trade (the list's "last quote"). */
export const structureQuoteSchema = z.object({
  futures: decimal,
  vol: z.number(),
  farmerValue: decimal,
  merchandiserValue: decimal,
  standardError: decimal,
  merchandiserStandardError: decimal,
  knockOutProbability: z.number(),
  doubleUpProbability: z.number(),
  expectedPricedBushels: decimal,
  valuedAt: instant,
});
export type StructureQuote = z.infer<typeof structureQuoteSchema>;

/** The key terms a list shows without reading the input. */
export const structureKeyTermsSchema = z.object({
  /** The accumulation level, a minimum price's floor, an HTA's futures level; null for an average price. */
  level: decimal.nullable(),
  knockOut: decimal.nullable(),
  doubleUp: z.enum(DOUBLE_UP_KINDS).nullable(),
  frequency: z.enum(ACCUMULATION_FREQUENCIES).nullable(),
  /** Observation dates of the terms (trading days, or weeks). */
  observations: z.number().int(),
});

export const structureStateSummarySchema = z.object({
  pricedBushels: decimal,
  /** Σ bushels × price / priced bushels, before the fee; null while nothing is priced. */
  averagePrice: decimal.nullable(),
  knockedOut: z.boolean(),
  doubledUp: z.boolean(),
  observedThrough: isoDateSchema.nullable(),
});

export const structureCloseSchema = z.object({
  requestedAt: instant.nullable(),
  requestedBy: z.string().nullable(),
  /** Dollars (decision 062: what closing cost, by the engine at that day's market). */
  cost: decimal.nullable(),
  closedAt: instant.nullable(),
  closedBy: z.string().nullable(),
  note: z.string().nullable(),
});

/** A structure as the CRM shows it (list row and detail). */
export const structureSchema = z.object({
  id,
  marketId: id,
  marketLabel: z.string(),
  clientLegalEntityId: id,
  clientName: z.string(),
  status: z.enum(STRUCTURE_STATUSES),
  kind: z.enum(STRUCTURE_KINDS),
  side: z.enum(STRUCTURE_SIDES),
  name: z.string().nullable(),
  cropId: id,
  cropYear: id,
  futuresSymbol: z.string(),
  optionMonth: z.string(),
  input: structureInputSchema,
  keyTerms: structureKeyTermsSchema,
  quantity: decimal,
  fee: decimal,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  state: structureStateSummarySchema,
  /** Committed bushels not observed yet (0 once knocked out or ended). */
  remainingBushels: decimal,
  /** Trading days left to observe (0 once ended). */
  daysLeft: z.number().int(),
  /** Futures − knock-out ($/bu) at the latest quote; null without a knock-out or a quote. */
  distanceToKnockOut: decimal.nullable(),
  lastQuote: structureQuoteSchema.nullable(),
  /** Who quoted it, as a name (first and last name, else the e-mail). */
  quotedBy: z.string().nullable(),
  tradedAt: instant.nullable(),
  /** Who traded it, as a name (first and last name, else the e-mail). */
  tradedBy: z.string().nullable(),
  htaContractId: id.nullable(),
  signingRequestId: id.nullable(),
  closeRequest: structureCloseSchema.nullable(),
  version: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});
export type Structure = z.infer<typeof structureSchema>;

/** GET structures: filters and paging like every CRM list. */
export const structureListQuerySchema = z.object({
  status: z
    .string()
    .max(200)
    .transform((s) => s.split(','))
    .pipe(z.array(z.enum(STRUCTURE_STATUSES)))
    .optional(),
  client_legal_entity_id: z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a client id')
    .transform(Number)
    .optional(),
  market_id: z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a market id')
    .transform(Number)
    .optional(),
  cropId: z
    .string()
    .regex(/^\d{1,6}$/, 'Expected a crop id')
    .transform(Number)
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'Expected a page number')
    .transform(Number)
    .refine((n) => n >= 1, 'Pages start at 1')
    .optional(),
  pageSize: z
    .string()
    .regex(/^\d{1,4}$/, 'Expected a page size')
    .transform((v) => clampPageSize(v))
    .optional(),
  paginationToken: z.string().max(MAX_PAGINATION_TOKEN_LENGTH).optional(),
});
export type StructureListQuery = z.output<typeof structureListQuerySchema>;

export const structureListSchema = z.object({ rows: z.array(structureSchema), ...pagedFields });
export type StructureList = z.infer<typeof structureListSchema>;

/** One observation of a live structure (its history, auditable). */
export const structureObservationSchema = z.object({
  date: isoDateSchema,
  settle: decimal,
  pricedBushels: decimal,
  price: decimal.nullable(),
  knockedOut: z.boolean(),
  doubledUp: z.boolean(),
  source: z.enum(OBSERVATION_SOURCES),
  observedAt: instant,
});
export type StructureObservation = z.infer<typeof structureObservationSchema>;

export const structureObservationsSchema = z.object({ rows: z.array(structureObservationSchema) });

/** POST saved-structure (a new quote), PUT structure/:structId (a quote re-edited, If-Match version). */
export const saveStructureBodySchema = z.object({
  marketId: z.number().int().positive(),
  clientLegalEntityId: z.number().int().positive(),
  cropYear: z.number().int().min(2000).max(2100),
  name: z
    .string()
    .trim()
    .max(120)
    .refine((v) => !v.includes('\u0000'), 'No NUL characters')
    .nullable()
    .optional(),
  input: structureInputSchema,
});
export type SaveStructureBody = z.infer<typeof saveStructureBodySchema>;

/** POST trade: the quote becomes live (terms frozen), or pending the client's confirmation through e-sign. */
export const tradeStructureBodySchema = z.object({
  structureId: z.number().int().positive(),
  /** 'esign': the client confirms by signing (pending_signature until signed); 'verbal': live at once. */
  confirmation: z.enum(['esign', 'verbal']),
});
export type TradeStructureBody = z.infer<typeof tradeStructureBodySchema>;

/** GET structure/:structureId/close-cost: what ending the remaining terms costs today, by the engine. */
export const closeCostSchema = z.object({
  structureId: id,
  /**
   * Dollars, the merchandiser's side: what the merchandiser charges to end the remaining terms today (positive: the
   * client pays; negative: the client is paid). docs/decisions/062, booking.
   */
  closeCost: decimal,
  closeCostPerRemainingBushel: decimal.nullable(),
  remainingBushels: decimal,
  valuation: valuationSchema,
});
export type CloseCost = z.infer<typeof closeCostSchema>;

const note = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => !v.includes('\u0000'), 'No NUL characters');

/** POST structure/:structureId/request-close: the client asks (or the merchandiser on the client's behalf). */
export const requestCloseBodySchema = z.object({ note: note.optional() });
export type RequestCloseBody = z.infer<typeof requestCloseBodySchema>;

/** The merchandiser's decision on a close request: approve (the remaining terms end at the close cost) or reject. */
export const decideCloseBodySchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: note.optional(),
});
export type DecideCloseBody = z.infer<typeof decideCloseBodySchema>;
