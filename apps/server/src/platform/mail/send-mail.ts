// Sending a templated e-mail: rendered (HTML and plain text) and queued in the outbox in the caller's transaction.
import { oneClickUnsubscribePath, type WhiteLabelPartner } from '@granary/domain';
import type { Db } from '../db.ts';
import { wants } from '../notification-preferences.ts';
import { unsubscribeId } from '../notifications.ts';
import { enqueueMessage } from '../outbox.ts';
import { mailLink } from './mail-link.ts';
import { MAIL_TOPIC_WORDS, MAIL_TOPICS } from './mail-topics.ts';
import type { MailBrand, MailContext } from './mail-layout.tsx';
import type { MailData, MailTemplateName } from './mail-templates.ts';

/** What the mails show of a partner. */
function mailBrandOf(partner: Pick<WhiteLabelPartner, 'branding' | 'theme' | 'legalFooter' | 'logo'>): MailBrand {
  return {
    tradeName: partner.branding.tradeName,
    shortName: partner.branding.shortName,
    legalName: partner.branding.legalName,
    legalFooter: partner.legalFooter,
    supportEmail: partner.branding.supportEmail,
    supportPhone: partner.branding.supportPhone,
    primary: partner.theme.primary,
    logo: partner.logo,
  };
}

/** The context a mail is rendered in: the partner's brand and the origin (the host the user came from) of its links. */
export function mailContext(
  partner: Pick<WhiteLabelPartner, 'branding' | 'theme' | 'legalFooter' | 'logo'>,
  origin: string,
  locale: MailContext['locale'] = 'en-US',
): MailContext {
  return { brand: mailBrandOf(partner), origin, locale };
}

/**
 * Renders a template and queues it (the outbox keeps the subject, the HTML, the text and the headers). A notification
 * or marketing template (mail-topics.ts) goes only to a user who wants its topic by e-mail now — null, nothing queued,
 * when they do not — and carries their one-click unsubscribe link and the RFC 8058 headers (docs/decisions/055).
 */
export async function sendMail<N extends MailTemplateName>(
  db: Db,
  mail: { template: N; data: MailData<N>; ctx: MailContext; recipient: string; userId?: string | null },
): Promise<number | null> {
  let ctx = mail.ctx;
  let headers: Record<string, string> | null = null;
  const topic = MAIL_TOPICS[mail.template];
  if (topic) {
    // A notification is about a user's own business: without one to ask, it is not sent.
    if (!mail.userId || !(await wants(db, mail.userId, topic, 'email'))) return null;
    const path = oneClickUnsubscribePath(await unsubscribeId(db, mail.userId, topic));
    ctx = { ...ctx, unsubscribe: { path, topic: MAIL_TOPIC_WORDS[topic] } };
    headers = {
      'List-Unsubscribe': `<${mailLink(ctx.origin, path)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  // Loaded on the first mail: the templates and react-email are ~45 MB a server that sends none need not hold.
  const { renderMail } = await import('./render-mail.tsx');
  const rendered = await renderMail(mail.template, mail.data, ctx);
  return enqueueMessage(db, {
    channel: 'email',
    recipient: mail.recipient,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers,
    template: mail.template,
    userId: mail.userId ?? null,
  });
}
