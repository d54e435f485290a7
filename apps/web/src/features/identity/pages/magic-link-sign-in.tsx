import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Stack, TextField } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { initiateMagicLink } from '../api/magic-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import { resetEmailRule } from '../validation';
import { CreateAccountLine } from './password-sign-in';

/** /sign-in/magic_link: an e-mail gets a link that signs in; the confirmation never tells whether the account exists. */
export function MagicLinkSignIn() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
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
      const result = await initiateMagicLink({ email: address, redirect });
      if (result.ok) setSentTo(address.trim());
      else setFailure(failureOf(result.error, 'magic-link'));
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
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.magic.title')}>
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
            <T id="identity.magic.submit" />
          </SubmitButton>
        </Stack>
      </Box>
      <MethodLinks current="magic_link" redirect={redirect} />
    </AuthLayout>
  );
}
