import { describe, expect, it } from 'vitest';
import { mailLink } from './mail-link.ts';
import { MAIL_TEMPLATE_NAMES, MAIL_TEMPLATES } from './mail-templates.ts';
import { renderMail, renderSamples } from './render-mail.tsx';
import { mailContext } from './send-mail.ts';
import { mailMoney } from './mail-format.ts';

const partner = {
  branding: {
    tradeName: 'Prairie Grain Co.',
    shortName: 'Prairie',
    legalName: 'Prairie Grain Company Ltd.',
    supportEmail: 'help@prairie.example',
    supportPhone: '1-800-555-0100',
  },
  theme: { primary: '#8a4b08' },
  legalFooter: '© 2026 Prairie Grain Company Ltd.',
  logo: null,
} as unknown as Parameters<typeof mailContext>[0];

const ORIGIN = 'https://prairie.example:8443';
const ctx = mailContext(partner, ORIGIN);

/** Every href and src of an HTML document (entities decoded as a browser would). */
function links(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

describe('mailLink', () => {
  it('builds absolute links on the origin and refuses anything else', () => {
    expect(mailLink(ORIGIN, '/login/magic?token=a b')).toBe(`${ORIGIN}/login/magic?token=a%20b`);
    expect(mailLink('http://localhost:3000', '/my-sales-lite/bids')).toBe('http://localhost:3000/my-sales-lite/bids');
    expect(mailLink(ORIGIN, `${ORIGIN}/esign/sign/x`)).toBe(`${ORIGIN}/esign/sign/x`);
    expect(() => mailLink(ORIGIN, 'my-sales-lite/bids')).toThrow();
    expect(() => mailLink(ORIGIN, '//evil.example/x')).toThrow();
    expect(() => mailLink(ORIGIN, 'https://evil.example/x')).toThrow();
    expect(() => mailLink('/relative', '/x')).toThrow();
    expect(() => mailLink('javascript:alert(1)', '/x')).toThrow();
  });
});

describe('mail templates', () => {
  it.each(MAIL_TEMPLATE_NAMES)('%s renders HTML and text, every link absolute on the partner host', async (name) => {
    const mail = await renderMail(name, MAIL_TEMPLATES[name].sample as never, ctx);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('Prairie Grain Co.');
    expect(mail.html).toContain('Prairie Grain Company Ltd.');
    expect(mail.html).toContain('help@prairie.example');
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toContain('Prairie Grain Co.');
    const hrefs = links(mail.html);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      if (href.startsWith('mailto:')) continue;
      expect(new URL(href).origin, href).toBe(ORIGIN);
    }
    expect(mail.html).not.toMatch(/-\$?0\.00\b/);
    expect(mail.text).not.toMatch(/-\$?0\.00\b/);
  });

  it('the mails with an action have a real button and write its link in the text part', async () => {
    const mail = await renderMail('magic_link', { firstName: 'Dana', path: '/login/magic?token=t1' }, ctx);
    expect(mail.html).toMatch(/<a href="https:\/\/prairie\.example:8443\/login\/magic\?token=t1"[^>]*>/);
    expect(mail.text).toContain(`${ORIGIN}/login/magic?token=t1`);
  });

  it('writes money as the pages do', async () => {
    const mail = await renderMail('store_order_confirmation', MAIL_TEMPLATES.store_order_confirmation.sample, ctx);
    expect(mail.text).toContain('$4,477.99');
    expect(mail.text).not.toContain('USD');
    expect(mail.html).toContain('$4,477.99');
    // A zero discount is left out, never "-$0.00".
    expect(mail.text).not.toContain('Discounts');
    expect(mailMoney('-0.001', 'usd')).toBe('$0.00');
    expect(mailMoney('-12.5', 'usd')).toBe('-$12.50');
  });

  it('writes offer prices in the trade notation with their unit', async () => {
    const mail = await renderMail('offers_price_hit', MAIL_TEMPLATES.offers_price_hit.sample, ctx);
    expect(mail.text).toContain('5,000 bu of Corn (Dec 2026) at $4.33½/bu');
    expect(mail.text).toContain('the bid is $4.34¾/bu');
  });

  it('escapes what the data carries', async () => {
    const mail = await renderMail('email_changed', { firstName: '<b>x</b>', newAddress: 'a@b.c' }, ctx);
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('renders every template as a sample for the preview', async () => {
    const samples = await renderSamples(ctx);
    expect(samples.map((s) => s.template)).toEqual(MAIL_TEMPLATE_NAMES);
    // A notification or marketing mail's preview shows its unsubscribe footer; a transactional one's none.
    const welcome = samples.find((s) => s.template === 'marketing_welcome')!;
    expect(welcome.html).toContain(`href="${ORIGIN}/one-click-unsubscribe/sample"`);
    expect(welcome.text).toContain('marketing notification settings');
    expect(samples.find((s) => s.template === 'magic_link')!.html).not.toContain('one-click-unsubscribe');
  });
});
