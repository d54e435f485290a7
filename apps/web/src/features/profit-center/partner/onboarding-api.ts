import {
  ONBOARDING_VERIFY_INITIATE_PATH,
  ONBOARDING_VERIFY_PATH,
  ONBOARDING_VERIFY_RESEND_PATH,
  PARTNER_ONBOARDING_PATH,
  onboardingStep,
  type OnboardingChannel,
  type OnboardingInitiateResponse,
  type OnboardingVerifyResponse,
  type PartnerOnboarding,
} from '@granary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, retryUnlessRefused } from '../../../lib/api/request';

// Partner onboarding's calls (issue 17, decision 060): the farmer's contacts at the partner, a code to the contact on
// file, the code that links the client legal entity to the farm business.

const onboardingKeys = {
  state: (intent: string) => ['partner-onboarding', intent] as const,
};

export function usePartnerOnboarding(intent: string, enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.state(intent),
    queryFn: async ({ signal }) =>
      (
        await request<PartnerOnboarding>(PARTNER_ONBOARDING_PATH.replace(':intent', encodeURIComponent(intent)), {
          signal,
        })
      ).json,
    retry: retryUnlessRefused,
    enabled,
  });
}

export function useSendOnboardingCode() {
  return useMutation({
    mutationFn: async (body: { intent: string; contactId: number; channel: OnboardingChannel }) =>
      (await request<OnboardingInitiateResponse>(ONBOARDING_VERIFY_INITIATE_PATH, { method: 'POST', body })).json,
  });
}

/** "Resend code": a new code on the same code session (the token the first send answered). */
export function useResendOnboardingCode() {
  return useMutation({
    mutationFn: async (body: { intent: string; token: string }) =>
      (await request<OnboardingInitiateResponse>(ONBOARDING_VERIFY_RESEND_PATH, { method: 'POST', body })).json,
  });
}

export function useVerifyOnboardingCode(intent: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { token: string; code: string; enterpriseId: number }) =>
      (
        await request<OnboardingVerifyResponse>(
          ONBOARDING_VERIFY_PATH.replace(':product', encodeURIComponent(onboardingStep(intent))),
          { method: 'POST', body },
        )
      ).json,
    // The farmer's grain data now includes the linked legal entity: every profit center read starts again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
