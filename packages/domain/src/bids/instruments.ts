// Cash bids (instruments, grain-marketing.md 2 '/crm/bids', 4 'Offers and instruments', 5, 7
// 'Merchandising'): what a market pays for a crop delivered in a period. A bid prices off a futures
// month plus a basis (cash = futures + basis, rounded by the market's rounding mode), or is a flat cash
// price for a crop without futures (or when the merchandiser chooses so). Here: a bid's units, bounds and
// defaults and the rules of a bid; its writes and the bulk basis move are in instrument-writes.ts, the grid's
// rows and the public read in instrument-reads.ts. Exact decimals throughout.

import { z } from 'zod';
import { cropById } from '../crm/crops.ts';
import { isDecimalString, isIsoDate, toDecimal, type CrmDecimal } from '../crm/exact.ts';
import {
  futuresMonthForDelivery,
  futuresProductForCrop,
  futuresSymbol,
  lastTradeDay,
  parseFuturesSymbol,
  type FuturesProduct,
} from './futures.ts';
import { BASIS_BOUND_CENTS } from './pricing.ts';

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
