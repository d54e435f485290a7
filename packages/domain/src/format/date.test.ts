import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, isDateFormatName } from './date.ts';

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
