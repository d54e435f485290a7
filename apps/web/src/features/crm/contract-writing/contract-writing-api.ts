import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contractTermsResponseSchema,
  type ContractTermsResponse,
  type ContractWriteInput,
  type EsignSendResponse,
} from '@granary/domain';
import { request, retryUnlessRefused } from '../../../lib/api/request';
import { CTRM } from '../api/crm-paths';
import { crmKeys } from '../api/crm-keys';

const termsKey = (clientId: number, contractId: number) => ['crm', 'contract-terms', clientId, contractId] as const;

/** GET ctrm/seller/:clientId/contract/:contractId/terms: what the edit form starts from, with the version to send. */
export function useContractTerms(target: { clientId: number; contractId: number } | null) {
  return useQuery({
    queryKey: termsKey(target?.clientId ?? 0, target?.contractId ?? 0),
    queryFn: async ({ signal }) =>
      contractTermsResponseSchema.parse(
        (await request<unknown>(`${CTRM}/seller/${target!.clientId}/contract/${target!.contractId}/terms`, { signal }))
          .json,
      ),
    enabled: target !== null,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export type SaveContract = {
  clientId: number;
  body: ContractWriteInput;
  /** Edit: the contract and the version read (If-Match). */
  edit?: { contractId: number; version: number } | undefined;
};

/**
 * POST ctrm/seller/:clientId/contract (new) or PUT …/contract/:contractId (edit, If-Match). The lists, the contract
 * and its terms are read again.
 */
export function useSaveContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientId, body, edit }: SaveContract): Promise<ContractTermsResponse> => {
      const path = `${CTRM}/seller/${clientId}/contract${edit ? `/${edit.contractId}` : ''}`;
      const res = await request<unknown>(path, {
        method: edit ? 'PUT' : 'POST',
        body,
        ...(edit ? { ifMatch: `"${edit.version}"` } : {}),
      });
      return contractTermsResponseSchema.parse(res.json);
    },
    onSuccess: (out) => {
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
      void queryClient.invalidateQueries({ queryKey: crmKeys.contract(out.clientId, out.id) });
      void queryClient.invalidateQueries({ queryKey: termsKey(out.clientId, out.id) });
    },
  });
}

/** POST profit-center/contracts/sign for a contract just saved ('Save and send for signature'). */
export async function sendContractForSignature(contractId: number): Promise<EsignSendResponse> {
  return (
    await request<EsignSendResponse>('/api/commodities/profit-center/contracts/sign', {
      method: 'POST',
      body: { contractId },
    })
  ).json;
}
