import { signInUrl } from '@granary/domain';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { inNativeApp, postNativeMessage } from '../../lib/native/bridge';
import { PageSpinner } from '../../lib/ui/page-spinner';

/**
 * Login-required pages (grain-marketing.md 2 'Page guards'): a spinner while the user is not identified; the page
 * when logged in; otherwise SESSION_EXPIRED to the native shell, or a redirect to sign-in on the web.
 */
export function LoginGuard({ children }: { children: ReactNode }) {
  const { data } = useBootstrap();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const native = inNativeApp();
  const loggedOut = data !== undefined && data.user.identified && !data.user.isLoggedIn;

  useEffect(() => {
    if (loggedOut && native) postNativeMessage('SESSION_EXPIRED', { path });
  }, [loggedOut, native, path]);

  if (!data || !data.user.identified) return <PageSpinner />;
  if (data.user.isLoggedIn) return <>{children}</>;
  if (native) return <PageSpinner />;
  return <Navigate to={signInUrl(path)} replace />;
}
