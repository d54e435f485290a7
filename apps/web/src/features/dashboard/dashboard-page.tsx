import { HOME_PATHS, homePathFor } from '@granary/domain';
import { Navigate } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { WelcomePage } from './welcome-page';

/**
 * /dashboard, where sign-in and '/' send a signed-in user: each experience goes on to its own home (the domain's
 * homePathFor, the locale prefix kept); a user with no experience yet (a new signup) is welcomed here.
 */
export function DashboardPage() {
  const { data } = useBootstrap();
  const localized = useLocalizedPath();
  if (!data) return <PageSpinner />;
  const home = homePathFor(data.user, data.partner.experiences);
  if (home !== HOME_PATHS.welcome) return <Navigate to={localized(home)} replace />;
  return <WelcomePage />;
}
