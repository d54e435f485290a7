import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import type { Failure } from '../failures';
import { readSmsLogin, sendSmsCode } from '../sms-login';
import { phoneRule } from '../validation';
import { CreateAccountLine } from './password-sign-in';

/** The SMS sign-in form: the mobile number, required and valid (validation.ts). */
const smsSignInSchema = z.object({ phone: ruleField(phoneRule) });

/** /sign-in/sms: a mobile number gets a 6-digit code; the code is entered on /sign-in/sms-verification. */
export function SmsSignIn() {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [failure, setFailure] = useState<Failure | null>(null);
  const botCheck = useBotCheck('generate_one_time_password');
  const form = useZodForm(smsSignInSchema, {
    defaultValues: { phone: searchParams.get('phone_number') ?? readSmsLogin()?.phone ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    setFailure(null);
    try {
      const sent = await sendSmsCode(phone, redirect, await botCheck.run());
      if ('login' in sent) {
        navigate(
          `${localized('/sign-in/sms-verification')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
          { state: sent.login },
        );
        return;
      }
      setFailure(sent.failure);
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
  });

  return (
    <AuthLayout
      title={t('identity.sms.title')}
      subtitle={t('identity.sms.subtitle')}
      below={<CreateAccountLine redirect={redirect} />}
    >
      <FormAlert failure={failure} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.sms.title')}>
          <Stack spacing={2.25}>
            <FormTextField
              name="phone"
              label={t('identity.sms.phone')}
              type="tel"
              autoComplete="tel"
              autoFocus
              helperText={t('identity.sms.phoneHint')}
              fullWidth
            />
            <FormSubmitButton busyLabel={botCheck.verifying ? <T id="identity.verifyingHuman" /> : undefined}>
              <T id="identity.sms.submit" />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
      <MethodLinks current="sms" redirect={redirect} />
    </AuthLayout>
  );
}
