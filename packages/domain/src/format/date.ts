// Date formats of grain-marketing.md 9 / platform.md 9.9, through dayjs (English month and day names).
import dayjs from 'dayjs';

export const DATE_FORMATS = {
  month: 'MMMM',
  short: 'M/D/YY',
  date: 'MM/DD/YYYY',
  dateShortYear: 'MM/DD/YY',
  dateTime: 'MM/DD/YYYY HH:mm:ss',
  compact: 'YYMMDD',
  weekday: 'dddd',
  monthDay: 'MMM D',
  iso: 'YYYY-MM-DD',
  isoDateTime: 'YYYY-MM-DD HH:mm:ss',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

export function isDateFormatName(s: string): s is DateFormatName {
  return Object.hasOwn(DATE_FORMATS, s);
}

/**
 * Formats a date with a named format of DATE_FORMATS or any dayjs format string. Formatting is in the
 * runtime's local time zone; a date-only string '2024-03-05' is read as that calendar day (not UTC
 * midnight), so it never shifts a day. An invalid or missing date gives '' rather than 'Invalid Date'.
 */
export function formatDate(value: Date | string | number, format: DateFormatName | (string & {})): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return d.format(isDateFormatName(format) ? DATE_FORMATS[format] : format);
}
