import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { STORE_API, type AddToCartOutcome, type OrderDetail } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { BackLink } from './back-link';
import { useReorder } from './orders-api';
import { CartOutcomeAlert, OrderStatusChip, useCartAfterServerAdd, useFormatDay, useLabel } from './order-parts';

/** The top of an order's page: back to the history, number and status, the day placed, 'Reorder' and what it did. */
export function OrderDetailsHeader({ order, buyNow }: { order: OrderDetail; buyNow: boolean }) {
  const t = useT();
  const { href, locale } = useStoreLocale();
  const day = useFormatDay();
  const reorder = useReorder(locale);
  const cart = useCartAfterServerAdd();
  const [outcome, setOutcome] = useState<AddToCartOutcome | null>(null);
  return (
    <>
      <BackLink to={href('/direct/order-history')}>
        <T id="orders.detail.back" />
      </BackLink>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {t(buyNow ? 'orders.detail.buyNowTitle' : 'orders.detail.title', { number: order.orderNumber })}
            </Typography>
            <OrderStatusChip status={order.status} size="medium" />
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            <T id="orders.detail.placedOn" values={{ date: day(order.placedAt) }} />
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {/* The server renders the invoice (pdf-lib, the partner's brand words); the browser opens or saves it. */}
          <Button
            variant="outlined"
            component="a"
            href={`${STORE_API}/orders/${encodeURIComponent(order.id)}/invoice`}
            target="_blank"
            rel="noopener"
            startIcon={<PictureAsPdfOutlinedIcon />}
          >
            <T id="orders.detail.invoice" />
          </Button>
          <Button
            variant="contained"
            disabled={reorder.isPending}
            onClick={() =>
              reorder.mutate(order.id, {
                onSuccess: (o) => {
                  setOutcome(o);
                  cart.refresh();
                },
              })
            }
          >
            <T id="orders.detail.reorder" />
          </Button>
        </Stack>
      </Stack>
      <CartOutcomeAlert
        outcome={outcome}
        error={reorder.error}
        onClose={() => {
          setOutcome(null);
          reorder.reset();
        }}
      />
    </>
  );
}

/** What the buyer still has to do before the order can go (a tax form, a licence…), with the way to the list. */
export function OrderReadinessNotice({ order }: { order: OrderDetail }) {
  const { href } = useStoreLocale();
  const label = useLabel();
  const pending = order.readiness.filter((r) => r.completedAt === null);
  if (!pending.length) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to={href('/direct/order-readiness')} color="inherit" size="small">
          <T id="orders.nav.readiness" />
        </Button>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        <T id="orders.detail.readiness" />
      </Typography>
      {pending.map((r) => (
        <Typography key={r.section} variant="body2">
          {label(`orders.readiness.action.${r.action}`, r.action)}
        </Typography>
      ))}
    </Alert>
  );
}
