// Redirect safety and history URLs (grain-marketing.md 5 'Redirects and URLs', platform.md 5.6, 2.8).

import { hasControlCharacter } from '../format/text.ts';

export const DEFAULT_REDIRECT = '/dashboard';
export const SIGN_IN_PATH = '/sign-in/password';
export const REDIRECT_PARAM = 'redirect';

const MAX_UNWRAP = 10;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ABSOLUTE_HTTP = /^(https?):\/\/([^/?#\\]*)(.*)$/is;

/** The value of one query parameter of a URL or path, decoded ('+' is a space), or null if absent or malformed. */
export function queryParam(url: string, name: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    try {
      if (decodeURIComponent(rawKey.replace(/\+/g, ' ')) === name) {
        return decodeURIComponent(rawValue.replace(/\+/g, ' '));
      }
    } catch {
      return null;
    }
  }
  return null;
}

function isSafeRelative(path: string): boolean {
  // '/x' only: not '//x' (another host) and not '/\x' (browsers read '\' as '/').
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : '80';
}

function sameHost(authority: string, scheme: string, currentHost: string): boolean {
  const parse = (hostPort: string) => {
    const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort.trim().toLowerCase());
    if (!m) return null;
    return { host: (m[1] ?? '').replace(/\.$/, ''), port: m[2] || defaultPort(scheme) };
  };
  const target = parse(authority);
  const current = parse(currentHost);
  return (
    target !== null &&
    current !== null &&
    target.host !== '' &&
    target.host === current.host &&
    target.port === current.port
  );
}

/**
 * The target to send a user to after sign-in (or any redirect taken from a URL), or `fallback`.
 * Accepted: a relative path '/x' (not '//x', not '/\x'), and an absolute http(s) URL on the current
 * host, which is reduced to its path + search + hash. A nested `redirect` query parameter is unwrapped,
 * repeatedly ('/sign-in/password?redirect=%2Fcrm%2Fbids' → '/crm/bids'). Targets starting with '/crm'
 * pass untouched, their own query included. Anything else — another host, 'javascript:', other
 * schemes, credentials in the URL, control characters, garbage, empty — gives the fallback.
 *
 * `currentHost` is the Host header / location.host ('example.com' or 'localhost:3000'); hosts compare
 * case-insensitively and with default ports (80 for http, 443 for https) filled in, so
 * 'https://example.com:443/x' is on host 'example.com' but 'http://example.com:8080/x' is not.
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  currentHost: string,
  fallback = DEFAULT_REDIRECT,
): string {
  let current = (target ?? '').trim();
  for (let i = 0; i <= MAX_UNWRAP; i += 1) {
    // Browsers drop tab and newline anywhere in a URL ('/\t/evil.com' becomes '//evil.com') and treat
    // other control characters unpredictably: a target containing any of them is refused.
    if (current === '' || hasControlCharacter(current)) return fallback;
    if (SCHEME.test(current)) {
      const m = ABSOLUTE_HTTP.exec(current);
      if (!m) return fallback; // javascript:, data:, mailto:, …
      const scheme = (m[1] ?? '').toLowerCase();
      const authority = m[2] ?? '';
      if (authority.includes('@') || !sameHost(authority, scheme, currentHost)) return fallback;
      const rest = m[3] ?? '';
      current = rest.startsWith('/') ? rest : `/${rest}`;
      // fall through: the reduced path is checked like any relative target ('https://host//evil.com')
    }
    if (!isSafeRelative(current)) return fallback;
    if (
      current === '/crm' ||
      current.startsWith('/crm/') ||
      current.startsWith('/crm?') ||
      current.startsWith('/crm#')
    ) {
      return current;
    }
    const nested = queryParam(current, REDIRECT_PARAM);
    if (nested === null || nested.trim() === '') return current;
    current = nested.trim();
  }
  return fallback; // nested deeper than anyone would legitimately build
}

/**
 * A URL for history.pushState: relative with exactly one leading slash ('crm' → '/crm',
 * '//crm' → '/crm'). Leading backslashes are removed too, since browsers read '/\evil.com' as '//evil.com'.
 */
export function historyUrl(url: string): string {
  return `/${url.trim().replace(/^[/\\]+/, '')}`;
}

/** The sign-in URL that brings the user back afterwards: '/sign-in/password?redirect=%2Fcrm%2Fbids%3Fpage%3D2'. */
export function signInUrl(currentPathWithSearch: string): string {
  return `${SIGN_IN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(currentPathWithSearch)}`;
}
