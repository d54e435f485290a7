import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PARTNER_CONTRACT_SIGNING_PATH,
  contractEsignStatusSchema,
  contractSigningSettingsSchema,
  paymentRequestListSchema,
  settlementListResponseSchema,
  type ContractEsignStatus,
  type ContractPageData,
  type ContractSigningSettings,
  type EsignSendResponse,
} from '@granary/domain';
import { settle, request, retryUnlessRefused } from '../../../lib/api/request';
import { CTRM, MERCHANDISING } from '../api/crm-paths';

/** The profit-center root of the e-signing calls (grain-marketing.md 7 'Grain and profit center'). */
const PROFIT_CENTER = '/api/commodities/profit-center';

/** Under ['crm', 'contracts']: every contract operation and send refreshes it with the lists. */
const contractPageKey = (contractId: number) => ['crm', 'contracts', 'page', contractId] as const;
const esignKey = (contractId: number) => ['crm', 'contract-esign', contractId] as const;

/** GET ctrm/contracts/:contractId: the contract by its id alone, with the terms the page shows. */
const contractPageQuery = (contractId: number) =>
  queryOptions({
    queryKey: contractPageKey(contractId),
    queryFn: async ({ signal }) =>
      (await request<ContractPageData>(`${CTRM}/contracts/${contractId}`, { signal })).json,
    retry: retryUnlessRefused,
  });

export function useContractPage(contractId: number) {
  return useQuery(contractPageQuery(contractId));
}

/** The contract's PDF: its latest stored document (the signed copy once signed), else generated from its terms. */
export const contractPdfUrl = (contractId: number) => `${PROFIT_CENTER}/contracts/${contractId}/pdf`;
/** An amendment's PDF: the contract with the amended terms, titled with the amendment. */
export const amendmentPdfUrl = (amendmentId: number) => `${PROFIT_CENTER}/contract-amendments/${amendmentId}/pdf`;
/** A stored document's PDF (merchandising document/:documentId). */
export const documentFileUrl = (documentId: number, file: 'generated' | 'signed') =>
  `${MERCHANDISING}/document/${documentId}?format=pdf&file=${file}`;

/** The contract's e-sign state (only asked for an eligible contract). */
export function useSigningStatus(contractId: number, enabled: boolean) {
  return useQuery({
    queryKey: esignKey(contractId),
    queryFn: async ({ signal }) =>
      contractEsignStatusSchema.parse(
        (await request<unknown>(`${PROFIT_CENTER}/contracts/${contractId}/signing`, { signal })).json,
      ),
    retry: retryUnlessRefused,
    enabled,
  });
}

export type SigningAction = 'send' | 'resend_amendment' | 'void';

async function signingCall(contractId: number, action: SigningAction): Promise<ContractEsignStatus> {
  if (action === 'void') {
    return (
      await request<ContractEsignStatus>(`${PROFIT_CENTER}/contracts/${contractId}/signing/void`, { method: 'POST' })
    ).json;
  }
  const path = action === 'resend_amendment' ? 'contract-amendments/sign' : 'contracts/sign';
  return (await request<EsignSendResponse>(`${PROFIT_CENTER}/${path}`, { method: 'POST', body: { contractId } })).json
    .status;
}

/**
 * Send, resend (the amended terms of a mismatched signature) or void a contract's signing request: the status in the
 * cache is replaced, the contract, its page and the lists are read again (eSignSent changes).
 */
export function useSigningAction(contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SigningAction) => signingCall(contractId, action),
    onSuccess: (status) => {
      queryClient.setQueryData<ContractEsignStatus>(esignKey(contractId), status);
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contract'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'task-list'] });
    },
  });
}

export type BulkSendOutcome = { contractId: number; ok: boolean; message: string | null };

/**
 * Sends several contracts for signature one after another (a bulk action of the lists, task B's "Needs signature"):
 * each answers on its own — one refused (no e-mail, no program…) does not stop the others.
 */
export async function sendForSignatureBulk(contractIds: readonly number[]): Promise<BulkSendOutcome[]> {
  const out: BulkSendOutcome[] = [];
  for (const contractId of contractIds) {
    const result = await settle(
      request<EsignSendResponse>(`${PROFIT_CENTER}/contracts/sign`, { method: 'POST', body: { contractId } }),
    );
    out.push({ contractId, ok: result.ok, message: result.ok ? null : result.error.message });
  }
  return out;
}

/** The partner's contract signing rules (/crm/administrator, beside the price notation). */
export function useContractSigningSettings() {
  return useQuery({
    queryKey: ['crm', 'partner-contract-signing'],
    queryFn: async ({ signal }) =>
      contractSigningSettingsSchema.parse((await request<unknown>(PARTNER_CONTRACT_SIGNING_PATH, { signal })).json),
    retry: retryUnlessRefused,
  });
}

export function useChangeContractSigningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ContractSigningSettings) =>
      (await request<ContractSigningSettings>(PARTNER_CONTRACT_SIGNING_PATH, { method: 'PUT', body: settings })).json,
    onSuccess: (settings) => queryClient.setQueryData(['crm', 'partner-contract-signing'], settings),
  });
}

/**
 * The contract's settlements (task E: merchandising/settlements?contract_id=) and payment requests (task F:
 * merchandising/payment-requests?contract_id=). Either answers empty while its call is missing or refuses: the page
 * shows its empty state rather than an error.
 */
export function useContractSettlements(contractId: number) {
  return useQuery({
    queryKey: ['crm', 'contracts', 'page', contractId, 'settlements'],
    queryFn: async ({ signal }) => {
      const result = await settle(
        request<unknown>(`${MERCHANDISING}/settlements`, { query: { contract_id: contractId }, signal }),
      );
      const parsed = result.ok ? settlementListResponseSchema.safeParse(result.json) : null;
      return parsed?.success ? parsed.data.rows : [];
    },
  });
}

export function useContractPaymentRequests(contractId: number) {
  return useQuery({
    queryKey: ['crm', 'contracts', 'page', contractId, 'payments'],
    queryFn: async ({ signal }) => {
      const result = await settle(
        request<unknown>(`${MERCHANDISING}/payment-requests`, { query: { contract_id: contractId }, signal }),
      );
      const parsed = result.ok ? paymentRequestListSchema.safeParse(result.json) : null;
      return parsed?.success ? parsed.data.paymentRequests : [];
    },
  });
}
