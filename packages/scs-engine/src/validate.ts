// Inconsistent terms are refused with a typed error naming the field (issue 18 "Bad input"); the server answers 400
// with `code` and `field`. Nothing here returns NaN or prices nonsense.

import type { Market, StructureTerms } from './structure.ts';

export type ScsField =
  | 'side'
  | 'quantity'
  | 'start'
  | 'end'
  | 'observations'
  | 'accumulationLevel'
  | 'knockOut'
  | 'doubleUpTrigger'
  | 'floor'
  | 'pricingBarrier'
  | 'fee'
  | 'optionMonth'
  | 'valuationDate'
  | 'futures'
  | 'vol'
  | 'discountRate'
  | 'paths'
  | 'range';

export const SCS_TERMS_ERROR = 'invalid-structure-terms';

export class ScsTermsError extends Error {
  readonly code = SCS_TERMS_ERROR;
  readonly field: ScsField;
  constructor(field: ScsField, message: string) {
    super(message);
    this.name = 'ScsTermsError';
    this.field = field;
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const OPTION_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export function positive(value: number, field: ScsField, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new ScsTermsError(field, `${what} must be greater than zero.`);
}

/** Throws ScsTermsError for terms no engine run should accept. */
export function validateTerms(terms: StructureTerms): void {
  if (terms.side !== 'sale' && terms.side !== 'purchase')
    throw new ScsTermsError('side', 'Side must be sale or purchase.');
  if (!OPTION_MONTH.test(terms.optionMonth)) throw new ScsTermsError('optionMonth', 'Futures month must be YYYY-MM.');
  if (!isIsoDay(terms.start)) throw new ScsTermsError('start', 'Start must be a date (YYYY-MM-DD).');
  if (!isIsoDay(terms.end)) throw new ScsTermsError('end', 'End must be a date (YYYY-MM-DD).');
  if (terms.end < terms.start) throw new ScsTermsError('end', 'End must not be before the start.');
  if (terms.observations.length === 0)
    throw new ScsTermsError('observations', 'The period has no trading days to observe.');
  positive(terms.quantity, 'quantity', 'Quantity');
  let previous = '';
  for (const o of terms.observations) {
    if (!isIsoDay(o.date) || o.date <= previous || o.date < terms.start || o.date > terms.end)
      throw new ScsTermsError('observations', 'Observation dates must be increasing days within the period.');
    if (!Number.isFinite(o.bushels) || o.bushels < 0)
      throw new ScsTermsError('quantity', 'Observation bushels must not be negative.');
    previous = o.date;
  }
  if (!Number.isFinite(terms.fee) || terms.fee < 0) throw new ScsTermsError('fee', 'Fee must not be negative.');
  for (const b of terms.bands) {
    const level = b.price.kind === 'fixed' ? b.price.level : b.price.add;
    if (!Number.isFinite(b.multiplier) || b.multiplier < 0 || !Number.isFinite(level))
      throw new ScsTermsError('accumulationLevel', 'Every pricing rule needs a finite level and multiplier.');
    if (b.price.kind === 'fixed') positive(b.price.level, 'accumulationLevel', 'Accumulation level');
  }
  if (terms.knockOut) {
    positive(terms.knockOut.level, 'knockOut', 'Knock-out level');
    if (terms.kind === 'accumulator') {
      const wrongSide =
        terms.side === 'sale' ? terms.knockOut.level >= terms.keyLevel : terms.knockOut.level <= terms.keyLevel;
      if (wrongSide)
        throw new ScsTermsError(
          'knockOut',
          terms.side === 'sale'
            ? 'Knock-out must be below the accumulation level for a sale.'
            : 'Knock-out must be above the accumulation level for a purchase.',
        );
    }
  }
  if (terms.floorAfterKnockOut !== null) positive(terms.floorAfterKnockOut, 'floor', 'Floor');
}

/** Throws ScsTermsError for a market the engine cannot price in. */
export function validateMarket(market: Market): void {
  if (!isIsoDay(market.valuationDate)) throw new ScsTermsError('valuationDate', 'Valuation date must be YYYY-MM-DD.');
  positive(market.futures, 'futures', 'Futures price');
  positive(market.vol, 'vol', 'Volatility');
  if (!Number.isFinite(market.discountRate) || market.discountRate < -0.05 || market.discountRate > 1)
    throw new ScsTermsError('discountRate', 'Discount rate must be between -5 % and 100 %.');
}
