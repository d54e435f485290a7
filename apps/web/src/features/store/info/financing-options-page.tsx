import { Box, Paper, Stack, Typography } from '@mui/material';
import { groupedPaymentTerms, isStoreAreaOn, type PaymentTerm } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage } from '../components/store-frame';
import { useStoreRegion } from '../components/use-store-region';
import { InfoHeading, RegionUnavailable } from './info-frame';

/** A term's message key: the spec's placeholders written as words ('{brand}_ach' → 'brand_ach'). */
function termKey(term: PaymentTerm): string {
  return term.replace('{brand}', 'brand').replace('{card_provider}', 'cardProvider');
}

/** /direct/financing-options: the payment terms of platform.md 9.3 the visitor's region offers, by group, in plain words. */
export function FinancingOptionsPage() {
  const t = useT();
  const partner = usePartner();
  const region = useStoreRegion();
  const brand = partner.branding.shortName || partner.displayName;
  useDocumentTitle([t('storePages.financing.title'), partner.displayName]);
  const groups = groupedPaymentTerms(region);
  return (
    <StorePage>
      {isStoreAreaOn(region, 'direct') && groups.length > 0 ? (
        <>
          <StoreBreadcrumbs trail={[]} current={t('storePages.financing.title')} />
          <InfoHeading
            title={<T id="storePages.financing.title" />}
            intro={<T id="storePages.financing.intro" values={{ brand }} />}
          />
          <Typography component="p" sx={{ fontWeight: 600, mb: 2 }}>
            <T
              id="storePages.financing.region"
              values={{ region: t(`storePages.financing.region.${region}` as MessageId) }}
            />
          </Typography>
          <Stack spacing={3}>
            {groups.map(({ group, terms }) => (
              <Box component="section" key={group} aria-labelledby={`terms-${group}`}>
                <Typography id={`terms-${group}`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  <T id={`storePages.financing.group.${group}` as MessageId} />
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1.5, maxWidth: 760 }}>
                  <T id={`storePages.financing.group.${group}.intro` as MessageId} />
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
                  {terms.map((term) => (
                    <Paper component="li" variant="outlined" key={term} sx={{ p: 2 }} data-term={term}>
                      <Typography component="h3" sx={{ fontWeight: 700 }}>
                        <T id={`storePages.financing.term.${termKey(term)}` as MessageId} values={{ brand }} />
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        <T id={`storePages.financing.term.${termKey(term)}.text` as MessageId} values={{ brand }} />
                      </Typography>
                    </Paper>
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 4 }}>
            <T
              id="storePages.financing.questions"
              values={{ email: partner.branding.supportEmail, phone: partner.branding.supportPhone }}
            />
          </Typography>
        </>
      ) : (
        <RegionUnavailable />
      )}
    </StorePage>
  );
}
