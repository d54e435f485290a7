// Notification preferences, the marketing subscription, the in-app list and one-click unsubscribe (issue 16;
// docs/decisions/055). Preferences are read at send time by platform/notifications.ts and platform/mail/send-mail.ts.
import type { FastifyRequest } from 'fastify';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_TOPICS,
  maskEmail,
  type InAppNotification,
  type NotificationChannel,
  type NotificationList,
  type NotificationSubscription,
  type NotificationSubscriptionUpdate,
  type NotificationSubscriptions,
  type NotificationTopic,
  type UnsubscribeLink,
} from '@granary/domain';
import { userHasPermission } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { loadPreferences, type Preferences } from '../../platform/notification-preferences.ts';
import { publishNotificationsChanged, readUnsubscribeId } from '../../platform/notifications.ts';
import * as repo from '../../platform/notifications.repo.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { linkOrigin } from '../identity/identity.public.ts';

export type NotificationsDeps = { ctx: AppContext; partners: PartnerDirectory };

/** Staff who may see and set another user's preferences (support on the phone): list-all-user-details. */
const STAFF_PERMISSION = 'list-all-user-details';

/**
 * Whether a staff member (an employee or a super admin) sees a user of `partnerId` under list-all-user-details, by
 * decision 053's rule (platform.md 6.2): true, 'all' or a list holding 'all' sees everyone; a list of partner ids
 * sees those partners' users only. Anyone who is not staff sees nobody else's.
 */
function staffSees(me: SessionState['user'], partnerId: string | null): boolean {
  if (!me.isSuperAdmin && me.employeeInfo === null) return false;
  if (!userHasPermission(me, STAFF_PERMISSION)) return false;
  if (me.isSuperAdmin || me.permissions.includes(STAFF_PERMISSION)) return true;
  const value = me.adminPermissions[STAFF_PERMISSION];
  if (value === true || value === 'all' || (Array.isArray(value) && value.includes('all'))) return true;
  return partnerId !== null && Array.isArray(value) && value.includes(partnerId);
}

/**
 * The user whose preferences a call names: the caller, or — for staff who see them (decision 053) — another user.
 * Anyone else's id, and an unknown one, answers 404.
 */
async function subjectOf(db: Db, session: SessionState, userId: string) {
  const me = session.user;
  if (userId.toLowerCase() === me.id.toLowerCase()) return { userId: me.id, byStaff: false };
  const target = await repo.userPartner(db, userId);
  if (!target || !staffSees(me, target.partnerId)) throw new AppError('not_found', 'No such user.');
  return { userId: target.id, byStaff: true };
}

/** Marketing is the user's consent: staff may withdraw it for them (asked on the phone), never give it. */
function refuseStaffConsent(byStaff: boolean, topic: NotificationTopic, giving: boolean): void {
  if (byStaff && topic === 'marketing' && giving) {
    throw new AppError('forbidden', 'Only the user can subscribe to marketing; staff may only unsubscribe them.');
  }
}

function subscription(prefs: Preferences, topic: NotificationTopic): NotificationSubscription {
  const p = prefs[topic];
  return { topic, sub_topic: 'all', email: p.email, sms: p.sms, in_app: p.in_app };
}

async function preferencesOf(db: Db, userId: string) {
  const loaded = await loadPreferences(db, userId);
  if (!loaded) throw new AppError('not_found', 'No such user.');
  return loaded;
}

/** GET …/notifications/subscriptions/user/:userId: every topic. */
export async function listSubscriptions(
  db: Db,
  session: SessionState,
  userId: string,
): Promise<NotificationSubscriptions> {
  const subject = await subjectOf(db, session, userId);
  const { prefs, phone } = await preferencesOf(db, subject.userId);
  return {
    user_id: subject.userId,
    subscriptions: NOTIFICATION_TOPICS.map((t) => subscription(prefs, t)),
    has_phone: phone !== null,
  };
}

/** GET …/topic/:topic/sub_topic/:subtopic/user/:userId. */
export async function getSubscription(
  db: Db,
  session: SessionState,
  userId: string,
  topic: NotificationTopic,
): Promise<NotificationSubscription> {
  const subject = await subjectOf(db, session, userId);
  return subscription((await preferencesOf(db, subject.userId)).prefs, topic);
}

/**
 * The marketing e-mail consent set on or off: recorded where signup keeps it, audited, and — when it was just given —
 * the welcome e-mail (which carries the unsubscribe link). True when it changed.
 */
export async function setMarketing(
  deps: NotificationsDeps,
  tx: Db,
  request: FastifyRequest,
  actorUserId: string | null,
  userId: string,
  subscribed: boolean,
  via: string,
): Promise<boolean> {
  const changed = await repo.setMarketingConsent(tx, userId, subscribed);
  if (!changed) return false;
  await audit(tx, request, {
    actorUserId,
    action: subscribed ? 'marketing_subscribed' : 'marketing_unsubscribed',
    targetType: 'user',
    targetId: userId,
    details: { via },
  });
  if (subscribed) {
    const user = await repo.userForMail(tx, userId);
    if (user) {
      const partner = await deps.partners.byHost(request.headers.host);
      await sendMail(tx, {
        template: 'marketing_welcome',
        data: { firstName: user.firstName },
        ctx: mailContext(partner, linkOrigin(deps.ctx, request, partner)),
        recipient: user.email,
        userId,
      });
    }
  }
  return true;
}

/** The user's own consent: an admin acting as them may not give or withdraw it (staff do so openly, audited). */
function refuseWhileActing(session: SessionState): void {
  if (session.actor) throw new AppError('forbidden', 'This is for the user themself: stop acting as them first.');
}

/** PUT …/topic/:topic/sub_topic/:subtopic/user/:userId: the channels named, changed; the topic as it is now. */
export async function updateSubscription(
  deps: NotificationsDeps,
  request: FastifyRequest,
  session: SessionState,
  userId: string,
  topic: NotificationTopic,
  update: NotificationSubscriptionUpdate,
): Promise<NotificationSubscription> {
  refuseWhileActing(session);
  const db = deps.ctx.database.db;
  const subject = await subjectOf(db, session, userId);
  return db.transaction(async (tx) => {
    const before = (await preferencesOf(tx, subject.userId)).prefs[topic];
    const changes: Partial<Record<NotificationChannel, boolean>> = {};
    for (const channel of ['email', 'sms', 'in_app'] as const) {
      const value = update[channel];
      if (value === undefined || value === before[channel]) continue;
      refuseStaffConsent(subject.byStaff, topic, value);
      changes[channel] = value;
      if (topic === 'marketing' && channel === 'email') {
        await setMarketing(deps, tx, request, session.user.id, subject.userId, value, 'preferences');
      } else {
        await repo.upsertPreference(tx, subject.userId, topic, channel, value);
      }
    }
    if (Object.keys(changes).length > 0) {
      await audit(tx, request, {
        actorUserId: session.user.id,
        action: 'notification_preferences_changed',
        targetType: 'user',
        targetId: subject.userId,
        details: { topic, ...changes, byStaff: subject.byStaff },
      });
    }
    return subscription((await preferencesOf(tx, subject.userId)).prefs, topic);
  });
}

/** PUT /api/effu/user/:userId/marketing-subscription (platform.md 7.2) with {subscribed}. */
export async function putMarketingSubscription(
  deps: NotificationsDeps,
  request: FastifyRequest,
  session: SessionState,
  userId: string,
  subscribed: boolean,
): Promise<{ subscribed: boolean }> {
  refuseWhileActing(session);
  const db = deps.ctx.database.db;
  const subject = await subjectOf(db, session, userId);
  refuseStaffConsent(subject.byStaff, 'marketing', subscribed);
  await db.transaction((tx) =>
    setMarketing(deps, tx, request, session.user.id, subject.userId, subscribed, 'marketing_subscription'),
  );
  return { subscribed: (await preferencesOf(db, subject.userId)).prefs.marketing.email };
}

// ---------------------------------------------------------------------------------------------------
// The in-app list

function toWire(row: Awaited<ReturnType<typeof repo.notificationPage>>['rows'][number]): InAppNotification {
  return {
    id: row.id,
    topic: row.topic,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: Db,
  session: SessionState,
  query: { paginationToken?: string | undefined; unread?: 'true' | 'false' | undefined },
): Promise<NotificationList> {
  const userId = session.user.id;
  const [page, unread] = await Promise.all([
    repo.notificationPage(db, userId, {
      before: query.paginationToken ? Number(query.paginationToken) : null,
      unreadOnly: query.unread === 'true',
      limit: NOTIFICATIONS_PAGE_SIZE,
    }),
    repo.unreadCount(db, userId),
  ]);
  const more = page.rows.length > NOTIFICATIONS_PAGE_SIZE;
  const rows = page.rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  return {
    notifications: rows.map(toWire),
    paginationToken: more && rows.length > 0 ? String(rows[rows.length - 1]!.id) : null,
    total: page.total,
    unread,
  };
}

export async function unreadCountOf(db: Db, session: SessionState): Promise<{ unread: number }> {
  return { unread: await repo.unreadCount(db, session.user.id) };
}

/** Marks one notification (or all, with id null) read; another user's id is unknown (404). */
export async function markRead(db: Db, session: SessionState, id: number | null): Promise<{ unread: number }> {
  const userId = session.user.id;
  if (id !== null && !(await repo.ownsNotification(db, userId, id))) {
    throw new AppError('not_found', 'No such notification.');
  }
  await db.transaction(async (tx) => {
    if ((await repo.markRead(tx, userId, id)) > 0) await publishNotificationsChanged(tx, userId);
  });
  return { unread: await repo.unreadCount(db, userId) };
}

// ---------------------------------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058): no session; the id is the proof.

async function linkOf(db: Db, id: string) {
  const named = await readUnsubscribeId(db, id);
  const email = named ? await repo.userEmail(db, named.userId) : null;
  if (!named || email === null) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  return { ...named, email };
}

/** GET /api/notifications/unsubscribe/:id: what the confirmation page shows. */
export async function describeUnsubscribe(db: Db, id: string): Promise<UnsubscribeLink> {
  const link = await linkOf(db, id);
  const { prefs } = await preferencesOf(db, link.userId);
  return { topic: link.topic, email: maskEmail(link.email), subscribed: prefs[link.topic].email };
}

/** Unsubscribes at once (the page's button, or a mail client's POST); repeating it changes nothing. */
export async function unsubscribe(
  deps: NotificationsDeps,
  request: FastifyRequest,
  id: string,
  via: 'page' | 'one_click',
): Promise<UnsubscribeLink> {
  const db = deps.ctx.database.db;
  const link = await linkOf(db, id);
  await db.transaction(async (tx) => {
    if (link.topic === 'marketing') {
      await setMarketing(deps, tx, request, null, link.userId, false, `unsubscribe_${via}`);
      return;
    }
    if (!(await preferencesOf(tx, link.userId)).prefs[link.topic].email) return;
    await repo.upsertPreference(tx, link.userId, link.topic, 'email', false);
    await audit(tx, request, {
      actorUserId: null,
      action: 'notification_preferences_changed',
      targetType: 'user',
      targetId: link.userId,
      details: { topic: link.topic, email: false, via: `unsubscribe_${via}` },
    });
  });
  return { topic: link.topic, email: maskEmail(link.email), subscribed: false };
}
