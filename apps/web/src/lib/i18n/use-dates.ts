import { formatDateTime, formatDay, formatRelative, formatTime } from '@granary/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { useRegion } from './locale';

type DateValue = Date | string | number | null | undefined;

// One clock for every relative time on the page: it ticks each minute, so '2 min ago' does not stay 'just now'.
const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The time now, as of the last minute's tick. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

/**
 * Dates and times in the page's locale (packages/domain format/date.ts, decision 035): every date a page shows goes
 * through this, so en-US reads 11/26/2026 10:18 PM, en-CA 2026-11-26 10:18 p.m. and en-AU 26/11/2026 10:18 pm.
 */
export function useDates() {
  const { locale } = useRegion();
  return useMemo(
    () => ({
      locale,
      /** A calendar day ('YYYY-MM-DD', or the day part of a longer string) as that day, no zone shift. */
      day: (value: string | null | undefined) => (value ? formatDay(value.slice(0, 10), locale) : ''),
      /** The day of an instant in the browser's zone. */
      instant: (value: DateValue) => formatDay(typeof value === 'string' ? new Date(value) : value, locale),
      /** A time of day, 12-hour, no seconds. */
      time: (value: DateValue) => formatTime(typeof value === 'string' ? new Date(value) : value, locale),
      /** An instant's day and time in the browser's zone. */
      dateTime: (value: DateValue) => formatDateTime(typeof value === 'string' ? new Date(value) : value, locale),
      /** 'just now', '5 min ago', '2 h ago', 'yesterday', then the day. */
      relative: (value: DateValue, at: number = Date.now()) =>
        formatRelative(typeof value === 'string' ? new Date(value) : value, at, locale),
    }),
    [locale],
  );
}
