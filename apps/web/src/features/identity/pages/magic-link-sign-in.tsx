import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { initiateMagicLink } from '../api/magic-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import { failureOf, type Failure } from '../failures';
import { resetEmailRule } from '../validation';
import { CreateAccountLine } from './password-sign-in';

/** The magic link form: the e-mail, required and well formed (validation.ts). */
const magicLinkSchema = z.object({ email: ruleField(resetEmailRule) });

/** /sign-in/magic_link: an e-mail gets a link that signs in; the confirmation never tells whether the account exists. */
export function MagicLinkSignIn() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const form = useZodForm(magicLinkSchema, { defaultValues: { email: searchParams.get('email') ?? '' } });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (address: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await initiateMagicLink({ email: address, redirect });
      if (result.ok) setSentTo(address.trim());
      else setFailure(failureOf(result.error, 'magic-link'));
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const onSubmit = form.handleSubmit(({ email }) => send(email));

  if (sentTo) {
    return (
      <AuthLayout
        title={t('identity.checkEmail.title')}
        icon={<MarkEmailReadOutlinedIcon />}
        below={<CreateAccountLine redirect={redirect} />}
      >
        <FormAlert failure={failure} />
        <CheckEmailPanel
          email={sentTo}
          messageId="identity.checkEmail.magic"
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
    <AuthLayout
      title={t('identity.magic.title')}
      subtitle={t('identity.magic.subtitle')}
      below={<CreateAccountLine redirect={redirect} />}
    >
      <FormAlert failure={failure} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.magic.title')}>
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
              <T id="identity.magic.submit" />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
      <MethodLinks current="magic_link" redirect={redirect} />
    </AuthLayout>
  );
}
