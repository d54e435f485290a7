import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signingReviewSchema, type EsignSignInput, type SignResult, type SigningReview } from '@granary/domain';
import { isApiError } from '../../../lib/api/api-error';
import { request } from '../../../lib/api/request';

const PROFIT_CENTER = '/api/commodities/profit-center';

/** The PDF of a signing link: the generated one, or the signed one once signed. */
export function signingPdfUrl(ref: string): string {
  return `${PROFIT_CENTER}/signing/${encodeURIComponent(ref)}/document`;
}

const reviewKey = (ref: string) => ['esign', 'signing', ref] as const;

/**
 * GET profit-center/signing/:ref: what the page shows. A 401 (a request id without a session) is the page's to
 * explain, not the shell's session-expired flow.
 */
export function useSigningReview(ref: string) {
  return useQuery({
    queryKey: reviewKey(ref),
    queryFn: async ({ signal }): Promise<SigningReview> => {
      const { json } = await request<unknown>(`${PROFIT_CENTER}/signing/${encodeURIComponent(ref)}`, {
        signal,
        handleSessionExpiry: false,
      });
      return signingReviewSchema.parse(json);
    },
    // Once, and only on a server failure: the page explains a refusal and an unreachable server at once.
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 1,
  });
}

/** POST profit-center/signing/:ref/sign; a refusal (409) reads the link again so the page shows its new state. */
export function useSignContract(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EsignSignInput): Promise<SignResult> => {
      const { json } = await request<SignResult>(`${PROFIT_CENTER}/signing/${encodeURIComponent(ref)}/sign`, {
        method: 'POST',
        body: input,
        handleSessionExpiry: false,
      });
      return json;
    },
    // My Sales Lite reads its contracts, tasks and signing links again: the contract now shows Signed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['my-sales-lite'] }),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: reviewKey(ref) });
    },
  });
}
