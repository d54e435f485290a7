// Cash bids' reads: the bids grid's rows (built from the stored bid and the futures quote), its filters and order,
// and the public read (the public market page, My Sales Lite) with only public, live bids.

import { z } from 'zod';
import { cropById } from '../crm/crops.ts';
import { decimalStringSchema, toDecimal } from '../crm/exact.ts';
import { parseFuturesSymbol } from './futures.ts';
import { bidCashPrice, priceChange, roundingModeSchema, type RoundingMode } from './pricing.ts';
import {
  INSTRUMENT_PRICINGS,
  type InstrumentFields,
  type InstrumentVisibility,
  currencyForCrop,
  instrumentVisibilitySchema,
  priceUnitForCrop,
  INSTRUMENT_VISIBILITIES,
} from './instruments.ts';

const decimal = decimalStringSchema.nullable();
const instant = z.string();

/** A row of the bids grid (GET instruments/market/:marketId, instruments/:instrumentId). */
export const instrumentRowSchema = z.object({
  id: z.number().int(),
  marketId: z.number().int(),
  cropId: z.number().int(),
  cropName: z.string(),
  cropYear: z.number().int(),
  name: z.string(),
  deliveryStart: z.string(),
  deliveryEnd: z.string(),
  pricing: z.enum(INSTRUMENT_PRICINGS),
  futuresSymbol: z.string().nullable(),
  /** 'YYYY-MM' of the futures month. */
  futuresMonth: z.string().nullable(),
  futuresLast: decimal,
  /** last − previous settlement. */
  futuresChange: decimal,
  quotedAt: instant.nullable(),
  basis: decimal,
  flatPrice: decimal,
  /** futures + basis (or the flat price), rounded by the market's rounding mode; null without a quote. */
  cashPrice: decimal,
  roundingMode: roundingModeSchema,
  priceUnit: z.enum(['bushel', 'tonne']),
  currency: z.enum(['USD', 'CAD']),
  quantityUnit: z.string(),
  quantityCap: decimal,
  quantityContracted: decimalStringSchema,
  /** cap − contracted, not below zero; null without a cap. */
  quantityRemaining: decimal,
  visibility: instrumentVisibilitySchema,
  offersAllowed: z.boolean(),
  notes: z.string().nullable(),
  /** Offers working against the bid. */
  workingOffers: z.number().int().min(0),
  deletedAt: instant.nullable(),
  version: z.number().int(),
  updatedAt: instant,
});
export type InstrumentRow = z.infer<typeof instrumentRowSchema>;

export const instrumentCropSummarySchema = z.object({
  cropId: z.number().int(),
  cropName: z.string(),
  priceUnit: z.enum(['bushel', 'tonne']),
  currency: z.enum(['USD', 'CAD']),
  /** Live (not deleted) bids of the crop at the market, whatever the other filters. */
  count: z.number().int().min(0),
  roundingMode: roundingModeSchema,
});
export type InstrumentCropSummary = z.infer<typeof instrumentCropSummarySchema>;

export const instrumentListResponseSchema = z.object({
  marketId: z.number().int(),
  /** The market's calendar day. */
  today: z.string(),
  /** The crops the market bids on (tabs), with their live bid counts. */
  crops: z.array(instrumentCropSummarySchema),
  rows: z.array(instrumentRowSchema),
});
export type InstrumentListResponse = z.infer<typeof instrumentListResponseSchema>;

export const bulkBasisResponseSchema = z.object({ adjustmentCents: z.string(), rows: z.array(instrumentRowSchema) });
export type BulkBasisResponse = z.infer<typeof bulkBasisResponseSchema>;

/** The list filters: cropFilter (ids, codes or names, 'all'), instrumentVisibility, deleted. */
export const INSTRUMENT_DELETED_FILTERS = ['exclude', 'include', 'only'] as const;
export type InstrumentDeletedFilter = (typeof INSTRUMENT_DELETED_FILTERS)[number];
export const INSTRUMENT_VISIBILITY_FILTERS = ['all', ...INSTRUMENT_VISIBILITIES] as const;
export type InstrumentVisibilityFilter = (typeof INSTRUMENT_VISIBILITY_FILTERS)[number];

export type StoredInstrument = {
  id: number;
  marketId: number;
  cropId: number;
  cropYear: number;
  name: string;
  deliveryStart: string;
  deliveryEnd: string;
  futuresSymbol: string | null;
  basis: string | null;
  flatPrice: string | null;
  quantityCap: string | null;
  quantityContracted: string;
  quantityUnit: string;
  visibility: InstrumentVisibility;
  offersAllowed: boolean;
  notes: string | null;
  deletedAt: string | null;
  version: number;
  updatedAt: string;
};

export type QuoteFacts = { last: string; previousSettle: string | null; quotedAt: string | null };

/** The stored bid's fields as the rules read them. */
export function instrumentFieldsOf(s: StoredInstrument): InstrumentFields {
  return {
    cropId: s.cropId,
    cropYear: s.cropYear,
    name: s.name,
    deliveryStart: s.deliveryStart,
    deliveryEnd: s.deliveryEnd,
    pricing: s.flatPrice !== null && s.futuresSymbol === null ? 'flat' : 'basis',
    futuresSymbol: s.futuresSymbol,
    basis: s.basis,
    flatPrice: s.flatPrice,
    quantityCap: s.quantityCap,
    visibility: s.visibility,
    offersAllowed: s.offersAllowed,
    notes: s.notes,
  };
}

const price4 = (v: string | null) => (v === null ? null : toDecimal(v).toFixed(4));

/** The grid row of a stored bid with its futures quote (null: none yet), the market's rounding mode and its working offers. */
export function instrumentRowOf(
  s: StoredInstrument,
  quote: QuoteFacts | null,
  mode: RoundingMode,
  workingOffers: number,
): InstrumentRow {
  const crop = cropById(s.cropId);
  const parsed = s.futuresSymbol ? parseFuturesSymbol(s.futuresSymbol) : null;
  const cap = s.quantityCap === null ? null : toDecimal(s.quantityCap);
  const contracted = toDecimal(s.quantityContracted);
  const remaining = cap === null ? null : cap.minus(contracted);
  const flat = s.flatPrice !== null && s.futuresSymbol === null;
  const futuresLast = flat ? null : price4(quote?.last ?? null);
  return {
    id: s.id,
    marketId: s.marketId,
    cropId: s.cropId,
    cropName: crop?.displayName ?? String(s.cropId),
    cropYear: s.cropYear,
    name: s.name,
    deliveryStart: s.deliveryStart,
    deliveryEnd: s.deliveryEnd,
    pricing: flat ? 'flat' : 'basis',
    futuresSymbol: s.futuresSymbol,
    futuresMonth: parsed?.optionMonth ?? null,
    futuresLast,
    futuresChange: flat || !quote ? null : priceChange(quote.last, quote.previousSettle),
    quotedAt: flat ? null : (quote?.quotedAt ?? null),
    basis: price4(s.basis),
    flatPrice: price4(s.flatPrice),
    cashPrice: bidCashPrice({ futuresPrice: futuresLast, basis: s.basis, flatPrice: flat ? s.flatPrice : null }, mode),
    roundingMode: mode,
    priceUnit: priceUnitForCrop(s.cropId),
    currency: currencyForCrop(s.cropId),
    quantityUnit: s.quantityUnit,
    quantityCap: cap === null ? null : cap.toFixed(4),
    quantityContracted: contracted.toFixed(4),
    quantityRemaining: remaining === null ? null : (remaining.lt(0) ? toDecimal(0) : remaining).toFixed(4),
    visibility: s.visibility,
    offersAllowed: s.offersAllowed,
    notes: s.notes,
    workingOffers,
    deletedAt: s.deletedAt,
    version: s.version,
    updatedAt: s.updatedAt,
  };
}

/** Orders the grid: crop, crop year, delivery start, then id (old crop before new crop, nearest delivery first). */
export function compareInstrumentRows(
  a: Pick<InstrumentRow, 'cropId' | 'cropYear' | 'deliveryStart' | 'id'>,
  b: typeof a,
): number {
  return (
    a.cropId - b.cropId ||
    a.cropYear - b.cropYear ||
    (a.deliveryStart < b.deliveryStart ? -1 : a.deliveryStart > b.deliveryStart ? 1 : 0) ||
    a.id - b.id
  );
}

// ---------------------------------------------------------------------------------------------------
// The public read (the public market page, My Sales Lite): public, live bids only, without the
// merchandiser's caps, contracted quantities or notes. Keep this shape stable: other pages build on it.

export const publicBidRowSchema = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  cropName: z.string(),
  cropYear: z.number().int(),
  name: z.string(),
  deliveryStart: z.string(),
  deliveryEnd: z.string(),
  futuresSymbol: z.string().nullable(),
  futuresMonth: z.string().nullable(),
  futuresLast: decimal,
  futuresChange: decimal,
  basis: decimal,
  cashPrice: decimal,
  priceUnit: z.enum(['bushel', 'tonne']),
  currency: z.enum(['USD', 'CAD']),
  quantityUnit: z.string(),
  /** Farmers may place offers against it (the bid's flag; the market's settings may still turn offers off). */
  offersAllowed: z.boolean(),
  quotedAt: instant.nullable(),
});
export type PublicBidRow = z.infer<typeof publicBidRowSchema>;

export const publicBidsResponseSchema = z.object({ marketId: z.number().int(), rows: z.array(publicBidRowSchema) });
export type PublicBidsResponse = z.infer<typeof publicBidsResponseSchema>;

export function publicBidRowOf(r: InstrumentRow): PublicBidRow {
  return {
    id: r.id,
    cropId: r.cropId,
    cropName: r.cropName,
    cropYear: r.cropYear,
    name: r.name,
    deliveryStart: r.deliveryStart,
    deliveryEnd: r.deliveryEnd,
    futuresSymbol: r.futuresSymbol,
    futuresMonth: r.futuresMonth,
    futuresLast: r.futuresLast,
    futuresChange: r.futuresChange,
    basis: r.basis,
    cashPrice: r.cashPrice,
    priceUnit: r.priceUnit,
    currency: r.currency,
    quantityUnit: r.quantityUnit,
    offersAllowed: r.offersAllowed,
    quotedAt: r.quotedAt,
  };
}
