import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { verifyMagicLink } from '../api/magic-link';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { failureOf, type Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * /login/magic?token=…[&redirect=…]: exchanges the link's token for a session (once: the token is single use) and
 * goes to the redirect the server kept with it. A used, expired or missing token shows the message and a way to ask
 * for a new link.
 */
export function MagicLoginPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const redirect = searchParams.get('redirect');
  const finish = useFinishSignIn();
  const [failure, setFailure] = useState<Failure | null>(
    token ? null : { messageId: 'identity.error.magicLinkInvalid' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const result = await verifyMagicLink(token);
        if (result.ok) await finish(result.json, redirect);
        else setFailure(failureOf(result.error, 'magic-link'));
      } catch (cause) {
        console.error(cause);
        setFailure({ messageId: 'error.unexpected' });
      }
    })();
  }, [finish, redirect, token]);

  if (!failure) {
    return (
      <AuthLayout title={t('identity.magic.verifying')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">
            <T id="identity.magic.verifyingBody" />
          </Typography>
        </Box>
      </AuthLayout>
    );
  }

  const again = `${localized('/sign-in/magic_link')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <AuthLayout title={t('identity.magic.failedTitle')} icon={<LinkOffRoundedIcon />}>
      <FormAlert failure={failure} />
      <Button component={RouterLink} to={again} variant="contained" size="large" fullWidth>
        <T id="identity.magic.requestNew" />
      </Button>
      <Button component={RouterLink} to={localized('/sign-in/password')} variant="text" fullWidth sx={{ mt: 1.5 }}>
        <T id="identity.signIn.withPassword" />
      </Button>
    </AuthLayout>
  );
}
