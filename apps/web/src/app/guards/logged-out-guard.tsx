import { safeRedirectTarget } from '@granary/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { postSignInTarget } from '../../lib/session/post-sign-in';
import { useStore } from '../../lib/store';
import { PageSpinner } from '../../lib/ui/page-spinner';

/**
 * Navigates once (replacing the entry), then forgets the pending post-sign-in target. Once only: forgetting the
 * target re-renders the guard with the query's target, which must not win over the first.
 */
function RedirectOnce({ to }: { to: string }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace: true });
    postSignInTarget.set(null);
  }, [navigate, to]);
  return <PageSpinner />;
}

/**
 * Logged-out-only pages (sign-in, signup, reset): a logged-in user goes to the `redirect` target (safe-checked), or,
 * right after a sign-in on this page, to where the sign-in response said.
 */
export function LoggedOutGuard({ children }: { children: ReactNode }) {
  const { data } = useBootstrap();
  const [searchParams] = useSearchParams();
  const pending = useStore(postSignInTarget);
  if (!data || !data.user.identified) return <PageSpinner />;
  if (data.user.isLoggedIn) {
    return <RedirectOnce to={pending ?? safeRedirectTarget(searchParams.get('redirect'), window.location.host)} />;
  }
  return <>{children}</>;
}
