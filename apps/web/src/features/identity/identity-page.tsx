import { useCurrentRouteDef } from '../../lib/routing/route-handle';
import { PlaceholderPage } from '../../lib/ui/placeholder-page';
import { MagicLoginPage } from './pages/magic-login-page';
import { NativeLandingPage } from './pages/native-landing-page';
import { NativeSignInPage } from './pages/native-sign-in-page';
import { OneTimePasswordPage } from './pages/onetime-password-page';
import { PasswordExchangePage } from './pages/password-exchange-page';
import { ResetRequestPage } from './pages/reset-request-page';
import { SignInPage } from './pages/sign-in-page';
import { SignupJitVerifyPage } from './pages/signup-jit-verify-page';
import { SignupPage } from './pages/signup-page';
import { AcceptInvitationPage } from './pages/accept-invitation-page';
import { SignupVerifyFirstPage } from './pages/signup-verify-first-page';
import { SmsVerificationPage } from './pages/sms-verification-page';
import { SsoPage } from './pages/sso-page';

/**
 * Sign-in, signup, password and magic-link pages (issue 3), one chunk for the area, chosen by the route id of the
 * domain route table.
 */
export function IdentityPage() {
  const def = useCurrentRouteDef();
  switch (def?.id) {
    case 'sign-in':
      return <SignInPage />;
    case 'sign-in-native':
      return <NativeSignInPage />;
    case 'native-landing':
      return <NativeLandingPage />;
    case 'sign-in-sso':
      return <SsoPage />;
    case 'sign-in-sms-verification':
      return <SmsVerificationPage />;
    case 'login-magic':
      return <MagicLoginPage />;
    case 'reset-password':
    case 'password-reset':
      return <ResetRequestPage />;
    case 'password-exchange':
      return <PasswordExchangePage key={def.id} />;
    case 'onetime-password-reset':
      return <OneTimePasswordPage />;
    case 'signup':
      return <SignupPage />;
    case 'accept-invitation':
      return <AcceptInvitationPage />;
    case 'signup-jit-verify':
      return <SignupJitVerifyPage />;
    case 'signup-verify-first':
    case 'signup-verify-first-token':
      return <SignupVerifyFirstPage />;
    default:
      return <PlaceholderPage />;
  }
}
