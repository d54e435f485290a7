import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientProfile } from '@granary/domain';
import { request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';

export type ClientProfileParams = {
  platformId: number;
  marketId: number;
  clientId: number;
  /** Path crop: a commodity code or crop id; null → the client's default crop. */
  crop: string | null;
  /** Path crop year; only sent with a crop (the path is /:crop/:cropYear). */
  cropYear: string | null;
};

/** The profile path of a client at a market: …/le/:clientId/profile[/:crop[/:cropYear]]. */
export function clientPath(platformId: number, marketId: number, clientId: number): string {
  return `${MERCHANDISING}/le/${platformId}/market/${marketId}/le/${clientId}`;
}

function clientProfilePath(params: ClientProfileParams): string {
  const base = `${clientPath(params.platformId, params.marketId, params.clientId)}/profile`;
  if (!params.crop) return base;
  const crop = `${base}/${encodeURIComponent(params.crop)}`;
  return params.cropYear ? `${crop}/${encodeURIComponent(params.cropYear)}` : crop;
}

const clientProfileQueryKey = (params: ClientProfileParams) =>
  crmKeys.clientProfile(params.marketId, params.clientId, params.crop, params.cropYear);

/** GET …/le/:clientId/profile[/:crop/:cropYear]: the client's summary, charts and latest notes, with its ETag. */
const clientProfileQueryOptions = (params: ClientProfileParams) =>
  queryOptions({
    queryKey: clientProfileQueryKey(params),
    queryFn: async ({ signal }) => {
      const { json, etag } = await request<ClientProfile>(clientProfilePath(params), { signal });
      return { profile: json, etag: etag ?? `"${json.version}"` };
    },
    retry: retryUnlessRefused,
    staleTime: 15_000,
  });

/**
 * The profile; while another crop or year of the same client at the same market loads, the previous one stays on
 * screen (placeholder), so the page does not blank out and nothing being typed is lost.
 */
export function useClientProfile(params: ClientProfileParams | null) {
  return useQuery({
    ...clientProfileQueryOptions(params ?? { platformId: 0, marketId: 0, clientId: 0, crop: null, cropYear: null }),
    enabled: params !== null,
    placeholderData: (previous) =>
      previous &&
      params &&
      previous.profile.legalEntityId === params.clientId &&
      previous.profile.marketId === params.marketId
        ? previous
        : undefined,
  });
}
