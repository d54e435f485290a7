/* @jsxRuntime automatic */
// What the farmer hears about a payment request by e-mail (issue 14; docs/decisions/045): approved and on its way,
// paid, or returned by the bank. Money through mailMoney, days through mailDay.
import { Action, MailLayout, P, type MailContext } from './mail-layout.tsx';
import { mailDay, mailMoney } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type PaymentMailData = {
  firstName: string | null;
  amount: string;
  method: 'ach' | 'check';
  market: string;
  /** The settlements paid ('S-000123, S-000124'). */
  settlements: string;
  checkNumber: string | null;
  /** An ACH payment's settlement day. */
  settlesOn: string | null;
  returnReason: string | null;
};

const sample: PaymentMailData = {
  firstName: 'Dana',
  amount: '21748.37',
  method: 'ach',
  market: 'Central Elevator (Ames, IA)',
  settlements: 'S-000123',
  checkNumber: null,
  settlesOn: '2026-11-30',
  returnReason: null,
};

const how = (d: PaymentMailData) =>
  d.method === 'ach' ? 'by ACH' : `by check${d.checkNumber ? ` no. ${d.checkNumber}` : ''}`;

function PaymentMail({
  ctx,
  d,
  preview,
  line,
}: {
  ctx: MailContext;
  d: PaymentMailData;
  preview: string;
  line: string;
}) {
  return (
    <MailLayout ctx={ctx} preview={preview}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>{line}</P>
      <Action ctx={ctx} label="See your payments" path="/my-sales-lite/payments" />
    </MailLayout>
  );
}

export const paymentApproved: MailTemplate<PaymentMailData> = {
  subject: () => 'Your payment is on its way',
  sample,
  Body: ({ data: d, ctx }) => (
    <PaymentMail
      ctx={ctx}
      d={d}
      preview="Your payment is on its way"
      line={
        `${d.market} approved your payment of ${mailMoney(d.amount, 'usd')} for settlement ${d.settlements} and sent it ${how(d)}` +
        (d.settlesOn ? `; it should reach your bank on ${mailDay(d.settlesOn, ctx)}.` : '.')
      }
    />
  ),
};

export const paymentPaid: MailTemplate<PaymentMailData> = {
  subject: () => 'You were paid',
  sample: { ...sample, settlesOn: null },
  Body: ({ data: d, ctx }) => (
    <PaymentMail
      ctx={ctx}
      d={d}
      preview="You were paid"
      line={`Your payment of ${mailMoney(d.amount, 'usd')} from ${d.market} for settlement ${d.settlements} (${how(d)}) is paid.`}
    />
  ),
};

export const paymentReturned: MailTemplate<PaymentMailData> = {
  subject: () => 'Your payment was returned',
  sample: { ...sample, returnReason: 'Account closed (R02)' },
  Body: ({ data: d, ctx }) => (
    <PaymentMail
      ctx={ctx}
      d={d}
      preview="Your payment was returned"
      line={
        `Your payment of ${mailMoney(d.amount, 'usd')} from ${d.market} for settlement ${d.settlements} (${how(d)}) came back` +
        `${d.returnReason ? `: ${d.returnReason}` : ''}. You can request it again once your payment details are right.`
      }
    />
  ),
};
