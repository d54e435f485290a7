import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { FormProvider, useFormState } from 'react-hook-form';
import { usePartner } from '../../../lib/brand/partner-context';
import { FormSubmitButton } from '../../../lib/forms/form-fields';
import { T, useT } from '../../../lib/i18n/t';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { CheckEmailPanel } from '../components/check-email';
import { FormAlert } from '../components/form-alert';
import { ContactFields, FarmFields } from '../components/signup-fields';
import type { SignupStep } from '../signup-rules';
import { useSignup } from './use-signup';

/** The way to sign in instead, keeping the page's redirect. */
function SignInLine({ redirect }: { redirect: string | null }) {
  return (
    <Typography variant="body2" color="text.secondary">
      <T id="identity.haveAccount" />{' '}
      <AppLink
        to={redirect ? `/sign-in/password?redirect=${encodeURIComponent(redirect)}` : '/sign-in/password'}
        sx={{ fontWeight: 600 }}
      >
        <T id="identity.signIn" />
      </AppLink>
    </Typography>
  );
}

/** Where the signup stands: the details, then the operation. */
function SignupStepper({ step }: { step: SignupStep }) {
  const t = useT();
  return (
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
  );
}

/** Back (on the second step) and Continue or Create account, the latter spinning while the form is sent. */
function SignupButtons({ step, onBack, verifying }: { step: SignupStep; onBack: () => void; verifying: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.25} sx={{ pt: 1 }}>
      {step === 'finalize' ? (
        <Button variant="text" size="large" onClick={onBack} disabled={isSubmitting} sx={{ minWidth: 120 }}>
          <T id="signup.back" />
        </Button>
      ) : null}
      <FormSubmitButton busyLabel={verifying ? <T id="identity.verifyingHuman" /> : undefined} sx={{ py: 1.25, mt: 0 }}>
        <T id={step === 'createAccount' ? 'signup.continue' : 'signup.submit'} />
      </FormSubmitButton>
    </Stack>
  );
}

/**
 * /signup/:reason?: the signup form of platform.md 3.6 in two steps (createAccount, finalize; platform.md 4.2), each
 * checked with the domain's rules and by users/signup/validate (useSignup). The answer decides what follows:
 * email_sent → "check your e-mail", redirect → signed in and on, should_act_as → act as the new user.
 */
export function SignupPage() {
  const t = useT();
  const partner = usePartner();
  const { form, step, back, failure, sentTo, onSubmit, reasonId, pageRedirect, verifying } = useSignup();
  const signInLine = <SignInLine redirect={pageRedirect} />;

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
      <SignupStepper step={step} />
      <FormAlert failure={failure} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('signup.title')}>
          <Stack spacing={2.25}>
            {step === 'createAccount' ? <ContactFields /> : <FarmFields preselectedReason={reasonId} />}
            <SignupButtons step={step} onBack={back} verifying={verifying} />
          </Stack>
        </Box>
      </FormProvider>
    </AuthLayout>
  );
}
