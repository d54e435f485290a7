import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STORE_AGREEMENTS_PATH,
  STORE_API,
  STORE_ONBOARDING_REPORT_PATH,
  type AgreementDetail,
  type AgreementList,
  type AgreementOwnerQuery,
  type OnboardingReport,
  type SignAgreementInput,
} from '@granary/domain';
import { request, type QueryValue } from '../../../lib/api/request';
import { StoreApiError, storeGet, storeRetry } from '../api/store-request';

// The agreements' calls (/api/store/agreements, /api/store/onboarding/report). Private data: keys under
// ['store-agreements'].

export const agreementKeys = {
  all: ['store-agreements'] as const,
  list: () => ['store-agreements', 'list'] as const,
  one: (type: string, owner: AgreementOwnerQuery) => ['store-agreements', 'one', type, owner] as const,
  report: () => ['store-agreements', 'report'] as const,
};

/** A refused sign: the server's details.reason ('signed_name_required', 'consent_required'). */
export class AgreementError extends StoreApiError {
  reason: string | undefined;
  constructor(status: number, code: string | undefined, message: string, reason: string | undefined) {
    super(status, code, message);
    this.reason = reason;
  }
}

const ownerQuery = (owner: AgreementOwnerQuery): Record<string, QueryValue> => ({
  enterpriseId: owner.enterpriseId,
  userId: owner.userId,
});

export const useAgreements = (enabled = true) =>
  useQuery({
    queryKey: agreementKeys.list(),
    queryFn: ({ signal }) => storeGet<AgreementList>(STORE_AGREEMENTS_PATH, undefined, signal),
    retry: storeRetry,
    enabled,
  });

export const useAgreement = (type: string, owner: AgreementOwnerQuery) =>
  useQuery({
    queryKey: agreementKeys.one(type, owner),
    queryFn: ({ signal }) =>
      storeGet<AgreementDetail>(`${STORE_AGREEMENTS_PATH}/${encodeURIComponent(type)}`, ownerQuery(owner), signal),
    retry: storeRetry,
  });

export const useOnboardingReport = () =>
  useQuery({
    queryKey: agreementKeys.report(),
    queryFn: ({ signal }) => storeGet<OnboardingReport>(STORE_ONBOARDING_REPORT_PATH, undefined, signal),
    retry: storeRetry,
  });

export function useSignAgreement(type: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignAgreementInput) => {
      const result = await request<AgreementDetail>(
        `${STORE_API}${STORE_AGREEMENTS_PATH}/${encodeURIComponent(type)}/sign`,
        { method: 'POST', body: input },
      );
      if (!result.ok) {
        const details = result.json.details as { reason?: string } | undefined;
        throw new AgreementError(result.status, result.json.code, result.json.message, details?.reason);
      }
      return result.json;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}
