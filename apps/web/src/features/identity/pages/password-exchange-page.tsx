import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormSubmitButton } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { confirmResetLink, resetPassword, resetRefusalOf } from '../api/password';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { checkNewPassword, NewPasswordFields } from '../components/new-password-fields';
import { failureOf, type Failure } from '../failures';

/** The new password twice: long enough, and the confirmation the same (validation.ts). */
const newPasswordSchema = z.object({ password: z.string(), confirmation: z.string() }).superRefine(checkNewPassword);

type LinkState = 'valid' | 'invalid' | 'error';

/**
 * /password/exchange/:token: checks the link first ('The password link is no longer valid.' when used or expired),
 * then takes the new password twice. On success: 'You have updated your profile password.' and on to sign-in; an
 * insecure password shows the server's reason; a denied reset shows nothing (the link is checked again instead).
 */
export function PasswordExchangePage() {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { token = '' } = useParams();
  const link = useQuery({
    queryKey: ['identity', 'reset-link', token],
    queryFn: async (): Promise<LinkState> => {
      const result = await confirmResetLink(token);
      if (result.ok) return 'valid';
      return result.status === 410 || result.error.code === 'link_invalid' ? 'invalid' : 'error';
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useZodForm(newPasswordSchema, { defaultValues: { password: '', confirmation: '' } });

  // The server's answer was about the password sent before: gone as soon as the form is sent again.
  const onSubmit = form.handleSubmit(
    async ({ password }) => {
      setFailure(null);
      try {
        const result = await resetPassword(token, password);
        if (result.ok) {
          showToast({ messageId: 'identity.passwordUpdated' }, { severity: 'success', autoHideMs: 6000 });
          navigate(localized('/sign-in/password'), { replace: true });
          return;
        }
        const body = resetRefusalOf(result.error);
        if (body.status === 'deny' || result.status === 410) {
          // grain-marketing.md 8: on deny nothing is shown; the page checks its link again and says what it finds.
          await link.refetch();
        } else if (body.status === 'insecure_password') {
          setFailure(body.reason ? { text: body.reason } : failureOf(result.error, 'reset'));
        } else {
          setFailure(failureOf(result.error, 'reset'));
        }
      } catch (cause) {
        console.error(cause);
        setFailure({ messageId: 'error.unexpected' });
      }
    },
    () => setFailure(null),
  );

  if (link.isPending) {
    return (
      <AuthLayout title={t('identity.exchange.title')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">
            <T id="identity.exchange.checking" />
          </Typography>
        </Box>
      </AuthLayout>
    );
  }

  if (link.data !== 'valid') {
    return (
      <AuthLayout title={t('identity.exchange.title')} icon={<LinkOffRoundedIcon />}>
        <FormAlert
          failure={{ messageId: link.data === 'invalid' ? 'identity.error.linkInvalid' : 'error.unexpected' }}
        />
        <Button component={RouterLink} to={localized('/reset-password')} variant="contained" size="large" fullWidth>
          <T id="identity.exchange.requestNew" />
        </Button>
        <Button component={RouterLink} to={localized('/sign-in/password')} variant="text" fullWidth sx={{ mt: 1.5 }}>
          <T id="identity.backToSignIn" />
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('identity.exchange.title')} subtitle={t('identity.exchange.subtitle')}>
      <FormAlert failure={failure} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.exchange.title')}>
          <Stack spacing={2.25}>
            <NewPasswordFields label="identity.newPassword" confirmationLabel="identity.confirmPassword" autoFocus />
            <FormSubmitButton>
              <T id="identity.exchange.submit" />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
    </AuthLayout>
  );
}
