// When the grain futures trade (CBOT's electronic hours, which KC, Minneapolis and ICE canola follow closely
// enough for a simulation): Sunday–Thursday 19:00 to 07:45 the next morning, and Monday–Friday 08:30 to 13:20,
// US Central time. The evening session opens the next business day's trading day (Sunday evening trades
// Monday). Exchange holidays are not modelled (docs/decisions/017-futures-feed-and-live-events.md).

export const EXCHANGE_ZONE = 'America/Chicago';

const OVERNIGHT_OPEN = 19 * 60; // 19:00
const OVERNIGHT_CLOSE = 7 * 60 + 45; // 07:45
const DAY_OPEN = 8 * 60 + 30; // 08:30
const DAY_CLOSE = 13 * 60 + 20; // 13:20

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: EXCHANGE_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The exchange's wall clock: its calendar day, weekday (0 Sunday) and minutes after midnight. */
export function exchangeClock(now: Date): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(formatter.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS[parts.weekday as string] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function addDay(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function weekdayOf(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

function nextBusinessDay(iso: string): string {
  let d = addDay(iso, 1);
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d = addDay(d, 1);
  return d;
}

export type TradingSession = {
  /** Whether the futures trade now. */
  open: boolean;
  /** The trading day a trade now (or the next one, while closed) belongs to. */
  tradeDate: string;
};

export function tradingSession(now: Date): TradingSession {
  const { date, weekday, minutes } = exchangeClock(now);
  const business = weekday >= 1 && weekday <= 5;
  // From 19:00 (and on weekends) the next business day is the trading day; before it, a business day is its own.
  const tradeDate = minutes >= OVERNIGHT_OPEN || !business ? nextBusinessDay(date) : date;
  const eveningOpen = minutes >= OVERNIGHT_OPEN && weekday >= 0 && weekday <= 4;
  const morningOpen = business && minutes < OVERNIGHT_CLOSE;
  const dayOpen = business && minutes >= DAY_OPEN && minutes < DAY_CLOSE;
  return { open: eveningOpen || morningOpen || dayOpen, tradeDate };
}
