import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { Box, Button, Stack } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { initiateSmsLogin, verifySmsLogin } from '../api/sms';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CodeField } from '../components/code-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';
import { codeRule } from '../validation';
import { readSmsLogin, writeSmsLogin, type SmsLogin } from './sms-sign-in';

function isSmsLogin(value: unknown): value is SmsLogin {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SmsLogin).phone === 'string' &&
    typeof (value as SmsLogin).verificationToken === 'string'
  );
}

/** /sign-in/sms-verification: the 6-digit code sent by /sign-in/sms (exactly 6 digits), then signed in. */
export function SmsVerificationPage() {
  const t = useT();
  const location = useLocation();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [login, setLogin] = useState<SmsLogin | null>(() =>
    isSmsLogin(location.state) ? location.state : readSmsLogin(),
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<ReturnType<typeof codeRule>>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState(false);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const finish = useFinishSignIn();
  const resendCheck = useBotCheck('generate_one_time_password');
  const codeRef = useRef<HTMLInputElement>(null);
  const back = `${localized('/sign-in/sms')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

  if (!login) return <Navigate to={back} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rule = codeRule(code);
    setError(rule);
    if (rule) {
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    setNotice(false);
    try {
      const result = await verifySmsLogin({ verificationToken: login.verificationToken, code });
      if (result.ok) {
        writeSmsLogin(null);
        await finish(result.json, redirect);
        return;
      }
      setFailure(failureOf(result.error, 'sms'));
      if (result.error.code === 'link_invalid') setExpired(true);
      setCode('');
      codeRef.current?.focus();
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const resend = async () => {
    setBusy(true);
    setFailure(null);
    setNotice(false);
    try {
      const result = await initiateSmsLogin(login.phone, redirect, await resendCheck.run());
      if (result.ok && typeof result.json.verification_token === 'string') {
        const next = { phone: login.phone, verificationToken: result.json.verification_token };
        writeSmsLogin(next);
        setLogin(next);
        setExpired(false);
        setNotice(true);
        setCode('');
      } else {
        setFailure(result.ok ? { messageId: 'error.unexpected' } : failureOf(result.error, 'sms'));
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t('identity.sms.codeTitle')}
      subtitle={t('identity.sms.codeSubtitle', { phone: login.phone })}
      icon={<SmsOutlinedIcon />}
      below={
        <AppLink to={back} variant="body2">
          <T id="identity.sms.differentNumber" />
        </AppLink>
      }
    >
      <FormAlert failure={failure} />
      <FormAlert failure={notice ? { messageId: 'identity.sms.resent' } : null} severity="success" />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.sms.codeTitle')}>
        <Stack spacing={2.25}>
          <CodeField
            inputRef={codeRef}
            label={t('identity.sms.code')}
            name="code"
            autoFocus
            value={code}
            disabled={expired}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            fullWidth
          />
          <SubmitButton busy={busy} disabled={busy || expired}>
            <T id="identity.sms.verify" />
          </SubmitButton>
          <Button variant="text" onClick={() => void resend()} disabled={busy}>
            <T id="identity.sms.resend" />
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
