// Notes on a client (grain-marketing.md 3 'Note', 4 'Note categories'). Notes are plain text.

import { z } from 'zod';
import { isoDateSchema } from './exact.ts';
import { withoutControlCharacters } from '../format/text.ts';

export const NOTE_CATEGORIES = [
  'inbound_call',
  'outbound_call',
  'farm_visit',
  'meeting',
  'office_visit',
  'other',
] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];

export const NOTE_CATEGORY_LABELS: Readonly<Record<NoteCategory, string>> = Object.freeze({
  inbound_call: 'Inbound call',
  outbound_call: 'Outbound call',
  farm_visit: 'Farm visit',
  meeting: 'Meeting',
  office_visit: 'Office visit',
  other: 'Other',
});

export function isNoteCategory(value: unknown): value is NoteCategory {
  return typeof value === 'string' && (NOTE_CATEGORIES as readonly string[]).includes(value);
}

/** Longest note accepted (plain text, characters). */
export const NOTE_MAX_LENGTH = 10_000;

/** A note as written: its text (trimmed, not empty), category and day. */
export const noteInputSchema = z.object({
  note: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
  category: z.enum(NOTE_CATEGORIES),
  noteDate: isoDateSchema,
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/** Notes are sent as plain text: control characters other than tab and line ends are removed, line ends made '\n'. */
export function plainNoteText(text: string): string {
  return withoutControlCharacters(text.replace(/\r\n?/g, '\n'), { keepLineBreaks: true });
}
