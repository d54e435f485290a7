import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useWarehouses } from './api';
import { InfoHeading } from './info-frame';

/** /direct/warehouse-locations: the pickup locations of the visitor's country, as address cards (no map tiles). */
export function WarehouseLocationsPage() {
  const t = useT();
  const partner = usePartner();
  const { locale } = useStoreLocale();
  const list = useWarehouses(locale);
  useDocumentTitle([t('storePages.warehouses.title'), partner.displayName]);
  const data = list.data;
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={[]} current={t('storePages.warehouses.title')} />
          <InfoHeading title={<T id="storePages.warehouses.title" />} intro={<T id="storePages.warehouses.intro" />} />
          <Typography sx={{ fontWeight: 600, mb: 1.5 }}>
            <T id="storePages.warehouses.count" values={{ count: data.warehouses.length }} />
          </Typography>
          {data.warehouses.length === 0 ? (
            <Typography color="text.secondary">
              <T id="storePages.warehouses.none" />
            </Typography>
          ) : (
            <Box
              component="ul"
              aria-label={t('storePages.warehouses.title')}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
              }}
            >
              {data.warehouses.map((w) => (
                <Paper component="li" variant="outlined" key={w.code} sx={{ p: 2 }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                    <PlaceOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 17 }}>
                        {w.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        <T id="storePages.warehouses.pickup" /> · {w.code}
                      </Typography>
                      <Box
                        component="address"
                        aria-label={t('storePages.warehouses.address')}
                        sx={{ fontStyle: 'normal', lineHeight: 1.5 }}
                      >
                        <div>{w.addressLine1}</div>
                        <div>{`${w.city}, ${w.region} ${w.postalCode}`}</div>
                      </Box>
                    </Box>
                  </Stack>
                </Paper>
              ))}
            </Box>
          )}
        </>
      ) : (
        <StoreQueryState error={list.error} isPending={list.isPending} onRetry={() => void list.refetch()} />
      )}
    </StorePage>
  );
}
