// Cash bids (instruments, grain-marketing.md 2 '/crm/bids', 4 'Offers and instruments', 5, 7
// 'Merchandising'): what a market pays for a crop delivered in a period. A bid prices off a futures
// month plus a basis (cash = futures + basis, rounded by the market's rounding mode), or is a flat cash
// price for a crop without futures (or when the merchandiser chooses so). Shapes of the reads and writes,
// the rules of a bid, the bulk basis move and the public read. Exact decimals throughout.

import { z } from 'zod';
import { cropById } from '../crm/crops.ts';
import {
  decimalInSchema,
  decimalStringSchema,
  isDecimalString,
  isIsoDate,
  isoDateSchema,
  toDecimal,
  type CrmDecimal,
} from '../crm/exact.ts';
import {
  futuresMonthForDelivery,
  futuresProductForCrop,
  futuresSymbol,
  lastTradeDay,
  parseFuturesSymbol,
  type FuturesProduct,
} from './futures.ts';
import {
  BASIS_BOUND_CENTS,
  adjustBasis,
  bidCashPrice,
  priceChange,
  roundingModeSchema,
  type RoundingMode,
} from './pricing.ts';

export const INSTRUMENT_VISIBILITIES = ['public', 'private'] as const;
export type InstrumentVisibility = (typeof INSTRUMENT_VISIBILITIES)[number];
export const instrumentVisibilitySchema = z.enum(INSTRUMENT_VISIBILITIES);

/** How a bid is priced: futures + basis, or a flat cash price. */
export const INSTRUMENT_PRICINGS = ['basis', 'flat'] as const;
export type InstrumentPricing = (typeof INSTRUMENT_PRICINGS)[number];

/** Section 4's instrument actions (what the grid's row menu offers). */
export const INSTRUMENT_ACTIONS = ['instrumentEdit', 'instrumentDelete', 'instrumentPlaceOffer'] as const;
export type InstrumentAction = (typeof INSTRUMENT_ACTIONS)[number];

export const INSTRUMENT_NAME_MAX = 60;
export const INSTRUMENT_NOTES_MAX = 1000;
/** At most this many bids in one bulk basis move (a market's whole board is a few dozen). */
export const BULK_BASIS_MAX_IDS = 500;
/** A flat price or a cap beyond these is a typing error (and would overflow numeric(12,4) / (18,4)). */
export const FLAT_PRICE_MAX = '100000';
export const QUANTITY_CAP_MAX = '1000000000000';

export type PriceUnit = FuturesProduct['priceUnit'];

/**
 * Bushels in a tonne of canola (1 t = 2204.62 lb at 50 lb a bushel). Section 5's -500..500 bound is our
 * basis in cents a bushel (docs/decisions/017-bids-pricing.md); a crop priced per tonne has the same
 * bound per tonne: ±$5.00/bu × 44.09 bu/t ≈ ±$220/t, which real canola bases (-$20 to -$60/t) sit well
 * inside, and a basis typed in cents (-3500) is caught.
 */
export const BUSHELS_PER_TONNE_CANOLA = '44.0920';

/** The basis bound in dollars of the price unit: 5 a bushel, 220 a tonne. */
export function basisBoundDollars(unit: PriceUnit): CrmDecimal {
  const perBushel = toDecimal(BASIS_BOUND_CENTS).div(100);
  return unit === 'tonne' ? perBushel.times(toDecimal(BUSHELS_PER_TONNE_CANOLA)).floor() : perBushel;
}

/** Whether a basis (dollars of the price unit) is within the bound of its unit. */
export function isBasisWithinUnitBound(basis: string, unit: PriceUnit): boolean {
  if (!isDecimalString(basis)) return false;
  return toDecimal(basis).abs().lte(basisBoundDollars(unit));
}

/** A bulk move's bound in cents of the price unit: 500 a bushel, 22000 a tonne. */
export function adjustmentBoundCents(unit: PriceUnit): CrmDecimal {
  return basisBoundDollars(unit).times(100);
}

/** The price unit of a crop's bids: its futures product's, else the bushel (flat-price crops). */
export function priceUnitForCrop(cropId: number): PriceUnit {
  return futuresProductForCrop(cropId)?.priceUnit ?? 'bushel';
}

export function currencyForCrop(cropId: number): 'USD' | 'CAD' {
  return futuresProductForCrop(cropId)?.currency ?? 'USD';
}

/** The quantity unit of a crop's bids: tonnes for crops priced per tonne, else bushels. */
export function quantityUnitForCrop(cropId: number): 'bushels' | 'tonnes' {
  return priceUnitForCrop(cropId) === 'tonne' ? 'tonnes' : 'bushels';
}

/** The futures symbol a bid defaults to: the first listed month not before its delivery ends (ZCZ26 for October 2026 corn). */
export function defaultFuturesSymbol(cropId: number, deliveryEnd: string): string | null {
  const product = futuresProductForCrop(cropId);
  if (!product || !isIsoDate(deliveryEnd)) return null;
  return futuresSymbol(product.root, futuresMonthForDelivery(product, deliveryEnd));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A delivery period's default name: 'Nov 2026', 'Nov–Dec 2026', 'Dec 2026–Jan 2027'. */
export function defaultInstrumentName(deliveryStart: string, deliveryEnd: string): string {
  const m = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1]!;
  const y = (iso: string) => iso.slice(0, 4);
  if (deliveryStart.slice(0, 7) === deliveryEnd.slice(0, 7)) return `${m(deliveryStart)} ${y(deliveryStart)}`;
  if (y(deliveryStart) === y(deliveryEnd)) return `${m(deliveryStart)}–${m(deliveryEnd)} ${y(deliveryEnd)}`;
  return `${m(deliveryStart)} ${y(deliveryStart)}–${m(deliveryEnd)} ${y(deliveryEnd)}`;
}

// ---------------------------------------------------------------------------------------------------
// The rules of a bid

/** What a bid is made of (a create, or a stored bid with an edit applied). */
export type InstrumentFields = {
  cropId: number;
  cropYear: number;
  name: string;
  deliveryStart: string;
  deliveryEnd: string;
  pricing: InstrumentPricing;
  futuresSymbol: string | null;
  basis: string | null;
  flatPrice: string | null;
  quantityCap: string | null;
  visibility: InstrumentVisibility;
  offersAllowed: boolean;
  notes: string | null;
};

export type InstrumentProblemCode =
  | 'unknown_crop'
  | 'delivery_end_before_start'
  | 'crop_without_futures'
  | 'symbol_invalid'
  | 'symbol_not_of_crop'
  | 'symbol_expires_before_delivery'
  | 'symbol_expired'
  | 'basis_required'
  | 'basis_out_of_bound'
  | 'flat_price_required'
  | 'flat_price_invalid'
  | 'flat_price_with_futures'
  | 'cap_negative'
  | 'cap_too_large'
  | 'cap_below_contracted'
  | 'crop_year_invalid';

export type InstrumentProblem = { field: keyof InstrumentFields; code: InstrumentProblemCode };

/**
 * The rules of a bid (empty when it is fine):
 * - delivery ends on or after it starts; the crop year is a plausible year;
 * - a basis bid names a futures month of the crop's own product (ZC for corn, RS for canola) that still
 *   trades when delivery starts (its last trade day is not before the delivery start) and, when `today`
 *   is given, has not expired; its basis is within the unit's bound (±$5/bu, ±$220/t);
 * - a crop without futures (durum, barley, peas, …) is bid flat; any crop may be bid flat when chosen so;
 *   a flat bid has a positive price and no futures month or basis;
 * - a cap is not negative and, when `contracted` is given, not below what is already contracted.
 */
export function instrumentProblems(
  f: InstrumentFields,
  options: { today?: string; contracted?: string } = {},
): InstrumentProblem[] {
  const out: InstrumentProblem[] = [];
  const crop = cropById(f.cropId);
  if (!crop) out.push({ field: 'cropId', code: 'unknown_crop' });
  if (!Number.isInteger(f.cropYear) || f.cropYear < 2000 || f.cropYear > 2100)
    out.push({ field: 'cropYear', code: 'crop_year_invalid' });
  if (f.deliveryEnd < f.deliveryStart) out.push({ field: 'deliveryEnd', code: 'delivery_end_before_start' });
  const product = futuresProductForCrop(f.cropId);
  if (f.pricing === 'basis') {
    if (!product) {
      out.push({ field: 'pricing', code: 'crop_without_futures' });
    } else {
      if (f.futuresSymbol !== null) {
        const parsed = parseFuturesSymbol(f.futuresSymbol);
        if (!parsed) out.push({ field: 'futuresSymbol', code: 'symbol_invalid' });
        else if (parsed.product.root !== product.root) out.push({ field: 'futuresSymbol', code: 'symbol_not_of_crop' });
        else {
          const last = lastTradeDay(parsed.optionMonth);
          if (options.today !== undefined && last < options.today)
            out.push({ field: 'futuresSymbol', code: 'symbol_expired' });
          else if (last < f.deliveryStart) out.push({ field: 'futuresSymbol', code: 'symbol_expires_before_delivery' });
        }
      }
      if (f.basis === null) out.push({ field: 'basis', code: 'basis_required' });
      else if (!isBasisWithinUnitBound(f.basis, product.priceUnit))
        out.push({ field: 'basis', code: 'basis_out_of_bound' });
    }
    if (f.flatPrice !== null) out.push({ field: 'flatPrice', code: 'flat_price_with_futures' });
  } else {
    if (f.flatPrice === null) out.push({ field: 'flatPrice', code: 'flat_price_required' });
    else if (
      !isDecimalString(f.flatPrice) ||
      toDecimal(f.flatPrice).lte(0) ||
      toDecimal(f.flatPrice).gt(FLAT_PRICE_MAX)
    ) {
      out.push({ field: 'flatPrice', code: 'flat_price_invalid' });
    }
    if (f.futuresSymbol !== null || f.basis !== null)
      out.push({ field: 'futuresSymbol', code: 'flat_price_with_futures' });
  }
  if (f.quantityCap !== null) {
    const cap = toDecimal(f.quantityCap);
    if (cap.lt(0)) out.push({ field: 'quantityCap', code: 'cap_negative' });
    else if (cap.gt(QUANTITY_CAP_MAX)) out.push({ field: 'quantityCap', code: 'cap_too_large' });
    else if (options.contracted !== undefined && cap.lt(toDecimal(options.contracted)))
      out.push({ field: 'quantityCap', code: 'cap_below_contracted' });
  }
  return out;
}

/** A bid's fields as stored: a basis bid without a futures month gets the default one for its delivery. */
export function normalizeInstrument(f: InstrumentFields): InstrumentFields {
  const trimmedNotes = f.notes?.trim() ?? '';
  const base = { ...f, name: f.name.trim(), notes: trimmedNotes === '' ? null : trimmedNotes };
  if (f.pricing === 'flat') return { ...base, futuresSymbol: null, basis: null };
  const symbol = f.futuresSymbol?.trim().toUpperCase() || defaultFuturesSymbol(f.cropId, f.deliveryEnd);
  return { ...base, futuresSymbol: symbol, flatPrice: null };
}

// ---------------------------------------------------------------------------------------------------
// Writes

const noNul = (v: string) => !v.includes('\u0000');
const nameSchema = z.string().trim().min(1).max(INSTRUMENT_NAME_MAX).refine(noNul, 'Must not contain NUL characters');
const notesSchema = z.string().max(INSTRUMENT_NOTES_MAX).refine(noNul, 'Must not contain NUL characters');
const symbolSchema = z
  .string()
  .trim()
  .min(2)
  .max(8)
  .regex(/^[A-Za-z]{1,3}[FGHJKMNQUVXZfghjkmnquvxz]\d{2}$/, 'Expected a futures symbol such as ZCZ26');
const cropIdSchema = z.number().int().positive().max(10_000);
const cropYearSchema = z.number().int().min(2000).max(2100);

const writeFields = {
  cropId: cropIdSchema,
  cropYear: cropYearSchema,
  name: nameSchema,
  deliveryStart: isoDateSchema,
  deliveryEnd: isoDateSchema,
  pricing: z.enum(INSTRUMENT_PRICINGS),
  futuresSymbol: symbolSchema.nullable(),
  basis: decimalStringSchema.nullable(),
  flatPrice: decimalStringSchema.nullable(),
  quantityCap: decimalStringSchema.nullable(),
  visibility: instrumentVisibilitySchema,
  offersAllowed: z.boolean(),
  notes: notesSchema.nullable(),
};

function refineProblems(f: InstrumentFields, ctx: z.RefinementCtx): void {
  for (const p of instrumentProblems(normalizeInstrument(f))) {
    ctx.addIssue({ code: 'custom', path: [p.field], message: p.code });
  }
}

/**
 * POST instruments: a new bid of a market. futuresSymbol may be left out (null) for the default month of
 * the delivery; basis in dollars of the price unit (-0.3500 a bushel, -32.00 a tonne).
 */
export const instrumentCreateSchema = z
  .object({
    marketId: z.number().int().positive(),
    cropId: writeFields.cropId,
    cropYear: writeFields.cropYear,
    name: writeFields.name,
    deliveryStart: writeFields.deliveryStart,
    deliveryEnd: writeFields.deliveryEnd,
    pricing: writeFields.pricing.default('basis'),
    futuresSymbol: writeFields.futuresSymbol.default(null),
    basis: writeFields.basis.default(null),
    flatPrice: writeFields.flatPrice.default(null),
    quantityCap: writeFields.quantityCap.default(null),
    visibility: writeFields.visibility.default('public'),
    offersAllowed: writeFields.offersAllowed.default(true),
    notes: writeFields.notes.default(null),
  })
  .strict()
  .superRefine((v, ctx) => refineProblems(v, ctx));
export type InstrumentCreate = z.infer<typeof instrumentCreateSchema>;

/** PUT instruments/:instrumentId: any fields of the bid (the market stays); the merged bid must pass the rules. */
export const instrumentUpdateSchema = z
  .object({
    cropId: writeFields.cropId.optional(),
    cropYear: writeFields.cropYear.optional(),
    name: writeFields.name.optional(),
    deliveryStart: writeFields.deliveryStart.optional(),
    deliveryEnd: writeFields.deliveryEnd.optional(),
    pricing: writeFields.pricing.optional(),
    futuresSymbol: writeFields.futuresSymbol.optional(),
    basis: writeFields.basis.optional(),
    flatPrice: writeFields.flatPrice.optional(),
    quantityCap: writeFields.quantityCap.optional(),
    visibility: writeFields.visibility.optional(),
    offersAllowed: writeFields.offersAllowed.optional(),
    notes: writeFields.notes.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type InstrumentUpdate = z.infer<typeof instrumentUpdateSchema>;

/** The bid an edit makes: the stored fields with the edit applied (a new delivery re-defaults an unnamed futures month only when asked). */
export function applyInstrumentUpdate(current: InstrumentFields, patch: InstrumentUpdate): InstrumentFields {
  const merged: InstrumentFields = { ...current };
  for (const [k, v] of Object.entries(patch) as [keyof InstrumentFields, unknown][]) {
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  // Switching to flat clears the futures side, and back to basis clears the flat price, unless the edit names them.
  if (patch.pricing === 'flat') {
    if (patch.futuresSymbol === undefined) merged.futuresSymbol = null;
    if (patch.basis === undefined) merged.basis = null;
  } else if (patch.pricing === 'basis' && patch.flatPrice === undefined) {
    merged.flatPrice = null;
  }
  return merged;
}

/**
 * Bulk basis move (POST instruments/market/:marketId/basis): the chosen bids (instrumentIds) or every
 * live basis bid of a crop (cropId, optionally of one crop year) moved by adjustmentCents (cents of the
 * price unit, e.g. '-5' or '2.5'). All or nothing: if any new basis would leave the bound, nothing changes.
 */
export const bulkBasisRequestSchema = z
  .object({
    instrumentIds: z.array(z.number().int().positive()).min(1).max(BULK_BASIS_MAX_IDS).optional(),
    cropId: cropIdSchema.optional(),
    cropYear: cropYearSchema.optional(),
    adjustmentCents: decimalInSchema({ nonZero: true, messages: { nonZero: 'The adjustment must not be zero' } }),
  })
  .strict()
  .refine((v) => (v.instrumentIds === undefined) !== (v.cropId === undefined), {
    message: 'Give either instrumentIds or cropId',
    path: ['instrumentIds'],
  });
export type BulkBasisRequest = z.infer<typeof bulkBasisRequestSchema>;

export type BasisMovePreview = {
  id: number;
  basis: string | null;
  newBasis: string | null;
  cashPrice: string | null;
  newCashPrice: string | null;
  /** The new basis would leave the bound (the move is refused as a whole). */
  outOfBound: boolean;
  /** A flat bid has no basis to move. */
  flat: boolean;
};

/** What a bulk move does to each bid (the web's preview, the server's all-or-nothing check). */
export function previewBasisMove(
  rows: readonly Pick<
    InstrumentRow,
    'id' | 'basis' | 'futuresLast' | 'flatPrice' | 'priceUnit' | 'roundingMode' | 'cashPrice'
  >[],
  adjustmentCents: string,
): BasisMovePreview[] {
  return rows.map((r) => {
    if (r.basis === null || r.flatPrice !== null) {
      return {
        id: r.id,
        basis: r.basis,
        newBasis: null,
        cashPrice: r.cashPrice,
        newCashPrice: r.cashPrice,
        outOfBound: false,
        flat: true,
      };
    }
    const tooBig = toDecimal(adjustmentCents).abs().gt(adjustmentBoundCents(r.priceUnit));
    const newBasis = adjustBasis(r.basis, adjustmentCents);
    return {
      id: r.id,
      basis: r.basis,
      newBasis,
      cashPrice: r.cashPrice,
      newCashPrice: bidCashPrice({ futuresPrice: r.futuresLast, basis: newBasis, flatPrice: null }, r.roundingMode),
      outOfBound: tooBig || !isBasisWithinUnitBound(newBasis, r.priceUnit),
      flat: false,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Reads

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
