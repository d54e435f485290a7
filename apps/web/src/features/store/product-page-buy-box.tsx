import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Link,
  Paper,
  Rating,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { formatNumber, formatPackSize, type StoreProductDetail, type StoreVariant } from '@granary/domain';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { AddToCartPanel } from './cart/add-to-cart';
import { SellerName } from './components/product-card';
import { StorePrice } from './components/store-price';
import { useStoreLocale } from './components/use-store-locale';
import { SaveToList } from './orders/save-to-list';

// The product page's right-hand column: who makes and sells it, its warnings, the pack sizes and the chosen one's
// price, stock and buttons.

function stockColor(status: string): 'success.main' | 'warning.main' | 'text.secondary' {
  return status === 'in_stock' ? 'success.main' : status === 'low_stock' ? 'warning.main' : 'text.secondary';
}

/** Brand, name, rating and reviews, the deal chip, who sells it, and the restricted-use and region warnings. */
export function ProductHeadline({ product }: { product: StoreProductDetail }) {
  const { href } = useStoreLocale();
  return (
    <>
      <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 0.6 }}>
        {product.brand}
      </Typography>
      <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800, lineHeight: 1.2 }}>
        {product.name}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        {product.rating ? (
          <>
            <Rating value={Number(product.rating)} precision={0.5} readOnly size="small" />
            <Typography variant="body2" color="text.secondary">
              <T
                id="store.product.reviews"
                values={{
                  rating: formatNumber(product.rating, { maxFractionDigits: 1 }),
                  count: product.reviewCount,
                }}
              />
            </Typography>
          </>
        ) : null}
        {product.isDeal ? <Chip size="small" color="error" label={<T id="store.card.deal" />} /> : null}
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <T
          id="store.card.soldBy"
          values={{
            seller:
              product.seller.kind === 'marketplace' ? (
                <Link component={RouterLink} to={href(`/direct/marketplace/${product.seller.slug}`)}>
                  {product.seller.name}
                </Link>
              ) : (
                <SellerName seller={product.seller} />
              ),
          }}
        />
      </Typography>
      {product.restrictedUse ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <AlertTitle>
            <T id="store.product.rupTitle" />
          </AlertTitle>
          <T id="store.product.rupText" />{' '}
          <Link component={RouterLink} to={href('/direct/applicator')}>
            <T id="applicator.rupLink" />
          </Link>
        </Alert>
      ) : null}
      {!product.availableInRegion ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <T id="store.product.notInRegion" />
        </Alert>
      ) : null}
    </>
  );
}

/** The pack sizes as toggle buttons, each with its stock in short. */
export function PackSizePicker({
  product,
  value,
  onChange,
}: {
  product: StoreProductDetail;
  value: string;
  onChange: (variantId: string) => void;
}) {
  return (
    <Box sx={{ mt: 2.5 }}>
      <Typography id="pack-size-label" sx={{ fontWeight: 700, mb: 1 }}>
        <T id="store.product.packSize" />
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_e, id: string | null) => id && onChange(id)}
        aria-labelledby="pack-size-label"
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiToggleButtonGroup-grouped': {
            border: 1,
            borderColor: 'divider',
            borderRadius: '8px !important',
            m: 0,
          },
        }}
      >
        {product.variants.map((v) => (
          <ToggleButton
            key={v.id}
            value={v.id}
            sx={{
              textTransform: 'none',
              px: 1.5,
              py: 0.75,
              alignItems: 'flex-start',
              flexDirection: 'column',
              lineHeight: 1.3,
            }}
          >
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {v.label}
            </Box>
            <Box component="span" sx={{ fontSize: 12, color: stockColor(v.stockStatus) }}>
              <T id={`store.product.stockShort.${v.stockStatus}` as MessageId} />
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The chosen pack size: price, size and SKU, stock and where it ships from, 'Add to cart' and 'Add to list'. */
export function SelectedPack({ product, variant }: { product: StoreProductDetail; variant: StoreVariant }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} aria-label={t('store.product.selected')}>
      {variant.price ? (
        <StorePrice
          amount={variant.price.amount}
          currency={variant.price.currency}
          listAmount={variant.price.listAmount}
          unitPrice={variant.unitPrice ? { amount: variant.unitPrice, unit: variant.unit } : null}
          size="large"
        />
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {formatPackSize(variant.size, variant.unit, variant.packCount)} ·{' '}
        <T id="store.product.sku" values={{ sku: variant.sku }} />
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 600, color: stockColor(variant.stockStatus) }}>
        <T
          id={`store.product.stock.${variant.stockStatus}` as MessageId}
          values={{ count: variant.quantityAvailable }}
        />
      </Typography>
      {variant.warehouses.some((w) => w.quantity > 0) ? (
        <Typography variant="body2" color="text.secondary">
          <T
            id="store.product.shipsFrom"
            values={{
              places: variant.warehouses
                .filter((w) => w.quantity > 0)
                .map((w) => `${w.city}, ${w.region}`)
                .join(' · '),
            }}
          />
        </Typography>
      ) : null}
      <AddToCartPanel product={product} variant={variant} />
      <Box
        sx={{
          mt: 1.5,
          '& > .MuiButton-root': { width: { xs: '100%', sm: 'auto' }, height: { xs: 44, sm: 'auto' } },
        }}
      >
        <SaveToList variantId={variant.id} productName={product.name} variantLabel={variant.label} />
      </Box>
    </Paper>
  );
}
