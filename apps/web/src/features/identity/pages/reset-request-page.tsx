import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Stack, TextField } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { requestPasswordReset } from '../api/password';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import { resetEmailRule } from '../validation';

/**
 * /reset-password and /password/reset: asks for a reset link. The e-mail must be there and well formed
 * ('The email format is invalid.'); afterwards the same neutral confirmation shows for every address.
 */
export function ResetRequestPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [error, setError] = useState<ReturnType<typeof resetEmailRule>>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rule = resetEmailRule(email);
    setError(rule);
    if (rule) {
      emailRef.current?.focus();
      return;
    }
    void send(email);
  };

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
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.reset.title')}>
        <Stack spacing={2.25}>
          <TextField
            inputRef={emailRef}
            label={t('identity.email')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            fullWidth
          />
          <SubmitButton busy={busy}>
            <T id="identity.reset.submit" />
          </SubmitButton>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
