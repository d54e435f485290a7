import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractDetail, ContractOperation, ContractOperationResponse } from '@granary/domain';
import { request, retryUnlessRefused } from '../../../lib/api/request';
import { CTRM } from '../api/crm-paths';
import { crmKeys } from '../api/crm-keys';

const contractPath = (clientId: number, contractId: number) => `${CTRM}/seller/${clientId}/contract/${contractId}`;

/** GET ctrm/seller/:clientId/contract/:contractId: the contract with its pricing, amendments, tickets and documents. */
const contractDetailQueryOptions = (clientId: number, contractId: number) =>
  queryOptions({
    queryKey: crmKeys.contract(clientId, contractId),
    queryFn: async ({ signal }) => (await request<ContractDetail>(contractPath(clientId, contractId), { signal })).json,
    retry: retryUnlessRefused,
  });

export function useContractDetail(clientId: number, contractId: number) {
  return useQuery(contractDetailQueryOptions(clientId, contractId));
}

/** The path segment of each operation (docs/api/crm.md 'One contract and its operations'). */
const OPERATION_PATHS: Readonly<Record<ContractOperation, string>> = {
  cancel: 'cancel',
  partial_cancel: 'partial-cancel',
  note: 'note',
  futures_roll: 'futures-roll',
  basis_roll: 'basis-roll',
  roll: 'roll',
};

export type OperationInput =
  | { operation: 'note'; note: string }
  | { operation: Exclude<ContractOperation, 'note'>; body: Record<string, string>; version: number };

/**
 * POST one contract operation. Term changes send the version read with the contract as If-Match (a stale one gets
 * 412); the note is plain text and only adds. On success the contract in the cache is replaced and every CRM list
 * is refreshed (the contract may leave or enter views).
 */
export function useContractOperation(clientId: number, contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OperationInput) => {
      const path = `${contractPath(clientId, contractId)}/${OPERATION_PATHS[input.operation]}`;
      const result =
        input.operation === 'note'
          ? await request<ContractOperationResponse>(path, { method: 'POST', body: input.note, bodyKind: 'text' })
          : await request<ContractOperationResponse>(path, {
              method: 'POST',
              body: input.body,
              ifMatch: `"${input.version}"`,
            });
      return result.json;
    },
    onSuccess: (response) => {
      queryClient.setQueryData(crmKeys.contract(clientId, contractId), response.contract);
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'client-profile'] });
    },
  });
}
