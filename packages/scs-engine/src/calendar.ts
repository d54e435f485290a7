// The exchange calendar of the CBOT grain futures (corn, soybeans, wheat), as observations of a structure need it:
// trading days only. CME's grain markets close on the NYSE-style US holidays:
// New Year's Day, Martin Luther King Jr. Day (3rd Monday of January), Presidents' Day (3rd Monday of February),
// Good Friday (two days before Western Easter), Memorial Day (last Monday of May), Juneteenth (19 June, from 2022),
// Independence Day (4 July), Labor Day (1st Monday of September), Thanksgiving (4th Thursday of November) and
// Christmas Day. A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after —
// except New Year's Day on a Saturday, which is not observed (the Friday before closes a year; NYSE rule 7.2).
// Unscheduled closures (a national day of mourning) are not rules: pass them as `extraClosures`.
// Dates are ISO calendar days ('YYYY-MM-DD') on the exchange's clock; the arithmetic is in UTC days.

const DAY_MS = 86_400_000;

function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The n-th (1-based) given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = isoDay(year, month, 1);
    const offset = (dow - weekday(first) + 7) % 7;
    return addDays(first, offset + 7 * (n - 1));
  }
  const last = isoDay(year, month + 1, 0);
  return addDays(last, -((weekday(last) - dow + 7) % 7));
}

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

function observed(iso: string): string {
  const dow = weekday(iso);
  return dow === 6 ? addDays(iso, -1) : dow === 0 ? addDays(iso, 1) : iso;
}

export type Holiday = { date: string; name: string };

/** The CBOT grain holidays observed in `year` (sorted). */
export function cbotHolidays(year: number): Holiday[] {
  const out: Holiday[] = [];
  const newYear = isoDay(year, 1, 1);
  if (weekday(newYear) !== 6) out.push({ date: observed(newYear), name: "New Year's Day" });
  out.push({ date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day' });
  out.push({ date: nthWeekday(year, 2, 1, 3), name: "Presidents' Day" });
  out.push({ date: addDays(easterSunday(year), -2), name: 'Good Friday' });
  out.push({ date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' });
  if (year >= 2022) out.push({ date: observed(isoDay(year, 6, 19)), name: 'Juneteenth' });
  out.push({ date: observed(isoDay(year, 7, 4)), name: 'Independence Day' });
  out.push({ date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' });
  out.push({ date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' });
  out.push({ date: observed(isoDay(year, 12, 25)), name: 'Christmas Day' });
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

const holidayCache = new Map<number, Set<string>>();
function holidaySet(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(cbotHolidays(year).map((h) => h.date));
    holidayCache.set(year, set);
  }
  return set;
}

/** A CBOT grain trading day: a weekday that is not an exchange holiday (nor one of `extraClosures`). */
export function isTradingDay(iso: string, extraClosures: readonly string[] = []): boolean {
  const dow = weekday(iso);
  if (dow === 0 || dow === 6) return false;
  if (holidaySet(Number(iso.slice(0, 4))).has(iso)) return false;
  return !extraClosures.includes(iso);
}

/** The trading days from `start` to `end`, both included. */
export function tradingDays(start: string, end: string, extraClosures: readonly string[] = []): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) if (isTradingDay(d, extraClosures)) out.push(d);
  return out;
}

/** The last trading day of each calendar week (Monday–Sunday) from `start` to `end`: weekly observations. */
export function weeklyTradingDays(start: string, end: string, extraClosures: readonly string[] = []): string[] {
  const days = tradingDays(start, end, extraClosures);
  return days.filter((d, i) => {
    const next = days[i + 1];
    return next === undefined ? true : daysBetween(d, next) > 7 - ((weekday(d) + 6) % 7) - 1;
  });
}
