import { Box, Stack, TextField } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readStorage, removeStorage, writeStorage } from '../../../lib/browser/storage';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { initiateSmsLogin } from '../api/sms';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { MethodLinks } from '../components/method-links';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import { phoneRule } from '../validation';
import { CreateAccountLine } from './password-sign-in';

/** The SMS sign-in in progress (number and verification token), kept for the tab so a reload can continue. */
export type SmsLogin = { phone: string; verificationToken: string };
const SMS_LOGIN_KEY = 'granary_sms_login';

export function readSmsLogin(): SmsLogin | null {
  try {
    const value = JSON.parse(readStorage(SMS_LOGIN_KEY, 'session') ?? 'null') as Partial<SmsLogin> | null;
    return value && typeof value.phone === 'string' && typeof value.verificationToken === 'string'
      ? { phone: value.phone, verificationToken: value.verificationToken }
      : null;
  } catch {
    return null;
  }
}

export function writeSmsLogin(login: SmsLogin | null): void {
  if (login) writeStorage(SMS_LOGIN_KEY, JSON.stringify(login), 'session');
  else removeStorage(SMS_LOGIN_KEY, 'session');
}

/** /sign-in/sms: a mobile number gets a 6-digit code; the code is entered on /sign-in/sms-verification. */
export function SmsSignIn() {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [phone, setPhone] = useState(searchParams.get('phone_number') ?? readSmsLogin()?.phone ?? '');
  const [error, setError] = useState<ReturnType<typeof phoneRule>>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const botCheck = useBotCheck('generate_one_time_password');
  const phoneRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rule = phoneRule(phone);
    setError(rule);
    if (rule) {
      phoneRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const botCheckToken = await botCheck.run();
      const result = await initiateSmsLogin(phone, redirect, botCheckToken);
      if (result.ok && typeof result.json.verification_token === 'string') {
        const login = { phone: phone.trim(), verificationToken: result.json.verification_token };
        writeSmsLogin(login);
        navigate(
          `${localized('/sign-in/sms-verification')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
          { state: login },
        );
        return;
      }
      setFailure(result.ok ? { messageId: 'error.unexpected' } : failureOf(result.error, 'sms'));
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t('identity.sms.title')}
      subtitle={t('identity.sms.subtitle')}
      below={<CreateAccountLine redirect={redirect} />}
    >
      <FormAlert failure={failure} />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.sms.title')}>
        <Stack spacing={2.25}>
          <TextField
            inputRef={phoneRef}
            label={t('identity.sms.phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            autoFocus
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ? t(error) : t('identity.sms.phoneHint')}
            fullWidth
          />
          <SubmitButton busy={busy} verifying={botCheck.verifying}>
            <T id="identity.sms.submit" />
          </SubmitButton>
        </Stack>
      </Box>
      <MethodLinks current="sms" redirect={redirect} />
    </AuthLayout>
  );
}
