import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDetail } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { CTRM } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';

/** GET ctrm/seller/:clientId/contract/:contractId: one contract of the client (404 when it is not the client's). */
const clientContractQueryOptions = (clientId: number, contractId: number) =>
  queryOptions({
    queryKey: crmKeys.contract(clientId, contractId),
    queryFn: ({ signal }) =>
      getJson<ContractDetail>(`${CTRM}/seller/${clientId}/contract/${contractId}`, undefined, signal),
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });

export function useClientContract(clientId: number, contractId: number | null, enabled: boolean) {
  return useQuery({
    ...clientContractQueryOptions(clientId, contractId ?? 0),
    enabled: enabled && contractId !== null,
  });
}
