import { SIGN_IN_METHODS, type SignInMethod } from '@granary/domain';
import { Navigate, useLocation, useParams } from 'react-router';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { MagicLinkSignIn } from './magic-link-sign-in';
import { PasswordSignIn } from './password-sign-in';
import { SmsSignIn } from './sms-sign-in';

function isMethod(value: string): value is SignInMethod {
  return (SIGN_IN_METHODS as readonly string[]).includes(value);
}

/** /sign-in/:method? — password (default), magic_link or sms; an unknown method falls back to password. */
export function SignInPage() {
  const { method = 'password' } = useParams();
  const { search } = useLocation();
  const localized = useLocalizedPath();
  if (!isMethod(method)) return <Navigate to={`${localized('/sign-in/password')}${search}`} replace />;
  if (method === 'magic_link') return <MagicLinkSignIn key="magic_link" />;
  if (method === 'sms') return <SmsSignIn key="sms" />;
  return <PasswordSignIn key="password" />;
}
