import { Divider, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { OrderDetail } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { AddressLines, Labeled, SummaryRow, addressLinesOf } from './order-detail-fields';
import { PaymentStatusChip, money, useLabel } from './order-parts';

/** A titled box of the order page's side column, named by its heading. */
function SideSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, md: 2.5 } }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The order's totals: goods, discounts, shipping and its discount, tax, payment fee, total. */
export function OrderTotalsCard({ order }: { order: OrderDetail }) {
  const t = useT();
  const c = order.currency;
  const negative = (amount: string) => `-${money(amount, c)}`;
  return (
    <SideSection id="order-summary" title={<T id="orders.detail.summary" />}>
      <SummaryRow label={<T id="orders.detail.goods" />} value={money(order.totals.goodsSubtotal, c)} />
      {order.discounts.length ? (
        order.discounts.map((d) => <SummaryRow key={d.name} label={d.name} value={negative(d.amount)} />)
      ) : Number(order.totals.discountTotal) > 0 ? (
        <SummaryRow label={<T id="orders.detail.discounts" />} value={negative(order.totals.discountTotal)} />
      ) : null}
      <SummaryRow
        label={<T id="orders.detail.shippingTotal" />}
        value={
          Number(order.totals.shippingTotal) === 0 ? t('orders.detail.free') : money(order.totals.shippingTotal, c)
        }
      />
      {Number(order.totals.shippingDiscountTotal) > 0 ? (
        <SummaryRow
          label={<T id="orders.detail.shippingDiscount" />}
          value={negative(order.totals.shippingDiscountTotal)}
        />
      ) : null}
      <SummaryRow label={<T id="orders.detail.tax" />} value={money(order.totals.taxTotal, c)} />
      {Number(order.totals.paymentFeeTotal) > 0 ? (
        <SummaryRow label={<T id="orders.detail.paymentFee" />} value={money(order.totals.paymentFeeTotal, c)} />
      ) : null}
      <Divider sx={{ my: 1 }} />
      <SummaryRow label={<T id="orders.detail.total" />} value={money(order.totals.total, c)} strong />
    </SideSection>
  );
}

/** How the order is paid: its status, terms, promo code and billing address. */
export function OrderPaymentCard({ order }: { order: OrderDetail }) {
  const label = useLabel();
  return (
    <SideSection id="order-payment" title={<T id="orders.detail.payment" />}>
      <Stack spacing={1.25}>
        <PaymentStatusChip status={order.paymentStatus} />
        <Labeled label={<T id="orders.detail.paymentTerms" />}>
          <Typography variant="body2">
            {label(`orders.terms.${order.paymentTerms}` as MessageId, order.paymentTerms)}
          </Typography>
        </Labeled>
        {order.promoCode ? (
          <Typography variant="body2">
            <T id="orders.detail.promo" values={{ code: order.promoCode }} />
          </Typography>
        ) : null}
        {addressLinesOf(order.billingAddress).length > 0 ? (
          <Labeled label={<T id="orders.detail.billing" />}>
            <AddressLines value={order.billingAddress} />
          </Labeled>
        ) : null}
      </Stack>
    </SideSection>
  );
}
