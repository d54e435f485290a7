import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { deliverPending, enqueueMessage, listOutbox } from './outbox.ts';
import { smtpTransport } from './smtp.ts';

type Received = { from: string; to: string[]; data: string };

let t: TestApp;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
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
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('outbox', () => {
  it('delivers a queued e-mail through a real SMTP server and marks it sent', async () => {
    const id = await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'farmer@demo.granary.test',
      subject: 'Your sign-in link',
      text: 'Sign in: http://localhost/login/magic?token=abc',
      template: 'magic_link',
    });
    const sent = await deliverPending(
      t.database.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Granary <no-reply@granary.test>'),
    );
    expect(sent).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['farmer@demo.granary.test']);
    expect(received[0]!.data).toContain('Subject: Your sign-in link');
    expect(received[0]!.data).toContain('login/magic?token=abc');
    const [row] = await listOutbox(t.database.db, { recipient: 'farmer@demo.granary.test' });
    expect(row).toMatchObject({ id, status: 'sent' });
    expect(row!.sentAt).not.toBeNull();
  });

  it('keeps a message pending with its error when delivery fails, and never sends it twice', async () => {
    await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'x@demo.granary.test',
      text: 'hi',
      template: 't',
    });
    const failing = { channel: 'email' as const, send: async () => Promise.reject(new Error('mail server down')) };
    expect(await deliverPending(t.database.db, failing)).toBe(0);
    const [row] = await listOutbox(t.database.db, { recipient: 'x@demo.granary.test' });
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server down' });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now());
    // Backed off: an immediate second round doesn't retry it, and an SMS transport never takes e-mail.
    const seen: number[] = [];
    const sms = { channel: 'sms' as const, send: async (m: { id: number }) => void seen.push(m.id) };
    expect(await deliverPending(t.database.db, sms)).toBe(0);
    expect(seen).toEqual([]);
  });
});
