import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { Box, Button, Stack, Typography } from '@mui/material';
import { isProductDocumentType } from '@granary/domain';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../lib/api/api-error';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useProductDocument } from './api/product';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';

/** /direct/product/:slug/:pdfType: a product's label, SDS, tech sheet or mixing instructions, as a PDF. */
export function ProductDocumentPage() {
  const { slug = '', pdfType = '' } = useParams();
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const valid = isProductDocumentType(pdfType);
  const doc = useProductDocument(slug, valid ? pdfType : 'sds');
  const typeLabel = valid ? t(`store.doc.${pdfType}` as MessageId) : '';
  useDocumentTitle([typeLabel, doc.data?.product.name, partner.displayName]);
  const data = valid ? doc.data : undefined;
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs trail={[{ to: `/direct/product/${slug}`, label: data.product.name }]} current={typeLabel} />
          <Typography variant="overline" color="text.secondary">
            {data.product.brand}
          </Typography>
          <Typography component="h1" sx={{ fontSize: { xs: 22, md: 30 }, fontWeight: 800, lineHeight: 1.2 }}>
            <T id="store.doc.heading" values={{ type: typeLabel, name: data.product.name }} />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            <T id="store.doc.revised" values={{ date: data.revisedOn }} />
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ my: 2 }}>
            <Button
              variant="contained"
              href={data.url}
              target="_blank"
              rel="noopener"
              endIcon={<OpenInNewRoundedIcon />}
            >
              <T id="store.doc.open" />
            </Button>
            <Button variant="outlined" component={RouterLink} to={href(`/direct/product/${slug}`)}>
              <T id="store.doc.back" values={{ name: data.product.name }} />
            </Button>
          </Stack>
          <Box
            component="iframe"
            src={data.url}
            title={t('store.doc.frameTitle', { title: typeLabel })}
            sx={{
              display: { xs: 'none', md: 'block' },
              width: '100%',
              height: '75vh',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        </>
      ) : (
        <StoreQueryState
          error={valid ? doc.error : new ApiError(404, 'not_found', t('store.doc.unknownType'))}
          isPending={valid && doc.isPending}
          onRetry={() => void doc.refetch()}
        />
      )}
    </StorePage>
  );
}
