import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatDay,
  formatRelative,
  formatTime,
  isDateFormatName,
} from './date.ts';

// Local-time dates, so the tests hold in any time zone. 2024-03-05 was a Tuesday.
const afternoon = new Date(2024, 2, 5, 14, 7, 9);
const morning = new Date(2009, 10, 23, 8, 5, 3); // a Monday

describe('DATE_FORMATS', () => {
  it('holds the formats of the spec', () => {
    expect(DATE_FORMATS).toEqual({
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
    });
  });
});

describe('formatDate', () => {
  it.each([
    ['month', 'March', 'November'],
    ['short', '3/5/24', '11/23/09'],
    ['date', '03/05/2024', '11/23/2009'],
    ['dateShortYear', '03/05/24', '11/23/09'],
    ['dateTime', '03/05/2024 14:07:09', '11/23/2009 08:05:03'],
    ['compact', '240305', '091123'],
    ['weekday', 'Tuesday', 'Monday'],
    ['monthDay', 'Mar 5', 'Nov 23'],
    ['iso', '2024-03-05', '2009-11-23'],
    ['isoDateTime', '2024-03-05 14:07:09', '2009-11-23 08:05:03'],
  ] as const)('%s', (name, a, b) => {
    expect(formatDate(afternoon, name)).toBe(a);
    expect(formatDate(morning, name)).toBe(b);
  });

  it('accepts epoch milliseconds and date strings', () => {
    expect(formatDate(afternoon.getTime(), 'date')).toBe('03/05/2024');
    expect(formatDate('2024-03-05', 'date')).toBe('03/05/2024');
    expect(formatDate('2024-03-05T14:07:09', 'dateTime')).toBe('03/05/2024 14:07:09');
  });

  it('reads a date-only string as that calendar day (no time-zone shift)', () => {
    expect(formatDate('2024-01-01', 'iso')).toBe('2024-01-01');
    expect(formatDate('2024-12-31', 'weekday')).toBe('Tuesday');
  });

  it('accepts a raw dayjs format string', () => {
    expect(formatDate(afternoon, 'YYYY')).toBe('2024');
    expect(formatDate(afternoon, 'MMM D, YYYY')).toBe('Mar 5, 2024');
  });

  it('gives "" for invalid dates', () => {
    expect(formatDate('not a date', 'date')).toBe('');
    expect(formatDate(new Date(NaN), 'date')).toBe('');
    expect(formatDate('', 'date')).toBe('');
  });

  it('isDateFormatName knows only the named formats', () => {
    expect(isDateFormatName('iso')).toBe(true);
    expect(isDateFormatName('YYYY')).toBe(false);
    expect(isDateFormatName('toString')).toBe(false);
  });
});

// The dashboard's "11/26/2026 22:18:34" as each locale writes it (local time, so any time zone holds).
const evening = new Date(2026, 10, 26, 22, 18, 34);
const dawn = new Date(2026, 10, 26, 0, 5, 0);
const noon = new Date(2026, 10, 26, 12, 0, 0);

describe('formatDay', () => {
  it.each([
    ['en-us', '11/26/2026'],
    ['en-US', '11/26/2026'],
    ['en-ca', '2026-11-26'],
    ['en-ca-qc', '2026-11-26'],
    ['en-au', '26/11/2026'],
  ] as const)('%s', (locale, text) => {
    expect(formatDay(evening, locale)).toBe(text);
  });

  it('reads a market day as that day, and an API instant in the local zone', () => {
    expect(formatDay('2026-03-05', 'en-us')).toBe('03/05/2026');
    expect(formatDay('2026-03-05', 'en-au')).toBe('05/03/2026');
    expect(formatDay(evening.toISOString(), 'en-us')).toBe('11/26/2026');
  });

  it('gives "" for nothing or an invalid date', () => {
    expect(formatDay(null, 'en-us')).toBe('');
    expect(formatDay('', 'en-us')).toBe('');
    expect(formatDay('soon', 'en-us')).toBe('');
  });
});

describe('formatTime', () => {
  it.each([
    ['en-us', '10:18 PM', '12:05 AM', '12:00 PM'],
    ['en-ca', '10:18 p.m.', '12:05 a.m.', '12:00 p.m.'],
    ['en-au', '10:18 pm', '12:05 am', '12:00 pm'],
  ] as const)('%s: 12-hour, no seconds', (locale, late, early, midday) => {
    expect(formatTime(evening, locale)).toBe(late);
    expect(formatTime(dawn, locale)).toBe(early);
    expect(formatTime(noon, locale)).toBe(midday);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['en-us', '11/26/2026 10:18 PM'],
    ['en-ca', '2026-11-26 10:18 p.m.'],
    ['en-au', '26/11/2026 10:18 pm'],
  ] as const)('%s', (locale, text) => {
    expect(formatDateTime(evening, locale)).toBe(text);
    expect(formatDateTime(evening.toISOString(), locale)).toBe(text);
  });

  it('never shows seconds or a 24-hour clock', () => {
    expect(formatDateTime(evening, 'en-us')).not.toMatch(/22:|:34/);
    expect(formatDateTime(null, 'en-us')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 10, 26, 22, 18, 34);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  it.each([
    [ago(0), 'just now'],
    [ago(59_000), 'just now'],
    [new Date(now.getTime() + 30_000), 'just now'],
    [ago(MIN), '1 min ago'],
    [ago(5 * MIN), '5 min ago'],
    [ago(59 * MIN), '59 min ago'],
    [ago(2 * 60 * MIN), '2 h ago'],
    [new Date(2026, 10, 26, 0, 30), '21 h ago'],
    [new Date(2026, 10, 25, 9, 0), 'yesterday'],
    [new Date(2026, 10, 24, 9, 0), '11/24/2026'],
  ] as const)('%s → %s', (value, text) => {
    expect(formatRelative(value, now, 'en-us')).toBe(text);
  });

  it('keeps hours across midnight for a recent time', () => {
    expect(formatRelative(new Date(2026, 10, 25, 23, 0), new Date(2026, 10, 26, 1, 30), 'en-us')).toBe('2 h ago');
  });

  it("ends in the locale's day, and a time ahead reads as its day and time", () => {
    expect(formatRelative(new Date(2026, 10, 2, 9, 0), now, 'en-au')).toBe('02/11/2026');
    expect(formatRelative(new Date(2026, 10, 27, 9, 30), now, 'en-ca')).toBe('2026-11-27 9:30 a.m.');
    expect(formatRelative(undefined, now, 'en-us')).toBe('');
  });
});
