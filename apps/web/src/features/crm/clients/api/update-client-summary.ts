import { useMutation } from '@tanstack/react-query';
import type { ClientSummaryPatch, ClientSummaryResponse } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { clientPath } from './client-profile';
import { useRefreshClient } from './refresh';

export type UpdateClientSummaryInput = {
  patch: ClientSummaryPatch;
  /** The profile's version as an ETag ('"3"'): refused with 412 when someone saved first. */
  ifMatch: string;
};

/** PATCH …/le/:clientId/profile with If-Match: the editable summary fields (area, yield, storage, contracted with others). */
async function updateClientSummary(
  platformId: number,
  marketId: number,
  clientId: number,
  input: UpdateClientSummaryInput,
): Promise<ClientSummaryResponse> {
  const { json } = await request<ClientSummaryResponse>(`${clientPath(platformId, marketId, clientId)}/profile`, {
    method: 'PATCH',
    body: input.patch,
    ifMatch: input.ifMatch,
  });
  return json;
}

/** The summary edit; afterwards (also after a 412) the client's profile is read again: its figures depend on these fields. */
export function useUpdateClientSummary(platformId: number, marketId: number, clientId: number) {
  const refresh = useRefreshClient(marketId, clientId);
  return useMutation({
    mutationFn: (input: UpdateClientSummaryInput) => updateClientSummary(platformId, marketId, clientId, input),
    onSettled: () => refresh.profile(),
  });
}
