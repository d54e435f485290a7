import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rowsOf } from './db.ts';
import { runDueJobs } from './jobs.ts';
import { OUTBOX_DELIVERY_JOB, enqueueMessage, listOutbox, setOutboxTransports } from './outbox.ts';
import { smtpTransport } from './smtp.ts';
import { mailContext, sendMail } from './mail/send-mail.ts';

type Received = { from: string; to: string[]; data: string };

let t: TestApp;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Only this file's jobs: whatever creating the app queued (the demo's mail, recurring jobs) is not under test.
  await t.database.db.execute(sql`delete from jobs`);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  setOutboxTransports([]);
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The delivery jobs of the outbox, as the job table holds them. */
async function deliveryJobs() {
  return rowsOf<{ status: string; attempts: number; run_at: string | Date; payload: { messageId: number } }>(
    await t.database.db.execute(
      sql`select status, attempts, run_at, payload from jobs where kind = ${OUTBOX_DELIVERY_JOB} order by id`,
    ),
  );
}

describe('outbox', () => {
  it('delivers a queued e-mail through a real SMTP server as a job, and marks it sent', async () => {
    setOutboxTransports([smtpTransport(`smtp://127.0.0.1:${port}`, 'Granary <no-reply@granary.test>')]);
    const id = await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'farmer@demo.granary.test',
      subject: 'Your sign-in link',
      text: 'Sign in: http://localhost/login/magic?token=abc',
      template: 'magic_link',
    });
    // Queued with the message: its delivery job.
    expect(await deliveryJobs()).toEqual([expect.objectContaining({ status: 'pending', payload: { messageId: id } })]);
    expect(await runDueJobs(t.database.db)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['farmer@demo.granary.test']);
    expect(received[0]!.data).toContain('Subject: Your sign-in link');
    expect(received[0]!.data).toContain('login/magic?token=abc');
    const [row] = await listOutbox(t.database.db, { recipient: 'farmer@demo.granary.test' });
    expect(row).toMatchObject({ id, status: 'sent', attempts: 1 });
    expect(row!.sentAt).not.toBeNull();
    expect(await deliveryJobs()).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    // Done: the next round sends nothing again.
    expect(await runDueJobs(t.database.db)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('keeps a message pending with its error when delivery fails, retries it with back-off, and never sends it twice', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    let tries = 0;
    setOutboxTransports([
      {
        channel: 'email',
        send: async () => {
          tries++;
          return Promise.reject(new Error('mail server down'));
        },
      },
    ]);
    await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'x@demo.granary.test',
      text: 'hi',
      template: 't',
    });
    const now = new Date();
    expect(await runDueJobs(t.database.db, now)).toBe(1);
    expect(tries).toBe(1);
    const [row] = await listOutbox(t.database.db, { recipient: 'x@demo.granary.test' });
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server down' });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now());
    // The job backs off as every job does (2 s after the first try), and the message says when it goes next.
    const [job] = await deliveryJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(job!.run_at).getTime()).toBe(now.getTime() + 2000);
    expect(row!.availableAt.getTime()).toBe(now.getTime() + 2000);
    // Backed off: an immediate second round doesn't retry it, and an SMS transport never takes e-mail.
    expect(await runDueJobs(t.database.db, now)).toBe(0);
    expect(tries).toBe(1);
    const seen: number[] = [];
    setOutboxTransports([{ channel: 'sms', send: async (m: { id: number }) => void seen.push(m.id) }]);
    expect(await runDueJobs(t.database.db, new Date(now.getTime() + 2000))).toBe(1);
    expect(seen).toEqual([]);
    const [kept] = await listOutbox(t.database.db, { recipient: 'x@demo.granary.test' });
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('gives a message up (failed) with the last attempt of its job', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    setOutboxTransports([{ channel: 'email', send: async () => Promise.reject(new Error('mailbox unavailable')) }]);
    await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'gone@demo.granary.test',
      text: 'hi',
      template: 't',
    });
    let at = Date.now();
    for (let i = 1; i <= 5; i++) {
      expect(await runDueJobs(t.database.db, new Date(at))).toBe(1);
      at += 2 ** i * 1000;
    }
    const [row] = await listOutbox(t.database.db, { recipient: 'gone@demo.granary.test' });
    expect(row).toMatchObject({ status: 'failed', attempts: 5, lastError: 'mailbox unavailable' });
    expect(await deliveryJobs()).toEqual([expect.objectContaining({ status: 'failed', attempts: 5 })]);
    expect(await runDueJobs(t.database.db, new Date(at + 3_600_000))).toBe(0);
  });

  it('leaves messages of a channel this process has no transport for in the outbox (the dev mailbox)', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    setOutboxTransports([]);
    const id = await enqueueMessage(t.database.db, {
      channel: 'sms',
      recipient: '+15555550100',
      text: 'Your code is 123456',
      template: 'sms_code',
    });
    expect(await runDueJobs(t.database.db)).toBe(1);
    const [row] = await listOutbox(t.database.db, { recipient: '+15555550100' });
    expect(row).toMatchObject({ id, status: 'pending', attempts: 0, lastError: null });
  });

  it('queues a message and its job together, or neither', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMessage(tx, { channel: 'email', recipient: 'never@demo.granary.test', text: 'hi', template: 't' });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect(await listOutbox(t.database.db, { recipient: 'never@demo.granary.test' })).toEqual([]);
    expect(await deliveryJobs()).toEqual([]);
  });

  it('sends a templated e-mail as multipart/alternative: its plain text and its HTML', async () => {
    setOutboxTransports([smtpTransport(`smtp://127.0.0.1:${port}`, 'Granary <no-reply@granary.test>')]);
    const partner = {
      branding: {
        tradeName: 'Granary Demo Grain',
        shortName: 'Granary',
        legalName: 'Granary Demo Grain Co.',
        supportEmail: 'support@demo.granary.test',
        supportPhone: '1-800-555-0142',
      },
      theme: { primary: '#2e7d32', secondary: '#f9a825' },
      legalFooter: '© Granary Demo Grain Co.',
      logo: null,
    } as Parameters<typeof mailContext>[0];
    await sendMail(t.database.db, {
      template: 'magic_link',
      data: { firstName: 'Sam', path: '/login/magic?token=multi' },
      ctx: mailContext(partner, 'http://localhost:3000'),
      recipient: 'multipart@demo.granary.test',
    });
    const before = received.length;
    await runDueJobs(t.database.db);
    const mail = received.slice(before).find((r) => r.to.includes('multipart@demo.granary.test'));
    expect(mail!.data).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.data).toMatch(/Content-Type: text\/plain/i);
    expect(mail!.data).toMatch(/Content-Type: text\/html/i);
    setOutboxTransports([]);
  });
});
