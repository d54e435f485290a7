import { describe, expect, it } from 'vitest';
import { cbotHolidays, easterSunday, isTradingDay, tradingDays, weeklyTradingDays } from './calendar.ts';

describe('CBOT grain calendar', () => {
  it('finds Easter and Good Friday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(isTradingDay('2026-04-03')).toBe(false);
    expect(isTradingDay('2025-04-18')).toBe(false);
    expect(isTradingDay('2026-04-02')).toBe(true);
  });

  it('lists the 2026 holidays as the exchange publishes them', () => {
    expect(cbotHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // 4 July is a Saturday: observed Friday
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes weekend holidays on the nearest weekday, but not New Year on a Saturday', () => {
    expect(isTradingDay('2022-12-26')).toBe(false); // Christmas on a Sunday
    expect(isTradingDay('2027-06-18')).toBe(false); // Juneteenth on a Saturday
    expect(isTradingDay('2021-12-31')).toBe(true); // 1 January 2022 was a Saturday: not observed
    expect(isTradingDay('2021-06-18')).toBe(true); // no Juneteenth before 2022
    expect(isTradingDay('2026-11-28')).toBe(false); // a Saturday
    expect(isTradingDay('2026-11-27')).toBe(true); // the day after Thanksgiving trades
    expect(isTradingDay('2026-12-01', ['2026-12-01'])).toBe(false); // an unscheduled closure
  });

  it('counts the trading days of a year and of weeks', () => {
    expect(tradingDays('2026-01-01', '2026-12-31')).toHaveLength(251);
    expect(tradingDays('2026-12-05', '2026-12-06')).toEqual([]);
    // The week of Good Friday 2026 observes on Thursday.
    expect(weeklyTradingDays('2026-03-30', '2026-04-17')).toEqual(['2026-04-02', '2026-04-10', '2026-04-17']);
  });
});
