import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { outbox } from '../db/schema/index.ts';

export type OutboxMessage = typeof outbox.$inferSelect;

export type NewMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  template: string;
  userId?: string | null;
};

/** A way to deliver messages (SMTP for e-mail; an SMS gateway). Throwing marks the attempt failed. */
export type Transport = { channel: 'email' | 'sms'; send(message: OutboxMessage): Promise<void> };

const MAX_ATTEMPTS = 5;

/** Queues a message; call it inside the transaction of whatever caused it, so both happen or neither. */
export async function enqueueMessage(db: Db, message: NewMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      text: message.text,
      html: message.html ?? null,
      template: message.template,
      userId: message.userId ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/**
 * Claims due messages of the transport's channel (FOR UPDATE SKIP LOCKED, so several processes can run
 * this at once without sending twice) and delivers them; failures back off exponentially and give up
 * after a few attempts. Returns how many were sent.
 */
export async function deliverPending(db: Db, transport: Transport, batchSize = 20): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.status, 'pending'), eq(outbox.channel, transport.channel), lte(outbox.availableAt, sql`now()`)),
      )
      .orderBy(outbox.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const message of due) {
      try {
        await transport.send(message);
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1 })
          .where(eq(outbox.id, message.id));
        sent++;
      } catch (err) {
        const attempts = message.attempts + 1;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            availableAt: new Date(Date.now() + 2 ** attempts * 1000),
          })
          .where(eq(outbox.id, message.id));
      }
    }
  });
  return sent;
}

export async function listOutbox(
  db: Db,
  options: { recipient?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outbox)
    .where(options.recipient ? sql`lower(${outbox.recipient}) = lower(${options.recipient})` : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit ?? 50);
}

/** Runs delivery every `intervalMs` until stopped; a failing round is logged, never fatal. */
export function startOutboxWorker(
  db: Db,
  transports: Transport[],
  log: { error(obj: unknown, msg: string): void },
  intervalMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.all(transports.map((t) => deliverPending(db, t)))
      .catch((err) => log.error({ err }, 'outbox delivery failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
