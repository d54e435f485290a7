import { Alert, Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { OrderDetail, OrderLine } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { OrderDetailsHeader, OrderReadinessNotice } from './order-details-header';
import { OrdersPage } from './order-parts';
import { ReviewDialog } from './order-review-dialog';
import { OrderShipment } from './order-shipment';
import { OrderPaymentCard, OrderTotalsCard } from './order-totals';
import { useOrder, useOrderByCart } from './orders-api';

/** The page of one order: lines per shipment, totals, payment, reorder and reviews. */
function OrderDetailsView({ order, buyNow = false }: { order: OrderDetail; buyNow?: boolean }) {
  const t = useT();
  const partner = usePartner();
  const [reviewing, setReviewing] = useState<OrderLine | null>(null);
  const [saved, setSaved] = useState(false);
  useDocumentTitle([
    t(buyNow ? 'orders.detail.buyNowTitle' : 'orders.detail.title', { number: order.orderNumber }),
    partner.displayName,
  ]);

  return (
    <OrdersPage>
      <OrderDetailsHeader order={order} buyNow={buyNow} />
      {saved ? (
        <Alert severity="success" onClose={() => setSaved(false)} sx={{ mb: 2 }}>
          <T id="orders.review.saved" />
        </Alert>
      ) : null}
      <OrderReadinessNotice order={order} />

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 340px' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          {order.fulfillments.map((f) => (
            <OrderShipment key={f.partitionKey} order={order} fulfillment={f} onReview={setReviewing} />
          ))}
          {!order.reviewable && order.status !== 'canceled' ? (
            <Typography variant="body2" color="text.secondary">
              <T id="orders.detail.reviewAfter" />
            </Typography>
          ) : null}
        </Stack>

        <Stack spacing={2}>
          <OrderTotalsCard order={order} />
          <OrderPaymentCard order={order} />
        </Stack>
      </Box>
      {reviewing ? (
        <ReviewDialog
          order={order}
          line={reviewing}
          onClose={(ok) => {
            setReviewing(null);
            if (ok) setSaved(true);
          }}
        />
      ) : null}
    </OrdersPage>
  );
}

function Loading({ query }: { query: { error: unknown; isPending: boolean; refetch: () => unknown } }) {
  return (
    <OrdersPage>
      <StoreQueryState error={query.error} isPending={query.isPending} onRetry={() => void query.refetch()} />
    </OrdersPage>
  );
}

/** /direct/order-history-details/:orderId */
export function OrderDetailsPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  return order.data ? (
    <OrderDetailsView order={order.data} buyNow={order.data.kind === 'buy_now'} />
  ) : (
    <Loading query={order} />
  );
}

/** /direct/buy-now-details/:orderId */
export function BuyNowDetailsPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  return order.data ? <OrderDetailsView order={order.data} buyNow /> : <Loading query={order} />;
}

/** /direct/order/:enterpriseIdPublic/:cartId: an order found by its cart (the links in order e-mails). */
export function OrderByCartPage() {
  const { cartId = '' } = useParams();
  const order = useOrderByCart(cartId);
  return order.data ? (
    <OrderDetailsView order={order.data} buyNow={order.data.kind === 'buy_now'} />
  ) : (
    <Loading query={order} />
  );
}
