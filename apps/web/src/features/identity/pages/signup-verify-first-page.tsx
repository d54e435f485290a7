import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { VerifyFirstStep } from '@granary/domain';
import { Box, CircularProgress, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import type { VerifyFirstState } from '../api/verify-first';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { CodeEntryForm } from '../components/code-entry-form';
import { FormAlert } from '../components/form-alert';
import { IdentifierStep, PickAccountStep, RestStep } from '../components/verify-first-steps';
import { useVerifyFirst } from './use-verify-first';

const STEP_TITLES: Record<VerifyFirstStep, MessageId> = {
  collect_identifier: 'verifyFirst.identifier.title',
  collect_challenge: 'verifyFirst.challenge.title',
  collect_rest: 'verifyFirst.rest.title',
  pick_account: 'verifyFirst.pick.title',
};

/** The line under each step's title. */
function useStepSubtitle(step: VerifyFirstStep, state: VerifyFirstState | null): string {
  const t = useT();
  if (step === 'collect_challenge') {
    return t(
      state?.identifierType === 'phone' ? 'verifyFirst.challenge.subtitlePhone' : 'verifyFirst.challenge.subtitle',
      { identifier: state?.identifier ?? '' },
    );
  }
  if (step === 'collect_identifier') return t('verifyFirst.identifier.subtitle');
  return t(step === 'pick_account' ? 'verifyFirst.pick.subtitle' : 'verifyFirst.rest.subtitle');
}

/** The way to sign in instead. */
const signInLine = (
  <Typography variant="body2" color="text.secondary">
    <T id="identity.haveAccount" />{' '}
    <AppLink to="/sign-in/password" sx={{ fontWeight: 600 }}>
      <T id="identity.signIn" />
    </AppLink>
  </Typography>
);

/**
 * /signup-verify-first and /signup-verify-first/token/:token: sign up by proving an e-mail or mobile number first
 * (collect_identifier → collect_challenge → collect_rest, or pick_account when accounts already use it). The token
 * route continues where the flow stands (a reload, or a link). The flow is useVerifyFirst; each step is its form.
 */
export function SignupVerifyFirstPage() {
  const t = useT();
  const flow = useVerifyFirst();
  const { step, state } = flow;
  const subtitle = useStepSubtitle(step === 'loading' ? 'collect_identifier' : step, state);

  if (flow.sentTo) {
    return (
      <AuthLayout title={t('identity.checkEmail.title')} icon={<MarkEmailReadOutlinedIcon />} below={signInLine}>
        <CheckEmailPanel email={flow.sentTo} messageId="identity.checkEmail.signup" />
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

  const title = t(STEP_TITLES[step]);
  return (
    <AuthLayout wide={step === 'collect_rest'} title={title} subtitle={subtitle} below={signInLine}>
      <FormAlert failure={flow.failure} />
      <FormAlert failure={flow.notice ? { messageId: 'identity.sms.resent' } : null} severity="success" />
      {step === 'collect_identifier' ? (
        <IdentifierStep
          label={title}
          initial={flow.identifier}
          verifying={flow.verifying.identifier}
          onSubmit={flow.sendIdentifier}
        />
      ) : null}
      {step === 'collect_challenge' ? (
        <CodeEntryForm
          label={title}
          submitLabel={<T id="signup.continue" />}
          busy={flow.resending}
          busyLabel={flow.verifying.resend ? <T id="identity.verifyingHuman" /> : undefined}
          onSubmit={flow.sendCode}
          onResend={flow.resend}
        />
      ) : null}
      {step === 'collect_rest' ? (
        <RestStep label={title} initial={flow.draft} provenField={flow.provenField} onSubmit={flow.sendRest} />
      ) : null}
      {step === 'pick_account' ? (
        <PickAccountStep label={title} accounts={state?.accounts} onSubmit={flow.pickAccount} />
      ) : null}
    </AuthLayout>
  );
}
