import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PAYMENT_TERMS, type PaymentTerm, type PlacedOrder } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import type { MessageId } from '../../../lib/i18n/messages';
import { usePartner } from '../../../lib/brand/partner-context';
import { StorePage } from '../components/store-frame';
import { checkoutApi } from './checkout-api';
import { money, TOTAL_KEYS } from './checkout-format';

/** The order's term as the buyer chose it: its wire value ('granary_financing', 'test_credit_card') read back to a term. */
function termOf(value: string, brand: string): PaymentTerm | null {
  if ((PAYMENT_TERMS as readonly string[]).includes(value)) return value as PaymentTerm;
  if (value.endsWith('_credit_card') && value !== 'offline_credit_card') return '{card_provider}_credit_card';
  const branded = value.replace(/^[a-z0-9]+_/, '{brand}_');
  return (PAYMENT_TERMS as readonly string[]).includes(branded) && value.startsWith(`${brand.toLowerCase()}_`)
    ? (branded as PaymentTerm)
    : null;
}

/** /direct/order-confirmation/:cartId and /direct/buy-now-confirmation/:cartId: the order placed from the cart. */
export function OrderConfirmationPage() {
  const t = useT();
  const dates = useDates();
  const partner = usePartner();
  const { cartId = '' } = useParams();
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    checkoutApi.order(cartId).then(setOrder, (e: Error) => setError(e.message));
  }, [cartId]);
  const brand = partner.branding.shortName;
  const term = order ? termOf(order.paymentTerms, brand) : null;
  return (
    <StorePage>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!order && !error ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('store.checkout.loading')} />
        </Box>
      ) : null}
      {order ? (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720, mx: 'auto', borderRadius: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <CheckCircleRoundedIcon color="success" sx={{ fontSize: 40 }} />
            <Typography component="h1" variant="h4" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
              <T id="store.confirmation.title" />
            </Typography>
          </Stack>
          <Typography variant="h6" sx={{ fontWeight: 700 }}>
            {t('store.confirmation.number', { number: order.orderNumber })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('store.confirmation.placedOn', {
              date: dates.instant(order.placedAt),
            })}
          </Typography>

          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            <T id="store.confirmation.items" />
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
            {order.items.map((i) => (
              <Stack
                component="li"
                key={i.sku}
                direction="row"
                spacing={2}
                sx={{ justifyContent: 'space-between', py: 0.75 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{i.productName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('store.checkout.lineDetail', { quantity: i.quantity, label: i.variantLabel })}
                  </Typography>
                </Box>
                <Typography sx={{ whiteSpace: 'nowrap' }}>{money(i.lineTotal, order.currency)}</Typography>
              </Stack>
            ))}
          </Box>
          <Divider sx={{ mb: 2 }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
            <Box>
              <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
                <T id="store.confirmation.fulfilment" />
              </Typography>
              {order.fulfillments.map((f) => (
                <Typography key={f.partitionKey} variant="body2">
                  {`${t(`store.checkout.method.${f.shippingMethod}` as MessageId)} · ${f.warehouseName}${f.address ? ` → ${f.address}` : ''}`}
                </Typography>
              ))}
            </Box>
            <Box>
              <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
                <T id="store.confirmation.payment" />
              </Typography>
              <Typography variant="body2">
                {term
                  ? t(`store.checkout.term.${term.replace(/[{}]/g, '')}` as MessageId, { brand })
                  : order.paymentTerms}
              </Typography>
            </Box>
          </Box>
          <Divider />
          <Box sx={{ py: 1.5 }}>
            {TOTAL_KEYS.filter((k) => k === 'goodsSubtotal' || order.totals[k] !== '0.00').map((k) => (
              <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
                <Typography variant="body2" color="text.secondary">
                  <T id={`store.checkout.total.${k}` as MessageId} />
                </Typography>
                <Typography variant="body2">{`${k === 'discountTotal' || k === 'shippingDiscountTotal' ? '−' : ''}${money(order.totals[k], order.currency)}`}</Typography>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>
                <T id="store.checkout.total.total" />
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: 20 }}>
                {money(order.totals.total, order.currency)}
              </Typography>
            </Stack>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/direct/order-history" variant="contained">
              <T id="store.confirmation.history" />
            </Button>
            <Button component={RouterLink} to="/direct">
              <T id="store.confirmation.continue" />
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </StorePage>
  );
}
