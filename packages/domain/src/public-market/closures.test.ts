import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  isCalendarDate,
  marketClosuresInputSchema,
  marketDayStatus,
  normalizeClosures,
  upcomingClosures,
  type MarketClosure,
} from './closures.ts';
import type { DayHours } from './hours.ts';

const open = (dayOfWeek: number, opensAt: string, closesAt: string): DayHours => ({
  dayOfWeek,
  closed: false,
  opensAt,
  closesAt,
});
const closed = (dayOfWeek: number): DayHours => ({ dayOfWeek, closed: true, opensAt: null, closesAt: null });
/** Mon–Fri 7:00–17:00, Saturday 7:00–12:00, Sunday closed. */
const week = [
  closed(0),
  open(1, '07:00', '17:00'),
  open(2, '07:00', '17:00'),
  open(3, '07:00', '17:00'),
  open(4, '07:00', '17:00'),
  open(5, '07:00', '17:00'),
  open(6, '07:00', '12:00'),
];
const holiday = (date: string, label: string): MarketClosure => ({
  date,
  label,
  closed: true,
  opensAt: null,
  closesAt: null,
});
const special = (date: string, label: string, opensAt: string, closesAt: string): MarketClosure => ({
  date,
  label,
  closed: false,
  opensAt,
  closesAt,
});
const CHICAGO = 'America/Chicago';
// Thanksgiving 2026 is Thursday 26 November; Chicago is UTC-6 then.
const thanksgivingNoon = new Date('2026-11-26T18:00:00Z');

describe('open now, closed today or opens at', () => {
  it('is open on a normal weekday within its hours, and says when it closes', () => {
    const status = marketDayStatus(week, [], CHICAGO, new Date('2026-11-25T18:00:00Z'));
    expect(status).toMatchObject({ state: 'open', open: true, closesAt: '17:00', date: '2026-11-25', dayOfWeek: 3 });
  });

  it('opens later today before the opening time, and is closed now after the closing time', () => {
    expect(marketDayStatus(week, [], CHICAGO, new Date('2026-11-25T12:00:00Z'))).toMatchObject({
      state: 'opens-later',
      nextOpen: { date: '2026-11-25', opensAt: '07:00', today: true },
    });
    expect(marketDayStatus(week, [], CHICAGO, new Date('2026-11-25T23:30:00Z'))).toMatchObject({
      state: 'closed-now',
      nextOpen: { date: '2026-11-26', dayOfWeek: 4, opensAt: '07:00', today: false },
    });
  });

  it('is closed today on a holiday, never open, and names it', () => {
    const status = marketDayStatus(week, [holiday('2026-11-26', 'Thanksgiving')], CHICAGO, thanksgivingNoon);
    expect(status.open).toBe(false);
    expect(status.state).toBe('closed-today');
    expect(status.todayClosure?.label).toBe('Thanksgiving');
    expect(status.nextOpen).toEqual({ date: '2026-11-27', dayOfWeek: 5, opensAt: '07:00', today: false });
  });

  it('skips an announced closure when it says when the market opens next', () => {
    const closures = [holiday('2026-11-26', 'Thanksgiving'), holiday('2026-11-27', 'Closed for bin repairs')];
    const status = marketDayStatus(week, closures, CHICAGO, thanksgivingNoon);
    expect(status.nextOpen).toMatchObject({ date: '2026-11-28', dayOfWeek: 6, opensAt: '07:00' });
    // The announced closure itself, the next morning: closed today, not 'opens at 7:00'.
    const next = marketDayStatus(week, closures, CHICAGO, new Date('2026-11-27T12:30:00Z'));
    expect(next).toMatchObject({
      state: 'closed-today',
      open: false,
      todayClosure: { label: 'Closed for bin repairs' },
    });
  });

  it('keeps special hours instead of the weekday’s on a dated entry', () => {
    const eve = [special('2026-12-24', 'Christmas Eve', '07:00', '12:00')];
    expect(marketDayStatus(week, eve, CHICAGO, new Date('2026-12-24T17:00:00Z'))).toMatchObject({
      state: 'open',
      closesAt: '12:00',
    });
    expect(marketDayStatus(week, eve, CHICAGO, new Date('2026-12-24T19:00:00Z'))).toMatchObject({
      state: 'closed-now',
      todayHours: { opensAt: '07:00', closesAt: '12:00' },
    });
  });

  it('is closed today on a weekday without hours', () => {
    expect(marketDayStatus(week, [], CHICAGO, new Date('2026-11-29T18:00:00Z'))).toMatchObject({
      state: 'closed-today',
      todayClosure: null,
      nextOpen: { date: '2026-11-30', dayOfWeek: 1 },
    });
  });

  it('takes the date in the location’s time zone', () => {
    // 05:30 UTC on the 26th: still Wednesday evening in Chicago, already Thanksgiving morning in Toronto.
    const at = new Date('2026-11-26T05:30:00Z');
    const closures = [holiday('2026-11-26', 'Thanksgiving')];
    expect(marketDayStatus(week, closures, CHICAGO, at)).toMatchObject({ date: '2026-11-25', todayClosure: null });
    const toronto = marketDayStatus(week, closures, 'America/Toronto', at);
    expect(toronto).toMatchObject({ date: '2026-11-26', state: 'closed-today' });
    // Sydney is a day ahead: its Thanksgiving entry does not touch the 27th there.
    expect(marketDayStatus(week, closures, 'Australia/Sydney', at).date).toBe('2026-11-26');
  });
});

describe('holiday hours input', () => {
  const parse = (closures: unknown[]) => marketClosuresInputSchema.safeParse({ closures });

  it('accepts closed days and special hours with a label', () => {
    expect(
      parse([holiday('2026-12-25', 'Christmas'), special('2026-12-24', 'Christmas Eve', '07:00', '12:00')]).success,
    ).toBe(true);
  });

  it('refuses impossible dates, missing labels, repeated dates and bad special hours', () => {
    expect(parse([holiday('2026-02-30', 'Nope')]).success).toBe(false);
    expect(parse([holiday('26/11/2026', 'Thanksgiving')]).success).toBe(false);
    expect(parse([holiday('2026-11-26', '  ')]).success).toBe(false);
    expect(parse([holiday('2026-11-26', 'A'), holiday('2026-11-26', 'B')]).success).toBe(false);
    expect(parse([special('2026-12-24', 'Eve', '12:00', '07:00')]).success).toBe(false);
    expect(parse([{ date: '2026-12-24', label: 'Eve', closed: false, opensAt: null, closesAt: null }]).success).toBe(
      false,
    );
  });
});

describe('dates', () => {
  it('knows calendar dates and adds days across months', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('lists the coming closures by date, dropping past ones and stray times of closed days', () => {
    const list = upcomingClosures(
      [
        special('2026-12-24', 'Christmas Eve', '07:00', '12:00'),
        { ...holiday('2026-12-25', 'Christmas'), opensAt: '07:00' },
        holiday('2026-11-20', 'Past'),
        holiday('2027-06-01', 'Far off'),
      ],
      CHICAGO,
      thanksgivingNoon,
    );
    expect(list.map((c) => c.date)).toEqual(['2026-12-24', '2026-12-25']);
    expect(list[1]?.opensAt).toBeNull();
    expect(normalizeClosures([holiday('2026-12-25', ' Christmas ')])[0]?.label).toBe('Christmas');
  });
});
