import { Box, Divider } from '@mui/material';
import { categoryHref, type StoreProductDetail } from '@granary/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreProduct } from './api/product';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { StoreImage } from './components/store-image';
import { useStoreLocale } from './components/use-store-locale';
import { PackSizePicker, ProductHeadline, SelectedPack } from './product-page-buy-box';
import {
  ProductDescription,
  ProductDocuments,
  ProductIngredients,
  ProductPests,
  ProductSeller,
} from './product-page-sections';

/** The product: images, brand and name, pack sizes with their price and stock, ingredients, pests, documents, seller. */
export function ProductView({ product }: { product: StoreProductDetail }) {
  const [variantId, setVariantId] = useState(
    product.variants.find((v) => v.stockStatus !== 'out_of_stock')?.id ?? product.variants[0]?.id ?? '',
  );
  const variant = product.variants.find((v) => v.id === variantId) ?? product.variants[0];
  const trail = product.breadcrumbs.map((c) => ({ to: categoryHref(c.path), label: c.name }));
  return (
    <>
      <StoreBreadcrumbs trail={trail} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: { xs: 2, md: 5 },
        }}
      >
        <Box sx={{ maxWidth: { xs: 360, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}>
          <StoreImage image={product.images[0] ?? null} size={480} with3x alt={product.name} />
        </Box>
        <Box>
          <ProductHeadline product={product} />
          {product.variants.length > 0 ? (
            <PackSizePicker product={product} value={variant?.id ?? ''} onChange={setVariantId} />
          ) : null}
          {variant ? <SelectedPack product={product} variant={variant} /> : null}
        </Box>
      </Box>

      <ProductDescription product={product} />
      <ProductIngredients product={product} />
      <ProductPests product={product} />
      <ProductDocuments product={product} />
      <ProductSeller product={product} />
      <Divider sx={{ mt: 4 }} />
    </>
  );
}

/** /direct/product/:slug. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const partner = usePartner();
  const { locale } = useStoreLocale();
  const product = useStoreProduct({ slug }, locale);
  useDocumentTitle([product.data?.name, partner.displayName]);
  return (
    <StorePage>
      {product.data ? (
        <ProductView key={product.data.id} product={product.data} />
      ) : (
        <StoreQueryState error={product.error} isPending={product.isPending} onRetry={() => void product.refetch()} />
      )}
    </StorePage>
  );
}
