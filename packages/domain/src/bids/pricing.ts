// Cash prices of bids: cash = futures + basis, rounded by the market's rounding mode for the commodity,
// or a flat cash price for crops without futures. Exact decimals throughout (decimal strings in, out).

import { z } from 'zod';
import { CrmDecimal, decimalInSchema, toDecimal, type CrmDecimal as Dec } from '../crm/exact.ts';

/**
 * Rounding modes of a market per commodity (rounding-mode/:roundingMode). Elevators post cash to the
 * cent; some round down (never pay a fraction of a cent more than the board says), some to the quarter
 * cent the futures trade in.
 */
export const ROUNDING_MODES = [
  'nearest_cent',
  'down_cent',
  'up_cent',
  'nearest_half_cent',
  'nearest_quarter_cent',
  'none',
] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];
export const DEFAULT_ROUNDING_MODE: RoundingMode = 'nearest_cent';
export const roundingModeSchema = z.enum(ROUNDING_MODES);

export function isRoundingMode(value: unknown): value is RoundingMode {
  return typeof value === 'string' && (ROUNDING_MODES as readonly string[]).includes(value);
}

const STEP: Record<RoundingMode, string> = {
  nearest_cent: '0.01',
  down_cent: '0.01',
  up_cent: '0.01',
  nearest_half_cent: '0.005',
  nearest_quarter_cent: '0.0025',
  none: '0.0001',
};

/** Rounds a price to its mode's step: half away from zero for 'nearest', toward −∞ for 'down', +∞ for 'up'. */
export function roundPrice(value: string | Dec, mode: RoundingMode): string {
  const v = toDecimal(value);
  const step = new CrmDecimal(STEP[mode]);
  const units = v.div(step);
  const rounded =
    mode === 'down_cent'
      ? units.floor()
      : mode === 'up_cent'
        ? units.ceil()
        : units.toDecimalPlaces(0, CrmDecimal.ROUND_HALF_UP);
  return rounded.times(step).toFixed(4);
}

/**
 * Section 5 and 9's numeric bound, -500 to 500: our reading is a basis (or a bulk basis adjustment)
 * in cents, so a basis is within ±$5.00 a bushel — well beyond any real basis (tens of cents to about
 * two dollars), tight enough to catch a basis typed in dollars as cents or the reverse.
 * docs/decisions/017-futures-feed-and-live-events.md.
 */
export const BASIS_BOUND_CENTS = 500;

export function isBasisWithinBound(basisDollars: string | Dec): boolean {
  const cents = toDecimal(basisDollars).times(100);
  return cents.gte(-BASIS_BOUND_CENTS) && cents.lte(BASIS_BOUND_CENTS);
}

/** zod: a basis in dollars (a decimal string) within the bound. */
const basisOutside = `Enter a basis between -${BASIS_BOUND_CENTS} and ${BASIS_BOUND_CENTS} cents (sent in dollars: -${BASIS_BOUND_CENTS / 100} to ${BASIS_BOUND_CENTS / 100})`;
export const basisSchema = decimalInSchema({
  min: String(-BASIS_BOUND_CENTS / 100),
  max: String(BASIS_BOUND_CENTS / 100),
  messages: { min: basisOutside, max: basisOutside },
});

/** zod: a bulk basis adjustment in cents (whole or fractional), within the bound. */
const adjustmentOutside = `Basis adjustment must be between -${BASIS_BOUND_CENTS} and ${BASIS_BOUND_CENTS} cents`;
export const basisAdjustmentCentsSchema = decimalInSchema({
  min: String(-BASIS_BOUND_CENTS),
  max: String(BASIS_BOUND_CENTS),
  messages: { min: adjustmentOutside, max: adjustmentOutside },
});

/** A basis moved by an adjustment in cents: '-0.3500' + '5' → '-0.3000'. */
export function adjustBasis(basisDollars: string, adjustmentCents: string): string {
  return toDecimal(basisDollars).plus(toDecimal(adjustmentCents).div(100)).toFixed(4);
}

export type BidPriceInput = {
  futuresPrice: string | null;
  basis: string | null;
  flatPrice: string | null;
};

/** The bid's cash price: the flat price, or futures + basis; rounded; null when neither is known (no quote yet). */
export function bidCashPrice(bid: BidPriceInput, mode: RoundingMode = DEFAULT_ROUNDING_MODE): string | null {
  if (bid.flatPrice !== null) return roundPrice(bid.flatPrice, mode);
  if (bid.futuresPrice === null || bid.basis === null) return null;
  return roundPrice(toDecimal(bid.futuresPrice).plus(toDecimal(bid.basis)), mode);
}

/** A quote's change from the previous settlement (null without one). */
export function priceChange(last: string, previousSettle: string | null): string | null {
  return previousSettle === null ? null : toDecimal(last).minus(toDecimal(previousSettle)).toFixed(4);
}

/** A farmer's offer to sell is hit when the bid's cash price reaches the target (at or above it). */
export function isOfferPriceHit(targetCashPrice: string, currentCashPrice: string | null): boolean {
  return currentCashPrice !== null && toDecimal(currentCashPrice).gte(toDecimal(targetCashPrice));
}
