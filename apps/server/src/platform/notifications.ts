// What a user hears and how (docs/decisions/055): their preferences by topic and channel, read at send time by every
// notice (in the app, by text) and every notification or marketing e-mail (send-mail.ts); and the signed ids of the
// one-click unsubscribe links those e-mails carry (RFC 8058).
import {
  NOTIFICATION_TOPICS,
  notificationsUserTopic,
  preferenceTopicOf,
  type NotificationTopic,
} from '@granary/domain';
import { hmac, randomToken, safeEqual } from './crypto.ts';
import type { Db } from './db.ts';
import { publish } from './events.ts';
import { enqueueMessage } from './outbox.ts';
import { getOrCreateSetting } from './settings.repo.ts';
import { loadPreferences } from './notification-preferences.ts';
import { insertNotificationRows, type NewNotification } from './notifications.repo.ts';

type Notice = NewNotification;

/**
 * Tells users of things in the app (and by text, for those who asked for texts of the topic and have a verified
 * phone), each as their preferences say at this moment; in the caller's transaction. Each user whose list grew hears
 * it on their live notifications topic once the transaction commits.
 */
export async function notifyUsers(db: Db, notices: Notice[], at?: Date): Promise<void> {
  const inApp: Notice[] = [];
  for (const notice of notices) {
    const topic = preferenceTopicOf(notice.topic);
    const loaded = await loadPreferences(db, notice.userId);
    if (!loaded) continue;
    if (!topic || loaded.prefs[topic].in_app) inApp.push(notice);
    if (topic && loaded.prefs[topic].sms && loaded.phone) {
      await enqueueMessage(db, {
        channel: 'sms',
        recipient: loaded.phone,
        text: `${notice.title}. ${notice.body}`.slice(0, 600),
        template: `sms_${topic}`,
        userId: notice.userId,
      });
    }
  }
  await insertNotificationRows(db, inApp, at);
  for (const userId of new Set(inApp.map((n) => n.userId))) {
    await publish(db, notificationsUserTopic(userId), { change: 'added' });
  }
}

/** Tells the user's open pages that their list changed (some read). */
export async function publishNotificationsChanged(db: Db, userId: string): Promise<void> {
  await publish(db, notificationsUserTopic(userId), { change: 'read' });
}

// ---------------------------------------------------------------------------------------------------
// One-click unsubscribe ids: `<user id without dashes><topic index>.<HMAC>` — a link names one recipient and one
// topic, cannot be made for another without the server's secret, and needs no row of its own.

const UNSUBSCRIBE_SECRET = 'unsubscribe_secret';

async function unsubscribeSecret(db: Db): Promise<string> {
  return getOrCreateSetting(db, UNSUBSCRIBE_SECRET, () => randomToken(32));
}

function payloadOf(userId: string, topic: NotificationTopic): string {
  return `${userId.replace(/-/g, '').toLowerCase()}${NOTIFICATION_TOPICS.indexOf(topic).toString(16)}`;
}

/** The unsubscribe id of a recipient and topic. */
export async function unsubscribeId(db: Db, userId: string, topic: NotificationTopic): Promise<string> {
  const payload = payloadOf(userId, topic);
  return `${payload}.${hmac(await unsubscribeSecret(db), `unsubscribe:${payload}`).slice(0, 32)}`;
}

/** The recipient and topic an id names; null when it is not one the server made. */
export async function readUnsubscribeId(
  db: Db,
  id: string,
): Promise<{ userId: string; topic: NotificationTopic } | null> {
  const m = /^([0-9a-f]{32})([0-9a-f])\.([A-Za-z0-9_-]{32})$/.exec(id);
  if (!m) return null;
  const [, hex, index, sig] = m as unknown as [string, string, string, string];
  const topic = NOTIFICATION_TOPICS[parseInt(index, 16)];
  if (!topic) return null;
  const expected = hmac(await unsubscribeSecret(db), `unsubscribe:${hex}${index}`).slice(0, 32);
  if (!safeEqual(sig, expected)) return null;
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, topic };
}
