// A user's notification preferences as every sender reads them at send time (docs/decisions/055): the stored choice of
// each topic and channel, else the default; the marketing e-mail is the consent signup and the store's dialog keep.
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationTopic,
} from '@granary/domain';
import type { Db } from './db.ts';
import { preferenceRows } from './notifications.repo.ts';

export type Preferences = Record<NotificationTopic, Record<NotificationChannel, boolean>>;

/** A user's preferences, every topic and channel (the stored choice, else the default); null for an unknown user. */
export async function loadPreferences(
  db: Db,
  userId: string,
): Promise<{ prefs: Preferences; phone: string | null } | null> {
  const found = await preferenceRows(db, userId);
  if (!found) return null;
  const prefs = Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, { ...NOTIFICATION_DEFAULTS[t] }])) as Preferences;
  for (const row of found.rows) {
    const topic = prefs[row.topic as NotificationTopic];
    if (topic && (NOTIFICATION_CHANNELS as readonly string[]).includes(row.channel)) topic[row.channel] = row.enabled;
  }
  // The marketing e-mail consent is the one signup and the store's dialog record.
  prefs.marketing.email = found.marketingEmail;
  return { prefs, phone: found.phone };
}

/** Whether a user wants a topic on a channel now (an unknown user wants nothing). */
export async function wants(db: Db, userId: string, topic: NotificationTopic, channel: NotificationChannel) {
  const loaded = await loadPreferences(db, userId);
  return loaded !== null && loaded.prefs[topic][channel];
}
