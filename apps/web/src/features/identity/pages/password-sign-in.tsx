import { Box, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { loginWithPassword } from '../api/sign-in';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import { OidcButtons } from '../components/oidc-buttons';
import { PasswordField } from '../components/password-field';
import { SubmitButton } from '../components/submit-button';
import { failureOf, oidcFailureOf, type Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';
import { collectErrors, emailRule, hasErrors, passwordRule, type FieldErrors } from '../validation';

/** Create-account line under the sign-in card. */
export function CreateAccountLine({ redirect }: { redirect: string | null }) {
  return (
    <Typography variant="body2" color="text.secondary">
      <T id="identity.newHere" />{' '}
      <AppLink to={redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup'} sx={{ fontWeight: 600 }}>
        <T id="identity.createAccount" />
      </AppLink>
    </Typography>
  );
}

/** Where a sign-in inside the native shells ends: the landing that tells the shell (see NativeSignInPage). */
export const NATIVE_LANDING_PATH = '/native-landing';

/**
 * /sign-in/password (and /sign-in): e-mail and password, the identity providers, the other methods. `native` is the
 * same page as the native shells open it (/sign-in/native): every way of signing in comes back to /native-landing
 * instead of the page's `redirect`.
 */
export function PasswordSignIn({ native = false }: { native?: boolean }) {
  const t = useT();
  const partner = usePartner();
  const [searchParams] = useSearchParams();
  const redirect = native ? NATIVE_LANDING_PATH : searchParams.get('redirect');
  const oidcFailure = oidcFailureOf(searchParams);
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<Failure | null>(oidcFailure);
  const [busy, setBusy] = useState(false);
  const botCheck = useBotCheck('login_password');
  const finish = useFinishSignIn();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = collectErrors({ email: emailRule(email), password: passwordRule(password) });
    setErrors(next);
    if (hasErrors(next)) {
      (next.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const botCheckToken = await botCheck.run();
      const result = await loginWithPassword({ email, password, redirect, botCheckToken });
      if (result.ok) {
        await finish(native ? { ...result.json, redirect: NATIVE_LANDING_PATH } : result.json, redirect);
        return;
      }
      setFailure(failureOf(result.error, 'password'));
    } catch (error) {
      console.error(error);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const brand = partner.branding.tradeName || partner.displayName;
  return (
    <AuthLayout
      title={t('identity.signIn.title')}
      subtitle={brand ? t('identity.signIn.subtitle', { brand }) : t('identity.signIn.subtitleNoBrand')}
      below={<CreateAccountLine redirect={redirect} />}
    >
      <FormAlert failure={failure} />
      <OidcButtons redirect={redirect} />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.signIn.title')}>
        <Stack spacing={2.25}>
          <TextField
            inputRef={emailRef}
            label={t('identity.email')}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus={!oidcFailure}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email) setErrors(({ email: _, ...rest }) => rest);
            }}
            error={Boolean(errors.email)}
            helperText={errors.email ? t(errors.email) : undefined}
            fullWidth
          />
          <Box>
            <PasswordField
              inputRef={passwordRef}
              label={t('identity.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                if (errors.password) setErrors(({ password: _, ...rest }) => rest);
              }}
              error={Boolean(errors.password)}
              helperText={errors.password ? t(errors.password) : undefined}
              fullWidth
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <AppLink to="/reset-password" variant="body2" sx={{ fontWeight: 500 }}>
                <T id="identity.forgotPassword" />
              </AppLink>
            </Box>
          </Box>
          <SubmitButton busy={busy} verifying={botCheck.verifying}>
            <T id="identity.signIn.submit" />
          </SubmitButton>
        </Stack>
      </Box>
      <MethodLinks current="password" redirect={redirect} />
    </AuthLayout>
  );
}
