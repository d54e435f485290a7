// Announcements of a market (grain-marketing.md 7 'Merchandising' announcement/:announcementId?, 'Grain and profit
// center' markets/announcements/user and .../read): a title and body shown on the market's public page and to its
// farmers from startsAt until endsAt (none: until removed).

import { z } from 'zod';

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 4000;
/** The admin list shows this many of a market's announcements, newest start first. */
export const ANNOUNCEMENT_LIST_LIMIT = 200;

const noNul = (v: string) => !v.includes('\u0000');
/** An instant as ISO 8601 with its offset ('2026-11-20T13:00:00.000Z', '2026-11-20T07:00:00-06:00'). */
const instantInput = z.iso.datetime({ offset: true, message: 'Expected a date and time (ISO 8601)' });

const fields = {
  title: z
    .string()
    .trim()
    .min(1, { message: 'Title is required' })
    .max(ANNOUNCEMENT_TITLE_MAX, { message: `At most ${ANNOUNCEMENT_TITLE_MAX} characters` })
    .refine(noNul, { message: 'Must not contain NUL characters' }),
  body: z
    .string()
    .trim()
    .max(ANNOUNCEMENT_BODY_MAX, { message: `At most ${ANNOUNCEMENT_BODY_MAX} characters` })
    .refine(noNul, { message: 'Must not contain NUL characters' }),
  startsAt: instantInput,
  endsAt: instantInput.nullable(),
};

/** Whether an announcement's end (when it has one) comes after its start. */
export function endsAfterStarts(a: { startsAt: string | Date; endsAt: string | Date | null }): boolean {
  if (a.endsAt === null) return true;
  return new Date(a.endsAt).getTime() > new Date(a.startsAt).getTime();
}

const endRule = <T extends { startsAt: string; endsAt: string | null }>(value: T, ctx: z.RefinementCtx) => {
  if (!endsAfterStarts(value))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
};

/** POST announcement: a new announcement of a market. */
export const announcementCreateSchema = z
  .object({ marketId: z.number().int().positive(), ...fields })
  .strict()
  .superRefine(endRule);
export type AnnouncementCreate = z.infer<typeof announcementCreateSchema>;

/** PUT announcement/:announcementId (If-Match): its new text and period. */
export const announcementUpdateSchema = z.object(fields).strict().superRefine(endRule);
export type AnnouncementUpdate = z.infer<typeof announcementUpdateSchema>;

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'active', 'expired'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export type AnnouncementPeriod = { startsAt: string | Date; endsAt: string | Date | null };

/** 'scheduled' before its start, 'expired' from its end on, else 'active'. */
export function announcementStatus(a: AnnouncementPeriod, at: Date = new Date()): AnnouncementStatus {
  const t = at.getTime();
  if (new Date(a.startsAt).getTime() > t) return 'scheduled';
  if (a.endsAt !== null && new Date(a.endsAt).getTime() <= t) return 'expired';
  return 'active';
}

/** The announcements shown at `at`: the active ones, newest start first. */
export function activeAnnouncements<A extends AnnouncementPeriod>(list: readonly A[], at: Date = new Date()): A[] {
  return list
    .filter((a) => announcementStatus(a, at) === 'active')
    .sort((x, y) => new Date(y.startsAt).getTime() - new Date(x.startsAt).getTime());
}

export const announcementSchema = z.object({
  id: z.number().int(),
  marketId: z.number().int(),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET announcement?market_id=: the market's announcements (not deleted), newest start first. */
export const announcementListResponseSchema = z.object({
  marketId: z.number().int(),
  announcements: z.array(announcementSchema),
});
export type AnnouncementListResponse = z.infer<typeof announcementListResponseSchema>;

/** markets/announcements/user: the active announcements of the markets the farmer deals with, with read state. */
export const userAnnouncementSchema = z.object({
  id: z.number().int(),
  marketId: z.number().int(),
  marketLabel: z.string(),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  read: z.boolean(),
});
export type UserAnnouncement = z.infer<typeof userAnnouncementSchema>;
export const userAnnouncementsResponseSchema = z.object({
  announcements: z.array(userAnnouncementSchema),
  unreadCount: z.number().int().min(0),
});
export type UserAnnouncementsResponse = z.infer<typeof userAnnouncementsResponseSchema>;

/** markets/announcements/user/read: the announcements the farmer has read (ids not theirs are ignored). */
export const markAnnouncementsReadSchema = z
  .object({ announcementIds: z.array(z.number().int().positive()).min(1).max(100) })
  .strict();
export type MarkAnnouncementsRead = z.infer<typeof markAnnouncementsReadSchema>;
export const markAnnouncementsReadResponseSchema = z.object({ unreadCount: z.number().int().min(0) });
