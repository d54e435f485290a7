import { whiteLabelPartnerSchema, type WhiteLabelPartner } from '@granary/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { request, settle } from './request';

/** The white-label partner of an intent (GET /api/commodities/merchandising/intent/:intent), null when unknown. */
async function fetchPartnerByIntent(intent: string): Promise<WhiteLabelPartner | null> {
  const result = await settle(
    request<unknown>(`/api/commodities/merchandising/intent/${encodeURIComponent(intent)}`, {
      handleNetworkErrors: false,
      handleSessionExpiry: false,
    }),
  );
  if (!result.ok) return null;
  const parsed = whiteLabelPartnerSchema.safeParse(result.json);
  return parsed.success ? parsed.data : null;
}

export const partnerByIntentQueryOptions = (intent: string) =>
  queryOptions({
    queryKey: queryKeys.partnerByIntent(intent),
    queryFn: () => fetchPartnerByIntent(intent),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
