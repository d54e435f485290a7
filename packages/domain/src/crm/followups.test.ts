import { describe, expect, it } from 'vitest';
import {
  FOLLOWUP_AGE_BUCKETS,
  daysOverdue,
  followupAgeBucket,
  followupAgeBucketFromParam,
  followupDueRange,
  followupInputSchema,
  followupState,
} from './followups.ts';
import { NOTE_CATEGORIES, NOTE_CATEGORY_LABELS, isNoteCategory, noteInputSchema, plainNoteText } from './notes.ts';
import { crmMarketSchema, marketLabel } from './markets.ts';
import { HIGHLIGHT_TYPES, RECORD_TYPES, isHighlightType, isRecordType } from './records.ts';

const TODAY = '2026-05-15';

describe('follow-ups', () => {
  it('are upcoming from today on, past before', () => {
    expect(followupState(TODAY, TODAY)).toBe('upcoming');
    expect(followupState('2026-05-14', TODAY)).toBe('past');
    expect(daysOverdue('2026-05-14', TODAY)).toBe(1);
    expect(daysOverdue('2026-05-20', TODAY)).toBe(0);
  });

  it('split past follow-ups at 90 days overdue', () => {
    expect(FOLLOWUP_AGE_BUCKETS).toEqual(['under90Days', 'over90Days']);
    expect(followupAgeBucket(TODAY, TODAY)).toBeNull();
    expect(followupAgeBucket('2026-05-14', TODAY)).toBe('under90Days');
    expect(followupAgeBucket('2026-02-15', TODAY)).toBe('under90Days'); // 89 days
    expect(followupAgeBucket('2026-02-14', TODAY)).toBe('over90Days'); // 90 days
    expect(followupAgeBucketFromParam('under')).toBe('under90Days');
    expect(followupAgeBucketFromParam('over90Days')).toBe('over90Days');
    expect(followupAgeBucketFromParam('old')).toBeNull();
  });

  it('gives the same split as due-date bounds for SQL', () => {
    expect(followupDueRange('upcoming', TODAY)).toEqual({ from: TODAY, to: null });
    expect(followupDueRange('past', TODAY)).toEqual({ from: null, to: '2026-05-14' });
    expect(followupDueRange('under90Days', TODAY)).toEqual({ from: '2026-02-15', to: '2026-05-14' });
    expect(followupDueRange('over90Days', TODAY)).toEqual({ from: null, to: '2026-02-14' });
  });

  it('validates a new follow-up', () => {
    expect(
      followupInputSchema.safeParse({ clientId: 7, dueDate: '2026-06-01', description: ' Call about basis ' }).data
        ?.description,
    ).toBe('Call about basis');
    expect(followupInputSchema.safeParse({ clientId: 7, dueDate: '2026-06-31', description: 'x' }).success).toBe(false);
    expect(followupInputSchema.safeParse({ clientId: 7, dueDate: '2026-06-01', description: '   ' }).success).toBe(
      false,
    );
  });
});

describe('notes', () => {
  it('have the six categories', () => {
    expect(NOTE_CATEGORIES).toEqual([
      'inbound_call',
      'outbound_call',
      'farm_visit',
      'meeting',
      'office_visit',
      'other',
    ]);
    expect(Object.keys(NOTE_CATEGORY_LABELS)).toEqual([...NOTE_CATEGORIES]);
    expect(isNoteCategory('farm_visit')).toBe(true);
    expect(isNoteCategory('email')).toBe(false);
  });

  it('validate and clean plain text', () => {
    expect(
      noteInputSchema.safeParse({ note: 'Wants Dec basis', category: 'farm_visit', noteDate: TODAY }).success,
    ).toBe(true);
    expect(noteInputSchema.safeParse({ note: '', category: 'farm_visit', noteDate: TODAY }).success).toBe(false);
    expect(noteInputSchema.safeParse({ note: 'x', category: 'email', noteDate: TODAY }).success).toBe(false);
    expect(plainNoteText('a\r\nb\rc\u0000\u0007\td')).toBe('a\nb\nc\td');
  });
});

describe('markets and records', () => {
  it("shows a market by its display name, else 'city, state'", () => {
    expect(
      marketLabel({ displayName: 'North Elevator', address: { city: 'Ames', administrativeAreaLevel1: 'IA' } }),
    ).toBe('North Elevator');
    expect(marketLabel({ displayName: '  ', address: { city: 'Ames', administrativeAreaLevel1: 'IA' } })).toBe(
      'Ames, IA',
    );
    expect(marketLabel({ displayName: null, address: { city: 'Ames', administrativeAreaLevel1: '' } })).toBe('Ames');
    expect(
      crmMarketSchema.parse({
        id: 1,
        displayName: null,
        address: { city: 'Ames', administrativeAreaLevel1: 'IA' },
        userPermissions: ['offers', 'root'],
        sustainabilityEnabled: false,
      }).userPermissions,
    ).toEqual(['offers']);
  });

  it('knows the record and highlight types', () => {
    expect(RECORD_TYPES).toEqual(['notes', 'contracts', 'scale_tickets']);
    expect(HIGHLIGHT_TYPES).toEqual(['note', 'contract', 'scaleTicket', 'legalEntity']);
    expect(isRecordType('scale_tickets')).toBe(true);
    expect(isHighlightType('scale_ticket')).toBe(false);
  });
});
