import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { requestPasswordReset } from '../api/password';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { failureOf, type Failure } from '../failures';
import { resetEmailRule } from '../validation';

/** The reset request form: the e-mail, required and well formed (validation.ts). */
const resetRequestSchema = z.object({ email: ruleField(resetEmailRule) });

/**
 * /reset-password and /password/reset: asks for a reset link. The e-mail must be there and well formed
 * ('The email format is invalid.'); afterwards the same neutral confirmation shows for every address.
 */
export function ResetRequestPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const form = useZodForm(resetRequestSchema, { defaultValues: { email: searchParams.get('email') ?? '' } });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (address: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await requestPasswordReset(address);
      if (result.ok) setSentTo(address.trim());
      else setFailure(failureOf(result.error, 'reset'));
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const onSubmit = form.handleSubmit(({ email }) => send(email));

  const below = (
    <AppLink to="/sign-in/password" variant="body2">
      <T id="identity.backToSignIn" />
    </AppLink>
  );

  if (sentTo) {
    return (
      <AuthLayout title={t('identity.checkEmail.title')} icon={<MarkEmailReadOutlinedIcon />} below={below}>
        <FormAlert failure={failure} />
        <CheckEmailPanel
          email={sentTo}
          messageId="identity.checkEmail.reset"
          resending={busy}
          onResend={() => void send(sentTo)}
          onDifferentEmail={() => {
            setSentTo(null);
            setFailure(null);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('identity.reset.title')} subtitle={t('identity.reset.subtitle')} below={below}>
      <FormAlert failure={failure} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.reset.title')}>
          <Stack spacing={2.25}>
            <FormTextField
              name="email"
              label={t('identity.email')}
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
            />
            <FormSubmitButton busy={busy}>
              <T id="identity.reset.submit" />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
    </AuthLayout>
  );
}
