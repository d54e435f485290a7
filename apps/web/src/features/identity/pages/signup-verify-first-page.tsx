import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { EMAIL_PATTERN, VERIFY_FIRST_STEPS, isValidPhone, type VerifyFirstStep } from '@granary/domain';
import {
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ApiResult } from '../../../lib/api/request';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { useRegion } from '../../../lib/i18n/locale';
import type { MessageId } from '../../../lib/i18n/messages';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { signupFieldErrors } from '../api/signup';
import {
  verifyFirst,
  verifyFirstTokenQueryOptions,
  type VerifyFirstAnswer,
  type VerifyFirstState,
} from '../api/verify-first';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { CodeField } from '../components/code-field';
import { FormAlert } from '../components/form-alert';
import { ContactFields, FarmFields } from '../components/signup-fields';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import {
  checkSignup,
  fieldErrorsFromServer,
  signupPayloadOf,
  type SignupDraft,
  type SignupErrors,
  type SignupField,
} from '../signup-rules';
import { useFinishSignIn } from '../use-finish-sign-in';
import { codeRule } from '../validation';
import { initialDraft, signupContext } from './signup-page';

const isStep = (value: unknown): value is VerifyFirstStep =>
  typeof value === 'string' && (VERIFY_FIRST_STEPS as readonly string[]).includes(value);
const isState = (value: unknown): value is VerifyFirstState =>
  typeof value === 'object' &&
  value !== null &&
  isStep((value as VerifyFirstState).step) &&
  typeof (value as VerifyFirstState).token === 'string';

const STEP_TITLES: Record<VerifyFirstStep, MessageId> = {
  collect_identifier: 'verifyFirst.identifier.title',
  collect_challenge: 'verifyFirst.challenge.title',
  collect_rest: 'verifyFirst.rest.title',
  pick_account: 'verifyFirst.pick.title',
};

function identifierRule(value: string): MessageId | null {
  const text = value.trim();
  if (!text) return 'verifyFirst.identifier.required';
  return EMAIL_PATTERN.test(text) || isValidPhone(text) ? null : 'verifyFirst.identifier.invalid';
}

type Step = VerifyFirstStep | 'loading';

/**
 * /signup-verify-first and /signup-verify-first/token/:token: sign up by proving an e-mail or mobile number first
 * (collect_identifier → collect_challenge → collect_rest, or pick_account when accounts already use it). The token
 * route continues where the flow stands (a reload, or a link).
 */
export function SignupVerifyFirstPage() {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const location = useLocation();
  const region = useRegion();
  const { token: routeToken } = useParams();
  const [searchParams] = useSearchParams();
  const pageRedirect = searchParams.get('redirect');
  const carried = isState(location.state) && location.state.token === routeToken ? location.state : null;
  const lookup = useQuery({
    ...verifyFirstTokenQueryOptions(routeToken ?? ''),
    enabled: Boolean(routeToken) && !carried,
  });
  const [state, setState] = useState<VerifyFirstState | null>(carried);
  const step: Step = state?.step ?? (routeToken && !lookup.data ? 'loading' : 'collect_identifier');
  const [identifier, setIdentifier] = useState(searchParams.get('email') ?? searchParams.get('phone_number') ?? '');
  const [code, setCode] = useState('');
  const [accountId, setAccountId] = useState('');
  const [draft, setDraft] = useState<SignupDraft>(() => initialDraft(location.search, region, null));
  const [errors, setErrors] = useState<
    SignupErrors & { identifier?: MessageId; code?: MessageId; account?: MessageId }
  >({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signupCheck = useBotCheck('signup');
  const resendCheck = useBotCheck('generate_one_time_password');
  const finish = useFinishSignIn();

  // A token route opened without the state in hand: ask the server where the flow stands.
  useEffect(() => {
    if (!routeToken || carried || !lookup.data || state) return;
    const result = lookup.data;
    if (result.ok && isState(result.json)) setState(result.json);
    else {
      setFailure(
        result.ok
          ? { messageId: 'error.unexpected' }
          : result.status === 410
            ? { messageId: 'verifyFirst.expired' }
            : failureOf(result.error, 'signup'),
      );
      navigate(`${localized('/signup-verify-first')}${location.search}`, { replace: true });
    }
  }, [carried, location.search, localized, lookup.data, navigate, routeToken, state]);

  const set = <K extends keyof SignupDraft>(field: K, value: SignupDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field as SignupField]: _, ...rest }) => rest);
  };

  /** The field the proven identifier fills (not asked again). */
  const provenField: SignupField = state?.identifierType === 'phone' ? 'phoneNumber' : 'email';

  /** Moves on with the server's answer: the next step, the confirmation, or signed in. */
  const advance = async (result: ApiResult<VerifyFirstAnswer>) => {
    if (!result.ok) {
      const fields = result.status === 400 ? fieldErrorsFromServer(signupFieldErrors(result.error.details), draft) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setFailure({ messageId: 'signup.error.checkFields' });
      } else if (result.error.code === 'code_invalid') {
        setFailure({ messageId: 'identity.error.incorrectMfaCode' });
        setCode('');
      } else if (result.error.code === 'link_invalid' || result.status === 410) {
        setState(null);
        setFailure({ messageId: 'verifyFirst.expired' });
        navigate(`${localized('/signup-verify-first')}${location.search}`, { replace: true });
      } else {
        setFailure(failureOf(result.error, 'signup'));
      }
      return;
    }
    const answer = result.json;
    if (answer.step === 'done') {
      if (inNativeApp()) postNativeMessage('SIGN_UP_COMPLETED');
      if (answer.kind === 'email_sent') setSentTo(answer.email);
      else await finish({ redirect: answer.url }, pageRedirect);
      return;
    }
    if (!isState(answer)) {
      setFailure({ messageId: 'error.unexpected' });
      return;
    }
    setState(answer);
    setCode('');
    if (answer.token !== routeToken) {
      navigate(`${localized(`/signup-verify-first/token/${encodeURIComponent(answer.token)}`)}${location.search}`, {
        replace: true,
        state: answer,
      });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || step === 'loading') return;
    let local: typeof errors = {};
    if (step === 'collect_identifier') {
      const rule = identifierRule(identifier);
      if (rule) local = { identifier: rule };
    } else if (step === 'collect_challenge') {
      const rule = codeRule(code);
      if (rule) local = { code: rule };
    } else if (step === 'collect_rest') {
      local = checkSignup(draft, 'signup', [provenField]);
    } else if (!accountId) {
      local = { account: 'verifyFirst.pick.required' };
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    setFailure(null);
    setNotice(false);
    try {
      if (step === 'collect_identifier') {
        const token = await signupCheck.run();
        await advance(
          await verifyFirst({
            step: 'collect_identifier',
            identifier: identifier.trim(),
            ...(pageRedirect ? { redirect: pageRedirect } : {}),
            ...(token ? { recaptcha_v3: token } : {}),
          }),
        );
      } else if (state && step === 'collect_challenge') {
        await advance(await verifyFirst({ step: 'collect_challenge', token: state.token, code }));
      } else if (state && step === 'collect_rest') {
        const { [provenField]: _proven, ...payload } = signupPayloadOf(draft);
        await advance(
          await verifyFirst({
            step: 'collect_rest',
            token: state.token,
            ...payload,
            ...signupContext(location.search, location.pathname),
          }),
        );
      } else if (state) {
        await advance(await verifyFirst({ step: 'pick_account', token: state.token, userId: accountId }));
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const resend = async () => {
    if (!state) return;
    setBusy(true);
    setFailure(null);
    setNotice(false);
    try {
      const token = await resendCheck.run();
      const result = await verifyFirst({
        step: 'resend',
        token: state.token,
        ...(token ? { recaptcha_v3: token } : {}),
      });
      if (result.ok && isState(result.json)) {
        setState(result.json);
        setNotice(true);
      } else if (!result.ok) setFailure(failureOf(result.error, 'sms'));
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const below = (
    <Typography variant="body2" color="text.secondary">
      <T id="identity.haveAccount" />{' '}
      <AppLink to="/sign-in/password" sx={{ fontWeight: 600 }}>
        <T id="identity.signIn" />
      </AppLink>
    </Typography>
  );

  if (sentTo) {
    return (
      <AuthLayout title={t('identity.checkEmail.title')} icon={<MarkEmailReadOutlinedIcon />} below={below}>
        <CheckEmailPanel email={sentTo} messageId="identity.checkEmail.signup" />
      </AuthLayout>
    );
  }

  if (step === 'loading') {
    return (
      <AuthLayout title={t('verifyFirst.identifier.title')}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('shell.loading')} />
        </Box>
      </AuthLayout>
    );
  }

  const subtitle =
    step === 'collect_challenge'
      ? t(
          state?.identifierType === 'phone' ? 'verifyFirst.challenge.subtitlePhone' : 'verifyFirst.challenge.subtitle',
          {
            identifier: state?.identifier ?? '',
          },
        )
      : step === 'collect_identifier'
        ? t('verifyFirst.identifier.subtitle')
        : step === 'pick_account'
          ? t('verifyFirst.pick.subtitle')
          : t('verifyFirst.rest.subtitle');
  return (
    <AuthLayout wide={step === 'collect_rest'} title={t(STEP_TITLES[step])} subtitle={subtitle} below={below}>
      <FormAlert failure={failure} />
      <FormAlert failure={notice ? { messageId: 'identity.sms.resent' } : null} severity="success" />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t(STEP_TITLES[step])}>
        <Stack spacing={2.25}>
          {step === 'collect_identifier' ? (
            <TextField
              label={t('verifyFirst.identifier.label')}
              name="identifier"
              autoComplete="username"
              autoFocus
              value={identifier}
              onChange={(event) => {
                setIdentifier(event.target.value);
                setErrors({});
              }}
              error={Boolean(errors.identifier)}
              helperText={errors.identifier ? t(errors.identifier) : undefined}
              fullWidth
            />
          ) : null}
          {step === 'collect_challenge' ? (
            <CodeField
              label={t('identity.sms.code')}
              name="code"
              autoFocus
              value={code}
              onChange={(value) => {
                setCode(value);
                setErrors({});
              }}
              error={Boolean(errors.code)}
              helperText={errors.code ? t(errors.code) : undefined}
              fullWidth
            />
          ) : null}
          {step === 'collect_rest' ? (
            <>
              <ContactFields
                draft={draft}
                set={set}
                errors={errors}
                hide={[provenField === 'email' ? 'email' : 'phoneNumber']}
              />
              <FarmFields draft={draft} set={set} errors={errors} />
            </>
          ) : null}
          {step === 'pick_account' ? (
            <Box>
              <RadioGroup
                aria-label={t('verifyFirst.pick.title')}
                value={accountId}
                onChange={(event) => setAccountId(event.target.value)}
              >
                {(state?.accounts ?? []).map((account) => {
                  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
                  return (
                    <FormControlLabel
                      key={account.userId}
                      value={account.userId}
                      control={<Radio />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography sx={{ fontWeight: 600 }}>{name || account.email}</Typography>
                          {name ? (
                            <Typography variant="body2" color="text.secondary">
                              {account.email}
                            </Typography>
                          ) : null}
                        </Box>
                      }
                      sx={{
                        border: 1,
                        borderColor: accountId === account.userId ? 'primary.main' : 'divider',
                        borderRadius: 2,
                        mx: 0,
                        mb: 1,
                        px: 1,
                      }}
                    />
                  );
                })}
              </RadioGroup>
              {errors.account ? (
                <Typography color="error" variant="body2">
                  {t(errors.account)}
                </Typography>
              ) : null}
            </Box>
          ) : null}
          <SubmitButton busy={busy} verifying={signupCheck.verifying || resendCheck.verifying}>
            <T
              id={
                step === 'collect_rest'
                  ? 'signup.submit'
                  : step === 'pick_account'
                    ? 'verifyFirst.pick.submit'
                    : 'signup.continue'
              }
            />
          </SubmitButton>
          {step === 'collect_challenge' ? (
            <Button variant="text" onClick={() => void resend()} disabled={busy}>
              <T id="identity.sms.resend" />
            </Button>
          ) : null}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
