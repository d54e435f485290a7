import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  Paper,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  type AddToCartOutcome,
  type OrderDetail,
  type OrderLine,
} from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useSellerName } from '../components/product-card';
import { useStoreLocale } from '../components/use-store-locale';
import { useOrder, useOrderByCart, useReorder, useSaveReview } from './orders-api';
import {
  CartOutcomeAlert,
  OrderStatusChip,
  OrdersPage,
  PaymentStatusChip,
  money,
  useCartAfterServerAdd,
  useFormatDay,
  useLabel,
} from './order-parts';

function AddressLines({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return null;
  const s = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : '');
  const lines = [
    s('name'),
    s('line1'),
    s('line2'),
    [s('city'), [s('region'), s('postalCode')].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter(Boolean);
  return (
    <>
      {lines.map((l) => (
        <Typography key={l} variant="body2">
          {l}
        </Typography>
      ))}
    </>
  );
}

function ContactLines({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return null;
  const s = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : '');
  return (
    <>
      <Typography variant="body2">{[s('firstName'), s('lastName')].filter(Boolean).join(' ')}</Typography>
      <Typography variant="body2">{[s('phoneNumber'), s('email')].filter(Boolean).join(' · ')}</Typography>
    </>
  );
}

function Labeled({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}
      >
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function ReviewDialog({
  order,
  line,
  onClose,
}: {
  order: OrderDetail;
  line: OrderLine;
  onClose: (saved: boolean) => void;
}) {
  const t = useT();
  const save = useSaveReview(order.id);
  const [rating, setRating] = useState<number | null>(line.review?.rating ?? null);
  const [title, setTitle] = useState(line.review?.title ?? '');
  const [body, setBody] = useState(line.review?.body ?? '');
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!rating) return;
    save.mutate({ productId: line.productId, body: { rating, title, body } }, { onSuccess: () => onClose(true) });
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="review-title">
      <DialogTitle id="review-title">{t('orders.review.title', { product: line.productName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
              {t('orders.review.rating')}
            </Typography>
            <Rating name="rating" value={rating} onChange={(_, v) => setRating(v)} size="large" />
            {touched && !rating ? (
              <Typography variant="body2" color="error" role="alert">
                {t('orders.review.needRating')}
              </Typography>
            ) : null}
          </Box>
          <TextField
            label={t('orders.review.headline')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REVIEW_TITLE_MAX } }}
          />
          <TextField
            label={t('orders.review.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: REVIEW_BODY_MAX } }}
          />
          {save.error ? <Alert severity="error">{save.error.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('orders.review.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('orders.review.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function LineRow({
  order,
  line,
  onReview,
}: {
  order: OrderDetail;
  line: OrderLine;
  onReview: (line: OrderLine) => void;
}) {
  const { href } = useStoreLocale();
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '56px 1fr', sm: '64px 1fr auto' },
        gap: { xs: 1.25, sm: 2 },
        py: 1.5,
        alignItems: 'start',
      }}
    >
      <Box
        sx={{
          width: { xs: 56, sm: 64 },
          height: { xs: 56, sm: 64 },
          bgcolor: 'grey.100',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {line.imageUrl ? (
          <img
            src={`${line.imageUrl}?w=128&h=128`}
            alt=""
            width={64}
            height={64}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={href(`/direct/product/${line.productSlug}`)} sx={{ fontWeight: 600 }}>
          {line.productName}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {line.variantLabel} · {line.sku}
        </Typography>
        <Typography variant="body2">
          <T
            id="orders.detail.qtyPrice"
            values={{ quantity: line.quantity, price: money(line.unitPrice, order.currency) }}
          />
        </Typography>
        {order.reviewable ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            {line.review ? (
              <>
                <Rating value={line.review.rating} readOnly size="small" />
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                >
                  <T id="orders.detail.yourRating" values={{ rating: line.review.rating }} />
                </Typography>
              </>
            ) : null}
            <Button size="small" onClick={() => onReview(line)} sx={{ px: 0.5 }}>
              {line.review ? <T id="orders.detail.editReview" /> : <T id="orders.detail.writeReview" />}
            </Button>
          </Stack>
        ) : null}
      </Box>
      <Typography
        sx={{ fontWeight: 700, gridColumn: { xs: '2', sm: 'auto' }, textAlign: { sm: 'right' }, whiteSpace: 'nowrap' }}
      >
        {money(line.lineTotal, order.currency)}
      </Typography>
    </Box>
  );
}

function SummaryRow({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.4 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 800 : 400 }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ fontWeight: strong ? 800 : 500, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** The page of one order: lines per shipment, totals, payment, reorder and reviews. */
function OrderDetailsView({ order, buyNow = false }: { order: OrderDetail; buyNow?: boolean }) {
  const t = useT();
  const sellerName = useSellerName();
  const partner = usePartner();
  const { href, locale } = useStoreLocale();
  const day = useFormatDay();
  const label = useLabel();
  const reorder = useReorder(locale);
  const cart = useCartAfterServerAdd();
  const [outcome, setOutcome] = useState<AddToCartOutcome | null>(null);
  const [reviewing, setReviewing] = useState<OrderLine | null>(null);
  const [saved, setSaved] = useState(false);
  const c = order.currency;
  const negative = (amount: string) => `-${money(amount, c)}`;
  useDocumentTitle([
    t(buyNow ? 'orders.detail.buyNowTitle' : 'orders.detail.title', { number: order.orderNumber }),
    partner.displayName,
  ]);
  const pending = order.readiness.filter((r) => r.completedAt === null);

  return (
    <OrdersPage>
      <Link
        component={RouterLink}
        to={href('/direct/order-history')}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: 14 }}
      >
        <ArrowBackRoundedIcon fontSize="small" />
        <T id="orders.detail.back" />
      </Link>
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
      <CartOutcomeAlert
        outcome={outcome}
        error={reorder.error}
        onClose={() => {
          setOutcome(null);
          reorder.reset();
        }}
      />
      {saved ? (
        <Alert severity="success" onClose={() => setSaved(false)} sx={{ mb: 2 }}>
          <T id="orders.review.saved" />
        </Alert>
      ) : null}
      {pending.length ? (
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
      ) : null}

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
            <Paper
              key={f.partitionKey}
              variant="outlined"
              component="section"
              aria-label={t('orders.detail.shipment', { seller: sellerName(f.seller), warehouse: f.warehouse.name })}
              sx={{ p: { xs: 1.5, md: 2.5 } }}
            >
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
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
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1.5, sm: 4 }}
                sx={{ mt: 1.5, flexWrap: 'wrap' }}
              >
                {f.shippingMethod === 'pickup' ? (
                  <Labeled label={<T id="orders.detail.pickupAt" />}>
                    <Typography variant="body2">{f.warehouse.name}</Typography>
                    <Typography variant="body2">
                      {f.warehouse.city}, {f.warehouse.region}
                    </Typography>
                  </Labeled>
                ) : (
                  <Labeled label={<T id="orders.detail.deliverTo" />}>
                    <AddressLines value={f.address} />
                  </Labeled>
                )}
                {f.contact ? (
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
                  <LineRow key={line.id} order={order} line={line} onReview={setReviewing} />
                ))}
              </Box>
              <Divider />
              <SummaryRow
                label={<T id="orders.detail.shipping" />}
                value={Number(f.shippingTotal) === 0 ? t('orders.detail.free') : money(f.shippingTotal, c)}
              />
            </Paper>
          ))}
          {!order.reviewable && order.status !== 'canceled' ? (
            <Typography variant="body2" color="text.secondary">
              <T id="orders.detail.reviewAfter" />
            </Typography>
          ) : null}
        </Stack>

        <Stack spacing={2}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="order-summary"
            sx={{ p: { xs: 1.5, md: 2.5 } }}
          >
            <Typography id="order-summary" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              <T id="orders.detail.summary" />
            </Typography>
            <SummaryRow label={<T id="orders.detail.goods" />} value={money(order.totals.goodsSubtotal, c)} />
            {order.discounts.length ? (
              order.discounts.map((d) => <SummaryRow key={d.name} label={d.name} value={negative(d.amount)} />)
            ) : Number(order.totals.discountTotal) > 0 ? (
              <SummaryRow label={<T id="orders.detail.discounts" />} value={negative(order.totals.discountTotal)} />
            ) : null}
            <SummaryRow
              label={<T id="orders.detail.shippingTotal" />}
              value={
                Number(order.totals.shippingTotal) === 0
                  ? t('orders.detail.free')
                  : money(order.totals.shippingTotal, c)
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
          </Paper>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="order-payment"
            sx={{ p: { xs: 1.5, md: 2.5 } }}
          >
            <Typography id="order-payment" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              <T id="orders.detail.payment" />
            </Typography>
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
              {order.billingAddress ? (
                <Labeled label={<T id="orders.detail.billing" />}>
                  <AddressLines value={order.billingAddress} />
                </Labeled>
              ) : null}
            </Stack>
          </Paper>
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
