import { formatDate, formatNumber } from '@granary/domain';

// What the bids page formats beside the trade notation: the grid's futures, change, basis and cash go through
// usePriceFormat (lib/trading); caps as quantities, delivery ranges and futures months here.

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
