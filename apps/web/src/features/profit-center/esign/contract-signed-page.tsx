import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import type { SignResult } from '@granary/domain';
import { Button, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { signingPdfUrl } from './signing-api';

/**
 * The landing page after e-signing (/profit-center/{provider}/contract-signed, grain-marketing.md 2): 'Contract
 * signed', what was signed (from the signing page, or the contract number in the query when a provider sends the
 * signer back), and a link back to My Sales Lite.
 */
export function ContractSignedPage() {
  const t = useT();
  const dates = useDates();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const location = useLocation();
  const [search] = useSearchParams();
  const state = location.state as { signed?: SignResult; reference?: string } | null;
  const signed = state?.signed ?? null;
  const number = signed?.displayContractId ?? search.get('contract');
  useDocumentTitle([t('esign.signed.title'), partner.branding.shortName]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CheckCircleRoundedIcon color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {t('esign.signed.title')}
          </Typography>
          <Typography>{number ? t('esign.signed.message', { number }) : t('esign.signed.messageNoNumber')}</Typography>
          {signed ? (
            <Typography variant="body2" color="text.secondary">
              {t('esign.signed.detail', {
                name: signed.signerName,
                when: dates.dateTime(signed.signedAt),
              })}
            </Typography>
          ) : null}
          {state?.reference ? (
            <Typography variant="body2" color="text.secondary">
              {t('esign.signed.copy')}{' '}
              <Link href={signingPdfUrl(state.reference)} target="_blank" rel="noopener">
                {t('esign.viewSigned')}
              </Link>
            </Typography>
          ) : null}
          <Button
            component={RouterLink}
            to={localized('/my-sales-lite')}
            variant="contained"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('esign.signed.back')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
