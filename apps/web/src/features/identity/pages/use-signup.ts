import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useRegion } from '../../../lib/i18n/locale';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { actAs } from '../../../lib/api/act-as';
import { loginSource } from '../api/sign-in';
import { signupFieldErrors, submitSignup, validateSignup } from '../api/signup';
import { failureOf, type Failure } from '../failures';
import { initialDraft, showSignupErrors, signupContext, signupSchema, touchesFirstStep } from '../signup-form';
import {
  checkSignup,
  fieldErrorsFromServer,
  reasonIdOf,
  signupPayloadOf,
  type SignupDraft,
  type SignupStep,
} from '../signup-rules';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * The signup form of /signup/:reason? and its two steps (createAccount, finalize; platform.md 4.2): each checked with
 * the domain's rules on submit, the first also by users/signup/validate, then the signup sent. The answer decides
 * what follows: email_sent → `sentTo` (check your e-mail), redirect → signed in and on, should_act_as → act as the
 * new user. A message on a first-step field brings that step back.
 */
export function useSignup() {
  const region = useRegion();
  const { reason } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const pageRedirect = searchParams.get('redirect');
  const reasonId = reasonIdOf(reason);
  const [initial] = useState(() => initialDraft(location.search, region, reasonId));
  const [step, setStep] = useState<SignupStep>(() =>
    searchParams.get('step') === 'finalize' && Object.keys(checkSignup(initial, 'createAccount')).length === 0
      ? 'finalize'
      : 'createAccount',
  );
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const botCheck = useBotCheck('signup');
  const finish = useFinishSignIn();
  const form = useZodForm(signupSchema(step === 'createAccount' ? 'createAccount' : 'signup'), {
    defaultValues: initial,
    shouldFocusError: false,
  });

  /** Shows the server's field errors; back to the first step when one of its fields is wrong. */
  const showServerErrors = (details: unknown, draft: SignupDraft): boolean => {
    const fields = fieldErrorsFromServer(signupFieldErrors(details), draft);
    showSignupErrors(form.setError, fields);
    if (touchesFirstStep(Object.keys(fields))) setStep('createAccount');
    return Object.keys(fields).length > 0;
  };

  const next = async (draft: SignupDraft) => {
    setFailure(null);
    try {
      const result = await validateSignup('createAccount', signupPayloadOf(draft));
      if (!result.ok && result.status === 400 && showServerErrors(result.error.details, draft)) return;
    } catch (cause) {
      console.warn('signup validation unavailable', cause);
    }
    setStep('finalize');
  };

  const submit = async (draft: SignupDraft) => {
    setFailure(null);
    try {
      const botCheckToken = await botCheck.run();
      const sent = { ...signupPayloadOf(draft), ...signupContext(location.search, location.pathname) };
      const result = await submitSignup(sent, {
        loginSource: loginSource(),
        formUrl: window.location.href,
        reason,
        botCheckToken,
      });
      if (result.ok) {
        const answer = result.json;
        if (answer.kind === 'email_sent') {
          setSentTo(answer.email || sent.email);
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
        showServerErrors(result.error.details, draft)
      ) {
        setFailure({ messageId: 'signup.error.checkFields' });
      } else {
        setFailure(failureOf(result.error, 'signup'));
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
  };

  const onSubmit = form.handleSubmit(
    (draft) => (step === 'createAccount' ? next(draft) : submit(draft)),
    (errors) => {
      if (touchesFirstStep(Object.keys(errors))) setStep('createAccount');
    },
  );

  return {
    form,
    step,
    back: () => setStep('createAccount'),
    failure,
    sentTo,
    onSubmit,
    reasonId,
    pageRedirect,
    verifying: botCheck.verifying,
  };
}
