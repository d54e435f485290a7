// Follow-ups (grain-marketing.md 4 'Notes and follow-ups', 9 'Day threshold: 90 days'): a follow-up is
// upcoming (due today or later) or past (due before today); a past one is in the under90Days bucket
// while it is 1–89 days overdue and in over90Days from 90 days on. Done follow-ups leave both lists.

import { z } from 'zod';
import { addDays, daysBetween, isoDateSchema } from './exact.ts';

export const FOLLOWUP_STATES = ['upcoming', 'past'] as const;
export type FollowupState = (typeof FOLLOWUP_STATES)[number];

export const FOLLOWUP_AGE_BUCKETS = ['under90Days', 'over90Days'] as const;
export type FollowupAgeBucket = (typeof FOLLOWUP_AGE_BUCKETS)[number];

/** The short values of the buckets (query parameters, API): under90Days ↔ 'under', over90Days ↔ 'over'. */
export const FOLLOWUP_AGE_BUCKET_PARAMS: Readonly<Record<FollowupAgeBucket, 'under' | 'over'>> = Object.freeze({
  under90Days: 'under',
  over90Days: 'over',
});

export const FOLLOWUP_AGE_THRESHOLD_DAYS = 90;

export function followupAgeBucketFromParam(value: string | null | undefined): FollowupAgeBucket | null {
  if (value === 'under' || value === 'under90Days') return 'under90Days';
  if (value === 'over' || value === 'over90Days') return 'over90Days';
  return null;
}

/** Upcoming when due today or later; past when the due day is before today. */
export function followupState(dueDate: string, today: string): FollowupState {
  return dueDate >= today ? 'upcoming' : 'past';
}

/** Days a follow-up is overdue (0 when it is not). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

/** The age bucket of a past follow-up; null for an upcoming one. */
export function followupAgeBucket(dueDate: string, today: string): FollowupAgeBucket | null {
  const overdue = daysOverdue(dueDate, today);
  if (overdue === 0) return null;
  return overdue < FOLLOWUP_AGE_THRESHOLD_DAYS ? 'under90Days' : 'over90Days';
}

/**
 * Due-date bounds of a state or bucket, for SQL (inclusive; null = unbounded):
 * upcoming [today, ∞); past (−∞, today−1]; under90Days [today−89, today−1]; over90Days (−∞, today−90].
 */
export function followupDueRange(
  which: FollowupState | FollowupAgeBucket,
  today: string,
): { from: string | null; to: string | null } {
  switch (which) {
    case 'upcoming':
      return { from: today, to: null };
    case 'past':
      return { from: null, to: addDays(today, -1) };
    case 'under90Days':
      return { from: addDays(today, -(FOLLOWUP_AGE_THRESHOLD_DAYS - 1)), to: addDays(today, -1) };
    case 'over90Days':
      return { from: null, to: addDays(today, -FOLLOWUP_AGE_THRESHOLD_DAYS) };
  }
}

export const FOLLOWUP_DESCRIPTION_MAX = 1000;

export const followupInputSchema = z.object({
  clientId: z.number().int().positive(),
  dueDate: isoDateSchema,
  description: z.string().trim().min(1).max(FOLLOWUP_DESCRIPTION_MAX),
  noteId: z.number().int().positive().nullable().optional(),
  /** A user of the partner to assign; the author when omitted. */
  assignedUserId: z.string().uuid().nullable().optional(),
});
export type FollowupInput = z.infer<typeof followupInputSchema>;
