import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { usePartner } from '../../../lib/brand/partner-context';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { loginWithPassword } from '../api/sign-in';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import { OidcButtons } from '../components/oidc-buttons';
import { PasswordField } from '../components/password-field';
import { failureOf, oidcFailureOf, type Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';
import { emailRule, passwordRule } from '../validation';

/** The password sign-in form: the e-mail is required, the password required and long enough (validation.ts). */
const signInSchema = z.object({ email: ruleField(emailRule), password: ruleField((v) => passwordRule(v)) });

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
const NATIVE_LANDING_PATH = '/native-landing';

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
  const [failure, setFailure] = useState<Failure | null>(oidcFailure);
  const botCheck = useBotCheck('login_password');
  const finish = useFinishSignIn();
  const form = useZodForm(signInSchema, { defaultValues: { email: searchParams.get('email') ?? '', password: '' } });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
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
  });

  const brand = partner.branding.tradeName || partner.displayName;
  return (
    <AuthLayout
      title={t('identity.signIn.title')}
      subtitle={brand ? t('identity.signIn.subtitle', { brand }) : t('identity.signIn.subtitleNoBrand')}
      below={<CreateAccountLine redirect={redirect} />}
    >
      <FormAlert failure={failure} />
      <OidcButtons redirect={redirect} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.signIn.title')}>
          <Stack spacing={2.25}>
            <FormTextField
              name="email"
              label={t('identity.email')}
              type="email"
              autoComplete="username"
              autoFocus={!oidcFailure}
              fullWidth
            />
            <Box>
              <FormTextField
                as={PasswordField}
                name="password"
                label={t('identity.password')}
                autoComplete="current-password"
                fullWidth
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <AppLink to="/reset-password" variant="body2" sx={{ fontWeight: 500 }}>
                  <T id="identity.forgotPassword" />
                </AppLink>
              </Box>
            </Box>
            <FormSubmitButton busyLabel={botCheck.verifying ? <T id="identity.verifyingHuman" /> : undefined}>
              <T id="identity.signIn.submit" />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
      <MethodLinks current="password" redirect={redirect} />
    </AuthLayout>
  );
}
