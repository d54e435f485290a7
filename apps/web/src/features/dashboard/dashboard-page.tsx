import { HOME_PATHS, homeKindFor } from '@granary/domain';
import { Navigate } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { FarmerHomePage } from './farmer-home-page';
import { WelcomePage } from './welcome-page';

/**
 * /dashboard, where sign-in and '/' send a signed-in user (the domain's homeKindFor): staff and buyers go on to their
 * own home (the locale prefix kept); a farmer's home is here (issue 17); a user with no experience yet (a new signup)
 * is welcomed here.
 */
export function DashboardPage() {
  const { data } = useBootstrap();
  const localized = useLocalizedPath();
  if (!data) return <PageSpinner />;
  const kind = homeKindFor(data.user);
  if (kind === 'farmer') return <FarmerHomePage />;
  if (kind === 'welcome') return <WelcomePage />;
  return <Navigate to={localized(HOME_PATHS[kind])} replace />;
}
