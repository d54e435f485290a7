import { Box, Card, CardActionArea, Link, Stack, Typography } from '@mui/material';
import {
  canonicalCategorySlug,
  categoryHref,
  isVirtualCategory,
  subcategoryPathToUrl,
  type StoreListing,
} from '@granary/domain';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreListing, type ListingSource } from './api/listing';
import { ListingView, useListingQuery } from './components/listing-view';
import { ProductGrid } from './components/product-card';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';

function Heading({ listing, fallback }: { listing: StoreListing | undefined; fallback: string }) {
  return (
    <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800, mb: 0.5 }}>
      {listing?.category?.name ?? fallback}
    </Typography>
  );
}

function CategoryListing({ source, fallbackTitle }: { source: ListingSource; fallbackTitle: string }) {
  const partner = usePartner();
  const { href } = useStoreLocale();
  // The deals of one department (?category=seed, from a deals about page's department card).
  const [params] = useSearchParams();
  const department = source.kind === 'category' && isVirtualCategory(source.category) ? params.get('category') : null;
  const query = useListingQuery(department ? { category: department } : {});
  const listing = useStoreListing(source, query);
  const data = listing.data;
  const title = data?.category?.name ?? fallbackTitle;
  useDocumentTitle([title, partner.displayName]);
  const trail = (data?.breadcrumbs ?? []).slice(0, -1).map((c) => ({ to: categoryHref(c.path), label: c.name }));
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={trail} current={title} />
          <Heading listing={data} fallback={fallbackTitle} />
          {data.category?.description ? (
            <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
              {data.category.description}{' '}
              <Link component={RouterLink} to={href(`/direct/${data.category.path.split('/')[0]}/about`)}>
                <T id="store.category.learnMore" />
              </Link>
            </Typography>
          ) : (
            <Box sx={{ mb: 2 }} />
          )}
          <ListingView
            listing={data}
            title={title}
            categoryLink={(path) => href(categoryHref(path))}
            isFetching={listing.isFetching}
          />
        </>
      ) : (
        <StoreQueryState error={listing.error} isPending={listing.isPending} onRetry={() => void listing.refetch()} />
      )}
    </StorePage>
  );
}

/** /direct/:category/:subcategory* — a category or subcategory (dots in the URL stand for slashes). */
export function CategoryPage() {
  const params = useParams();
  const t = useT();
  const category = params.category ?? params.page ?? '';
  const rest = params['*'] ?? '';
  const slug = canonicalCategorySlug(category);
  const sub = rest ? subcategoryPathToUrl(rest.replaceAll('.', '/')) : undefined;
  const source: ListingSource = { kind: 'category', category: slug ?? category, ...(sub ? { subcategory: sub } : {}) };
  const fallback = slug && isVirtualCategory(slug) ? t('store.nav.deals') : t('store.category.fallbackTitle');
  return <CategoryListing key={`${category}/${rest}`} source={source} fallbackTitle={fallback} />;
}

/** /direct/products: the whole catalogue. */
export function AllProductsPage() {
  const t = useT();
  return <CategoryListing source={{ kind: 'products' }} fallbackTitle={t('store.nav.allProducts')} />;
}

/** /direct/:category/about: what the category holds, its subcategories and popular products. */
export function CategoryAboutPage() {
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const { category = '' } = useParams();
  const slug = canonicalCategorySlug(category) ?? category;
  const listing = useStoreListing({ kind: 'about', category: slug }, useListingQuery());
  const data = listing.data;
  const name = data?.category?.name ?? '';
  useDocumentTitle([name ? t('store.category.about', { name }) : null, partner.displayName]);
  return (
    <StorePage>
      {data?.category ? (
        <>
          <StoreBreadcrumbs
            trail={[{ to: categoryHref(data.category.path), label: data.category.name }]}
            current={t('store.category.aboutShort')}
          />
          <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
            <T id="store.category.about" values={{ name }} />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760, fontSize: 17 }}>
            {data.category.description}
          </Typography>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
            <T id="store.category.subcategories" />
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mb: 4,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            }}
          >
            {data.category.children.map((c) => (
              <Box component="li" key={c.path}>
                <Card variant="outlined">
                  <CardActionArea
                    component={RouterLink}
                    to={href(
                      isVirtualCategory(data.category!.slug)
                        ? `/direct/${data.category!.slug}?category=${encodeURIComponent(c.path)}`
                        : categoryHref(c.path),
                    )}
                    sx={{ p: 2 }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>{c.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      <T id="store.home.productCount" values={{ count: c.productCount }} />
                    </Typography>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              <T id="store.home.featured" />
            </Typography>
            <Link component={RouterLink} to={href(categoryHref(data.category.path))} sx={{ fontWeight: 600 }}>
              <T id="store.category.viewAll" values={{ name, count: data.category.productCount }} />
            </Link>
          </Stack>
          <ProductGrid products={data.products.slice(0, 8)} label={name} />
        </>
      ) : (
        <StoreQueryState error={listing.error} isPending={listing.isPending} onRetry={() => void listing.refetch()} />
      )}
    </StorePage>
  );
}
