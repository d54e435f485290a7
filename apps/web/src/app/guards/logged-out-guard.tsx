import { safeRedirectTarget } from '@granary/domain';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { PageSpinner } from '../../lib/ui/page-spinner';

/** Logged-out-only pages (sign-in, signup, reset): a logged-in user goes to the `redirect` target (safe-checked). */
export function LoggedOutGuard({ children }: { children: ReactNode }) {
  const { data } = useBootstrap();
  const [searchParams] = useSearchParams();
  if (!data || !data.user.identified) return <PageSpinner />;
  if (data.user.isLoggedIn) {
    return <Navigate to={safeRedirectTarget(searchParams.get('redirect'), window.location.host)} replace />;
  }
  return <>{children}</>;
}
