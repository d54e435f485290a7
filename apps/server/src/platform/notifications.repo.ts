// The tables behind notification preferences and the in-app list (docs/decisions/055).
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationTopic } from '@granary/domain';
import type { Db } from './db.ts';
import { notificationPreferences, notifications, users } from '../db/schema/index.ts';

type PreferenceRow = { topic: string; channel: NotificationChannel; enabled: boolean };

/** What a user chose (rows only where they chose) and their marketing consent. */
export async function preferenceRows(
  db: Db,
  userId: string,
): Promise<{ rows: PreferenceRow[]; marketingEmail: boolean; phone: string | null } | null> {
  const [user] = await db
    .select({
      marketing: sql<boolean>`coalesce((${users.signupProfile} ->> 'allowPromotionalMarketing')::boolean, false)`,
      phone: users.normalizedPhoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const rows = await db
    .select({
      topic: notificationPreferences.topic,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { rows, marketingEmail: user.marketing, phone: user.phoneVerifiedAt ? user.phone : null };
}

export async function upsertPreference(
  db: Db,
  userId: string,
  topic: NotificationTopic,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, topic, channel, enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.topic, notificationPreferences.channel],
      set: { enabled, updatedAt: sql`now()` },
    });
}

/**
 * The marketing e-mail consent, where signup and the store's marketing dialog keep it (users.signup_profile); true
 * when it changed.
 */
export async function setMarketingConsent(db: Db, userId: string, subscribed: boolean): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({
      signupProfile: subscribed
        ? sql`${users.signupProfile} || jsonb_build_object('allowPromotionalMarketing', true, 'promotionalMarketingAllowedAt', now())`
        : sql`${users.signupProfile} || jsonb_build_object('allowPromotionalMarketing', false, 'promotionalMarketingWithdrawnAt', now())`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`coalesce((${users.signupProfile} ->> 'allowPromotionalMarketing')::boolean, false) <> ${subscribed}`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
}

export type NewNotification = { userId: string; topic: string; title: string; body: string; link: string | null };

export async function insertNotificationRows(db: Db, rows: NewNotification[], at?: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows.map((r) => ({ ...r, ...(at ? { createdAt: at } : {}) })));
}

/** A page of the user's notifications, newest first (keyset on the id). */
export async function notificationPage(
  db: Db,
  userId: string,
  options: { before: number | null; unreadOnly: boolean; limit: number },
) {
  const scope = and(eq(notifications.userId, userId), options.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(scope, options.before !== null ? lt(notifications.id, options.before) : undefined))
      .orderBy(desc(notifications.id))
      .limit(options.limit + 1),
    db.select({ total: count() }).from(notifications).where(scope),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one (or, with id null, every) unread notification of the user read; the number marked. */
export async function markRead(db: Db, userId: string, id: number | null): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        id !== null ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return done.length;
}

/** Whether the user has this notification (read or not): another user's id is unknown. */
export async function ownsNotification(db: Db, userId: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return row !== undefined;
}

export async function userEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A user's id and partner (whose preferences staff may see), or null. */
export async function userPartner(db: Db, userId: string): Promise<{ id: string; partnerId: string | null } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const [row] = await db.select({ id: users.id, partnerId: users.partnerId }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function userForMail(db: Db, userId: string): Promise<{ email: string; firstName: string | null } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row ?? null;
}
