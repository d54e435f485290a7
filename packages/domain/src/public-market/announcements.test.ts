import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  activeAnnouncements,
  announcementCreateSchema,
  announcementStatus,
  announcementUpdateSchema,
} from './announcements.ts';

const base = {
  marketId: 3,
  title: 'Extended harvest hours',
  body: 'Open until 9 pm through November 30.',
  startsAt: '2026-10-01T12:00:00Z',
  endsAt: '2026-11-30T23:00:00-06:00',
};

describe('announcement input', () => {
  it('accepts a title, a body and a period', () => {
    expect(announcementCreateSchema.safeParse(base).success).toBe(true);
    expect(announcementCreateSchema.safeParse({ ...base, endsAt: null }).success).toBe(true);
    expect(
      announcementUpdateSchema.safeParse({ title: 'T', body: '', startsAt: base.startsAt, endsAt: null }).success,
    ).toBe(true);
  });

  it('bounds the title and the body, and requires a title', () => {
    expect(announcementCreateSchema.safeParse({ ...base, title: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX) }).success).toBe(
      true,
    );
    expect(announcementCreateSchema.safeParse({ ...base, title: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX + 1) }).success).toBe(
      false,
    );
    expect(announcementCreateSchema.safeParse({ ...base, body: 'x'.repeat(ANNOUNCEMENT_BODY_MAX + 1) }).success).toBe(
      false,
    );
    expect(announcementCreateSchema.safeParse({ ...base, title: '   ' }).success).toBe(false);
  });

  it('needs the end after the start, and real instants', () => {
    const r = announcementCreateSchema.safeParse({ ...base, endsAt: base.startsAt });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['endsAt']);
    expect(announcementCreateSchema.safeParse({ ...base, startsAt: 'tomorrow' }).success).toBe(false);
    expect(announcementCreateSchema.safeParse({ ...base, startsAt: '2026-10-01' }).success).toBe(false);
  });
});

describe('announcement status', () => {
  const a = { startsAt: '2026-11-20T06:00:00Z', endsAt: '2026-11-27T06:00:00Z' };
  it('is scheduled before its start, active until its end, expired from its end', () => {
    expect(announcementStatus(a, new Date('2026-11-20T05:59:59Z'))).toBe('scheduled');
    expect(announcementStatus(a, new Date('2026-11-20T06:00:00Z'))).toBe('active');
    expect(announcementStatus(a, new Date('2026-11-27T05:59:59Z'))).toBe('active');
    expect(announcementStatus(a, new Date('2026-11-27T06:00:00Z'))).toBe('expired');
    expect(announcementStatus({ ...a, endsAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe('active');
  });

  it('lists the active ones at a time, newest start first', () => {
    const list = [
      { id: 1, startsAt: '2026-11-01T00:00:00Z', endsAt: null },
      { id: 2, startsAt: '2026-11-10T00:00:00Z', endsAt: '2026-11-12T00:00:00Z' },
      { id: 3, startsAt: '2026-11-15T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      { id: 4, startsAt: '2026-12-20T00:00:00Z', endsAt: null },
    ];
    expect(activeAnnouncements(list, new Date('2026-11-22T00:00:00Z')).map((x) => x.id)).toEqual([3, 1]);
  });
});
