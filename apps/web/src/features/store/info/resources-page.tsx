import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { isStoreAreaOn, type StoreArea } from '@granary/domain';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useStoreRegion } from '../components/use-store-region';
import { useBrandPackPath } from './brand-pack-path';
import { InfoHeading } from './info-frame';

type Resource = { key: string; to: string; area: StoreArea | null };

/** /direct/resources: links to the store's reference and planning pages that are on in the visitor's region. */
export function ResourcesPage() {
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const region = useStoreRegion();
  const { brand, path } = useBrandPackPath();
  useDocumentTitle([t('storePages.resources.title'), partner.displayName]);
  const groups: { key: string; items: Resource[] }[] = [
    {
      key: 'learn',
      items: [
        { key: 'documents', to: '/direct/crop-protection', area: 'direct' },
        { key: 'ingredients', to: '/direct/ingredients', area: 'ingredients' },
        { key: 'pests', to: '/direct/pest', area: 'pests' },
      ],
    },
    {
      key: 'plan',
      items: [
        { key: 'feed', to: '/direct/feed/feed-efficiency', area: 'direct' },
        { key: 'acrePlans', to: '/direct/acre-plan', area: 'acre-pack' },
        { key: 'brandPacks', to: path, area: 'direct' },
      ],
    },
    {
      key: 'buy',
      items: [
        { key: 'financing', to: '/direct/financing-options', area: 'direct' },
        { key: 'warehouses', to: '/direct/warehouse-locations', area: 'direct' },
      ],
    },
    {
      key: 'policies',
      items: [
        { key: 'terms', to: '/direct/terms-and-conditions', area: null },
        { key: 'termsOfSale', to: '/direct/terms-of-sale', area: null },
      ],
    },
  ];
  const on = (r: Resource) => r.area === null || isStoreAreaOn(region, r.area);
  return (
    <StorePage>
      <StoreBreadcrumbs trail={[]} current={t('storePages.resources.title')} />
      <InfoHeading title={<T id="storePages.resources.title" />} intro={<T id="storePages.resources.intro" />} />
      {groups
        .map((g) => ({ ...g, items: g.items.filter(on) }))
        .filter((g) => g.items.length > 0)
        .map((g) => (
          <Box component="section" key={g.key} aria-labelledby={`resources-${g.key}`} sx={{ mb: 3 }}>
            <Typography id={`resources-${g.key}`} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
              <T id={`storePages.resources.group.${g.key}` as MessageId} />
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
              }}
            >
              {g.items.map((r) => (
                <Box component="li" key={r.key}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea
                      component={RouterLink}
                      to={href(r.to)}
                      sx={{
                        p: 2,
                        height: '100%',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'stretch',
                        justifyContent: 'flex-start',
                      }}
                    >
                      <Typography sx={{ fontWeight: 700 }}>
                        <T id={`storePages.resources.${r.key}` as MessageId} values={{ brand }} />
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        <T id={`storePages.resources.${r.key}.text` as MessageId} values={{ brand }} />
                      </Typography>
                    </CardActionArea>
                  </Card>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
    </StorePage>
  );
}
