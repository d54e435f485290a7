import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Drawer,
  GlobalStyles,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  formatStorePrice,
  type CartLine,
  type CartView,
  type CurrencyCode,
  type ItemRestriction,
  type RestrictionBreach,
} from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { AccessDenied } from '../../../lib/ui/access-denied';
import { SellerName } from '../components/product-card';
import { StoreImage } from '../components/store-image';
import { useStoreLocale } from '../components/use-store-locale';
import { SaveToList } from '../orders/save-to-list';
import { cartOffMessageId, useCart } from './cart-context';
import type { CartNotice } from './cart-client';
import { QuantityStepper } from './quantity-stepper';

/** The path of the checkout page (built by the checkout feature). */
const CHECKOUT_PATH = '/direct/carts/checkout';

/** The store bar's cart button: the item count on a badge; opens the sidebar. */
export function CartButton() {
  const t = useT();
  const { itemCount, setOpen, open } = useCart();
  return (
    <Button
      onClick={() => setOpen(true)}
      aria-label={t('store.cart.buttonLabel', { count: itemCount })}
      aria-expanded={open}
      aria-controls="cart-sidebar"
      color="inherit"
      sx={{ color: 'common.white', textTransform: 'none', fontWeight: 600, minWidth: 0, px: 1.25, flexShrink: 0 }}
      startIcon={
        <Badge badgeContent={itemCount} color="secondary" max={999} showZero={false}>
          <ShoppingCartOutlinedIcon />
        </Badge>
      }
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        <T id="store.cart.button" />
      </Box>
    </Button>
  );
}

function restrictionText(t: ReturnType<typeof useT>, r: ItemRestriction): string {
  const id = `store.cart.restriction.${r.restriction}` as MessageId;
  return t(id, { max: r.max ?? '', min: r.min ?? '', jurisdictions: (r.jurisdictions ?? []).join(', ') });
}

function breachText(t: ReturnType<typeof useT>, b: RestrictionBreach): string {
  return t(`store.cart.breach.${b.restriction}` as MessageId, {
    max: b.max ?? '',
    min: b.min ?? '',
    jurisdiction: b.jurisdiction ?? '',
  });
}

/** What a refused change says: the restriction with its number, the cart being off, or the server's message. */
function noticeText(t: ReturnType<typeof useT>, notice: CartNotice): string {
  const details = (notice.details ?? {}) as Partial<RestrictionBreach>;
  if (notice.code === 'item_restricted' && details.restriction) return breachText(t, details as RestrictionBreach);
  if (notice.code === 'cart_not_available_in_region' || notice.code === 'enterprise_access_required') {
    return t(cartOffMessageId(notice.code));
  }
  return notice.message;
}

function CartLineRow({ line, currency }: { line: CartLine; currency: CurrencyCode }) {
  const t = useT();
  const { href } = useStoreLocale();
  const { setQuantity, remove, setOpen } = useCart();
  const pending = line.itemId.startsWith('pending:');
  return (
    <Box component="li" aria-label={line.product.name} sx={{ display: 'flex', gap: 1.5, py: 1.5 }}>
      <Box sx={{ width: 64, flexShrink: 0 }}>
        <StoreImage image={line.product.image} size={64} alt={line.product.name} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: 0.4 }}
          noWrap
          component="div"
        >
          {line.product.brand}
        </Typography>
        <Link
          component={RouterLink}
          to={href(`/direct/product/${line.product.slug}`)}
          onClick={() => setOpen(false)}
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 600, lineHeight: 1.3, display: 'block' }}
        >
          {line.product.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {line.variantLabel} · <T id="store.cart.sku" values={{ sku: line.sku }} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <T id="store.cart.soldBy" values={{ seller: <SellerName seller={line.seller} /> }} />
        </Typography>
        {line.restrictedUse || line.restrictions.length > 0 ? (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {line.restrictedUse ? (
              <Chip size="small" color="warning" label={t('store.cart.rup')} title={t('store.cart.rupHint')} />
            ) : null}
            {line.restrictions.map((r) => (
              <Chip key={r.restriction} size="small" variant="outlined" label={restrictionText(t, r)} />
            ))}
          </Stack>
        ) : null}
        {line.restrictedUse ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            <T id="store.cart.rupHint" />
          </Typography>
        ) : null}
        {line.breaches.map((b) => (
          <Typography key={b.restriction} variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {breachText(t, b)}
          </Typography>
        ))}
        {!line.sellable ? (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            <T id="store.cart.notSellable" />
          </Typography>
        ) : null}
        <Stack
          direction="row"
          sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            {pending ? (
              <Typography sx={{ fontWeight: 600 }}>× {line.quantity}</Typography>
            ) : (
              <QuantityStepper
                size="small"
                value={line.quantity}
                onChange={(q) => setQuantity(line.itemId, q)}
                label={t('store.cart.quantity', { name: line.product.name })}
                decreaseLabel={t('store.cart.decrease', { name: line.product.name })}
                increaseLabel={t('store.cart.increase', { name: line.product.name })}
                invalidText={t('store.cart.quantityInvalid')}
              />
            )}
            <IconButton
              aria-label={t('store.cart.remove', { name: line.product.name })}
              onClick={() => remove(line.itemId)}
              disabled={pending}
              size="small"
            >
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Stack>
          <Box sx={{ textAlign: 'right' }}>
            {line.lineTotal !== null ? (
              <Typography sx={{ fontWeight: 700 }} aria-label={t('store.cart.lineTotal')}>
                {formatStorePrice(line.lineTotal, currency)}
              </Typography>
            ) : null}
            {line.unitPrice !== null && line.quantity > 1 ? (
              <Typography variant="caption" color="text.secondary">
                <T id="store.cart.each" values={{ price: formatStorePrice(line.unitPrice, currency) }} />
              </Typography>
            ) : null}
          </Box>
        </Stack>
        <Box sx={{ mt: 0.5, ml: -0.5 }}>
          <SaveToList
            variantId={line.variantId}
            productName={line.product.name}
            variantLabel={line.variantLabel}
            quantity={line.quantity}
            wording="save"
            size="small"
            variant="text"
            onNavigate={() => setOpen(false)}
          />
        </Box>
      </Box>
    </Box>
  );
}

function SyncBanner() {
  const t = useT();
  const { sync, retry, notice, dismissNotice, saving } = useCart();
  return (
    <Box aria-live="polite">
      {sync ? (
        <Alert
          severity={sync === 'CONFLICT' ? 'warning' : 'error'}
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              <T id="store.cart.retry" />
            </Button>
          }
        >
          {t(`store.cart.sync.${sync}` as MessageId)}
        </Alert>
      ) : null}
      {notice ? (
        <Alert
          severity="error"
          onClose={dismissNotice}
          sx={{ mb: 1 }}
          slotProps={{ closeButton: { title: t('store.cart.dismiss') } }}
        >
          {noticeText(t, notice)}
        </Alert>
      ) : null}
      {saving && !sync ? (
        <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'block', mb: 1 }}>
          <T id="store.cart.sync.saving" />
        </Typography>
      ) : null}
    </Box>
  );
}

function CartBody({ cart }: { cart: CartView }) {
  const t = useT();
  const { href } = useStoreLocale();
  const { setOpen, clear } = useCart();
  const disabled = !cart.enablement.enabled;
  return (
    <>
      {disabled && cart.enablement.reason === 'enterprise_access_required' ? (
        <Box sx={{ mb: 1 }}>
          <AccessDenied />
        </Box>
      ) : disabled && cart.enablement.reason ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t(cartOffMessageId(cart.enablement.reason))}
        </Alert>
      ) : null}
      {cart.alerts.some((a) => a.code === 'items_merged') ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          <T id="store.cart.merged" />
        </Alert>
      ) : null}
      {cart.items.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <ShoppingCartOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>
            <T id="store.cart.empty" />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            <T id="store.cart.emptyHint" />
          </Typography>
          <Button variant="outlined" onClick={() => setOpen(false)}>
            <T id="store.cart.continue" />
          </Button>
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('store.cart.title')}
            sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {cart.items.map((line) => (
              <CartLineRow key={line.itemId} line={line} currency={cart.currency} />
            ))}
          </Box>
          <Button
            size="small"
            color="inherit"
            onClick={clear}
            sx={{ color: 'text.secondary', textTransform: 'none', mt: 0.5 }}
          >
            <T id="store.cart.clear" />
          </Button>
        </>
      )}
      {cart.items.length > 0 ? (
        <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', pt: 1.5, pb: 2, mt: 'auto' }}>
          <Divider sx={{ mb: 1.5 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 600 }}>
              <T id="store.cart.subtotal" />
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid="cart-subtotal">
              {formatStorePrice(cart.goodsSubtotal, cart.currency)}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1.5 }}>
            <T id="store.cart.subtotalHint" />
          </Typography>
          <Button
            component={RouterLink}
            to={href(CHECKOUT_PATH)}
            onClick={() => setOpen(false)}
            variant="contained"
            size="large"
            fullWidth
            disabled={disabled}
          >
            <T id="store.cart.checkout" />
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/**
 * The cart sidebar (platform.md 2.10): a drawer on the right, full width on a phone. Opening it hides the 'talk to
 * a rep' element of the page (any element marked data-talk-to-rep).
 */
export function CartSidebar() {
  const t = useT();
  const { cart, open, setOpen, loading } = useCart();
  return (
    <>
      {open ? <GlobalStyles styles={{ '[data-talk-to-rep]': { display: 'none !important' } }} /> : null}
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            id: 'cart-sidebar',
            role: 'dialog',
            'aria-label': t('store.cart.title'),
            sx: { width: { xs: '100%', sm: 440 } },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              <T id="store.cart.title" />
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="cart-count">
              <T id="store.cart.count" values={{ count: cart?.itemCount ?? 0 }} />
            </Typography>
          </Box>
          <IconButton aria-label={t('store.cart.close')} onClick={() => setOpen(false)}>
            <CloseRoundedIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 2, pt: 1.5, flex: 1, display: 'flex', flexDirection: 'column', overflowY: 'auto' }}>
          <SyncBanner />
          {cart ? (
            <CartBody cart={cart} />
          ) : loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
              <CircularProgress aria-label={t('store.cart.loading')} />
            </Box>
          ) : null}
        </Box>
      </Drawer>
    </>
  );
}
