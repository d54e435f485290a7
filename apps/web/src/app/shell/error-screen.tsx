import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { pageLocation } from '../../lib/browser/page-location';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { BrokenTractor } from './broken-tractor';

/**
 * The generic error screen (grain-marketing.md 2 'Shell screens and notices'). The HTTP status of the error is set
 * by the server (the /error/:code gateway); here `code` is only shown as a small label.
 */
export function ErrorScreen({ code, embedded = false }: { code?: string | null; embedded?: boolean }) {
  const partner = usePartner();
  const t = useT();
  const supportEmail = partner.branding.supportEmail;
  useDocumentTitle([t('shell.error.title'), partner.branding.shortName]);
  return (
    <Box
      component={embedded ? 'div' : 'main'}
      sx={{
        minHeight: embedded ? 'auto' : '100vh',
        flex: embedded ? 1 : undefined,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, md: 8 },
        bgcolor: 'background.default',
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, width: '100%' }}>
        <BrokenTractor width={380} />
        <Box>
          {code ? (
            <Typography variant="overline" color="text.secondary" sx={{ display: 'block', letterSpacing: '0.12em' }}>
              <T id="shell.error.code" values={{ code }} />
            </Typography>
          ) : null}
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            <T id="shell.error.title" />
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 1.5, fontSize: '1.1rem' }}>
            <T id="shell.error.message" />
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => pageLocation.reload()}
          >
            <T id="shell.error.refresh" />
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<HomeRoundedIcon />}
            onClick={() => pageLocation.assign('/')}
          >
            <T id="shell.error.returnHome" />
          </Button>
        </Stack>
        {supportEmail ? (
          <Typography variant="body2" color="text.secondary" data-testid="error-support">
            <T id="shell.error.contact" />{' '}
            <Link href={`mailto:${supportEmail}`} underline="hover" sx={{ fontWeight: 500 }}>
              {supportEmail}
            </Link>
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
