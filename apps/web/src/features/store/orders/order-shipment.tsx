import { Box, Divider, Paper, Stack, Typography } from '@mui/material';
import type { OrderDetail, OrderFulfillment, OrderLine } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { useSellerName } from '../components/product-card';
import { AddressLines, ContactLines, Labeled, SummaryRow, addressLinesOf, contactLinesOf } from './order-detail-fields';
import { LineRow } from './order-line-row';
import { money, useFormatDay, useLabel } from './order-parts';

/** One shipment of an order: seller and warehouse, method, where it goes and to whom, its lines and shipping. */
export function OrderShipment({
  order,
  fulfillment: f,
  onReview,
}: {
  order: OrderDetail;
  fulfillment: OrderFulfillment;
  onReview: (line: OrderLine) => void;
}) {
  const t = useT();
  const sellerName = useSellerName();
  const day = useFormatDay();
  const label = useLabel();
  const c = order.currency;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('orders.detail.shipment', { seller: sellerName(f.seller), warehouse: f.warehouse.name })}
      sx={{ p: { xs: 1.5, md: 2.5 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <T
            id="orders.detail.shipment"
            values={{
              seller: sellerName(f.seller),
              warehouse: `${f.warehouse.name} (${f.warehouse.city}, ${f.warehouse.region})`,
            }}
          />
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label(`orders.method.${f.shippingMethod}`, f.shippingMethod)}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 4 }} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {f.shippingMethod === 'pickup' ? (
          <Labeled label={<T id="orders.detail.pickupAt" />}>
            <Typography variant="body2">{f.warehouse.name}</Typography>
            <Typography variant="body2">
              {f.warehouse.city}, {f.warehouse.region}
            </Typography>
          </Labeled>
        ) : addressLinesOf(f.address).length > 0 ? (
          <Labeled label={<T id="orders.detail.deliverTo" />}>
            <AddressLines value={f.address} />
          </Labeled>
        ) : null}
        {contactLinesOf(f.contact).length > 0 ? (
          <Labeled label={<T id="orders.detail.contact" />}>
            <ContactLines value={f.contact} />
          </Labeled>
        ) : null}
        {f.deliveryNotBefore && f.deliveryNotAfter ? (
          <Labeled label={<T id="orders.detail.window" />}>
            <Typography variant="body2">
              <T
                id="orders.detail.windowValue"
                values={{ from: day(f.deliveryNotBefore), to: day(f.deliveryNotAfter) }}
              />
            </Typography>
          </Labeled>
        ) : null}
        {f.specialInstructions ? (
          <Labeled label={<T id="orders.detail.instructions" />}>
            <Typography variant="body2">{f.specialInstructions}</Typography>
          </Labeled>
        ) : null}
      </Stack>
      <Divider sx={{ mt: 1.5 }} />
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {f.lines.map((line) => (
          <LineRow key={line.id} order={order} line={line} onReview={onReview} />
        ))}
      </Box>
      <Divider />
      <SummaryRow
        label={<T id="orders.detail.shipping" />}
        value={Number(f.shippingTotal) === 0 ? t('orders.detail.free') : money(f.shippingTotal, c)}
      />
    </Paper>
  );
}
