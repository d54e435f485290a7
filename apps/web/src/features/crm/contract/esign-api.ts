import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contractEsignStatusSchema, type ContractEsignStatus, type EsignSendResponse } from '@granary/domain';
import { request, retryUnlessRefused } from '../../../lib/api/request';
import { MERCHANDISING } from '../api/crm-paths';
import { crmKeys } from '../api/crm-keys';

/** The profit-center root of the e-signing calls (grain-marketing.md 7 'Grain and profit center'). */
const PROFIT_CENTER = '/api/commodities/profit-center';

const esignKey = (contractId: number) => ['crm', 'contract-esign', contractId] as const;

/** GET profit-center/contracts/:contractId/signing: the contract's e-sign state, latest request and PDFs. */
const contractEsignQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: esignKey(contractId),
    queryFn: async ({ signal }) =>
      contractEsignStatusSchema.parse(
        (await request<unknown>(`${PROFIT_CENTER}/contracts/${contractId}/signing`, { signal })).json,
      ),
    retry: retryUnlessRefused,
  });

export function useContractEsign(contractId: number, enabled: boolean) {
  return useQuery({ ...contractEsignQueryOptions(contractId), enabled });
}

/** The URL of a stored PDF of a contract document (merchandising document/:documentId as a PDF). */
export function documentPdfUrl(documentId: number, file: 'generated' | 'signed'): string {
  return `${MERCHANDISING}/document/${documentId}?format=pdf&file=${file}`;
}

/**
 * POST profit-center/contracts/sign (or contract-amendments/sign to send the amended terms of a mismatched
 * signature): the status in the cache is replaced, the contract and the lists are read again (eSignSent changes).
 */
export function useSendForSignature(clientId: number, contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ amendment }: { amendment: boolean }) =>
      (
        await request<EsignSendResponse>(`${PROFIT_CENTER}/${amendment ? 'contract-amendments' : 'contracts'}/sign`, {
          method: 'POST',
          body: { contractId },
        })
      ).json,
    onSuccess: (response) => {
      queryClient.setQueryData<ContractEsignStatus>(esignKey(contractId), response.status);
      void queryClient.invalidateQueries({ queryKey: crmKeys.contract(clientId, contractId) });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
    },
  });
}
