import type { FollowupRow } from '@granary/domain';

/**
 * Where an open follow-up stands against today, as both follow-up lists (the dashboard's and a client's) show it:
 * overdue by its days (red once it is in the over-90-days bucket, amber before), or due in `days` (0: today).
 */
type FollowupDue = { overdue: true; days: number; color: 'error' | 'warning' } | { overdue: false; days: number };

/** Whole days from one YYYY-MM-DD to another (negative when `day` is before `today`). */
function daysFrom(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function followupDue(row: FollowupRow, today: string): FollowupDue {
  if (row.state === 'past')
    return { overdue: true, days: row.daysOverdue, color: row.ageBucket === 'over90Days' ? 'error' : 'warning' };
  return { overdue: false, days: daysFrom(today, row.dueDate) };
}
