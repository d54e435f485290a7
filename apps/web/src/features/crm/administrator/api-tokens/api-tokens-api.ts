import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreate, ApiTokenCreated, ApiTokenListResponse } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';

const tokensPath = (legacyId: number) => `/api/auth/users/${legacyId}/tokens`;
const tokensKey = (legacyId: number) => ['crm', 'api-tokens', legacyId] as const;

/** GET users/:userLegacyId/tokens: the user's tokens, newest first (revoked and expired ones too). */
const tokensQueryOptions = (legacyId: number) =>
  queryOptions({
    queryKey: tokensKey(legacyId),
    queryFn: ({ signal }) => getJson<ApiTokenListResponse>(tokensPath(legacyId), undefined, signal),
    retry: retryUnlessRefused,
  });

export function useApiTokens(legacyId: number) {
  return useQuery(tokensQueryOptions(legacyId));
}

/** POST users/:userLegacyId/tokens: the answer holds the token itself, this once. */
export function useCreateApiToken(legacyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiTokenCreate) =>
      (await request<ApiTokenCreated>(tokensPath(legacyId), { method: 'POST', body })).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(legacyId) }),
  });
}

/** DELETE users/:userLegacyId/tokens/:tokenId: the token is refused from the next call; it stays listed, revoked. */
export function useRevokeApiToken(legacyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => {
      await request<null>(`${tokensPath(legacyId)}/${tokenId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(legacyId) }),
  });
}
