// A market's office hours (grain-marketing.md 7 'Merchandising' market hours, v2 market/:marketId/hours): opening
// and closing time per weekday, or closed, in the market's own time zone — and the rule 'is it open now' that the
// public page shows.

import { z } from 'zod';

/** Weekdays as JavaScript counts them (0 Sunday … 6 Saturday), the market_hours.day_of_week values. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The order a North American elevator lists its week in: Monday first, Sunday last. */
export const WEEKDAY_DISPLAY_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** 'HH:mm' on a 24-hour clock, 00:00–23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, { message: 'Expected a time as HH:mm' });

export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** One weekday's hours: open from opensAt to closesAt, or closed (both times null then). */
export const dayHoursSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  closed: z.boolean(),
  opensAt: timeOfDaySchema.nullable(),
  closesAt: timeOfDaySchema.nullable(),
});
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Why a day's hours are refused, or null: an open day needs both times, closing after opening. */
export function dayHoursProblem(day: DayHours): 'times_required' | 'closes_before_opens' | null {
  if (day.closed) return null;
  if (!day.opensAt || !day.closesAt) return 'times_required';
  if (minutesOfDay(day.closesAt) <= minutesOfDay(day.opensAt)) return 'closes_before_opens';
  return null;
}

/** PUT market/:marketId/hours: the whole week, each weekday once. */
export const weeklyHoursInputSchema = z
  .object({ days: z.array(dayHoursSchema).length(7, { message: 'Give the hours of all seven weekdays' }) })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.days.forEach((day, i) => {
      if (seen.has(day.dayOfWeek))
        ctx.addIssue({ code: 'custom', path: ['days', i, 'dayOfWeek'], message: 'Each weekday once' });
      seen.add(day.dayOfWeek);
      const problem = dayHoursProblem(day);
      if (problem === 'times_required')
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'opensAt'],
          message: 'Opening and closing times are required on an open day',
        });
      if (problem === 'closes_before_opens')
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'closesAt'],
          message: 'Closing time must be after opening time',
        });
    });
  });
export type WeeklyHoursInput = z.infer<typeof weeklyHoursInputSchema>;

/** A day as stored: a closed day keeps no times. */
export function normalizeDayHours(day: DayHours): DayHours {
  return day.closed ? { dayOfWeek: day.dayOfWeek, closed: true, opensAt: null, closesAt: null } : { ...day };
}

/** The week in WEEKDAY_DISPLAY_ORDER, a day without a row counted closed. */
export function fullWeek(days: readonly DayHours[]): DayHours[] {
  return WEEKDAY_DISPLAY_ORDER.map(
    (d) => days.find((x) => x.dayOfWeek === d) ?? { dayOfWeek: d, closed: true, opensAt: null, closesAt: null },
  );
}

// ---------------------------------------------------------------------------------------------------
// Open now

const FALLBACK_ZONE = 'America/Chicago';
const CLOCKS = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_OF: Record<string, Weekday> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function clock(timeZone: string): Intl.DateTimeFormat {
  let format = CLOCKS.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // Not an IANA zone: the markets' default zone (as the server's marketZone does).
      format = clock(FALLBACK_ZONE);
    }
    CLOCKS.set(timeZone, format);
  }
  return format;
}

/** The weekday and wall-clock time at `now` in a time zone (an unknown zone counts as America/Chicago). */
export function wallClock(now: Date, timeZone: string): { dayOfWeek: Weekday; time: string; minutes: number } {
  let weekday = 'Sun';
  let hour = '00';
  let minute = '00';
  for (const p of clock(timeZone).formatToParts(now)) {
    if (p.type === 'weekday') weekday = p.value;
    else if (p.type === 'hour') hour = p.value === '24' ? '00' : p.value;
    else if (p.type === 'minute') minute = p.value;
  }
  const time = `${hour}:${minute}`;
  return { dayOfWeek: WEEKDAY_OF[weekday] ?? 0, time, minutes: minutesOfDay(time) };
}

const LOCAL_FORMATS = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = LOCAL_FORMATS.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      format = localFormat(FALLBACK_ZONE);
    }
    LOCAL_FORMATS.set(timeZone, format);
  }
  return format;
}

/** An instant as the wall-clock 'YYYY-MM-DDTHH:mm' of a time zone (the value of a datetime-local input). */
export function instantToZonedLocal(instant: string | Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of localFormat(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.year}-${parts.month}-${parts.day}T${hour}:${parts.minute}`;
}

/** Offset of a zone at an instant, in ms (local minus UTC). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const local = instantToZonedLocal(new Date(at), timeZone);
  return Date.parse(`${local}:00Z`) - Math.floor(at / 60_000) * 60_000;
}

/**
 * A wall-clock 'YYYY-MM-DDTHH:mm' of a time zone as an ISO instant (a time skipped by a daylight-saving change
 * counts an hour later), or null when it is not such a value.
 */
export function zonedLocalToInstant(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const guess = Date.parse(`${local}:00Z`);
  if (Number.isNaN(guess)) return null;
  let at = guess - zoneOffsetMs(guess, timeZone);
  const again = guess - zoneOffsetMs(at, timeZone);
  if (again !== at) at = Math.max(at, again);
  return new Date(at).toISOString();
}

export type OpenStatus = {
  /** Open at this instant: on an open day, from opensAt (inclusive) to closesAt (exclusive). */
  open: boolean;
  /** The market's weekday and local time now. */
  dayOfWeek: Weekday;
  localTime: string;
  /** Today's hours (null: none set). */
  today: DayHours | null;
  /** When open: today's closing time. */
  closesAt: string | null;
  /** When closed: the next opening within the coming week (later today, or a later day), or null if never open. */
  nextOpen: { dayOfWeek: Weekday; opensAt: string; today: boolean } | null;
};

/** Whether a market with these hours is open at `now`, in its time zone, and when it next opens or closes. */
export function marketOpenStatus(days: readonly DayHours[], timeZone: string, now: Date = new Date()): OpenStatus {
  const { dayOfWeek, time, minutes } = wallClock(now, timeZone);
  const byDay = new Map(days.map((d) => [d.dayOfWeek, d]));
  const isOpenDay = (d: DayHours | undefined): d is DayHours & { opensAt: string; closesAt: string } =>
    d !== undefined && !d.closed && d.opensAt !== null && d.closesAt !== null && dayHoursProblem(d) === null;
  const today = byDay.get(dayOfWeek) ?? null;
  if (isOpenDay(today ?? undefined)) {
    const t = today as DayHours & { opensAt: string; closesAt: string };
    if (minutes >= minutesOfDay(t.opensAt) && minutes < minutesOfDay(t.closesAt)) {
      return { open: true, dayOfWeek, localTime: time, today, closesAt: t.closesAt, nextOpen: null };
    }
    if (minutes < minutesOfDay(t.opensAt)) {
      return {
        open: false,
        dayOfWeek,
        localTime: time,
        today,
        closesAt: null,
        nextOpen: { dayOfWeek, opensAt: t.opensAt, today: true },
      };
    }
  }
  let nextOpen: OpenStatus['nextOpen'] = null;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const d = ((dayOfWeek + ahead) % 7) as Weekday;
    const day = byDay.get(d);
    if (isOpenDay(day)) {
      nextOpen = { dayOfWeek: d, opensAt: day.opensAt, today: false };
      break;
    }
  }
  return { open: false, dayOfWeek, localTime: time, today, closesAt: null, nextOpen };
}

/** Whether the market is open at `now` in its time zone. */
export function isMarketOpen(days: readonly DayHours[], timeZone: string, now: Date = new Date()): boolean {
  return marketOpenStatus(days, timeZone, now).open;
}

/** GET / PUT market/:marketId/hours (and v2): the week in display order, the zone, and whether it is open now. */
export const marketHoursResponseSchema = z.object({
  marketId: z.number().int(),
  timezone: z.string(),
  /** False until the hours were first saved (days then reads closed every day). */
  configured: z.boolean(),
  days: z.array(dayHoursSchema),
  openNow: z.boolean(),
});
export type MarketHoursResponse = z.infer<typeof marketHoursResponseSchema>;
