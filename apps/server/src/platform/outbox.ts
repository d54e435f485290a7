// The outbox: messages (e-mail, SMS) are written in the transaction of whatever caused them and delivered
// afterwards by a job of their own (OUTBOX_DELIVERY_JOB, run by the one job worker of platform/jobs.ts).

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { enqueue, registerJobHandler, retryDelayMs, type JobContext } from './jobs.ts';
import { outbox } from '../db/schema/index.ts';
import { MAIL_TOPICS } from './mail/mail-topics.ts';
import type { MailTemplateName } from './mail/mail-templates.ts';
import { wants } from './notification-preferences.ts';

export type OutboxMessage = typeof outbox.$inferSelect;

export type NewMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  /** Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
  template: string;
  userId?: string | null;
};

/** A way to deliver messages (SMTP for e-mail; an SMS gateway). Throwing marks the attempt failed. */
export type Transport = { channel: 'email' | 'sms'; send(message: OutboxMessage): Promise<void> };

/** The job kind that delivers one outbox message (platform/jobs.ts; docs/decisions/028). */
export const OUTBOX_DELIVERY_JOB = 'outbox.deliver';

/** Tries before a message is given up (failed), as before delivery was a job: the job kind's attempts. */
const MAX_ATTEMPTS = 5;

/**
 * How long a delivery's claim holds before another process may take it again: nodemailer's longest default timeout
 * (the socket's, 10 minutes), so a slow send that can still finish is never sent a second time by another process.
 */
const DELIVERY_LEASE_MS = 600_000;

/** The transports of this process, by channel (main.ts sets them from the environment). */
const transports = new Map<Transport['channel'], Transport>();

/**
 * Sets the transports this process delivers with (replacing the previous set). A channel without one is not
 * delivered: its messages stay pending in the outbox, where the dev mailbox shows them.
 */
export function setOutboxTransports(list: readonly Transport[]): void {
  transports.clear();
  for (const transport of list) transports.set(transport.channel, transport);
}

/**
 * Queues a message and the job that delivers it; call it inside the transaction of whatever caused it, so all
 * happen or none (a transaction of its own, a savepoint inside the caller's).
 */
export async function enqueueMessage(db: Db, message: NewMessage): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        text: message.text,
        html: message.html ?? null,
        headers: message.headers ?? null,
        template: message.template,
        userId: message.userId ?? null,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    await enqueue(tx, OUTBOX_DELIVERY_JOB, { messageId: row.id });
    return row.id;
  });
}

/**
 * Delivers one message: the job runner claimed its job (FOR UPDATE SKIP LOCKED, so one process sends it) and
 * retries it with the jobs' back-off (2, 4, 8 … s) when the transport throws; the message row mirrors each try
 * (attempts, last error, when it may go next) and is failed with the job's last attempt. No transaction is held
 * while the transport talks to the mail server.
 */
async function deliverMessage({ db, job, now }: JobContext): Promise<void> {
  const id = Number(job.payload['messageId']);
  const [message] = await db.select().from(outbox).where(eq(outbox.id, id));
  // Sent, failed for good, held, or deleted since: nothing to do.
  if (!message || message.status !== 'pending') return;
  const transport = transports.get(message.channel);
  // No way to deliver this channel from this process (no SMTP_URL; no SMS gateway): it stays in the outbox.
  if (!transport) return;
  // A notification or marketing mail whose recipient has since unsubscribed from its topic does not go (decision 055).
  const topic = MAIL_TOPICS[message.template as MailTemplateName];
  if (message.channel === 'email' && topic && message.userId && !(await wants(db, message.userId, topic, 'email'))) {
    await db
      .update(outbox)
      .set({ status: 'suppressed', lastError: `unsubscribed from ${topic}` })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    return;
  }
  const attempts = job.attempts;
  try {
    await transport.send(message);
  } catch (err) {
    await db
      .update(outbox)
      .set({
        attempts,
        lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        availableAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    throw err;
  }
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), attempts })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

registerJobHandler(OUTBOX_DELIVERY_JOB, deliverMessage, { maxAttempts: MAX_ATTEMPTS, leaseMs: DELIVERY_LEASE_MS });

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
