import {
  PROFIT_CENTER_API,
  type FarmerSustainability,
  type SustainabilityEnrolBody,
  type SustainabilityEnrolment,
  type SustainabilitySignBody,
} from '@granary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';

// The profit center's sustainability calls (issue 17, decision 059): the programs and enrolments, enrolment with the
// survey (sustainability/:surveyId/sign), the signature (sustainability/sign) and withdrawal.

export const sustainabilityKeys = { all: ['profit-center', 'sustainability'] as const };

export const useSustainability = () =>
  useQuery({
    queryKey: sustainabilityKeys.all,
    queryFn: ({ signal }) => getJson<FarmerSustainability>(`${PROFIT_CENTER_API}/sustainability`, undefined, signal),
    retry: retryUnlessRefused,
  });

const post = async (path: string, body: unknown): Promise<SustainabilityEnrolment> =>
  (await request<SustainabilityEnrolment>(path, { method: 'POST', body })).json;

function useSustainabilityMutation<V>(call: (v: V) => Promise<SustainabilityEnrolment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sustainabilityKeys.all }),
  });
}

export const useEnrol = () =>
  useSustainabilityMutation(({ surveyId, body }: { surveyId: number; body: SustainabilityEnrolBody }) =>
    post(`${PROFIT_CENTER_API}/sustainability/${surveyId}/sign`, body),
  );

export const useSignEnrolment = () =>
  useSustainabilityMutation((body: SustainabilitySignBody) => post(`${PROFIT_CENTER_API}/sustainability/sign`, body));

export const useWithdrawEnrolment = () =>
  useSustainabilityMutation((enrolmentId: number) =>
    post(`${PROFIT_CENTER_API}/sustainability/enrolments/${enrolmentId}/withdraw`, {}),
  );
