import { Alert, Container, Typography } from '@mui/material';
import { usePartner } from '../../lib/brand/partner-context';
import { useCurrentEnterprise } from '../../lib/enterprise/current-enterprise';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { BillingSection } from './billing-section';

/** /billing (platform.md 7.5, issue 17, decision 056): the billing of the current farm business (the header switcher's). */
export function BillingPage() {
  const t = useT();
  const partner = usePartner();
  const enterprise = useCurrentEnterprise();
  const title = enterprise ? t('billing.pageTitle', { name: enterprise.name }) : t('billing.title');
  useDocumentTitle([title, partner.branding.shortName]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <T id="billing.subtitle" />
      </Typography>
      {enterprise ? (
        <BillingSection key={enterprise.publicId} enterprisePublicId={enterprise.publicId} />
      ) : (
        <Alert severity="info">
          <T id="billing.noEnterprise" />
        </Alert>
      )}
    </Container>
  );
}
