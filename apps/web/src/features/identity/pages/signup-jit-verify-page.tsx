import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { verifySignupLink } from '../api/signup';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { failureOf, type Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * /signup-jit-verify/:reason?token=…: the link of the signup e-mail. Opening it proves the address just in time:
 * the account is created, the e-mail verified and the user signed in (POST signup-jit-verify/verify). A used or
 * expired link says so and offers to sign up again; an address that meanwhile has an account offers sign-in.
 */
export function SignupJitVerifyPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const { reason } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const redirect = searchParams.get('redirect');
  const finish = useFinishSignIn();
  const [failure, setFailure] = useState<Failure | null>(token ? null : { messageId: 'jit.noToken' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const result = await verifySignupLink(token);
        if (result.ok) {
          if (inNativeApp()) postNativeMessage('SIGN_UP_COMPLETED');
          await finish(result.json, redirect);
        } else {
          setFailure(
            result.error.code === 'link_invalid' ? { messageId: 'jit.linkInvalid' } : failureOf(result.error, 'signup'),
          );
        }
      } catch (cause) {
        console.error(cause);
        setFailure({ messageId: 'error.unexpected' });
      }
    })();
  }, [finish, redirect, token]);

  if (!failure) {
    return (
      <AuthLayout title={t('jit.title')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">
            <T id="jit.verifying" />
          </Typography>
        </Box>
      </AuthLayout>
    );
  }

  const signup = localized(reason ? `/signup/${encodeURIComponent(reason)}` : '/signup');
  return (
    <AuthLayout title={t('jit.title')} icon={<LinkOffRoundedIcon />}>
      <FormAlert failure={failure} severity={failure.messageId === 'jit.noToken' ? 'info' : 'error'} />
      <Button component={RouterLink} to={signup} variant="contained" size="large" fullWidth>
        <T id="jit.signUpAgain" />
      </Button>
      <Button component={RouterLink} to={localized('/sign-in/password')} variant="text" fullWidth sx={{ mt: 1.5 }}>
        <T id="identity.signIn" />
      </Button>
    </AuthLayout>
  );
}
