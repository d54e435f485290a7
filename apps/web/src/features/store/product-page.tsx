import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Divider,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Rating,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { categoryHref, formatNumber, formatPackSize, type StoreProductDetail } from '@granary/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreProduct } from './api/product';
import { SellerName } from './components/product-card';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { StoreImage } from './components/store-image';
import { StorePrice } from './components/store-price';
import { AddToCartPanel } from './cart/add-to-cart';
import { SaveToList } from './orders/save-to-list';
import { useStoreLocale } from './components/use-store-locale';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function stockColor(status: string): 'success.main' | 'warning.main' | 'text.secondary' {
  return status === 'in_stock' ? 'success.main' : status === 'low_stock' ? 'warning.main' : 'text.secondary';
}

/** The product: images, brand and name, pack sizes with their price and stock, ingredients, pests, documents, seller. */
export function ProductView({ product }: { product: StoreProductDetail }) {
  const t = useT();
  const { href } = useStoreLocale();
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
          {product.variants.length > 0 ? (
            <Box sx={{ mt: 2.5 }}>
              <Typography id="pack-size-label" sx={{ fontWeight: 700, mb: 1 }}>
                <T id="store.product.packSize" />
              </Typography>
              <ToggleButtonGroup
                exclusive
                value={variant?.id ?? ''}
                onChange={(_e, value: string | null) => value && setVariantId(value)}
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
          ) : null}
          {variant ? (
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
          ) : null}
        </Box>
      </Box>

      <Block title={t('store.product.description')}>
        <Typography sx={{ maxWidth: 820 }}>{product.description}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <T id="store.product.manufacturer" values={{ name: product.manufacturer }} />
        </Typography>
      </Block>

      {product.activeIngredients.length > 0 ? (
        <Block title={t('store.product.ingredients')}>
          <Table size="small" sx={{ maxWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <T id="store.product.ingredientColumn" />
                </TableCell>
                <TableCell>
                  <T id="store.product.concentrationColumn" />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <T id="store.product.moaColumn" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {product.activeIngredients.map((i) => (
                <TableRow key={i.slug}>
                  <TableCell>
                    <Link component={RouterLink} to={href(`/direct/ingredient/${i.slug}`)}>
                      {i.name}
                    </Link>
                  </TableCell>
                  <TableCell>{`${formatNumber(i.concentration, { maxFractionDigits: 3 })} ${i.unit}`}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{i.modeOfAction || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Block>
      ) : null}

      {product.pests.length > 0 ? (
        <Block title={t('store.product.pests')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {product.pests.map((p) => (
              <Chip
                key={p.slug}
                component={RouterLink}
                to={href(`/direct/pest/${p.slug}`)}
                clickable
                variant="outlined"
                label={p.name}
              />
            ))}
          </Stack>
        </Block>
      ) : null}

      <Block title={t('store.product.documents')}>
        {product.documents.length === 0 ? (
          <Typography color="text.secondary">
            <T id="store.product.noDocuments" />
          </Typography>
        ) : (
          <List dense sx={{ maxWidth: 520 }}>
            {product.documents.map((d) => (
              <ListItem key={d.type} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PictureAsPdfOutlinedIcon color="error" />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={href(`/direct/product/${product.slug}/${d.type}`)}
                      sx={{ fontWeight: 600 }}
                    >
                      <T id={`store.doc.${d.type}` as MessageId} />
                    </Link>
                  }
                  secondary={<T id="store.doc.revised" values={{ date: d.revisedOn }} />}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Block>

      <Block title={t('store.product.seller')}>
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 520 }}>
          <Typography sx={{ fontWeight: 700 }}>
            <SellerName seller={product.seller} />
          </Typography>
          {product.seller.location ? (
            <Typography variant="body2" color="text.secondary">
              <T id="store.marketplace.shipsFrom" values={{ location: product.seller.location }} />
            </Typography>
          ) : null}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {product.seller.description}
          </Typography>
        </Paper>
      </Block>
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
