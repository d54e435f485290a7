// Request and response shapes of the farmer's profit-center calls (grain-marketing.md 7 'Grain and profit center',
// under /api/commodities/profit-center): the farmer's own contracts, scale tickets, summary, balances, task list,
// crops, filters and markets. Shared by the server (route schemas) and the web (types). Response schemas hold no
// transforms; request schemas parse strictly (a bad parameter is a 400, never a silent default), except the page
// size, which is clamped to the allowed sizes like every list's (section 9).

import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TYPES, PRICE_STATUSES } from '../crm/contracts.ts';
import { CROPS, findCrop } from '../crm/crops.ts';
import { decimalString, decimalStringSchema, isoDateSchema, toDecimalOrNull } from '../crm/exact.ts';
import { MAX_PAGINATION_TOKEN_LENGTH } from '../crm/pagination.ts';
import { clampPageSize } from '../lists/limits.ts';
import { FARMER_TASKS } from './sales.ts';

const id = z.number().int();
const decimal = decimalStringSchema.nullable();
const instant = z.string();
const day = isoDateSchema.nullable();

export const PROFIT_CENTER_API = '/api/commodities/profit-center';

// ---------------------------------------------------------------------------------------------------
// Request parameters

/** Crop years the calls accept. */
export const CROP_YEAR_RANGE = { min: 2000, max: 2100 } as const;

/** A crop by id ('1'), commodity code ('CN') or name ('corn', 'Spring Wheat'); an unknown crop is a 400. */
export const cropParamSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const crop = findCrop(value);
    if (!crop) {
      ctx.addIssue({ code: 'custom', message: `Unknown crop '${value.slice(0, 40)}'` });
      return z.NEVER;
    }
    return crop.id;
  });

/** A crop year: four digits within CROP_YEAR_RANGE. */
export const cropYearParamSchema = z
  .string()
  .regex(/^\d{4}$/, 'Expected a crop year such as 2026')
  .transform(Number)
  .refine(
    (y) => y >= CROP_YEAR_RANGE.min && y <= CROP_YEAR_RANGE.max,
    `Expected a crop year from ${CROP_YEAR_RANGE.min} to ${CROP_YEAR_RANGE.max}`,
  );

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'Expected a page number')
  .transform(Number)
  .refine((n) => n >= 1, 'Pages start at 1');

const pageSizeParam = z
  .string()
  .regex(/^\d{1,4}$/, 'Expected a page size')
  .transform((v) => clampPageSize(v));

const pagingParams = {
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  paginationToken: z.string().max(MAX_PAGINATION_TOKEN_LENGTH).optional(),
};

/** GET contracts: filters (crop, crop year, status, price status) and keyset paging. */
export const farmerContractsQuerySchema = z.object({
  crop: cropParamSchema.optional(),
  cropYear: cropYearParamSchema.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  priceStatus: z.enum(PRICE_STATUSES).optional(),
  ...pagingParams,
});
export type FarmerContractsQuery = z.output<typeof farmerContractsQuerySchema>;

/** GET scale-tickets: filters (crop, crop year, unapplied only) and keyset paging. */
export const farmerTicketsQuerySchema = z.object({
  crop: cropParamSchema.optional(),
  cropYear: cropYearParamSchema.optional(),
  unapplied: z.enum(['true', 'false']).optional(),
  ...pagingParams,
});
export type FarmerTicketsQuery = z.output<typeof farmerTicketsQuerySchema>;

/** The optional crop / crop year filter of the summary and balances calls. */
export const cropYearQuerySchema = z.object({
  crop: cropParamSchema.optional(),
  cropYear: cropYearParamSchema.optional(),
});

/** Ids in a path: '12' or '12,14' (1 to 50 of them). */
export const idListPathSchema = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, 'Expected comma-separated numeric ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.every((n) => n > 0 && Number.isSafeInteger(n)), 'Expected numeric ids');

// ---------------------------------------------------------------------------------------------------
// Responses

const pagedFields = {
  totalCount: z.number().int().min(0),
  paginationToken: z.string().nullable(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
};

/** A market as the farmer sees it (location call, and on each contract and ticket). */
export const farmerMarketSchema = z.object({
  id,
  slug: z.string(),
  /** displayName, or else 'city, state' (grain-marketing.md 3 'Market'). */
  label: z.string(),
  city: z.string(),
  administrativeAreaLevel1: z.string(),
  countryCode: z.enum(['USA', 'CAN', 'AUS']),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone: z.string(),
});
export type FarmerMarket = z.infer<typeof farmerMarketSchema>;

/** One of the farmer's contracts: what was sold, delivered, left to deliver and how it is priced. */
export const farmerContractRowSchema = z.object({
  id,
  displayContractId: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  status: z.enum(CONTRACT_STATUSES),
  cropId: id,
  /** The crop's display name ('Corn'). */
  crop: z.string(),
  cropYear: z.number().int(),
  marketId: id,
  market: z.string(),
  /** The farmer's legal entity the contract is with. */
  clientId: id,
  clientName: z.string(),
  quantityUnit: z.string(),
  quantity: decimalStringSchema,
  cancelled: decimalStringSchema,
  /** quantity − cancelled. */
  contracted: decimalStringSchema,
  delivered: decimalStringSchema,
  /** Left to deliver. */
  remaining: decimalStringSchema,
  overDelivered: decimalStringSchema,
  priced: decimalStringSchema,
  unpriced: decimalStringSchema,
  priceStatus: z.enum(PRICE_STATUSES),
  /** Averages over the pricing events (currency per unit). */
  futuresPrice: decimal,
  basis: decimal,
  cashPrice: decimal,
  /** Futures month 'YYYY-MM'. */
  optionMonth: z.string().nullable(),
  deliveryStart: isoDateSchema,
  deliveryEnd: isoDateSchema,
  contractDate: isoDateSchema,
  expiration: day,
  lastTicketDate: day,
  /** Sent for e-signature and waiting for the farmer's signature. */
  signatureNeeded: z.boolean(),
  signed: z.boolean(),
});
export type FarmerContractRow = z.infer<typeof farmerContractRowSchema>;

export const farmerContractListSchema = z.object({ rows: z.array(farmerContractRowSchema), ...pagedFields });
export type FarmerContractList = z.infer<typeof farmerContractListSchema>;

/**
 * What an amendment changed as the farmer sees it: quantities, prices, months, delivery windows, the scale ticket of
 * a delivery; never the buyer's notes, reasons or names. The contract history reads them as sentences (the web's
 * lib/trading/contract-history), in the farmer's contract dialog and its amendments to sign alike.
 */
export const farmerAmendmentChangesSchema = z.object({
  cancelledQuantity: decimal.optional(),
  remainingQuantity: decimal.optional(),
  quantity: decimal.optional(),
  futuresPrice: decimal.optional(),
  basis: decimal.optional(),
  cashPrice: decimal.optional(),
  spread: decimal.optional(),
  basisAdjustment: decimal.optional(),
  fromOptionMonth: z.string().nullable().optional(),
  toOptionMonth: z.string().nullable().optional(),
  fromDelivery: z.string().nullable().optional(),
  toDelivery: z.string().nullable().optional(),
  ticket: z.string().nullable().optional(),
  /** A credit sale's deferred payment date. */
  paymentDate: z.string().nullable().optional(),
});
export type FarmerAmendmentChanges = z.infer<typeof farmerAmendmentChangesSchema>;

const AMENDMENT_DECIMALS = [
  'cancelledQuantity',
  'remainingQuantity',
  'quantity',
  'futuresPrice',
  'basis',
  'cashPrice',
  'spread',
  'basisAdjustment',
] as const;
const AMENDMENT_TEXTS = [
  'fromOptionMonth',
  'toOptionMonth',
  'fromDelivery',
  'toDelivery',
  'ticket',
  'paymentDate',
] as const;

/** An amendment's stored details as the farmer may see them (farmerAmendmentChangesSchema). */
export function farmerAmendmentChanges(details: Readonly<Record<string, unknown>>): FarmerAmendmentChanges {
  const out: FarmerAmendmentChanges = {};
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  for (const key of AMENDMENT_DECIMALS) {
    if (!(key in details)) continue;
    const v = text(details[key]);
    const d = v === null ? null : toDecimalOrNull(v);
    out[key] = d === null ? null : decimalString(d);
  }
  for (const key of AMENDMENT_TEXTS) {
    if (key in details) out[key] = text(details[key]);
  }
  return out;
}

/** An amendment as the farmer sees it (GET contracts/:id): what changed, never the buyer's notes or names. */
export const farmerAmendmentSchema = z.object({
  id,
  displayContractAmendmentId: z.string(),
  action: z.string(),
  createdAt: instant,
  changes: farmerAmendmentChangesSchema,
});
export type FarmerAmendment = z.infer<typeof farmerAmendmentSchema>;

export const farmerContractDetailSchema = z.object({
  contract: farmerContractRowSchema,
  pricingEvents: z.array(
    z.object({
      id,
      quantity: decimalStringSchema,
      futuresPrice: decimal,
      basis: decimal,
      cashPrice: decimal,
      pricedAt: instant,
    }),
  ),
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
  amendments: z.array(farmerAmendmentSchema),
  documents: z.array(
    z.object({
      id,
      kind: z.string(),
      fileName: z.string(),
      status: z.enum(['draft', 'sent', 'signed', 'void']),
      createdAt: instant,
      signedAt: instant.nullable(),
    }),
  ),
});
export type FarmerContractDetail = z.infer<typeof farmerContractDetailSchema>;

/** One of the farmer's scale tickets, its grade factors and the contracts it was applied to. */
export const farmerTicketRowSchema = z.object({
  id,
  displayScaleTicketId: z.string(),
  marketId: id,
  market: z.string(),
  clientId: id,
  clientName: z.string(),
  cropId: id,
  crop: z.string(),
  cropYear: z.number().int(),
  deliveryDate: isoDateSchema,
  /** Net quantity (bushels) after shrink. */
  quantity: decimalStringSchema,
  quantityUnit: z.string(),
  /** Gross weight (pounds). */
  weight: decimal,
  applied: decimalStringSchema,
  unapplied: decimalStringSchema,
  /** Grade factors: moisture %, test weight (lb/bu), foreign material %, damage %. */
  moisture: decimal,
  testWeight: decimal,
  foreignMaterial: decimal,
  damage: decimal,
  /** Bushels shrunk for moisture and handling, and the money the market's discount schedule took (issue 14). */
  shrinkQuantity: decimalStringSchema,
  dryingCharge: decimalStringSchema,
  discountAmount: decimalStringSchema,
  applications: z.array(
    z.object({
      contractId: id,
      displayContractId: z.string(),
      quantity: decimalStringSchema,
      splitPct: decimalStringSchema,
    }),
  ),
});
export type FarmerTicketRow = z.infer<typeof farmerTicketRowSchema>;

export const farmerTicketListSchema = z.object({ rows: z.array(farmerTicketRowSchema), ...pagedFields });
export type FarmerTicketList = z.infer<typeof farmerTicketListSchema>;

const salesFigures = {
  contractCount: z.number().int(),
  openContractCount: z.number().int(),
  contracted: decimalStringSchema,
  delivered: decimalStringSchema,
  remaining: decimalStringSchema,
  priced: decimalStringSchema,
  unpriced: decimalStringSchema,
  averageCash: decimal,
};
const cropYearKey = { cropId: id, crop: z.string(), cropYear: z.number().int(), quantityUnit: z.string() };
const balanceFigures = {
  ...salesFigures,
  unappliedTickets: decimalStringSchema,
  unappliedTicketCount: z.number().int(),
};

export const cropYearSummarySchema = z.object({ ...cropYearKey, ...salesFigures });
export const salesSummaryResponseSchema = z.object({ rows: z.array(cropYearSummarySchema) });
export type SalesSummaryResponse = z.infer<typeof salesSummaryResponseSchema>;

export const balanceRowSchema = z.object({ ...cropYearKey, ...balanceFigures });
export const balancesResponseSchema = z.object({ rows: z.array(balanceRowSchema) });
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

export const commodityBalancesResponseSchema = z.object({
  commodities: z.array(
    z.object({
      cropId: id,
      crop: z.string(),
      quantityUnit: z.string(),
      totals: z.object(balanceFigures),
      years: z.array(balanceRowSchema),
    }),
  ),
});
export type CommodityBalancesResponse = z.infer<typeof commodityBalancesResponseSchema>;

/** At most this many contracts are listed per task (the counts are complete). */
export const TASK_LIST_ITEM_LIMIT = 50;

export const farmerTaskListSchema = z.object({
  /** The calendar day the rules were judged on (the farmer's first market's day). */
  today: isoDateSchema,
  counts: z.object({
    signature_needed: z.number().int(),
    pricing_needed: z.number().int(),
    delivery_needed: z.number().int(),
  }),
  items: z.array(z.object({ task: z.enum(FARMER_TASKS), contract: farmerContractRowSchema })),
});
export type FarmerTaskList = z.infer<typeof farmerTaskListSchema>;

const cropSchema = z.object({ id, name: z.string(), displayName: z.string() });

export const farmerCropsSchema = z.object({
  crops: z.array(cropSchema.extend({ cropYears: z.array(z.number().int()) })),
});
export type FarmerCrops = z.infer<typeof farmerCropsSchema>;

export const farmerFiltersSchema = z.object({
  crops: z.array(cropSchema),
  cropYears: z.array(z.number().int()),
  statuses: z.array(z.enum(CONTRACT_STATUSES)),
  priceStatuses: z.array(z.enum(PRICE_STATUSES)),
  markets: z.array(z.object({ id, label: z.string() })),
});
export type FarmerFilters = z.infer<typeof farmerFiltersSchema>;

export const farmerLocationsSchema = z.object({ markets: z.array(farmerMarketSchema) });
export type FarmerLocations = z.infer<typeof farmerLocationsSchema>;

/** A crop record as the crops and filters calls send it. */
export function cropRecord(cropId: number): z.infer<typeof cropSchema> {
  const crop = CROPS.find((c) => c.id === cropId);
  return { id: cropId, name: crop?.name ?? `crop_${cropId}`, displayName: crop?.displayName ?? `Crop ${cropId}` };
}
