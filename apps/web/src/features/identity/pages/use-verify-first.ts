import { VERIFY_FIRST_STEPS, type VerifyFirstStep } from '@granary/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ApiResult } from '../../../lib/api/request';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { useRegion } from '../../../lib/i18n/locale';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { signupFieldErrors } from '../api/signup';
import {
  verifyFirst,
  verifyFirstTokenQueryOptions,
  type VerifyFirstAnswer,
  type VerifyFirstState,
} from '../api/verify-first';
import { failureOf, type Failure } from '../failures';
import { initialDraft, signupContext } from '../signup-form';
import {
  fieldErrorsFromServer,
  signupPayloadOf,
  type SignupDraft,
  type SignupErrors,
  type SignupField,
} from '../signup-rules';
import { useFinishSignIn } from '../use-finish-sign-in';

const isStep = (value: unknown): value is VerifyFirstStep =>
  typeof value === 'string' && (VERIFY_FIRST_STEPS as readonly string[]).includes(value);
const isState = (value: unknown): value is VerifyFirstState =>
  typeof value === 'object' &&
  value !== null &&
  isStep((value as VerifyFirstState).step) &&
  typeof (value as VerifyFirstState).token === 'string';

type VerifyFirstPageStep = VerifyFirstStep | 'loading';

/** What a step's call came to, for its form: the server's field messages, or the code to clear. */
type Outcome = { fields?: SignupErrors; clearCode?: boolean };

/**
 * Where the verify-first flow stands: the state carried by the route, or, for a token route opened without it, asked
 * of the server ('loading' meanwhile; a flow that is gone sets its failure and starts again).
 */
function useFlowState(setFailure: Dispatch<SetStateAction<Failure | null>>) {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const location = useLocation();
  const { token: routeToken } = useParams();
  const carried = isState(location.state) && location.state.token === routeToken ? location.state : null;
  const lookup = useQuery({
    ...verifyFirstTokenQueryOptions(routeToken ?? ''),
    enabled: Boolean(routeToken) && !carried,
  });
  const [state, setState] = useState<VerifyFirstState | null>(carried);
  const step: VerifyFirstPageStep = state?.step ?? (routeToken && !lookup.data ? 'loading' : 'collect_identifier');

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
  }, [carried, location.search, localized, lookup.data, navigate, routeToken, setFailure, state]);

  /** Moves to the answer's step; a new token gets its route (carrying the state). */
  const moveTo = (answer: VerifyFirstState) => {
    setState(answer);
    if (answer.token !== routeToken) {
      navigate(`${localized(`/signup-verify-first/token/${encodeURIComponent(answer.token)}`)}${location.search}`, {
        replace: true,
        state: answer,
      });
    }
  };
  /** The flow is gone: back to its start. */
  const restart = () => {
    setState(null);
    navigate(`${localized('/signup-verify-first')}${location.search}`, { replace: true });
  };
  return { state, setState, step, moveTo, restart };
}

/**
 * The verify-first flow (platform.md 4.2): where it stands (useFlowState), each step's call and what its answer
 * leads to (the next step and its token route, the confirmation, or signed in), the resend of the code, and the
 * form-level failure and notice.
 */
export function useVerifyFirst() {
  const location = useLocation();
  const region = useRegion();
  const [searchParams] = useSearchParams();
  const pageRedirect = searchParams.get('redirect');
  const [failure, setFailure] = useState<Failure | null>(null);
  const { state, setState, step, moveTo, restart } = useFlowState(setFailure);
  // What was sent last (or the query's prefill): a step shown again starts from it.
  const [identifier, setIdentifier] = useState(searchParams.get('email') ?? searchParams.get('phone_number') ?? '');
  const [draft, setDraft] = useState<SignupDraft>(() => initialDraft(location.search, region, null));
  const [notice, setNotice] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const signupCheck = useBotCheck('signup');
  const resendCheck = useBotCheck('generate_one_time_password');
  const finish = useFinishSignIn();

  /** The field the proven identifier fills (not asked again). */
  const provenField: SignupField = state?.identifierType === 'phone' ? 'phoneNumber' : 'email';

  /** Moves on with the server's answer: the next step, the confirmation, or signed in. */
  const advance = async (result: ApiResult<VerifyFirstAnswer>, sent: SignupDraft): Promise<Outcome> => {
    if (!result.ok) {
      const fields = result.status === 400 ? fieldErrorsFromServer(signupFieldErrors(result.error.details), sent) : {};
      if (Object.keys(fields).length > 0) {
        setFailure({ messageId: 'signup.error.checkFields' });
        return { fields };
      }
      if (result.error.code === 'code_invalid') {
        setFailure({ messageId: 'identity.error.incorrectMfaCode' });
        return { clearCode: true };
      }
      if (result.error.code === 'link_invalid' || result.status === 410) {
        setFailure({ messageId: 'verifyFirst.expired' });
        restart();
      } else {
        setFailure(failureOf(result.error, 'signup'));
      }
      return {};
    }
    const answer = result.json;
    if (answer.step === 'done') {
      if (inNativeApp()) postNativeMessage('SIGN_UP_COMPLETED');
      if (answer.kind === 'email_sent') setSentTo(answer.email);
      else await finish({ redirect: answer.url }, pageRedirect);
      return {};
    }
    if (!isState(answer)) {
      setFailure({ messageId: 'error.unexpected' });
      return {};
    }
    moveTo(answer);
    return { clearCode: true };
  };

  /** Sends a step (`call`, which may run a bot check first) and advances with the answer. */
  const send = async (call: () => Promise<ApiResult<VerifyFirstAnswer>>, sent = draft): Promise<Outcome> => {
    setFailure(null);
    setNotice(false);
    try {
      return await advance(await call(), sent);
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
      return {};
    }
  };

  const token = state?.token ?? '';
  const sendIdentifier = (typed: string) => {
    setIdentifier(typed);
    return send(async () => {
      const botCheckToken = await signupCheck.run();
      return verifyFirst({
        step: 'collect_identifier',
        identifier: typed.trim(),
        ...(pageRedirect ? { redirect: pageRedirect } : {}),
        ...(botCheckToken ? { recaptcha_v3: botCheckToken } : {}),
      });
    });
  };
  const sendCode = async (code: string) =>
    (await send(() => verifyFirst({ step: 'collect_challenge', token, code }))).clearCode ? 'clear' : undefined;
  const sendRest = async (typed: SignupDraft) => {
    setDraft(typed);
    const { [provenField]: _proven, ...payload } = signupPayloadOf(typed);
    const context = signupContext(location.search, location.pathname);
    return (await send(() => verifyFirst({ step: 'collect_rest', token, ...payload, ...context }), typed)).fields;
  };
  const pickAccount = (userId: string) => send(() => verifyFirst({ step: 'pick_account', token, userId }));

  const resend = async () => {
    if (!state) return;
    setResending(true);
    setFailure(null);
    setNotice(false);
    try {
      const botCheckToken = await resendCheck.run();
      const result = await verifyFirst({
        step: 'resend',
        token: state.token,
        ...(botCheckToken ? { recaptcha_v3: botCheckToken } : {}),
      });
      if (result.ok && isState(result.json)) {
        setState(result.json);
        setNotice(true);
      } else if (!result.ok) setFailure(failureOf(result.error, 'sms'));
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setResending(false);
  };

  return {
    step,
    state,
    failure,
    notice,
    sentTo,
    resending,
    provenField,
    identifier,
    draft,
    verifying: { identifier: signupCheck.verifying, resend: resendCheck.verifying },
    sendIdentifier,
    sendCode,
    sendRest,
    pickAccount,
    resend,
  };
}
