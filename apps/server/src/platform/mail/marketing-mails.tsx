/* @jsxRuntime automatic */
// Marketing e-mails (issue 16): sent only to users who consented, each with the one-click unsubscribe link.
import { Action, MailLayout, P } from './mail-layout.tsx';
import type { MailTemplate } from './mail-template.ts';

export type MarketingWelcomeData = { firstName: string | null };

/** The first marketing e-mail, when a user subscribes: what they will hear about, and the store. */
export const marketingWelcome: MailTemplate<MarketingWelcomeData> = {
  subject: (_d, { brand }) => `You're subscribed to news from ${brand.tradeName}`,
  sample: { firstName: 'Jordan' },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Offers, new products and market news from ${ctx.brand.tradeName}`}>
      <P>{d.firstName ? `Hi ${d.firstName},` : 'Hello,'}</P>
      <P>
        Thanks for subscribing. {ctx.brand.tradeName} will write to you about seasonal offers in the input store, new
        products and programs, and market news for your farm — a few e-mails a month at most.
      </P>
      <Action ctx={ctx} label="Visit the store" path="/direct" />
      <P>You can stop these e-mails at any time with the unsubscribe link below, in one click.</P>
    </MailLayout>
  ),
};
