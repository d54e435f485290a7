// Cash bids' writes (grain-marketing.md 2 '/crm/bids', 7 'Merchandising'): the create and edit of a bid, checked
// against the rules of instruments.ts, and the bulk basis move with its preview. Exact decimals throughout.

import { z } from 'zod';
import { noNul } from '../crm/api-fields.ts';
import { decimalInSchema, decimalStringSchema, isoDateSchema, toDecimal } from '../crm/exact.ts';
import { adjustBasis, bidCashPrice } from './pricing.ts';
import {
  BULK_BASIS_MAX_IDS,
  INSTRUMENT_NAME_MAX,
  INSTRUMENT_NOTES_MAX,
  INSTRUMENT_PRICINGS,
  type InstrumentFields,
  adjustmentBoundCents,
  instrumentProblems,
  instrumentVisibilitySchema,
  isBasisWithinUnitBound,
  normalizeInstrument,
} from './instruments.ts';
import { type InstrumentRow } from './instrument-reads.ts';

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
