// Date formats of grain-marketing.md 9 / platform.md 9.9, through dayjs (English month and day names).
import dayjs from 'dayjs';
import type { IntlLocale, Locale } from '../region/locales.ts';

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

// ---------------------------------------------------------------------------------------------------------------
// Dates and times as each locale writes them (issue 13, docs/decisions/035-dates-times-and-spelling-per-locale.md).
// Every date or time a page shows goes through these; formatDate above stays for fixed formats (the compact YYMMDD of
// contract numbers, ISO in CSV and the API). Times are in the runtime's zone (the browser's on a page).

/** A locale as the URL has it ('en-ca') or as Intl has it ('en-CA'); the Quebec locale writes as en-CA. */
export type DateLocale = Locale | IntlLocale;

type LocaleDates = { day: string; am: string; pm: string };

const LOCALE_DATES: { readonly [L in IntlLocale]: LocaleDates } = {
  // 11/26/2026, 10:18 PM
  'en-US': { day: 'MM/DD/YYYY', am: 'AM', pm: 'PM' },
  // 2026-11-26, 10:18 p.m.: the all-numeric date of the Government of Canada and CSA Z234.5 (year first, so that it
  // is never read as 26/11 or 11/26, both of which circulate in Canada); a.m./p.m. as Canadian style guides write it.
  'en-CA': { day: 'YYYY-MM-DD', am: 'a.m.', pm: 'p.m.' },
  // 26/11/2026, 10:18 pm (Australian Government Style Manual).
  'en-AU': { day: 'DD/MM/YYYY', am: 'am', pm: 'pm' },
};

function intlLocaleOf(locale: DateLocale | string): IntlLocale {
  const l = locale.toLowerCase();
  if (l === 'en-ca' || l === 'en-ca-qc') return 'en-CA';
  if (l === 'en-au') return 'en-AU';
  return 'en-US';
}

function parse(value: Date | string | number | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/**
 * A calendar day in the locale's short form: en-US 11/26/2026, en-CA 2026-11-26, en-AU 26/11/2026. A date-only
 * string '2026-11-26' is that day (no zone shift); an instant is its day in the runtime's zone. Invalid or empty: ''.
 */
export function formatDay(value: Date | string | number | null | undefined, locale: DateLocale): string {
  const d = parse(value);
  return d ? d.format(LOCALE_DATES[intlLocaleOf(locale)].day) : '';
}

/** A time of day, 12-hour without seconds: en-US 10:18 PM, en-CA 10:18 p.m., en-AU 10:18 pm. */
export function formatTime(value: Date | string | number | null | undefined, locale: DateLocale): string {
  const d = parse(value);
  if (!d) return '';
  const l = LOCALE_DATES[intlLocaleOf(locale)];
  return `${d.format('h:mm')} ${d.hour() < 12 ? l.am : l.pm}`;
}

/** A day and its time: en-US 11/26/2026 10:18 PM, en-CA 2026-11-26 10:18 p.m., en-AU 26/11/2026 10:18 pm. */
export function formatDateTime(value: Date | string | number | null | undefined, locale: DateLocale): string {
  const d = parse(value);
  return d ? `${formatDay(d.toDate(), locale)} ${formatTime(d.toDate(), locale)}` : '';
}

/**
 * How long ago, as a person says it of recent activity: 'just now' (under a minute, or a clock a little ahead),
 * '5 min ago', '2 h ago' (the same day, or under 6 hours), 'yesterday', then the locale's day. A time further in
 * the future reads as its day and time.
 */
export function formatRelative(
  value: Date | string | number | null | undefined,
  now: Date | string | number,
  locale: DateLocale,
): string {
  const d = parse(value);
  const n = parse(now);
  if (!d || !n) return '';
  const seconds = n.diff(d, 'second');
  if (seconds < -60) return formatDateTime(d.toDate(), locale);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 6 || d.isSame(n, 'day')) return `${hours} h ago`;
  if (d.isSame(n.subtract(1, 'day'), 'day')) return 'yesterday';
  return formatDay(d.toDate(), locale);
}
