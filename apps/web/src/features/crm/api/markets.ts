import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CrmMarketsResponse, MerchandisingBootstrap } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { MERCHANDISING } from './crm-paths';
import { crmKeys } from './crm-keys';

/** GET merchandising/bootstrap: the buyer's partner legal entity (the :platformId of the CRM calls) and CRM flags. */
const merchandisingBootstrapQueryOptions = () =>
  queryOptions({
    queryKey: crmKeys.bootstrap(),
    queryFn: ({ signal }) => getJson<MerchandisingBootstrap>(`${MERCHANDISING}/bootstrap`, undefined, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/** GET merchandising/le/:platformId/markets limited to the user's markets, with their permissions and admin grants. */
const crmMarketsQueryOptions = (platformId: number) =>
  queryOptions({
    queryKey: crmKeys.markets(platformId),
    queryFn: ({ signal }) =>
      getJson<CrmMarketsResponse>(
        `${MERCHANDISING}/le/${platformId}/markets`,
        { limit_by_user_id: true, include_admin_permissions: true },
        signal,
      ),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/**
 * Loads the CRM context into the cache ahead of the page; resolves with it, or null when a call failed (the page's
 * own queries then show the error).
 */
export async function prefetchCrmContext(
  queryClient: QueryClient,
): Promise<{ bootstrap: MerchandisingBootstrap; markets: CrmMarketsResponse['markets'] } | null> {
  const bootstrap = await queryClient.fetchQuery(merchandisingBootstrapQueryOptions()).catch(() => null);
  const platformId = bootstrap?.partnerLegalEntity?.id;
  if (!bootstrap || platformId === undefined) return null;
  const markets = await queryClient.fetchQuery(crmMarketsQueryOptions(platformId)).catch(() => null);
  return markets ? { bootstrap, markets: markets.markets } : null;
}

function useMerchandisingBootstrap(options: { enabled?: boolean } = {}) {
  return useQuery({ ...merchandisingBootstrapQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * The CRM context every CRM page starts from: the bootstrap (platformId) and the user's markets. `error` is the
 * first failure of the two; `data` is there once both answered.
 */
export function useCrmContext(options: { enabled?: boolean } = {}) {
  const bootstrap = useMerchandisingBootstrap(options);
  const platformId = bootstrap.data?.partnerLegalEntity?.id ?? null;
  const markets = useQuery({
    ...crmMarketsQueryOptions(platformId ?? 0),
    enabled: platformId !== null && (options.enabled ?? true),
  });
  const error = bootstrap.error ?? markets.error ?? null;
  const data =
    bootstrap.data && markets.data && platformId !== null
      ? {
          bootstrap: bootstrap.data,
          platformId,
          markets: markets.data.markets,
          adminPermissions: markets.data.adminPermissions ?? {},
          isAdmin: markets.data.isAdmin ?? false,
        }
      : null;
  const noPartnerEntity = bootstrap.isSuccess && platformId === null;
  return {
    data,
    error,
    isLoading: !data && !error && !noPartnerEntity,
    noPartnerEntity,
    refetch: () => void (bootstrap.refetch(), markets.refetch()),
  };
}
