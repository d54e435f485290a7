import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import { homeTarget } from '@granary/domain';
import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { ErrorScreen } from './error-screen';

/** '/' and a locale root ('/en-ca'): the dashboard when logged in, otherwise the public market (temporary). */
export function HomeRedirect() {
  const { data } = useBootstrap();
  const localized = useLocalizedPath();
  if (!data || !data.user.identified) return <PageSpinner />;
  return <Navigate to={localized(homeTarget(data.user.isLoggedIn))} replace />;
}

/** The error gateway /error/:code?/:hash? (the server answers with `code` as the HTTP status). */
export function ErrorGatewayPage() {
  const { code } = useParams();
  return <ErrorScreen code={code && /^\d{3}$/.test(code) ? code : null} embedded />;
}

/** /app-shell: the shell on its own (header, notices, footer) with an empty page. */
export function AppShellPage() {
  const t = useT();
  const partner = usePartner();
  useDocumentTitle([partner.branding.shortName]);
  return <Box role="region" aria-label={t('shell.appShell.label')} data-testid="app-shell" sx={{ flex: 1 }} />;
}

const NOT_FOUND_STATUS = 404;

/** The no-match page. */
export function NotFoundPage() {
  const t = useT();
  const partner = usePartner();
  useDocumentTitle([t('shell.notFound.title'), partner.branding.shortName]);
  return (
    <Container maxWidth="sm" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: { xs: 6, md: 12 } }}>
      <Box sx={{ textAlign: 'center', width: '100%' }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: '4.5rem', md: '6rem' },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.18,
          }}
        >
          {NOT_FOUND_STATUS}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 2 }}>
          <T id="error.notFound" />
        </Typography>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<HomeRoundedIcon />}
          sx={{ mt: 4 }}
        >
          <T id="shell.error.returnHome" />
        </Button>
      </Box>
    </Container>
  );
}
