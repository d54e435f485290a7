import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { MEMBER_TYPES, isCountryCode, signupPrefillFromQuery, type MemberType } from '@granary/domain';
import { Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { currentIntent } from '../../../lib/brand/intent';
import { usePartner } from '../../../lib/brand/partner-context';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { T, useT } from '../../../lib/i18n/t';
import { useRegion } from '../../../lib/i18n/locale';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { actAs } from '../api/act-as';
import { loginSource } from '../api/sign-in';
import { signupFieldErrors, submitSignup, validateSignup } from '../api/signup';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { ContactFields, FarmFields } from '../components/signup-fields';
import { SubmitButton } from '../components/submit-button';
import { failureOf, type Failure } from '../failures';
import {
  STEP_FIELDS,
  checkSignup,
  fieldErrorsFromServer,
  reasonIdOf,
  signupPayloadOf,
  type SignupDraft,
  type SignupErrors,
  type SignupField,
  type SignupStep,
} from '../signup-rules';
import { useFinishSignIn } from '../use-finish-sign-in';

/** The draft a signup starts from: the query's prefill (platform.md 3.6 'Signup query parameters') and region defaults. */
export function initialDraft(
  search: string,
  region: { country: SignupDraft['countryCode']; areaUnit: SignupDraft['areaEstimateUnits'] },
  reasonId: number | null,
): SignupDraft {
  const prefill = signupPrefillFromQuery(search);
  const query = new URLSearchParams(search);
  const country = (query.get('country_code') ?? '').toUpperCase();
  const memberType = query.get('member_type') ?? '';
  return {
    firstname: prefill.firstname ?? '',
    lastname: prefill.lastname ?? '',
    email: prefill.email ?? '',
    phoneNumber: prefill.phoneNumber ?? '',
    postalCode: prefill.postalCode ?? '',
    countryCode: isCountryCode(country) ? country : region.country,
    memberType: (MEMBER_TYPES as readonly string[]).includes(memberType) ? (memberType as MemberType) : '',
    areaEstimate: '',
    areaEstimateUnits: region.areaUnit,
    signupReasonIds: reasonId ? [reasonId] : [],
    howDidYouHearAboutUs: '',
    acceptLegalTerms: false,
    legalSalesInfo: null,
    allowPromotionalMarketing: false,
  };
}

/** What travels with the form besides its fields: intent, user type, source and the way back. */
export function signupContext(search: string, pathname: string) {
  const prefill = signupPrefillFromQuery(search);
  const intent = currentIntent(pathname, search);
  const redirect = new URLSearchParams(search).get('redirect');
  return {
    ...(intent ? { partnerIntent: intent } : {}),
    ...(prefill.userType ? { userType: prefill.userType } : {}),
    ...(prefill.signupSource ? { signupSource: prefill.signupSource } : {}),
    ...(redirect ? { redirect } : {}),
  };
}

/**
 * /signup/:reason?: the signup form of platform.md 3.6 in two steps (createAccount, finalize; platform.md 4.2), each
 * checked with the domain's rules and by users/signup/validate. The answer decides what follows: email_sent →
 * "check your e-mail", redirect → signed in and on, should_act_as → act as the new user.
 */
export function SignupPage() {
  const t = useT();
  const partner = usePartner();
  const region = useRegion();
  const { reason } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const pageRedirect = searchParams.get('redirect');
  const reasonId = reasonIdOf(reason);
  const [draft, setDraft] = useState<SignupDraft>(() => initialDraft(location.search, region, reasonId));
  const [step, setStep] = useState<SignupStep>(() =>
    searchParams.get('step') === 'finalize' &&
    Object.keys(checkSignup(initialDraft(location.search, region, reasonId), 'createAccount')).length === 0
      ? 'finalize'
      : 'createAccount',
  );
  const [errors, setErrors] = useState<SignupErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const botCheck = useBotCheck('signup');
  const finish = useFinishSignIn();

  const set = <K extends keyof SignupDraft>(field: K, value: SignupDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field as SignupField]: _, ...rest }) => rest);
  };

  /** Shows the server's field errors; back to the first step when one of its fields is wrong. */
  const showServerErrors = (details: unknown): boolean => {
    const fields = fieldErrorsFromServer(signupFieldErrors(details), draft);
    setErrors(fields);
    if (Object.keys(fields).some((field) => STEP_FIELDS.createAccount.includes(field as SignupField)))
      setStep('createAccount');
    return Object.keys(fields).length > 0;
  };

  const next = async () => {
    const local = checkSignup(draft, 'createAccount');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await validateSignup('createAccount', signupPayloadOf(draft));
      if (!result.ok && result.status === 400 && showServerErrors(result.error.details)) {
        setBusy(false);
        return;
      }
    } catch (cause) {
      console.warn('signup validation unavailable', cause);
    }
    setBusy(false);
    setStep('finalize');
  };

  const submit = async () => {
    const local = checkSignup(draft, 'signup');
    setErrors(local);
    if (Object.keys(local).length > 0) {
      if (Object.keys(local).some((field) => STEP_FIELDS.createAccount.includes(field as SignupField)))
        setStep('createAccount');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const botCheckToken = await botCheck.run();
      const form = { ...signupPayloadOf(draft), ...signupContext(location.search, location.pathname) };
      const result = await submitSignup(form, {
        loginSource: loginSource(),
        formUrl: window.location.href,
        reason,
        botCheckToken,
      });
      if (result.ok) {
        const answer = result.json;
        if (answer.kind === 'email_sent') {
          setSentTo(answer.email || form.email);
          setBusy(false);
          return;
        }
        if (inNativeApp()) postNativeMessage('SIGN_UP_COMPLETED');
        if (answer.kind === 'redirect') {
          await finish({ redirect: answer.url }, pageRedirect);
          return;
        }
        const acting = await actAs(answer.userId);
        if (acting.ok) {
          await finish({ redirect: '/dashboard' }, null);
          return;
        }
        setFailure(failureOf(acting.error));
      } else if (
        result.status === 400 &&
        result.error.code === 'invalid_signup' &&
        showServerErrors(result.error.details)
      ) {
        setFailure({ messageId: 'signup.error.checkFields' });
      } else {
        setFailure(failureOf(result.error, 'signup'));
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (step === 'createAccount' ? next() : submit());
  };

  const signInLine = (
    <Typography variant="body2" color="text.secondary">
      <T id="identity.haveAccount" />{' '}
      <AppLink
        to={pageRedirect ? `/sign-in/password?redirect=${encodeURIComponent(pageRedirect)}` : '/sign-in/password'}
        sx={{ fontWeight: 600 }}
      >
        <T id="identity.signIn" />
      </AppLink>
    </Typography>
  );

  if (sentTo) {
    return (
      <AuthLayout title={t('identity.checkEmail.title')} icon={<MarkEmailReadOutlinedIcon />} below={signInLine}>
        <CheckEmailPanel email={sentTo} messageId="identity.checkEmail.signup" />
      </AuthLayout>
    );
  }

  const brand = partner.branding.tradeName || partner.displayName;
  return (
    <AuthLayout
      wide
      title={t('signup.title')}
      subtitle={brand ? t('signup.subtitle', { brand }) : t('signup.subtitleNoBrand')}
      below={signInLine}
    >
      <Stepper activeStep={step === 'createAccount' ? 0 : 1} sx={{ mb: 3 }} aria-label={t('signup.steps')}>
        <Step completed={step === 'finalize'}>
          <StepLabel>
            <T id="signup.step.details" />
          </StepLabel>
        </Step>
        <Step>
          <StepLabel>
            <T id="signup.step.farm" />
          </StepLabel>
        </Step>
      </Stepper>
      <FormAlert failure={failure} />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('signup.title')}>
        <Stack spacing={2.25}>
          {step === 'createAccount' ? (
            <ContactFields draft={draft} set={set} errors={errors} />
          ) : (
            <FarmFields draft={draft} set={set} errors={errors} preselectedReason={reasonId} />
          )}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.25} sx={{ pt: 1 }}>
            {step === 'finalize' ? (
              <Button
                variant="text"
                size="large"
                onClick={() => setStep('createAccount')}
                disabled={busy}
                sx={{ minWidth: 120 }}
              >
                <T id="signup.back" />
              </Button>
            ) : null}
            <SubmitButton busy={busy} verifying={botCheck.verifying} sx={{ py: 1.25, mt: 0 }}>
              <T id={step === 'createAccount' ? 'signup.continue' : 'signup.submit'} />
            </SubmitButton>
          </Stack>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
