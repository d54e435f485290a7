import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { verifySmsLogin } from '../api/sms';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CodeEntryForm, type CodeOutcome } from '../components/code-entry-form';
import { FormAlert } from '../components/form-alert';
import { failureOf, type Failure } from '../failures';
import { asSmsLogin, readSmsLogin, sendSmsCode, writeSmsLogin, type SmsLogin } from '../sms-login';
import { useFinishSignIn } from '../use-finish-sign-in';

/** /sign-in/sms-verification: the 6-digit code sent by /sign-in/sms (exactly 6 digits), then signed in. */
export function SmsVerificationPage() {
  const t = useT();
  const location = useLocation();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [login, setLogin] = useState<SmsLogin | null>(() => asSmsLogin(location.state) ?? readSmsLogin());
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState(false);
  const [expired, setExpired] = useState(false);
  const [resending, setResending] = useState(false);
  const finish = useFinishSignIn();
  const resendCheck = useBotCheck('generate_one_time_password');
  const back = `${localized('/sign-in/sms')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

  if (!login) return <Navigate to={back} replace />;

  const verify = async (code: string): Promise<CodeOutcome> => {
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
      return 'clear';
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
  };

  const resend = async (): Promise<CodeOutcome> => {
    setResending(true);
    setFailure(null);
    setNotice(false);
    let cleared = false;
    try {
      const sent = await sendSmsCode(login.phone, redirect, await resendCheck.run());
      if ('login' in sent) {
        setLogin(sent.login);
        setExpired(false);
        setNotice(true);
        cleared = true;
      } else {
        setFailure(sent.failure);
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setResending(false);
    return cleared ? 'clear' : undefined;
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
      <CodeEntryForm
        label={t('identity.sms.codeTitle')}
        submitLabel={<T id="identity.sms.verify" />}
        busy={resending}
        disabled={expired}
        refocus
        onSubmit={verify}
        onResend={resend}
      />
    </AuthLayout>
  );
}
