import { formatDate, formatMoney, formatNumber, type InstrumentRow } from '@granary/domain';

// How the bids grid shows its figures: futures and basis to 2–4 decimals (grains trade in quarter cents,
// canola in dimes a tonne), signed changes and bases, cash as money in the bid's currency, caps as quantities.

/** Futures as the exchanges quote them: 4 decimals a bushel (quarter cents), 2 a tonne (as the futures board shows them). */
export function fmtFutures(value: string | null, unit: InstrumentRow['priceUnit']): string {
  const digits = unit === 'tonne' ? 2 : 4;
  return value === null ? '' : formatNumber(value, { minFractionDigits: digits, maxFractionDigits: digits });
}

export function fmtSigned(value: string | null, digits?: number): string {
  if (value === null) return '';
  const text = formatNumber(value, { minFractionDigits: digits ?? 2, maxFractionDigits: digits ?? 4 });
  return value.startsWith('-') || /^0(\.0+)?$/.test(value) ? text : `+${text}`;
}

export function fmtCash(value: string | null, currency: InstrumentRow['currency']): string {
  return value === null ? '' : formatMoney(value, { currency, minFractionDigits: 2, maxFractionDigits: 4 });
}

export function fmtQuantity(value: string | null): string {
  return value === null ? '' : formatNumber(value, { maxFractionDigits: 0 });
}

/** 'Nov 22 – Nov 30' (the year is in the bid's name or crop year). */
export function fmtDeliveryRange(start: string, end: string): string {
  const a = formatDate(start, 'monthDay');
  const b = formatDate(end, 'monthDay');
  return a === b ? a : `${a} – ${b}`;
}

/** 'ZCZ26' with 'Dec 26' for its month. */
export function fmtFuturesMonth(optionMonth: string | null): string {
  return optionMonth === null ? '' : formatDate(`${optionMonth}-01`, 'MMM YY');
}

/** Whether text is a decimal a person typed ('-0.35', '.35', '-35.5'): returns it as a decimal string, else null. */
export function parseTypedDecimal(text: string): string | null {
  const t = text.trim().replace(/^\+/, '').replace(/,/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const negative = t.startsWith('-');
  let body = negative ? t.slice(1) : t;
  if (body.startsWith('.')) body = `0${body}`;
  if (body.endsWith('.')) body = body.slice(0, -1);
  return negative && !/^0(\.0*)?$/.test(body) ? `-${body}` : body;
}
