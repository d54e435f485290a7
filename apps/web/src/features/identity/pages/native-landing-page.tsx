import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import { Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { AuthLayout } from '../components/auth-layout';

/**
 * /native-landing: where a sign-in in the native shells ends. Tells the shell SIGN_IN_COMPLETED once (the shell then
 * takes over); opened in a browser outside the app, it offers the way on to the dashboard.
 */
export function NativeLandingPage() {
  const t = useT();
  const partner = usePartner();
  const [native] = useState(inNativeApp);
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    postNativeMessage('SIGN_IN_COMPLETED');
  }, []);
  const brand = partner.branding.tradeName || partner.displayName || partner.branding.shortName;
  return (
    <AuthLayout title={t('identity.native.landingTitle')} icon={<CheckCircleOutlineRoundedIcon />}>
      <Stack spacing={3}>
        <Typography color="text.secondary">
          <T id={native ? 'identity.native.landingInApp' : 'identity.native.landingWeb'} values={{ brand }} />
        </Typography>
        {native ? null : (
          <Button component={RouterLink} to="/dashboard" variant="contained" size="large" fullWidth>
            <T id="identity.native.continue" />
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
