// Record and highlight types (grain-marketing.md 3 'Other enumerations').

export const RECORD_TYPES = ['notes', 'contracts', 'scale_tickets'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const HIGHLIGHT_TYPES = ['note', 'contract', 'scaleTicket', 'legalEntity'] as const;
export type HighlightType = (typeof HIGHLIGHT_TYPES)[number];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

export function isHighlightType(value: unknown): value is HighlightType {
  return typeof value === 'string' && (HIGHLIGHT_TYPES as readonly string[]).includes(value);
}
