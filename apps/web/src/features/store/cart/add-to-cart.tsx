import { STORE_API } from '@granary/domain';
import AddShoppingCartRoundedIcon from '@mui/icons-material/AddShoppingCartRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import { Alert, Box, Button, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StoreProductCard, StoreProductDetail, StoreVariant } from '@granary/domain';
import { getJson } from '../../../lib/api/request';
import { T, useT } from '../../../lib/i18n/t';
import { AccessDenied } from '../../../lib/ui/access-denied';
import { localeQuery, storeKeys } from '../api/store-keys';
import { useStoreLocale } from '../components/use-store-locale';
import { cartOffMessageId, useAddToCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';

/** The product page's buying row for the chosen pack size: quantity and 'Add to cart', or why the cart is off. */
export function AddToCartPanel({
  product,
  variant,
}: {
  product: StoreProductDetail;
  variant: StoreVariant | undefined;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  const { add, enabled, reason } = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const sold = Boolean(variant?.price) && product.availableInRegion;
  const submit = () => {
    if (!variant?.price) return;
    add(variant.id, quantity, {
      product: {
        slug: product.slug,
        name: product.name,
        brand: product.brand,
        image: product.images[0] ?? product.image,
      },
      seller: { slug: product.seller.slug, name: product.seller.name, kind: product.seller.kind },
      variantLabel: variant.label,
      sku: variant.sku,
      unitPrice: variant.price.amount,
      restrictedUse: product.restrictedUse,
    });
    setQuantity(1);
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.25 }}>
            <T id="store.addToCart.quantity" />
          </Typography>
          <QuantityStepper
            value={quantity}
            onChange={setQuantity}
            label={t('store.addToCart.quantity')}
            decreaseLabel={t('store.cart.decrease', { name: product.name })}
            increaseLabel={t('store.cart.increase', { name: product.name })}
            invalidText={t('store.cart.quantityInvalid')}
          />
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<AddShoppingCartRoundedIcon />}
          onClick={submit}
          disabled={!enabled || !sold}
          sx={{
            mt: { xs: 0, sm: 2.25 },
            alignSelf: { xs: 'stretch', sm: 'auto' },
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            height: 44,
          }}
        >
          <T id="store.addToCart" />
        </Button>
        {/* Straight to a checkout of this pack alone (decision 021's buy-now cart); the cart is left as it is. */}
        <Button
          variant="outlined"
          size="large"
          startIcon={<BoltRoundedIcon />}
          component={RouterLink}
          to={href(
            `/direct/carts/buy-now?${new URLSearchParams({ variantId: variant?.id ?? '', quantity: String(quantity) }).toString()}`,
          )}
          disabled={!enabled || !sold}
          sx={{
            mt: { xs: 0, sm: 2.25 },
            alignSelf: { xs: 'stretch', sm: 'auto' },
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            height: 44,
          }}
        >
          <T id="store.buyNow" />
        </Button>
      </Stack>
      {!enabled && reason === 'enterprise_access_required' ? (
        <Box sx={{ mt: 1.5 }}>
          <AccessDenied />
        </Box>
      ) : !enabled && reason ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t(cartOffMessageId(reason))}
        </Alert>
      ) : !sold ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <T id="store.addToCart.notSold" />
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A card's quick add, where it fits: a product with one pack size (with several, the shopper picks on the product
 * page). Reads the product (the product page's cached query) for its variant, then adds one pack. Disabled, with
 * the reason as its tooltip, when the cart is off.
 */
export function CardAddToCart({ product }: { product: StoreProductCard }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { locale } = useStoreLocale();
  const { add, enabled, reason } = useAddToCart();
  const [busy, setBusy] = useState(false);
  if (product.variantCount !== 1 || !product.price) return null;
  const title = enabled
    ? t('store.addToCart.cardLabel', { name: product.name })
    : reason
      ? t(cartOffMessageId(reason))
      : '';
  const onClick = async () => {
    setBusy(true);
    try {
      const detail = await queryClient.fetchQuery({
        queryKey: storeKeys.product('slug', product.slug, locale),
        queryFn: () =>
          getJson<StoreProductDetail>(`${STORE_API}/products/${encodeURIComponent(product.slug)}`, localeQuery(locale)),
        staleTime: 60_000,
      });
      const variant = detail.variants.find((v) => v.price) ?? null;
      if (!variant?.price) return;
      add(variant.id, 1, {
        product: { slug: product.slug, name: product.name, brand: product.brand, image: product.image },
        seller: product.seller,
        variantLabel: variant.label,
        sku: variant.sku,
        unitPrice: variant.price.amount,
        restrictedUse: product.restrictedUse,
      });
    } catch {
      // The product could not be read: the shopper can still add it from its page.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={title}>
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddShoppingCartRoundedIcon fontSize="small" />}
          aria-label={t('store.addToCart.cardLabel', { name: product.name })}
          disabled={!enabled || busy}
          onClick={() => void onClick()}
          sx={{ textTransform: 'none', fontWeight: 600 }}
        >
          <T id="store.addToCart" />
        </Button>
      </span>
    </Tooltip>
  );
}
