import { Alert, Box, Button, Chip, Stack, Tab, Tabs, Typography, type ChipProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  formatStorePrice,
  type AddToCartOutcome,
  type CurrencyCode,
  type StoreOrderStatus,
  type StorePaymentStatus,
} from '@granary/domain';
import { ApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useCart } from '../cart/cart-context';
import { StorePage } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';

export const money = (amount: string, currency: CurrencyCode) => formatStorePrice(amount, currency);

/** A day ('2026-11-21', no zone shift) or an instant's day, in the page locale's short form (lib/i18n/use-dates). */
export function useFormatDay(): (value: string) => string {
  const dates = useDates();
  return (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? dates.day(value) : dates.instant(value));
}

const STATUS_COLOR: Record<StoreOrderStatus, ChipProps['color']> = {
  placed: 'info',
  processing: 'info',
  ready_for_pickup: 'warning',
  shipped: 'primary',
  delivered: 'success',
  picked_up: 'success',
  canceled: 'default',
};

export function OrderStatusChip({ status, size = 'small' }: { status: StoreOrderStatus; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status]}
      variant={status === 'canceled' ? 'outlined' : 'filled'}
      label={<T id={`orders.status.${status}` as MessageId} />}
    />
  );
}

export function PaymentStatusChip({ status }: { status: StorePaymentStatus }) {
  const color: ChipProps['color'] = status === 'paid' ? 'success' : status === 'failed' ? 'error' : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      sx={{ alignSelf: 'flex-start' }}
      label={<T id={`orders.payment.${status}` as MessageId} />}
    />
  );
}

/** A message id when the catalogue has it, else the code made readable ('upload_tax_form' → 'Upload tax form'). */
export function useLabel(): (id: string, code: string) => string {
  const intl = useIntl();
  const t = useT();
  return (id, code) =>
    intl.messages[id] ? t(id as MessageId) : (code.charAt(0).toUpperCase() + code.slice(1)).replace(/_/g, ' ');
}

const TABS = [
  {
    path: '/direct/order-history',
    id: 'orders.nav.history',
    also: ['/direct/order-history-details', '/direct/buy-now-details', '/direct/order/'],
  },
  { path: '/direct/order-readiness', id: 'orders.nav.readiness', also: [] },
  { path: '/direct/previously-purchased', id: 'orders.nav.purchased', also: [] },
  { path: '/direct/shopping-lists', id: 'orders.nav.lists', also: [] },
] as const;

/** The buyer's account pages in the store: tabs between history, readiness, previously purchased and lists. */
export function OrdersPage({ children }: { children: ReactNode }) {
  const t = useT();
  const { href } = useStoreLocale();
  const { pathname } = useLocation();
  const bare = pathname.replace(/^\/[a-z]{2}-[a-z]{2}(-[a-z]{2})?(?=\/)/, '');
  const current = TABS.findIndex((tab) => bare.startsWith(tab.path) || tab.also.some((p) => bare.startsWith(p)));
  const lastYear = new Date().getFullYear() - 1;
  return (
    <StorePage>
      <Box
        component="nav"
        aria-label={t('orders.nav.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 3 } }}
      >
        <Tabs
          value={current === -1 ? false : current}
          variant="scrollable"
          scrollButtons={false}
          allowScrollButtonsMobile
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.path}
              component={RouterLink}
              to={href(tab.path === '/direct/previously-purchased' ? `${tab.path}/${lastYear}` : tab.path)}
              label={t(tab.id)}
              sx={{ textTransform: 'none', fontWeight: 600, minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } }}
            />
          ))}
        </Tabs>
      </Box>
      {children}
    </StorePage>
  );
}

export function PageTitle({ title, subtitle, action }: { title: ReactNode; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}
    >
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Stack>
  );
}

/** After lines went into the cart on the server: the cart (and its header badge) reads itself again. */
export function useCartAfterServerAdd(): { refresh: () => void; open: () => void } {
  const cart = useCart();
  return { refresh: () => void cart.refresh(), open: () => cart.setOpen(true) };
}

/** What went into the cart and what did not, with why. */
export function CartOutcomeAlert({
  outcome,
  error,
  onClose,
}: {
  outcome: AddToCartOutcome | null;
  error: unknown;
  onClose: () => void;
}) {
  const label = useLabel();
  const { open } = useCartAfterServerAdd();
  if (error) {
    const message = error instanceof ApiError ? error.message : String(error);
    return (
      <Alert severity="error" onClose={onClose} sx={{ my: 2 }}>
        <T id="orders.cart.failed" values={{ message }} />
      </Alert>
    );
  }
  if (!outcome) return null;
  return (
    <Alert
      severity={outcome.notAdded.length ? 'warning' : 'success'}
      onClose={onClose}
      sx={{ my: 2 }}
      action={
        outcome.added.length ? (
          <Button color="inherit" size="small" onClick={open}>
            <T id="orders.cart.viewCart" />
          </Button>
        ) : undefined
      }
    >
      <Typography variant="body2" role="status">
        <T id="orders.cart.added" values={{ count: outcome.added.length }} />
      </Typography>
      {outcome.notAdded.length ? (
        <>
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
            <T id="orders.cart.notAdded" />
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.notAdded.map((n) => (
              <li key={n.variantId}>
                <Typography variant="body2">
                  {n.productName} ({n.variantLabel}) — {label(`orders.cart.reason.${n.reason}`, n.reason)}
                  {n.reason === 'restricted' || n.reason === 'cart_refused' ? `: ${n.message}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}
