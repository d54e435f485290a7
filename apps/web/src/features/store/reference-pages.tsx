import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { PEST_TYPES } from '@granary/domain';
import { Link as RouterLink, useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useIngredientPage, usePestPage } from './api/listing';
import { useIngredients, usePests } from './api/reference';
import { ListingView, useListingQuery } from './components/listing-view';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';

function TileGrid({
  items,
  label,
}: {
  items: { to: string; title: string; meta: string; count: number }[];
  label: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {items.map((i) => (
        <Box component="li" key={i.to}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={i.to} sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 700 }}>{i.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {i.meta ? `${i.meta} · ` : ''}
                <T id="store.home.productCount" values={{ count: i.count }} />
              </Typography>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

/** /direct/ingredients: the active ingredients, by type. */
export function IngredientsPage() {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const list = useIngredients(locale);
  useDocumentTitle([t('store.ingredients.title'), partner.displayName]);
  // Only what the region sells is worth a tile.
  const ingredients = (list.data?.ingredients ?? []).filter((i) => i.productCount > 0);
  const types = [...new Set(ingredients.map((i) => i.ingredientType))];
  return (
    <StorePage>
      <StoreBreadcrumbs trail={[]} current={t('store.ingredients.title')} />
      <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
        <T id="store.ingredients.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <T id="store.ingredients.intro" />
      </Typography>
      {list.data ? (
        types.map((type) => (
          <Box key={type} component="section" sx={{ mb: 3 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1, textTransform: 'capitalize' }}>
              <T id={`store.ingredientType.${type}` as MessageId} />
            </Typography>
            <TileGrid
              label={t(`store.ingredientType.${type}` as MessageId)}
              items={ingredients
                .filter((i) => i.ingredientType === type)
                .map((i) => ({
                  to: href(`/direct/ingredient/${i.slug}`),
                  title: i.name,
                  meta: i.modeOfAction,
                  count: i.productCount,
                }))}
            />
          </Box>
        ))
      ) : (
        <StoreQueryState error={list.error} isPending={list.isPending} onRetry={() => void list.refetch()} />
      )}
    </StorePage>
  );
}

/** /direct/ingredient/:slug: the ingredient and the products that contain it. */
export function IngredientPage() {
  const { slug = '' } = useParams();
  const t = useT();
  const partner = usePartner();
  const page = useIngredientPage(slug, useListingQuery());
  const data = page.data;
  useDocumentTitle([data?.ingredient.name, t('store.ingredients.title'), partner.displayName]);
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs
            trail={[{ to: '/direct/ingredients', label: t('store.ingredients.title') }]}
            current={data.ingredient.name}
          />
          <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
            {data.ingredient.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1 }}>
            <Chip
              size="small"
              label={<T id={`store.ingredientType.${data.ingredient.ingredientType}` as MessageId} />}
            />
            {data.ingredient.modeOfAction ? (
              <Chip size="small" variant="outlined" label={data.ingredient.modeOfAction} />
            ) : null}
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
            {data.ingredient.description}
          </Typography>
          <ListingView
            listing={data.listing}
            title={t('store.ingredients.productsWith', { name: data.ingredient.name })}
            isFetching={page.isFetching}
          />
        </>
      ) : (
        <StoreQueryState error={page.error} isPending={page.isPending} onRetry={() => void page.refetch()} />
      )}
    </StorePage>
  );
}

/** /direct/pest: weeds, insects and diseases. */
export function PestsPage() {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const list = usePests(locale);
  useDocumentTitle([t('store.pests.title'), partner.displayName]);
  return (
    <StorePage>
      <StoreBreadcrumbs trail={[]} current={t('store.pests.title')} />
      <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
        <T id="store.pests.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <T id="store.pests.intro" />
      </Typography>
      {list.data ? (
        PEST_TYPES.map((type) => (
          <Box key={type} component="section" sx={{ mb: 3 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              <T id={`store.pestType.${type}`} />
            </Typography>
            <TileGrid
              label={t(`store.pestType.${type}`)}
              items={list.data.pests
                .filter((p) => p.pestType === type && p.productCount > 0)
                .map((p) => ({
                  to: href(`/direct/pest/${p.slug}`),
                  title: p.name,
                  meta: p.scientificName,
                  count: p.productCount,
                }))}
            />
          </Box>
        ))
      ) : (
        <StoreQueryState error={list.error} isPending={list.isPending} onRetry={() => void list.refetch()} />
      )}
    </StorePage>
  );
}

/** /direct/pest/:slug: the pest and the products that control it. */
export function PestPage() {
  const { slug = '' } = useParams();
  const t = useT();
  const partner = usePartner();
  const page = usePestPage(slug, useListingQuery());
  const data = page.data;
  useDocumentTitle([data?.pest.name, t('store.pests.title'), partner.displayName]);
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={[{ to: '/direct/pest', label: t('store.pests.title') }]} current={data.pest.name} />
          <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
            {data.pest.name}
          </Typography>
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {data.pest.scientificName}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            <T id="store.pests.productsFor" values={{ name: data.pest.name }} />
          </Typography>
          <ListingView
            listing={data.listing}
            title={t('store.pests.productsFor', { name: data.pest.name })}
            isFetching={page.isFetching}
          />
        </>
      ) : (
        <StoreQueryState error={page.error} isPending={page.isPending} onRetry={() => void page.refetch()} />
      )}
    </StorePage>
  );
}
