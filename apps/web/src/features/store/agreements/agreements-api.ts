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
import { getJson, request, retryUnlessRefused, type QueryValue } from '../../../lib/api/request';

// The agreements' calls (/api/store/agreements, /api/store/onboarding/report). Private data: keys under
// ['store-agreements'].

const agreementKeys = {
  all: ['store-agreements'] as const,
  list: () => ['store-agreements', 'list'] as const,
  one: (type: string, owner: AgreementOwnerQuery) => ['store-agreements', 'one', type, owner] as const,
  report: () => ['store-agreements', 'report'] as const,
};

const ownerQuery = (owner: AgreementOwnerQuery): Record<string, QueryValue> => ({
  enterpriseId: owner.enterpriseId,
  userId: owner.userId,
});

export const useAgreements = (enabled = true) =>
  useQuery({
    queryKey: agreementKeys.list(),
    queryFn: ({ signal }) => getJson<AgreementList>(`${STORE_API}${STORE_AGREEMENTS_PATH}`, undefined, signal),
    retry: retryUnlessRefused,
    enabled,
  });

export const useAgreement = (type: string, owner: AgreementOwnerQuery) =>
  useQuery({
    queryKey: agreementKeys.one(type, owner),
    queryFn: ({ signal }) =>
      getJson<AgreementDetail>(
        `${STORE_API}${STORE_AGREEMENTS_PATH}/${encodeURIComponent(type)}`,
        ownerQuery(owner),
        signal,
      ),
    retry: retryUnlessRefused,
  });

export const useOnboardingReport = () =>
  useQuery({
    queryKey: agreementKeys.report(),
    queryFn: ({ signal }) =>
      getJson<OnboardingReport>(`${STORE_API}${STORE_ONBOARDING_REPORT_PATH}`, undefined, signal),
    retry: retryUnlessRefused,
  });

export function useSignAgreement(type: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignAgreementInput) => {
      // A refusal throws ApiError; its details.reason ('signed_name_required', 'consent_required') marks the field.
      const { json } = await request<AgreementDetail>(
        `${STORE_API}${STORE_AGREEMENTS_PATH}/${encodeURIComponent(type)}/sign`,
        { method: 'POST', body: input },
      );
      return json;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}
