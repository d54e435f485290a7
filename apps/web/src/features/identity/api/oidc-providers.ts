import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, settle } from '../../../lib/api/request';

export type OidcProvider = { id: string; name: string };

/** The configured OpenID Connect providers (Google, Apple, SSO) for the sign-in buttons; none when the call fails. */
async function fetchOidcProviders(): Promise<OidcProvider[]> {
  const result = await settle(
    request<{ providers?: unknown }>('/api/auth/oidc/providers', {
      handleSessionExpiry: false,
      handleNetworkErrors: false,
      checkSession: false,
    }),
  );
  if (!result.ok || !Array.isArray(result.json.providers)) return [];
  return result.json.providers.filter(
    (p): p is OidcProvider =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as OidcProvider).id === 'string' &&
      typeof (p as OidcProvider).name === 'string' &&
      /^[a-z0-9_-]{1,40}$/i.test((p as OidcProvider).id),
  );
}

const oidcProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'oidc-providers'] as const,
    queryFn: fetchOidcProviders,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useOidcProviders() {
  return useQuery(oidcProvidersQueryOptions());
}

/** Where a provider button goes: the server starts the flow and comes back to `redirect`. */
export function oidcStartUrl(providerId: string, redirect: string | null): string {
  const query = new URLSearchParams();
  if (redirect) query.set('redirect', redirect);
  const search = query.toString();
  return `/api/auth/oidc/${encodeURIComponent(providerId)}/start${search ? `?${search}` : ''}`;
}
