import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { PlacedOrder } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { StorePage } from '../components/store-frame';
import { checkoutApi } from './checkout-api';

const money = (amount: string, currency: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency === 'USD' ? '' : ` ${currency}`}`;

/** /direct/order-confirmation/:cartId and /direct/buy-now-confirmation/:cartId: the order placed from the cart. */
export function OrderConfirmationPage() {
  const t = useT();
  const { cartId = '' } = useParams();
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    checkoutApi.order(cartId).then(setOrder, (e: Error) => setError(e.message));
  }, [cartId]);
  return (
    <StorePage>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!order && !error ? <CircularProgress aria-label="loading" /> : null}
      {order ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}><T id="store.confirmation.title" /></Typography>
          <Typography variant="h6" sx={{ mb: 2 }}>{t('store.confirmation.number', { number: order.orderNumber })}</Typography>
          <Box component="ul" sx={{ pl: 2.5 }}>
            {order.items.map((i) => (
              <li key={i.sku}>{`${i.quantity} × ${i.productName} (${i.variantLabel}) — ${money(i.lineTotal, order.currency)}`}</li>
            ))}
          </Box>
          {order.fulfillments.map((f) => (
            <Typography key={f.partitionKey} variant="body2" color="text.secondary">
              {`${t(`store.checkout.method.${f.shippingMethod}` as MessageId)} · ${f.warehouseName}${f.address ? ` · ${f.address}` : ''}`}
            </Typography>
          ))}
          <Typography sx={{ fontWeight: 700, mt: 2 }}>{`${t('store.checkout.total.total')}: ${money(order.totals.total, order.currency)}`}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/direct/order-history" variant="contained"><T id="store.confirmation.history" /></Button>
            <Button component={RouterLink} to="/direct"><T id="store.confirmation.continue" /></Button>
          </Stack>
        </Paper>
      ) : null}
    </StorePage>
  );
}
