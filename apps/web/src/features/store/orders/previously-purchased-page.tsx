import { Alert, Box, Button, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { useAddToCart } from '../cart/cart-context';
import { StoreQueryState } from '../components/store-frame';
import { useSellerName } from '../components/product-card';
import { useStoreLocale } from '../components/use-store-locale';
import { usePreviouslyPurchased } from './orders-api';
import { OrdersPage, PageTitle, money, useFormatDay } from './order-parts';
import { ProductThumb } from './product-thumb';

/** /direct/previously-purchased/:year: what the buyer bought that year, with 'Buy again'. */
export function PreviouslyPurchasedPage() {
  const t = useT();
  const sellerName = useSellerName();
  const partner = usePartner();
  const navigate = useNavigate();
  const { locale, href } = useStoreLocale();
  const day = useFormatDay();
  const params = useParams();
  const parsed = Number(params.year);
  const thisYear = new Date().getFullYear();
  const year = /^\d{4}$/.test(params.year ?? '') ? parsed : thisYear - 1;
  const purchased = usePreviouslyPurchased(year, locale);
  const cart = useAddToCart();
  const [added, setAdded] = useState<string | null>(null);
  useDocumentTitle([`${t('orders.purchased.title')} ${year}`, partner.displayName]);
  const years = [...new Set([year, ...(purchased.data?.years ?? [])])].sort((a, b) => b - a);

  return (
    <OrdersPage>
      <PageTitle
        title={<T id="orders.purchased.title" />}
        subtitle={<T id="orders.purchased.subtitle" values={{ year }} />}
        action={
          <TextField
            select
            size="small"
            label={t('orders.purchased.year')}
            value={String(year)}
            onChange={(e) => navigate(href(`/direct/previously-purchased/${e.target.value}`))}
            sx={{ minWidth: 140 }}
          >
            {years.map((y) => (
              <MenuItem key={y} value={String(y)}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {added ? (
        <Alert severity="success" onClose={() => setAdded(null)} sx={{ mb: 2 }} role="status">
          <T id="orders.purchased.addedToCart" values={{ product: added }} />
        </Alert>
      ) : null}
      {!purchased.data ? (
        <StoreQueryState
          error={purchased.error}
          isPending={purchased.isPending}
          onRetry={() => void purchased.refetch()}
        />
      ) : purchased.data.products.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          <T id="orders.purchased.empty" values={{ year }} />
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {purchased.data.products.map((p) => (
            <Paper
              component="li"
              key={p.productId}
              variant="outlined"
              sx={{ p: 1.5, display: 'grid', gridTemplateColumns: '64px 1fr', gap: 1.5 }}
            >
              <ProductThumb imageUrl={p.imageUrl} />
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={href(`/direct/product/${p.productSlug}`)} sx={{ fontWeight: 700 }}>
                  {p.productName}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {p.brand === sellerName(p.seller) ? p.brand : `${p.brand} · ${sellerName(p.seller)}`}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  <T id="orders.purchased.quantity" values={{ quantity: p.quantity, orders: p.orderCount }} />
                </Typography>
                <Typography variant="body2">
                  <T
                    id="orders.purchased.last"
                    values={{
                      price: `${money(p.lastUnitPrice, p.lastCurrency)} (${p.variantLabel})`,
                      date: day(p.lastOrderedAt),
                    }}
                  />
                </Typography>
                <Stack direction="row" sx={{ mt: 1 }}>
                  {p.stillSold ? (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!cart.enabled}
                      aria-label={`${t('orders.purchased.buyAgain')}: ${p.productName}`}
                      onClick={() => {
                        cart.add(p.variantId, 1);
                        setAdded(p.productName);
                      }}
                    >
                      <T id="orders.purchased.buyAgain" />
                    </Button>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      <T id="orders.purchased.notSold" />
                    </Typography>
                  )}
                </Stack>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    </OrdersPage>
  );
}
