/* @jsxRuntime automatic */
// A price alert that fired (issue 17, docs/decisions/058): what was watched, the level and the price that crossed it,
// in the partner's notation. The price_alerts topic (mail-topics.ts): sent only as the user's preference says, with the
// one-click unsubscribe link.
import type { PriceNotation } from '@granary/domain';
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailPrice } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type PriceAlertMailData = {
  firstName: string | null;
  /** What was watched: 'Corn futures ZCZ26' or 'Corn, Dec 2026 at Central Elevator (Ames, IA)'. */
  subject: string;
  direction: 'above' | 'below';
  level: string;
  price: string;
  /** The quantity unit the prices are per ('bushels', 'tonnes'). */
  unit: string;
  currency: string;
  notation?: PriceNotation;
};

const sample: PriceAlertMailData = {
  firstName: 'Dana',
  subject: 'Corn futures ZCZ26',
  direction: 'above',
  level: '4.5',
  price: '4.5225',
  unit: 'bushels',
  currency: 'usd',
};

function price(value: string, d: PriceAlertMailData): string {
  return mailPrice(value, { currency: d.currency, unit: d.unit, notation: d.notation });
}

export const priceAlert: MailTemplate<PriceAlertMailData> = {
  subject: (d) => `Price alert: ${d.subject} is ${d.direction} ${price(d.level, d)}`,
  sample,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`${d.subject} is ${d.direction} your level`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>{`${d.subject} is ${price(d.price, d)}, ${d.direction} the level of ${price(d.level, d)} you set an alert on.`}</P>
      <P>The alert will not fire again until you edit it.</P>
      <Action ctx={ctx} label="See your alerts" path="/profit-center/marketing" />
    </MailLayout>
  ),
};
