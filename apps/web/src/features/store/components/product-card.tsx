import type { StoreProductCard } from '@granary/domain';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T } from '../../../lib/i18n/t';
import { CardAddToCart } from '../cart/add-to-cart';
import { StoreImage } from './store-image';
import { StorePrice } from './store-price';
import { useStoreLocale } from './use-store-locale';

type SellerRef = { name: string; kind: 'house' | 'marketplace' };

/** How a seller is named: the house store wears the partner's name (its stored name is only the seed's). */
export function useSellerName(): (seller: SellerRef) => string {
  const partner = usePartner();
  return (seller) => (seller.kind === 'house' ? partner.displayName : seller.name);
}

/** The seller line: the house store wears the partner's name. */
export function SellerName({ seller }: { seller: SellerRef }) {
  return <>{useSellerName()(seller)}</>;
}

/** A product in a grid: image, brand, name, main ingredients, seller, price from, stock. */
function ProductCard({ product }: { product: StoreProductCard }) {
  const { href } = useStoreLocale();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={product.name}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        component={RouterLink}
        to={href(`/direct/product/${product.slug}`)}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', p: 1.5 }}
      >
        <Box sx={{ position: 'relative', mb: 1 }}>
          <StoreImage image={product.image} size={240} alt={product.name} />
          <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 6, left: 6 }}>
            {product.isDeal ? <Chip size="small" color="error" label={<T id="store.card.deal" />} /> : null}
            {product.restrictedUse ? <Chip size="small" color="warning" label={<T id="store.card.rup" />} /> : null}
          </Stack>
        </Box>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: 0.4 }}
          noWrap
        >
          {product.brand}
        </Typography>
        <Typography
          component="h3"
          sx={{
            fontWeight: 600,
            fontSize: 15,
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.6em',
          }}
        >
          {product.name}
        </Typography>
        {product.ingredients.length > 0 ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {product.ingredients.join(' · ')}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" noWrap>
          <T id="store.card.soldBy" values={{ seller: <SellerName seller={product.seller} /> }} />
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ mt: 1 }}>
          {product.price ? (
            <StorePrice
              amount={product.price.amount}
              currency={product.price.currency}
              listAmount={product.price.listAmount}
              unitPrice={product.unitPrice}
              from={product.variantCount > 1}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              <T id="store.card.notSold" />
            </Typography>
          )}
          <Typography
            variant="body2"
            sx={{ mt: 0.5, fontWeight: 500, color: product.inStock ? 'success.main' : 'text.secondary' }}
          >
            {product.inStock ? <T id="store.card.inStock" /> : <T id="store.card.outOfStock" />}
            {product.variantCount > 1 ? (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {' · '}
                <T id="store.card.variants" values={{ count: product.variantCount }} />
              </Box>
            ) : null}
          </Typography>
        </Box>
      </CardActionArea>
      {product.variantCount === 1 && product.price ? (
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          <CardAddToCart product={product} />
        </Box>
      ) : null}
    </Card>
  );
}

/** Cards in a responsive grid: 2 columns on a phone up to 4 on a desktop. */
export function ProductGrid({ products, label }: { products: StoreProductCard[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {products.map((product) => (
        <Box component="li" key={product.id}>
          <ProductCard product={product} />
        </Box>
      ))}
    </Box>
  );
}
