import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { InfoHeading } from './info-frame';

type Doc = {
  prefix: 'storePages.terms' | 'storePages.sale';
  sections: number;
  other: { to: string; label: MessageId };
};

const TERMS: Doc = {
  prefix: 'storePages.terms',
  sections: 9,
  other: { to: '/direct/terms-of-sale', label: 'storePages.resources.termsOfSale' },
};
const SALE: Doc = {
  prefix: 'storePages.sale',
  sections: 8,
  other: { to: '/direct/terms-and-conditions', label: 'storePages.resources.terms' },
};

/** A readable legal page: numbered sections, the brand words from the partner branding (never written in). */
function TermsDocument({ doc }: { doc: Doc }) {
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const b = partner.branding;
  const values = {
    brand: b.shortName || partner.displayName,
    tradeName: b.tradeName || b.shortName || partner.displayName,
    legalName: b.legalName || b.tradeName || partner.displayName,
    email: b.supportEmail,
    phone: b.supportPhone,
    dataEmail: b.dataEmail || b.supportEmail,
  };
  const title = t(`${doc.prefix}.title` as MessageId);
  useDocumentTitle([title, partner.displayName]);
  return (
    <StorePage>
      <StoreBreadcrumbs trail={[{ to: '/direct/resources', label: t('storePages.resources.title') }]} current={title} />
      <Box component="article" sx={{ maxWidth: 760 }}>
        <InfoHeading title={title} intro={<T id={`${doc.prefix}.updated` as MessageId} values={values} />} />
        {Array.from({ length: doc.sections }, (_, i) => i + 1).map((n) => (
          <Box component="section" key={n} sx={{ mb: 2.5 }} aria-labelledby={`${doc.prefix}-${n}`}>
            <Typography id={`${doc.prefix}-${n}`} component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 0.5 }}>
              <T id={`${doc.prefix}.s${n}.title` as MessageId} />
            </Typography>
            <Typography sx={{ lineHeight: 1.7 }}>
              <T id={`${doc.prefix}.s${n}.body` as MessageId} values={values} />
            </Typography>
          </Box>
        ))}
        <Link component={RouterLink} to={href(doc.other.to)} sx={{ fontWeight: 600 }}>
          <T id={doc.other.label} />
        </Link>
      </Box>
    </StorePage>
  );
}

/** /direct/terms-and-conditions */
export function TermsAndConditionsPage() {
  return <TermsDocument doc={TERMS} />;
}

/** /direct/terms-of-sale */
export function TermsOfSalePage() {
  return <TermsDocument doc={SALE} />;
}
