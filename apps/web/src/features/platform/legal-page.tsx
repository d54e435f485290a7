import { formatDay, isLegalDocument, type LegalDocument } from '@granary/domain';
import { Box, Container, Link, Paper, Skeleton, Typography } from '@mui/material';
import { useLegalText } from '../../lib/api/legal-texts';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { useRegion } from '../../lib/i18n/locale';
import { T, useT } from '../../lib/i18n/t';
import { useCurrentRouteDef } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { LegalTextView } from '../../lib/ui/legal-text';
import { LoadErrorAlert } from '../../lib/ui/page-states';

function LegalDocumentView({ document }: { document: LegalDocument }) {
  const t = useT();
  const partner = usePartner();
  const { locale } = useRegion();
  const query = useLegalText(document);
  const b = partner.branding;
  const brand = b.shortName || partner.displayName;
  const title = t(`legal.${document}` as MessageId);
  useDocumentTitle([title, brand]);
  const text = query.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Box component="article" aria-labelledby="legal-title">
        <Typography id="legal-title" variant="h1" component="h1" sx={{ fontSize: { xs: 26, md: 34 }, fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {b.legalName || brand}
          {text?.updatedAt ? (
            <>
              {' · '}
              <T id="legal.updated" values={{ date: formatDay(text.updatedAt, locale) }} />
            </>
          ) : null}
        </Typography>
        {query.isPending ? (
          <Box aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="text" sx={{ fontSize: 16, mb: 1 }} />
            ))}
          </Box>
        ) : query.isError ? (
          <LoadErrorAlert
            error={query.error}
            fallback={t('error.unexpected')}
            retryLabel={<T id="shell.error.refresh" />}
            onRetry={() => void query.refetch()}
          />
        ) : text && text.body.trim() ? (
          <LegalTextView body={text.body} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography>
              <T
                id="legal.missing"
                values={{
                  brand,
                  email: (
                    <Link key="email" href={`mailto:${b.supportEmail}`}>
                      {b.supportEmail}
                    </Link>
                  ),
                }}
              />
            </Typography>
          </Paper>
        )}
      </Box>
    </Container>
  );
}

/** The legal pages of platform.md 2.1 ('/terms-of-service', '/privacy-policy', ...): the partner's own text, as data. */
export function LegalPage() {
  const def = useCurrentRouteDef();
  const document = def?.id.replace(/^legal-/, '') ?? '';
  if (!isLegalDocument(document)) return null;
  return <LegalDocumentView key={document} document={document} />;
}
