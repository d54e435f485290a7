import { describe, expect, it } from 'vitest';
import {
  fullWeek,
  instantToZonedLocal,
  isMarketOpen,
  marketOpenStatus,
  wallClock,
  weeklyHoursInputSchema,
  zonedLocalToInstant,
  type DayHours,
} from './hours.ts';

const open = (dayOfWeek: number, opensAt: string, closesAt: string): DayHours => ({
  dayOfWeek,
  closed: false,
  opensAt,
  closesAt,
});
const closed = (dayOfWeek: number): DayHours => ({ dayOfWeek, closed: true, opensAt: null, closesAt: null });
/** Mon–Fri 7:00–17:00, Saturday 7:00–12:00, Sunday closed. */
const harvest = [
  closed(0),
  open(1, '07:00', '17:00'),
  open(2, '07:00', '17:00'),
  open(3, '07:00', '17:00'),
  open(4, '07:00', '17:00'),
  open(5, '07:00', '17:00'),
  open(6, '07:00', '12:00'),
];

describe('weekly hours input', () => {
  it('accepts a full week', () => {
    expect(weeklyHoursInputSchema.safeParse({ days: harvest }).success).toBe(true);
  });

  it('refuses a closing time not after the opening time, missing times and malformed times', () => {
    const bad = (day: DayHours) =>
      weeklyHoursInputSchema.safeParse({ days: harvest.map((d) => (d.dayOfWeek === day.dayOfWeek ? day : d)) });
    expect(bad(open(1, '17:00', '07:00')).success).toBe(false);
    expect(bad(open(1, '07:00', '07:00')).success).toBe(false);
    expect(bad({ dayOfWeek: 1, closed: false, opensAt: '07:00', closesAt: null }).success).toBe(false);
    expect(bad(open(1, '7:00', '17:00')).success).toBe(false);
    expect(bad(open(1, '07:00', '24:00')).success).toBe(false);
  });

  it('needs each of the seven weekdays once', () => {
    expect(weeklyHoursInputSchema.safeParse({ days: harvest.slice(1) }).success).toBe(false);
    expect(weeklyHoursInputSchema.safeParse({ days: [...harvest.slice(1), open(1, '08:00', '09:00')] }).success).toBe(
      false,
    );
  });

  it('lists the week Monday first, a missing day closed', () => {
    expect(fullWeek([open(3, '08:00', '16:00')]).map((d) => [d.dayOfWeek, d.closed])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, true],
      [5, true],
      [6, true],
      [0, true],
    ]);
  });
});

describe('open now', () => {
  // Wednesday 2026-11-18.
  it('reads the weekday and time in the market’s zone, not the server’s', () => {
    // 04:30 UTC Thursday is 22:30 Wednesday in Chicago (CST, UTC−6).
    expect(wallClock(new Date('2026-11-19T04:30:00Z'), 'America/Chicago')).toEqual({
      dayOfWeek: 3,
      time: '22:30',
      minutes: 22 * 60 + 30,
    });
    expect(wallClock(new Date('2026-11-19T04:30:00Z'), 'UTC').dayOfWeek).toBe(4);
    // An unknown zone counts as America/Chicago.
    expect(wallClock(new Date('2026-11-19T04:30:00Z'), 'Mars/Olympus').time).toBe('22:30');
  });

  it('is open from opening (inclusive) to closing (exclusive)', () => {
    const zone = 'America/Chicago';
    expect(isMarketOpen(harvest, zone, new Date('2026-11-18T12:59:00Z'))).toBe(false); // 06:59
    expect(isMarketOpen(harvest, zone, new Date('2026-11-18T13:00:00Z'))).toBe(true); // 07:00
    expect(isMarketOpen(harvest, zone, new Date('2026-11-18T22:59:00Z'))).toBe(true); // 16:59
    expect(isMarketOpen(harvest, zone, new Date('2026-11-18T23:00:00Z'))).toBe(false); // 17:00
  });

  it('gives the closing time when open and the next opening when closed', () => {
    const zone = 'America/Chicago';
    expect(marketOpenStatus(harvest, zone, new Date('2026-11-18T15:00:00Z'))).toMatchObject({
      open: true,
      closesAt: '17:00',
      nextOpen: null,
    });
    // Wednesday 06:00: opens later today.
    expect(marketOpenStatus(harvest, zone, new Date('2026-11-18T12:00:00Z')).nextOpen).toEqual({
      dayOfWeek: 3,
      opensAt: '07:00',
      today: true,
    });
    // Saturday 13:00 (closed since noon): Sunday is closed, so Monday 07:00.
    expect(marketOpenStatus(harvest, zone, new Date('2026-11-21T19:00:00Z'))).toMatchObject({
      open: false,
      dayOfWeek: 6,
      nextOpen: { dayOfWeek: 1, opensAt: '07:00', today: false },
    });
    // Sunday: closed all day.
    expect(marketOpenStatus(harvest, zone, new Date('2026-11-22T16:00:00Z'))).toMatchObject({
      open: false,
      dayOfWeek: 0,
      today: closed(0),
    });
  });

  it('follows daylight saving time', () => {
    // 12:30 UTC is 07:30 in Chicago in summer (CDT, UTC−5) but 06:30 in winter.
    expect(isMarketOpen(harvest, 'America/Chicago', new Date('2026-07-15T12:30:00Z'))).toBe(true);
    expect(isMarketOpen(harvest, 'America/Chicago', new Date('2026-11-18T12:30:00Z'))).toBe(false);
  });

  it('is never open without hours', () => {
    expect(marketOpenStatus([], 'America/Chicago', new Date('2026-11-18T15:00:00Z'))).toMatchObject({
      open: false,
      today: null,
      nextOpen: null,
    });
    expect(marketOpenStatus([closed(0), closed(1)], 'America/Winnipeg', new Date('2026-11-18T15:00:00Z')).open).toBe(
      false,
    );
  });
});

describe('wall-clock times of a zone', () => {
  it('turns a datetime-local value of the market’s zone into an instant and back', () => {
    expect(zonedLocalToInstant('2026-11-26T07:00', 'America/Chicago')).toBe('2026-11-26T13:00:00.000Z');
    expect(zonedLocalToInstant('2026-07-04T07:00', 'America/Chicago')).toBe('2026-07-04T12:00:00.000Z');
    expect(zonedLocalToInstant('2026-11-26T07:00', 'America/Regina')).toBe('2026-11-26T13:00:00.000Z');
    expect(instantToZonedLocal('2026-11-26T13:00:00.000Z', 'America/Chicago')).toBe('2026-11-26T07:00');
    expect(instantToZonedLocal('2026-11-27T03:30:00.000Z', 'America/Chicago')).toBe('2026-11-26T21:30');
    expect(zonedLocalToInstant('2026-11-26', 'America/Chicago')).toBeNull();
    expect(zonedLocalToInstant('2026-13-40T07:00', 'America/Chicago')).toBeNull();
  });
});
