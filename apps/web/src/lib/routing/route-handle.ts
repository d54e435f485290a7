import { matchRoute, splitLocalePrefix, type RouteDef } from '@granary/domain';
import { useLocation, useMatches } from 'react-router';

/** What every route of the app carries in its `handle`. */
export type RouteHandle = { routeDef?: RouteDef; notFound?: true };

function handleOf(match: { handle: unknown }): RouteHandle | null {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : null;
}

/** The route definitions of the current match, outermost first (e.g. [/crm, /crm/contracts]). */
export function useMatchedRouteDefs(): { defs: RouteDef[]; notFound: boolean } {
  const matches = useMatches();
  const defs: RouteDef[] = [];
  let notFound = false;
  for (const match of matches) {
    const handle = handleOf(match);
    if (handle?.routeDef) defs.push(handle.routeDef);
    if (handle?.notFound) notFound = true;
  }
  return { defs, notFound };
}

/** The innermost route definition of the current page. */
export function useCurrentRouteDef(): RouteDef | null {
  const { defs } = useMatchedRouteDefs();
  return defs.at(-1) ?? null;
}

/**
 * Builds app paths that keep the current locale prefix when the target route takes one
 * ('/crm/bids' on /en-ca/... → '/en-ca/crm/bids').
 */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  const { locale } = splitLocalePrefix(pathname);
  return (path) => {
    if (!locale) return path;
    const target = matchRoute(path)?.route;
    if (!target || target.localized === 'none') return path;
    return path === '/' ? `/${locale}` : `/${locale}${path}`;
  };
}
