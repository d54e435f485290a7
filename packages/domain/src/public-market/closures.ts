// A market's holiday hours and announced closures (issue 13 'Office hours respect closures'): dates on which the
// market is closed ('Thanksgiving') or keeps special hours ('Christmas Eve, 7:00–12:00'), kept per market location
// beside its weekly hours, and the rule the public page shows: open now, opens later today, closed today (a holiday,
// an announced closure, a day without hours) or closed now (after today's closing) — all in the market's time zone.

import { z } from 'zod';
import {
  dayHoursProblem,
  instantToZonedLocal,
  minutesOfDay,
  timeOfDaySchema,
  wallClock,
  type DayHours,
  type Weekday,
} from './hours.ts';

export const CLOSURE_LABEL_MAX = 80;
/** At most this many dated entries per market (a few years of holidays). */
export const CLOSURES_MAX = 100;
/** The public page lists the closures of the coming days up to this far ahead. */
export const CLOSURES_AHEAD_DAYS = 45;

/** Whether 'YYYY-MM-DD' is a real calendar date (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

export const calendarDateSchema = z.string().refine(isCalendarDate, { message: 'Expected a date as YYYY-MM-DD' });

/** One dated entry: closed all day, or open from opensAt to closesAt that day instead of the weekday's hours. */
export const marketClosureSchema = z
  .object({
    date: calendarDateSchema,
    label: z
      .string()
      .trim()
      .min(1, { message: 'Say what the day is (e.g. Thanksgiving)' })
      .max(CLOSURE_LABEL_MAX, { message: `At most ${CLOSURE_LABEL_MAX} characters` })
      .refine((v) => !v.includes('\u0000'), { message: 'Must not contain NUL characters' }),
    closed: z.boolean(),
    opensAt: timeOfDaySchema.nullable(),
    closesAt: timeOfDaySchema.nullable(),
  })
  .strict();
export type MarketClosure = z.infer<typeof marketClosureSchema>;

/** PUT market/:marketId/closures: the market's whole list of holiday hours and closures. */
export const marketClosuresInputSchema = z
  .object({
    closures: z.array(marketClosureSchema).max(CLOSURES_MAX, { message: `At most ${CLOSURES_MAX} dates` }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.closures.forEach((c, i) => {
      if (seen.has(c.date)) ctx.addIssue({ code: 'custom', path: ['closures', i, 'date'], message: 'Each date once' });
      seen.add(c.date);
      const problem = dayHoursProblem({ dayOfWeek: 0, closed: c.closed, opensAt: c.opensAt, closesAt: c.closesAt });
      if (problem === 'times_required')
        ctx.addIssue({
          code: 'custom',
          path: ['closures', i, 'opensAt'],
          message: 'Opening and closing times are required for special hours',
        });
      if (problem === 'closes_before_opens')
        ctx.addIssue({
          code: 'custom',
          path: ['closures', i, 'closesAt'],
          message: 'Closing time must be after opening time',
        });
    });
  });
export type MarketClosuresInput = z.infer<typeof marketClosuresInputSchema>;

/** GET / PUT market/:marketId/closures: the list by date, the zone and the market's date today. */
export const marketClosuresResponseSchema = z.object({
  marketId: z.number().int(),
  timezone: z.string(),
  /** The market's local date now ('YYYY-MM-DD'): entries before it are past. */
  today: z.string(),
  closures: z.array(marketClosureSchema),
});
export type MarketClosuresResponse = z.infer<typeof marketClosuresResponseSchema>;

/** An entry as stored: a closed day keeps no times; the list sorted by date. */
export function normalizeClosures(closures: readonly MarketClosure[]): MarketClosure[] {
  return closures
    .map((c) =>
      c.closed ? { date: c.date, label: c.label.trim(), closed: true, opensAt: null, closesAt: null } : { ...c },
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The market's local calendar date at `now` ('YYYY-MM-DD'). */
export function localDateIn(now: Date, timeZone: string): string {
  return instantToZonedLocal(now, timeZone).slice(0, 10);
}

/** 'YYYY-MM-DD' plus whole days. */
export function addCalendarDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

export type OpenState = 'open' | 'opens-later' | 'closed-today' | 'closed-now';

export type MarketDayStatus = {
  /** open: now within today's hours; opens-later: today's hours are still to come; closed-today: no opening today
   * (a holiday, an announced closure, a day without hours); closed-now: today's hours are over. */
  state: OpenState;
  open: boolean;
  /** The market's local date and weekday now. */
  date: string;
  dayOfWeek: Weekday;
  /** Today's dated entry (holiday or special hours), if any. */
  todayClosure: MarketClosure | null;
  /** Today's hours as they apply (the dated entry's or the weekday's); null when closed all day. */
  todayHours: { opensAt: string; closesAt: string } | null;
  /** When open: today's closing time. */
  closesAt: string | null;
  /** When not open: the next opening (later today or a later day, holidays skipped) within two weeks. */
  nextOpen: { date: string; dayOfWeek: Weekday; opensAt: string; today: boolean } | null;
};

/** The hours that apply on a date: its dated entry's, else its weekday's; null when closed that day. */
function hoursOn(
  date: string,
  byDay: Map<number, DayHours>,
  byDate: Map<string, MarketClosure>,
): { opensAt: string; closesAt: string } | null {
  const entry = byDate.get(date);
  const day = entry
    ? { dayOfWeek: 0, closed: entry.closed, opensAt: entry.opensAt, closesAt: entry.closesAt }
    : byDay.get(weekdayOf(date));
  if (!day || day.closed || !day.opensAt || !day.closesAt || dayHoursProblem(day) !== null) return null;
  return { opensAt: day.opensAt, closesAt: day.closesAt };
}

/**
 * Open now, opens later today, closed today or closed now, for a market with these weekly hours and dated entries,
 * at `now` in its time zone. A holiday or an announced closure on today's local date is never 'open'.
 */
export function marketDayStatus(
  days: readonly DayHours[],
  closures: readonly MarketClosure[],
  timeZone: string,
  now: Date = new Date(),
): MarketDayStatus {
  const { minutes } = wallClock(now, timeZone);
  const date = localDateIn(now, timeZone);
  const dayOfWeek = weekdayOf(date);
  const byDay = new Map(days.map((d) => [d.dayOfWeek, d]));
  const byDate = new Map(closures.map((c) => [c.date, c]));
  const todayClosure = byDate.get(date) ?? null;
  const todayHours = hoursOn(date, byDay, byDate);
  const base = { date, dayOfWeek, todayClosure, todayHours };
  if (todayHours && minutes >= minutesOfDay(todayHours.opensAt) && minutes < minutesOfDay(todayHours.closesAt)) {
    return { ...base, state: 'open', open: true, closesAt: todayHours.closesAt, nextOpen: null };
  }
  if (todayHours && minutes < minutesOfDay(todayHours.opensAt)) {
    return {
      ...base,
      state: 'opens-later',
      open: false,
      closesAt: null,
      nextOpen: { date, dayOfWeek, opensAt: todayHours.opensAt, today: true },
    };
  }
  let nextOpen: MarketDayStatus['nextOpen'] = null;
  for (let ahead = 1; ahead <= 14 && !nextOpen; ahead++) {
    const next = addCalendarDays(date, ahead);
    const hours = hoursOn(next, byDay, byDate);
    if (hours) nextOpen = { date: next, dayOfWeek: weekdayOf(next), opensAt: hours.opensAt, today: false };
  }
  return { ...base, state: todayHours ? 'closed-now' : 'closed-today', open: false, closesAt: null, nextOpen };
}

/** The dated entries from the market's today on, up to `aheadDays` ahead (what the public page lists). */
export function upcomingClosures(
  closures: readonly MarketClosure[],
  timeZone: string,
  now: Date = new Date(),
  aheadDays: number = CLOSURES_AHEAD_DAYS,
): MarketClosure[] {
  const today = localDateIn(now, timeZone);
  const last = addCalendarDays(today, aheadDays);
  return normalizeClosures(closures).filter((c) => c.date >= today && c.date <= last);
}
