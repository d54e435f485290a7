import { Box, Card, CardActionArea, Chip, Link, Stack, Typography } from '@mui/material';
import { STORE_PROGRAMS, categoryHref, isStoreAreaOn } from '@granary/domain';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreHome } from './api/home';
import { ProductGrid } from './components/product-card';
import { StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';

function Section({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: { xs: 3, md: 5 } }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/** /direct and /direct/home: the store's front page. */
export function StoreHomePage() {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const home = useStoreHome(locale);
  useDocumentTitle([t('store.home.documentTitle'), partner.displayName]);
  return (
    <StorePage>
      <Box
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, p: { xs: 2.5, md: 5 }, mb: 1 }}
      >
        <Typography
          component="h1"
          sx={{ fontSize: { xs: 26, md: 38 }, fontWeight: 800, lineHeight: 1.15, maxWidth: 720 }}
        >
          <T id="store.home.title" />
        </Typography>
        <Typography sx={{ mt: 1, fontSize: { xs: 15, md: 18 }, maxWidth: 680, opacity: 0.92 }}>
          <T id="store.home.subtitle" />
        </Typography>
      </Box>
      {home.data ? (
        <>
          <Section title={t('store.home.categories')}>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: { xs: 1, sm: 2 },
                gridTemplateColumns: { xs: 'repeat(2, minmax(0,1fr))', md: 'repeat(4, minmax(0,1fr))' },
              }}
            >
              {home.data.categories.map((c) => (
                <Box component="li" key={c.path}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea
                      component={RouterLink}
                      to={href(categoryHref(c.path))}
                      sx={{
                        p: 2,
                        height: '100%',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'flex-start',
                        justifyContent: 'flex-start',
                      }}
                    >
                      <Typography component="h3" sx={{ fontWeight: 700, fontSize: 16 }}>
                        {c.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <T id="store.home.productCount" values={{ count: c.productCount }} />
                      </Typography>
                      {c.children.length > 0 ? (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}
                        >
                          {c.children
                            .slice(0, 4)
                            .map((x) => x.name)
                            .join(' · ')}
                        </Typography>
                      ) : null}
                    </CardActionArea>
                  </Card>
                </Box>
              ))}
            </Box>
          </Section>
          {STORE_PROGRAMS.some((p) => home.data.region.areas.includes(p)) ? (
            <Section title={t('store.home.programs')}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {STORE_PROGRAMS.filter((p) => isStoreAreaOn(home.data.region.region, p)).map((p) => (
                  <Chip
                    key={p}
                    component={RouterLink}
                    to={href(`/direct/${p}`)}
                    clickable
                    label={<T id={`store.program.${p}` as MessageId} />}
                  />
                ))}
              </Stack>
            </Section>
          ) : null}
          {home.data.deals.length > 0 ? (
            <Section
              title={t('store.home.deals')}
              action={
                <Link component={RouterLink} to={href('/direct/deals')}>
                  <T id="store.home.seeAll" />
                </Link>
              }
            >
              <ProductGrid products={home.data.deals.slice(0, 4)} label={t('store.home.deals')} />
            </Section>
          ) : null}
          <Section title={t('store.home.featured')}>
            <ProductGrid products={home.data.featured} label={t('store.home.featured')} />
          </Section>
          <Section title={t('store.home.shopBy')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Link component={RouterLink} to={href('/direct/ingredients')} sx={{ fontWeight: 600 }}>
                <T id="store.nav.ingredients" />
              </Link>
              <Link component={RouterLink} to={href('/direct/pest')} sx={{ fontWeight: 600 }}>
                <T id="store.nav.pests" />
              </Link>
              {home.data.sellers
                .filter((s) => s.kind === 'marketplace')
                .map((s) => (
                  <Link
                    key={s.slug}
                    component={RouterLink}
                    to={href(`/direct/marketplace/${s.slug}`)}
                    sx={{ fontWeight: 600 }}
                  >
                    {s.name}
                  </Link>
                ))}
            </Stack>
          </Section>
        </>
      ) : (
        <StoreQueryState error={home.error} isPending={home.isPending} onRetry={() => void home.refetch()} />
      )}
    </StorePage>
  );
}
