// How long something took or will take (an import's duration, elapsed time and ETA), as a person reads it: the two
// largest units, never a raw count of milliseconds on a page.

/**
 * formatDuration(850) → '0.9 s'; 42_000 → '42 s'; 185_000 → '3 min 5 s'; 7_380_000 → '2 h 3 min'; null → ''.
 * Under ten seconds one decimal is kept (a quick import reads '1.4 s', not '1 s'); a negative value reads as 0 s.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const value = Math.max(0, ms);
  if (value < 10_000) {
    const tenths = Math.round(value / 100) / 10;
    return tenths >= 10 ? '10 s' : `${tenths} s`;
  }
  const totalSeconds = Math.round(value / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}
