import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDetail } from '@granary/domain';
import { crmGet, crmRetry, CTRM } from '../../api/crm-request';
import { crmKeys } from '../../api/crm-keys';

/** GET ctrm/seller/:clientId/contract/:contractId: one contract of the client (404 when it is not the client's). */
export const clientContractQueryOptions = (clientId: number, contractId: number) =>
  queryOptions({
    queryKey: crmKeys.contract(clientId, contractId),
    queryFn: ({ signal }) =>
      crmGet<ContractDetail>(`${CTRM}/seller/${clientId}/contract/${contractId}`, undefined, signal),
    retry: crmRetry,
    staleTime: 60_000,
  });

export function useClientContract(clientId: number, contractId: number | null, enabled: boolean) {
  return useQuery({
    ...clientContractQueryOptions(clientId, contractId ?? 0),
    enabled: enabled && contractId !== null,
  });
}
