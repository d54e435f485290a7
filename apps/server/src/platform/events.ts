// Cross-process live events (DESIGN.md): publish() sends a NOTIFY on one channel with the event as JSON —
// inside the transaction that made the change, so readers hear of it only once it is committed (a rolled-back
// change tells no one) — and every server process LISTENs on that channel and hands each event to its
// subscribers (the SSE streams of events.routes.ts, in-process consumers). The same on PGlite (its own
// listen/notify) and on a PostgreSQL server (a dedicated LISTEN connection, see db.ts).
// Topics and payloads: packages/domain live-events.ts and docs/api/live-events.md.

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIVE_EVENT_MAX_BYTES, type LiveEvent } from '@granary/domain';
import type { Database, Db } from './db.ts';

const EVENTS_CHANNEL = 'granary_events';

const processTag = randomBytes(3).toString('hex');
let sequence = 0;

/** An event id unique across processes and ordered within one: time, process, sequence. */
function nextEventId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toString(36)}-${processTag}-${sequence.toString(36)}`;
}

/** The event as sent: the payload, or — over LIVE_EVENT_MAX_BYTES — the envelope marked truncated, without it. */
function encodeEvent(topic: string, payload: unknown, now = new Date()): { event: LiveEvent; json: string } {
  const event: LiveEvent = { id: nextEventId(now.getTime()), topic, at: now.toISOString(), payload: payload ?? null };
  let json = JSON.stringify(event);
  if (Buffer.byteLength(json) > LIVE_EVENT_MAX_BYTES) {
    const truncated: LiveEvent = { id: event.id, topic, at: event.at, payload: null, truncated: true };
    json = JSON.stringify(truncated);
    return { event: truncated, json };
  }
  return { event, json };
}

/**
 * Publishes an event on a topic. Pass the transaction of the change (`tx`) to send it when that commits (NOTIFY
 * is transactional); with the plain db it goes at once.
 */
export async function publish(db: Db, topic: string, payload: unknown): Promise<LiveEvent> {
  if (Buffer.byteLength(topic) > 200) throw new Error('topic too long');
  const { event, json } = encodeEvent(topic, payload);
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${json})`);
  return event;
}

export type EventHandler = (event: LiveEvent) => void;

type Hub = {
  handlers: Set<EventHandler>;
  /** Resolves once this process LISTENs. */
  ready: Promise<void>;
  stop: (() => Promise<void>) | null;
  closed: boolean;
};

const hubs = new WeakMap<Database, Hub>();

function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as LiveEvent;
    return value && typeof value.topic === 'string' && typeof value.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

function hubOf(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    const h: Hub = { handlers: new Set(), ready: Promise.resolve(), stop: null, closed: false };
    h.ready = database
      .listen(EVENTS_CHANNEL, (payload) => {
        const event = parseEvent(payload);
        if (!event) return;
        for (const handler of [...h.handlers]) {
          try {
            handler(event);
          } catch (err) {
            console.error('[events] subscriber failed', err);
          }
        }
      })
      .then(async (stop) => {
        if (h.closed) await stop();
        else h.stop = stop;
      });
    hub = h;
    hubs.set(database, hub);
  }
  return hub;
}

/**
 * Subscribes to every event this process hears (filter by topic in the handler). Resolves once the process
 * listens, to the function that unsubscribes.
 */
export async function subscribe(database: Database, handler: EventHandler): Promise<() => void> {
  const hub = hubOf(database);
  hub.handlers.add(handler);
  try {
    await hub.ready;
  } catch (err) {
    hub.handlers.delete(handler);
    hubs.delete(database);
    throw err;
  }
  return () => {
    hub.handlers.delete(handler);
  };
}

/** Stops listening (server close). */
export async function closeEvents(database: Database): Promise<void> {
  const hub = hubs.get(database);
  if (!hub) return;
  hubs.delete(database);
  hub.closed = true;
  hub.handlers.clear();
  await hub.ready.catch(() => {});
  const stop = hub.stop;
  hub.stop = null;
  if (stop) await stop();
}
