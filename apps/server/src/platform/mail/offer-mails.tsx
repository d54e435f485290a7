/* @jsxRuntime automatic */
// What the farmer hears about an offer by e-mail (docs/decisions/019): reached its target, filled, declined, cancelled
// by the buyer. Prices in the partner's notation with their unit, quantities with theirs.
import type { PriceNotation } from '@granary/domain';
import { Action, MailLayout, P, type MailContext } from './mail-layout.tsx';
import { mailPrice, mailQuantity } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type OfferMailData = {
  firstName: string | null;
  quantity: string;
  quantityUnit: string;
  crop: string;
  deliveryPeriod: string;
  targetCash: string;
  market: string;
  /** The bid's cash when the offer was hit. */
  cash: string | null;
  /** The contract a fill made. */
  contract: string | null;
  notation?: PriceNotation;
};

const sample: OfferMailData = {
  firstName: 'Dana',
  quantity: '5000',
  quantityUnit: 'bu',
  crop: 'Corn',
  deliveryPeriod: 'Dec 2026',
  targetCash: '4.335',
  market: 'Central Elevator (Ames, IA)',
  cash: '4.3475',
  contract: 'A-200108',
};

function price(value: string, d: OfferMailData): string {
  return mailPrice(value, { currency: 'usd', unit: d.quantityUnit, notation: d.notation });
}

function describe(d: OfferMailData): string {
  return `${mailQuantity(d.quantity, d.quantityUnit)} of ${d.crop} (${d.deliveryPeriod}) at ${price(d.targetCash, d)}`;
}

function OfferMail({ ctx, d, preview, line }: { ctx: MailContext; d: OfferMailData; preview: string; line: string }) {
  return (
    <MailLayout ctx={ctx} preview={preview}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>{line}</P>
      <Action ctx={ctx} label="See your offers" path="/my-sales-lite/bids" />
    </MailLayout>
  );
}

export const offerPriceHit: MailTemplate<OfferMailData> = {
  subject: () => 'Your offer reached its target',
  sample,
  Body: ({ data: d, ctx }) => (
    <OfferMail
      ctx={ctx}
      d={d}
      preview="Your offer reached its target"
      line={`Your offer to sell ${describe(d)} at ${d.market} reached its target${d.cash ? `: the bid is ${price(d.cash, d)}` : ''}.`}
    />
  ),
};

export const offerFilled: MailTemplate<OfferMailData> = {
  subject: () => 'Your offer was filled',
  sample,
  Body: ({ data: d, ctx }) => (
    <OfferMail
      ctx={ctx}
      d={d}
      preview="Your offer was filled"
      line={`Your offer to sell ${describe(d)} at ${d.market} was filled${d.contract ? ` as contract ${d.contract}` : ''}.`}
    />
  ),
};

export const offerRejected: MailTemplate<OfferMailData> = {
  subject: () => 'Your offer was declined',
  sample,
  Body: ({ data: d, ctx }) => (
    <OfferMail
      ctx={ctx}
      d={d}
      preview="Your offer was declined"
      line={`${d.market} declined your offer to sell ${describe(d)}.`}
    />
  ),
};

export const offerCancelled: MailTemplate<OfferMailData> = {
  subject: () => 'Your offer was cancelled',
  sample,
  Body: ({ data: d, ctx }) => (
    <OfferMail
      ctx={ctx}
      d={d}
      preview="Your offer was cancelled"
      line={`${d.market} cancelled your offer to sell ${describe(d)}.`}
    />
  ),
};
