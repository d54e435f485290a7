/* @jsxRuntime automatic */
// The store's order confirmation (issue 6): the lines and totals as the order page shows them ("$4,477.99").
import type { ReactNode } from 'react';
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailMoney } from './mail-format.ts';
import { ORDER_STATUS_WORDS, type OrderStatusMailStatus } from './order-status-words.ts';
import type { MailTemplate } from './mail-template.ts';

export type OrderMailData = {
  firstName: string | null;
  orderNumber: string;
  /** The order's page, e.g. /direct/order-confirmation/<cart id>. */
  path: string;
  currency: string;
  lines: { quantity: number; name: string; label: string; total: string }[];
  totals: { goods: string; discounts: string; shipping: string; tax: string; fees: string; total: string };
};

const cell = {
  fontSize: '14px',
  lineHeight: '22px',
  color: '#1d2a1f',
  padding: '4px 0',
  fontFamily: 'Arial, sans-serif',
};

/** One line of the order: its words left, its amount right (a table, so the plain text keeps them on one line). */
function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <tr>
      <td style={{ ...cell, fontWeight: weight }}>{label}</td>
      <td style={{ ...cell, fontWeight: weight, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '16px' }}>
        {amount}
      </td>
    </tr>
  );
}

function Lines({ children, rule }: { children: ReactNode; rule?: boolean }) {
  return (
    <table
      className="lines"
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: '0 0 16px', borderTop: rule ? '1px solid #e3e8e1' : undefined, paddingTop: rule ? '8px' : 0 }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function isZero(amount: string): boolean {
  return Number(amount) === 0;
}

export const orderConfirmation: MailTemplate<OrderMailData> = {
  subject: (d) => `Your order ${d.orderNumber} is placed`,
  sample: {
    firstName: 'Dana',
    orderNumber: 'GR-104233',
    path: '/direct/order-confirmation/sample',
    currency: 'usd',
    lines: [
      { quantity: 2, name: 'Glyphosate 540', label: '2.5 gal jug', total: '3977.99' },
      { quantity: 1, name: 'Seed treatment', label: '1 unit', total: '450' },
    ],
    totals: { goods: '4427.99', discounts: '0', shipping: '50', tax: '0', fees: '0', total: '4477.99' },
  },
  Body: ({ data: d, ctx }) => {
    const m = (v: string) => mailMoney(v, d.currency);
    return (
      <MailLayout ctx={ctx} preview={`Order ${d.orderNumber}: ${m(d.totals.total)}`}>
        <P>{`Hi ${d.firstName ?? 'there'},`}</P>
        <P>Thank you for your order {d.orderNumber}.</P>
        <Lines>
          {d.lines.map((l, i) => (
            <Line key={i} label={`${l.quantity} × ${l.name} (${l.label})`} amount={m(l.total)} />
          ))}
        </Lines>
        <Lines rule>
          <Line label="Goods" amount={m(d.totals.goods)} />
          {isZero(d.totals.discounts) ? null : <Line label="Discounts" amount={`-${m(d.totals.discounts)}`} />}
          <Line label="Shipping" amount={m(d.totals.shipping)} />
          {isZero(d.totals.tax) ? null : <Line label="Tax" amount={m(d.totals.tax)} />}
          {isZero(d.totals.fees) ? null : <Line label="Fees" amount={m(d.totals.fees)} />}
          <Line label="Total" amount={m(d.totals.total)} strong />
        </Lines>
        <Action ctx={ctx} label="See your order" path={d.path} />
      </MailLayout>
    );
  },
};

export type OrderStatusMailData = {
  firstName: string | null;
  orderNumber: string;
  status: OrderStatusMailStatus;
  /** The order's page, e.g. /direct/order-history-details/<order id>. */
  path: string;
};

/**
 * A change of an order's status (issue 16, decision 055): a notification of the orders topic, sent only when the buyer
 * wants order updates by e-mail, with the one-click unsubscribe. The order confirmation above is the receipt.
 */
export const orderStatus: MailTemplate<OrderStatusMailData> = {
  subject: (d) => `Your order ${d.orderNumber} ${ORDER_STATUS_WORDS[d.status].subject}`,
  sample: {
    firstName: 'Dana',
    orderNumber: 'GR-104233',
    status: 'shipped',
    path: '/direct/order-history-details/sample',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Order ${d.orderNumber} ${ORDER_STATUS_WORDS[d.status].subject}`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>{`Your order ${d.orderNumber} ${ORDER_STATUS_WORDS[d.status].sentence}`}</P>
      <Action ctx={ctx} label="See your order" path={d.path} />
    </MailLayout>
  ),
};
