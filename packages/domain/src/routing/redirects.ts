// Redirects of grain-marketing.md 2 'Redirects'.
import { buildPath, matchPath } from './match-path.ts';

export type RedirectDef = { from: string; to: string; status: 301 | 302 };

/**
 * Legacy paths move for good (301). '/crm' → '/crm/dashboard' is 302: '/crm' is the CRM section's own
 * address and may become a page, and browsers cache a 301 indefinitely.
 */
export const REDIRECTS: RedirectDef[] = [
  { from: '/login', to: '/sign-in/password', status: 301 },
  { from: '/contracts', to: '/crm/contracts', status: 301 },
  { from: '/deliveries', to: '/crm/deliveries', status: 301 },
  { from: '/bids', to: '/crm/bids', status: 301 },
  { from: '/offers', to: '/crm/offers', status: 301 },
  { from: '/client/:clientId', to: '/crm/client/:clientId', status: 301 },
  { from: '/crm', to: '/crm/dashboard', status: 302 },
];

/** The home path's redirect is temporary: its target depends on the login state. */
export const HOME_REDIRECT_STATUS = 302;

/** '/' goes to the dashboard when logged in, otherwise to the public market page. */
export function homeTarget(isLoggedIn: boolean): '/dashboard' | '/market' {
  return isLoggedIn ? '/dashboard' : '/market';
}

/** The matching redirect entry and its target, or null. */
export function findRedirect(barePath: string): { redirect: RedirectDef; target: string } | null {
  const end = barePath.search(/[?#]/);
  const path = end === -1 ? barePath : barePath.slice(0, end);
  const suffix = end === -1 ? '' : barePath.slice(end);
  for (const redirect of REDIRECTS) {
    const params = matchPath(redirect.from, path);
    if (params) return { redirect, target: buildPath(redirect.to, params) + suffix };
  }
  return null;
}

/**
 * The target of a redirect for a bare path (locale prefix removed), with route parameters
 * substituted ('/client/42' → '/crm/client/42'), or null when the path does not redirect. A query
 * string and hash are carried over ('/contracts?page=2' → '/crm/contracts?page=2'). The home path is
 * not here: use homeTarget.
 */
export function resolveRedirect(barePath: string): string | null {
  return findRedirect(barePath)?.target ?? null;
}
