import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { MAIL_TEMPLATE_NAMES } from '../../platform/mail/mail-templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
}, 120_000);
afterAll(() => t.close());

type Mail = { template: string; subject: string | null; html: string | null; text: string };

/** Every href of an HTML document, entities decoded. */
const hrefsOf = (html: string) => [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

function expectLinksOn(mail: Pick<Mail, 'html' | 'text'>, origin: string) {
  const hrefs = hrefsOf(mail.html!).filter((h) => !h.startsWith('mailto:'));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(new URL(href).origin, href).toBe(origin);
  for (const url of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(new URL(url).origin, url).toBe(origin);
}

describe('e-mails in the outbox', () => {
  it('keeps the HTML and the plain text of a mail, both linking to the host the user came from', async () => {
    const host = 'prairie.localhost:3000';
    const ip = '10.9.0.1';
    const boot = await t.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: ip, headers: { host } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login/magic-link/initiate?email=${encodeURIComponent(DEMO_ACCOUNTS.prairieBuyer)}`,
      remoteAddress: ip,
      headers: {
        host,
        cookie: `granary_anon=${cookiesFrom(boot.headers['set-cookie']).granary_anon}`,
        'x-csrf-token': boot.json().csrf as string,
      },
    });
    expect(res.statusCode).toBe(200);
    const box = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?recipient=${encodeURIComponent(DEMO_ACCOUNTS.prairieBuyer)}&limit=1`,
      remoteAddress: '127.0.0.1',
    });
    const [mail] = box.json().messages as Mail[];
    expect(mail!.template).toBe('magic_link');
    expect(mail!.html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.html).toMatch(/<a href="http:\/\/prairie\.localhost:3000\/login\/magic\?token=[^"]+"[^>]*>/);
    expect(mail!.text).toMatch(/Sign in http:\/\/prairie\.localhost:3000\/login\/magic\?token=\S+/);
    expect(mail!.text).not.toContain('<');
    expectLinksOn(mail!, 'http://prairie.localhost:3000');
  });
});

describe('the mailbox previews every template', () => {
  it('renders each with sample data in the brand and on the host of the request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/templates',
      remoteAddress: '127.0.0.1',
      headers: { host: 'prairie.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const { templates } = res.json() as { templates: Mail[] };
    expect(templates.map((m) => m.template)).toEqual(MAIL_TEMPLATE_NAMES);
    for (const mail of templates) {
      expect(mail.subject!.length).toBeGreaterThan(5);
      expectLinksOn(mail, 'http://prairie.localhost:3000');
      expect(mail.html).not.toMatch(/-\$0\.00/);
    }
    const order = templates.find((m) => m.template === 'store_order_confirmation')!;
    expect(order.text).toContain('$4,477.99');
    expect(order.text).not.toMatch(/\d USD/);
  });

  it('answers only a developer at this machine', async () => {
    const url = '/api/dev/mailbox/templates';
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
  });
});
