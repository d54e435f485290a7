import { useQuery } from '@tanstack/react-query';
import { sellerContractSchema, signingUrlsResponseSchema } from '@granary/domain';
import { request, retryUnlessRefused } from '../../../lib/api/request';

const PROFIT_CENTER = '/api/commodities/profit-center';

/**
 * GET profit-center/signing/urls: the farmer's open signing links by contract (the contract, or its amendment, sent
 * and waiting), for the Sign buttons of the contract list. Under ['my-sales-lite']: signing refreshes it.
 */
export function useSigningLinks() {
  return useQuery({
    queryKey: ['my-sales-lite', 'signing-urls'],
    queryFn: async ({ signal }) => {
      const { json } = await request<unknown>(`${PROFIT_CENTER}/signing/urls`, { signal });
      const byContract = new Map<number, string>();
      for (const row of signingUrlsResponseSchema.parse(json).rows)
        if (row.contractId !== null) byContract.set(row.contractId, row.url);
      return byContract;
    },
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
}

/** GET profit-center/contracts/:contractId/seller: the contract's signature and amendments, for the dialog. */
export function useSellerContract(contractId: number | null) {
  return useQuery({
    queryKey: ['my-sales-lite', 'seller-contract', contractId],
    queryFn: async ({ signal }) =>
      sellerContractSchema.parse(
        (await request<unknown>(`${PROFIT_CENTER}/contracts/${contractId}/seller`, { signal })).json,
      ),
    enabled: contractId !== null,
    retry: retryUnlessRefused,
  });
}
