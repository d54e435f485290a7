import {
  BASIS_INPUT_BOUND_CENTS,
  basisBoundDollars,
  describeBasis,
  formatBasis,
  futuresMonthLetter,
  isBasisWithinUnitBound,
  parseBasis,
  type BasisNotation,
  type InstrumentRow,
} from '@granary/domain';
import { parseTypedDecimal } from '../bids-format';

// A basis as the merchandiser types it (issue 13): in cents a bushel ('-45', '+12', '45 under', '-45 Z') or in dollars
// when the partner writes basis in dollars, read by the domain's parseBasis within ±500 cents. A crop priced per tonne
// (canola) keeps dollars a tonne. The stored value stays dollars with four decimals, as the API takes it.

export type BasisUnit = InstrumentRow['priceUnit'];

export type BasisReading =
  | { state: 'empty' }
  | { state: 'ok'; value: string }
  | { state: 'invalid' }
  | { state: 'out_of_range' }
  /** A month was typed ('-45 H') that is not the bid's futures month. */
  | { state: 'other_month'; month: string };

export function readBasis(
  text: string,
  { unit, notation, futuresSymbol }: { unit: BasisUnit; notation: BasisNotation; futuresSymbol: string | null },
): BasisReading {
  if (text.trim() === '') return { state: 'empty' };
  if (unit === 'tonne') {
    const value = parseTypedDecimal(text.replace(/\$/g, ''));
    if (value === null) return { state: 'invalid' };
    return isBasisWithinUnitBound(value, unit) ? { state: 'ok', value } : { state: 'out_of_range' };
  }
  const parsed = parseBasis(text, { notation });
  if (!parsed.ok) return { state: parsed.reason === 'out_of_range' ? 'out_of_range' : 'invalid' };
  const letter = futuresMonthLetter(futuresSymbol);
  if (parsed.month && letter && parsed.month !== letter) return { state: 'other_month', month: parsed.month };
  return { state: 'ok', value: parsed.value };
}

/** The text a stored basis is edited as: '-35' (cents), '-$0.35' (dollars), '-35.5' a tonne; '' without one. */
export function basisInputText(basis: string | null, unit: BasisUnit, notation: BasisNotation): string {
  if (basis === null) return '';
  if (unit === 'tonne') return String(Number(basis));
  return formatBasis(basis, { notation });
}

/** What a basis means, as the helper text says it: '-$0.45 · 45 under Z' (a bushel), '-$35.00' (a tonne). */
export function basisMeaning(
  value: string,
  { unit, currency, futuresSymbol }: { unit: BasisUnit; currency: string; futuresSymbol: string | null },
): string {
  const dollars = formatBasis(value, { notation: 'dollars', unit, currency: currency.toLowerCase() });
  return unit === 'tonne' ? dollars : `${dollars} · ${describeBasis(value, futuresSymbol)}`;
}

/** The bound as the messages name it: cents a bushel, dollars a tonne. */
export function basisBoundText(unit: BasisUnit): { min: string; max: string } {
  if (unit === 'tonne') {
    const bound = basisBoundDollars(unit).toFixed(2);
    return { min: `-${bound}`, max: bound };
  }
  return { min: `-${BASIS_INPUT_BOUND_CENTS}`, max: String(BASIS_INPUT_BOUND_CENTS) };
}
