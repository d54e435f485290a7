import { Box, Card, CardActionArea, Rating, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useMarketplace } from './api/listing';
import { useStoreProduct } from './api/product';
import { ListingView, useListingQuery } from './components/listing-view';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';
import { ProductView } from './product-page';

/** /direct/marketplace/:section?: the marketplace sellers; a section naming a seller lists that seller's products. */
export function MarketplacePage() {
  const { section } = useParams();
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const page = useMarketplace(section, useListingQuery());
  const data = page.data;
  useDocumentTitle([data?.seller?.name, t('store.marketplace.title'), partner.displayName]);
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs
            trail={data.seller ? [{ to: '/direct/marketplace', label: t('store.marketplace.title') }] : []}
            current={data.seller?.name ?? t('store.marketplace.title')}
          />
          <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
            {data.seller?.name ?? <T id="store.marketplace.title" />}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
            {data.seller ? data.seller.description : <T id="store.marketplace.intro" />}
          </Typography>
          <Box
            component="ul"
            aria-label={t('store.marketplace.sellers')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mb: 3,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            }}
          >
            {data.sellers.map((s) => (
              <Box component="li" key={s.slug}>
                <Card
                  variant="outlined"
                  sx={{
                    borderColor: data.seller?.slug === s.slug ? 'primary.main' : 'divider',
                    borderWidth: data.seller?.slug === s.slug ? 2 : 1,
                  }}
                >
                  <CardActionArea component={RouterLink} to={href(`/direct/marketplace/${s.slug}`)} sx={{ p: 1.5 }}>
                    <Typography sx={{ fontWeight: 700 }}>{s.name}</Typography>
                    {s.rating ? <Rating value={Number(s.rating)} precision={0.5} readOnly size="small" /> : null}
                    <Typography variant="body2" color="text.secondary">
                      <T id="store.marketplace.shipsFrom" values={{ location: s.location }} /> ·{' '}
                      <T id="store.home.productCount" values={{ count: s.productCount }} />
                    </Typography>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
          <ListingView
            listing={data.listing}
            title={data.seller?.name ?? t('store.marketplace.title')}
            isFetching={page.isFetching}
          />
        </>
      ) : (
        <StoreQueryState error={page.error} isPending={page.isPending} onRetry={() => void page.refetch()} />
      )}
    </StorePage>
  );
}

/** /marketplace/products/:uniqueProductId?: a marketplace product by its unique id; without one, the marketplace. */
export function MarketplaceProductPage() {
  const { uniqueProductId = '' } = useParams();
  const partner = usePartner();
  const { locale } = useStoreLocale();
  const product = useStoreProduct({ publicId: uniqueProductId }, locale);
  useDocumentTitle([product.data?.name, partner.displayName]);
  if (!uniqueProductId) return <MarketplacePage />;
  return (
    <StorePage>
      {product.data ? (
        <ProductView product={product.data} />
      ) : (
        <StoreQueryState error={product.error} isPending={product.isPending} onRetry={() => void product.refetch()} />
      )}
    </StorePage>
  );
}
