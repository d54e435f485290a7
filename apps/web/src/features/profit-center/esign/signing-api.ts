import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signingReviewSchema, type EsignSignInput, type SignResult, type SigningReview } from '@granary/domain';
import { request } from '../../../lib/api/request';

const PROFIT_CENTER = '/api/commodities/profit-center';

/** A refused signing call: the HTTP status, the server's code, and details.reason of a 409. */
export class SigningError extends Error {
  readonly status: number;
  readonly reason: string | null;
  constructor(status: number, message: string, details: unknown) {
    super(message);
    this.name = 'SigningError';
    this.status = status;
    this.reason =
      typeof details === 'object' && details !== null && typeof (details as { reason?: unknown }).reason === 'string'
        ? (details as { reason: string }).reason
        : null;
  }
}

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
      const result = await request<unknown>(`${PROFIT_CENTER}/signing/${encodeURIComponent(ref)}`, {
        signal,
        handleSessionExpiry: false,
      });
      if (!result.ok) throw new SigningError(result.status, result.json.message, result.json.details);
      return signingReviewSchema.parse(result.json);
    },
    retry: (count, error) => !(error instanceof SigningError && error.status < 500) && count < 1,
  });
}

/** POST profit-center/signing/:ref/sign; a refusal (409) reads the link again so the page shows its new state. */
export function useSignContract(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EsignSignInput): Promise<SignResult> => {
      const result = await request<SignResult>(`${PROFIT_CENTER}/signing/${encodeURIComponent(ref)}/sign`, {
        method: 'POST',
        body: input,
        handleSessionExpiry: false,
      });
      if (!result.ok) throw new SigningError(result.status, result.json.message, result.json.details);
      return result.json;
    },
    onError: (error) => {
      if (error instanceof SigningError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: reviewKey(ref) });
    },
  });
}
