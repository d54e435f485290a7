/* @jsxRuntime automatic */
import { render } from '@react-email/render';
import type { MailContext } from './mail-layout.tsx';
import type { MailTemplate } from './mail-template.ts';
import { MAIL_TEMPLATES, type MailData, type MailTemplateName } from './mail-templates.ts';
import { MAIL_TOPIC_WORDS, MAIL_TOPICS } from './mail-topics.ts';

/** The plain-text part: headings as written (not upper-cased); an order's lines as rows (words, then amount). */
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.lines', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

export type RenderedMail = { subject: string; html: string; text: string };

/** A mail's subject, its HTML part and its plain-text part, from one template. */
export async function renderMail<N extends MailTemplateName>(
  name: N,
  data: MailData<N>,
  ctx: MailContext,
): Promise<RenderedMail> {
  const template = MAIL_TEMPLATES[name] as unknown as MailTemplate<MailData<N>>;
  const { Body } = template;
  const element = <Body data={data} ctx={ctx} />;
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  return { subject: template.subject(data, ctx), html, text: `${text.trim()}\n` };
}

/** The context of a template's preview: a notification or marketing mail shows its unsubscribe footer, as sent. */
function sampleContext(name: MailTemplateName, ctx: MailContext): MailContext {
  const topic = MAIL_TOPICS[name];
  return topic
    ? { ...ctx, unsubscribe: { path: '/one-click-unsubscribe/sample', topic: MAIL_TOPIC_WORDS[topic] } }
    : ctx;
}

/** Each template with its sample data (the dev mailbox's previews). */
export async function renderSamples(ctx: MailContext): Promise<(RenderedMail & { template: MailTemplateName })[]> {
  const names = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];
  return Promise.all(
    names.map(async (name) => ({
      template: name,
      ...(await renderMail(name, MAIL_TEMPLATES[name].sample, sampleContext(name, ctx))),
    })),
  );
}
