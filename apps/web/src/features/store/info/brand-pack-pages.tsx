import { Box, Button, Card, CardActionArea, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { formatStorePrice } from '@granary/domain';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useBrandPack, useBrandPacks } from './api';
import { useBrandPackPath } from './brand-pack-path';
import { InfoHeading } from './info-frame';

/** /direct/{brand}-pack: the house-brand packs with their prices. */
export function BrandPacksPage() {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const { brand, path } = useBrandPackPath();
  const packs = useBrandPacks(locale);
  const title = t('storePages.brandPack.title', { brand });
  useDocumentTitle([title, partner.displayName]);
  const data = packs.data;
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={[]} current={title} />
          <InfoHeading
            title={title}
            intro={<T id="storePages.brandPack.intro" values={{ seller: data.seller.name }} />}
          />
          <Box
            component="ul"
            aria-label={title}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {data.packs.map((pack) => (
              <Box component="li" key={pack.slug}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={href(`${path}/${pack.slug}`)}
                    sx={{
                      p: 2,
                      height: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'stretch',
                      justifyContent: 'flex-start',
                    }}
                  >
                    {pack.section ? (
                      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                        {pack.section}
                      </Typography>
                    ) : null}
                    <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                      {pack.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                      <T id="store.home.productCount" values={{ count: pack.productCount }} />
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                      <T id="storePages.brandPack.packPrice" />
                    </Typography>
                    <Typography sx={{ fontWeight: 800, fontSize: 20 }}>
                      {formatStorePrice(pack.packPrice, pack.currency)}
                    </Typography>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <StoreQueryState error={packs.error} isPending={packs.isPending} onRetry={() => void packs.refetch()} />
      )}
    </StorePage>
  );
}

/** /direct/{brand}-pack/:slug: what is in one pack, each product's pack and price, and the pack's price. */
export function BrandPackPage({ slug }: { slug: string }) {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const { brand, path } = useBrandPackPath();
  const pack = useBrandPack(slug, locale);
  const data = pack.data;
  const listTitle = t('storePages.brandPack.title', { brand });
  useDocumentTitle([data?.name ?? null, listTitle, partner.displayName]);
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={[{ to: path, label: listTitle }]} current={data.name} />
          <InfoHeading
            title={`${brand} · ${data.name}`}
            intro={<T id="storePages.brandPack.intro" values={{ seller: data.seller.name }} />}
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 8fr) minmax(0, 4fr)' },
              alignItems: 'start',
            }}
          >
            <Paper variant="outlined" component="section" aria-labelledby="pack-contents">
              <Typography id="pack-contents" component="h2" variant="h6" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
                <T id="storePages.brandPack.contents" />
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {data.items.map((item, i) => (
                  <Box component="li" key={item.variantId}>
                    {i > 0 ? <Divider /> : null}
                    <Stack
                      direction="row"
                      sx={{ px: 2, py: 1.25, justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}
                    >
                      <Box sx={{ minWidth: 0 }}>
                        <Link
                          component={RouterLink}
                          to={href(`/direct/product/${item.product.slug}`)}
                          sx={{ fontWeight: 600 }}
                        >
                          {item.product.name}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {item.label}
                        </Typography>
                      </Box>
                      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {formatStorePrice(item.amount, data.currency)}
                      </Typography>
                    </Stack>
                  </Box>
                ))}
              </Box>
            </Paper>
            <Paper
              variant="outlined"
              sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}
              data-testid="pack-price"
            >
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                <T id="storePages.brandPack.total" />
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: 28 }}>
                {formatStorePrice(data.packPrice, data.currency)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                <T id="store.home.productCount" values={{ count: data.productCount }} />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                <T id="storePages.brandPack.buySeparately" />
              </Typography>
              <Button component={RouterLink} to={href(path)} sx={{ mt: 1, px: 0 }}>
                {listTitle}
              </Button>
            </Paper>
          </Box>
        </>
      ) : (
        <StoreQueryState error={pack.error} isPending={pack.isPending} onRetry={() => void pack.refetch()} />
      )}
    </StorePage>
  );
}
