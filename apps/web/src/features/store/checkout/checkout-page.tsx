import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isAccessDenied } from '../../../lib/api/api-error';
import { T, useT } from '../../../lib/i18n/t';
import { AccessDenied } from '../../../lib/ui/access-denied';
import { StorePage } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { checkoutApi } from './checkout-api';
import { OrderSummary } from './components/order-summary';
import { OtherInfoSection } from './components/other-info-section';
import { PartitionCard } from './components/partition-card';
import { PaymentSection } from './components/payment-section';
import { SectionCard } from './components/section-card';
import { useCheckout, type LoadedCheckout } from './use-checkout';

export { placeOfError } from './checkout-errors';

/** The checkout of a buyer without input purchasing: the spec's access-denied message and the way back to the store. */
function CheckoutDenied({ buyNow }: { buyNow: boolean }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2, fontSize: { xs: 28, md: 34 } }}>
        <T id={buyNow ? 'store.checkout.buyNowTitle' : 'store.checkout.title'} />
      </Typography>
      <AccessDenied
        variant="panel"
        action={
          <Button component={RouterLink} to="/direct" variant="contained">
            <T id="store.confirmation.continue" />
          </Button>
        }
      />
    </Box>
  );
}

/** The checkout that could not be read: why, and the way back to the store. */
function CheckoutLoadError({ message }: { message: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', maxWidth: 560, mx: 'auto', borderRadius: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        <T id="store.checkout.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/direct" variant="contained">
        <T id="store.confirmation.continue" />
      </Button>
    </Paper>
  );
}

/** The page's title, the express switch, and the errors of the whole page (a conflict: start over). */
function CheckoutHeader({ checkout, buyNow }: { checkout: LoadedCheckout; buyNow: boolean }) {
  const t = useT();
  const { view, write, errorsOf } = checkout;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: { xs: 2, md: 3 }, flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, flex: 1, fontSize: { xs: 28, md: 34 } }}>
          <T id={buyNow ? 'store.checkout.buyNowTitle' : 'store.checkout.title'} />
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={view.cart.express}
              onChange={(e) => void write('express', { express: e.target.checked })}
            />
          }
          label={t('store.checkout.express')}
        />
      </Stack>
      {errorsOf('page').map((e, i) => (
        <Alert key={i} severity="warning" sx={{ mb: 2 }} data-section={e.section}>
          {e.section === 'startOverCheckout' ? t('store.checkout.startOver') : e.message}
        </Alert>
      ))}
    </>
  );
}

/** The checkout of a cart: numbered steps on the left, the order summary (sticky on a desktop) with the one primary action. */
function CheckoutBody({ cartId, buyNow = false }: { cartId?: string; buyNow?: boolean }) {
  const t = useT();
  const { loadError, denied, checkout } = useCheckout(cartId, buyNow);
  if (denied) return <CheckoutDenied buyNow={buyNow} />;
  if (loadError) return <CheckoutLoadError message={loadError} />;
  if (!checkout)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status">
        <CircularProgress aria-label={t('store.checkout.loading')} />
      </Box>
    );
  const { view, write, errorsOf } = checkout;
  return (
    <Box>
      <CheckoutHeader checkout={checkout} buyNow={buyNow} />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 0, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <SectionCard id="shipping" step={1} view={view} errors={errorsOf('shipping')}>
            {view.partitions.map((p, i) => (
              <PartitionCard key={`${p.key}-${view.cart.serial}`} view={view} p={p} index={i} write={write} />
            ))}
          </SectionCard>
          <PaymentSection view={view} write={write} errors={errorsOf('payment')} />
          <OtherInfoSection view={view} write={write} errors={errorsOf('otherInfo')} />
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
          <OrderSummary checkout={checkout} />
        </Box>
      </Box>
    </Box>
  );
}

export function CheckoutPage() {
  const [params] = useSearchParams();
  return (
    <StorePage>
      <CheckoutBody cartId={params.get('cartId') ?? undefined} />
    </StorePage>
  );
}

/** /direct/carts/buy-now without a cart or a product: nothing to buy yet, so say so and lead to the store. */
function NoProductToBuy() {
  const { href } = useStoreLocale();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 4 }, textAlign: 'center', maxWidth: 560, mx: 'auto', borderRadius: 2 }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        <T id="store.buyNow.noProduct" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <T id="store.buyNow.noProductText" />
      </Typography>
      <Button component={RouterLink} to={href('/direct')} variant="contained">
        <T id="store.buyNow.toStore" />
      </Button>
    </Paper>
  );
}

/** /direct/carts/buy-now?cartId=… (or ?variantId=&quantity= to start one). */
export function BuyNowPage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cartId = params.get('cartId');
  const variantId = params.get('variantId');
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (cartId || !variantId) return;
    checkoutApi.buyNow({ variantId, quantity: Math.max(1, Number(params.get('quantity') ?? '1') || 1) }).then(
      (r) => navigate(`/direct/carts/buy-now?cartId=${r.cartId}`, { replace: true }),
      (e: Error) => setError(e),
    );
  }, [cartId, variantId, params, navigate]);
  return (
    <StorePage>
      {isAccessDenied(error) ? (
        <CheckoutDenied buyNow />
      ) : error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : cartId ? (
        <CheckoutBody cartId={cartId} buyNow />
      ) : !variantId ? (
        <NoProductToBuy />
      ) : (
        <CircularProgress aria-label={t('store.checkout.loading')} />
      )}
    </StorePage>
  );
}
