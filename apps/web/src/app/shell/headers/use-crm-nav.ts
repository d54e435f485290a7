import { matchRoute, openCrmPages, type BootstrapUser } from '@granary/domain';
import { useMemo } from 'react';
import { useCrmContext } from '../../../features/crm/api/markets';
import { CRM_NAV, type NavItem } from './nav-items';

/**
 * The CRM pages that exist: a page still to be built would stay reachable by its URL but not be offered in the
 * navigation, so no menu leads to "this page is coming soon" (issue 13, 'No dead ends').
 */
const BUILT_CRM_NAV = CRM_NAV.filter((item) => matchRoute(item.path)?.route.built === true);

/**
 * The CRM navigation a user may use (grain-marketing.md 6: the web hides what a user may not use): pages whose
 * entitlement no market of the user grants are left out, and Data imports without the bootstrap's ingestDashboardAccess.
 * Until the markets are known (or for a user without the grain-buying experience, who cannot open the CRM anyway)
 * every item shows, so the header never jumps empty.
 */
export function useCrmNav(user: BootstrapUser): readonly NavItem[] {
  const buyer = Boolean(user.experiences.grain_buying);
  const context = useCrmContext({ enabled: buyer });
  const data = context.data;
  return useMemo(() => {
    if (!buyer || !data) return BUILT_CRM_NAV;
    const open = openCrmPages(data.markets, {
      isAdmin: data.isAdmin,
      ingestDashboardAccess: data.bootstrap.ingestDashboardAccess,
    });
    return BUILT_CRM_NAV.filter((item) => open(item.path));
  }, [buyer, data]);
}
