import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { logout } from '../api/logout';
import { usePartner } from '../brand/partner-context';
import { T, useT } from '../i18n/t';
import { useHomePath } from '../routing/use-home-path';
import { useDocumentTitle } from './document-title';

/**
 * The permission-denied error screen of experience-gated pages: the message, a way home (the user's own start page,
 * by the same rule as /dashboard) and a 'Logout' button.
 */
export function PermissionDenied() {
  const [busy, setBusy] = useState(false);
  const home = useHomePath();
  const t = useT();
  const partner = usePartner();
  useDocumentTitle([t('error.permissionDenied'), partner.branding.shortName]);
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', flex: 1, px: 2, py: { xs: 6, md: 10 } }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 444, width: '100%', textAlign: 'center' }}
        role="alert"
      >
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'error.main',
          }}
        >
          <LockOutlinedIcon />
        </Box>
        <Typography variant="h3" component="h1">
          <T id="error.permissionDenied" />
        </Typography>
        <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={home} variant="contained" size="large">
            <T id="home.goHome" />
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void logout();
            }}
          >
            <T id="shell.logout" />
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
