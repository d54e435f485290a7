import { useParams } from 'react-router';
import { useT } from '../../../lib/i18n/t';
import { inNativeApp, postNativeMessage } from '../../../lib/native/bridge';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { verifySignupLink } from '../api/signup';
import { VerifyLinkPage } from '../components/verify-link-page';
import { failureOf } from '../failures';

/**
 * /signup-jit-verify/:reason?token=…: the link of the signup e-mail. Opening it proves the address just in time:
 * the account is created, the e-mail verified and the user signed in (POST signup-jit-verify/verify); the native
 * shells hear SIGN_UP_COMPLETED. A used or expired link says so and offers to sign up again; an address that
 * meanwhile has an account offers sign-in.
 */
export function SignupJitVerifyPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const { reason } = useParams();
  return (
    <VerifyLinkPage
      verify={verifySignupLink}
      failureOf={(error) =>
        error.code === 'link_invalid' ? { messageId: 'jit.linkInvalid' } : failureOf(error, 'signup')
      }
      onSignedIn={() => {
        if (inNativeApp()) postNativeMessage('SIGN_UP_COMPLETED');
      }}
      noToken={{ messageId: 'jit.noToken' }}
      title={t('jit.title')}
      verifyingId="jit.verifying"
      severity={(failure) => (failure.messageId === 'jit.noToken' ? 'info' : 'error')}
      again={{
        to: localized(reason ? `/signup/${encodeURIComponent(reason)}` : '/signup'),
        labelId: 'jit.signUpAgain',
      }}
      other={{ to: localized('/sign-in/password'), labelId: 'identity.signIn' }}
    />
  );
}
