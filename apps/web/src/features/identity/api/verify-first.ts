import type { VerifyFirstState } from '@granary/domain';
import { queryOptions } from '@tanstack/react-query';
import { request, settle, type ApiResult } from '../../../lib/api/request';
import type { SignupPayload } from './signup';

export type { VerifyFirstState };

/** What the last step answers: signed in (redirect) or a confirmation link on its way (phone identifier). */
type VerifyFirstDone =
  { step: 'done'; kind: 'redirect'; url: string; userId: string } | { step: 'done'; kind: 'email_sent'; email: string };
export type VerifyFirstAnswer = VerifyFirstState | VerifyFirstDone;

type StepBody =
  | { step: 'collect_identifier'; identifier: string; redirect?: string; recaptcha_v3?: string }
  | { step: 'collect_challenge'; token: string; code: string }
  | { step: 'resend'; token: string; recaptcha_v3?: string }
  | ({ step: 'collect_rest'; token: string } & SignupPayload)
  | { step: 'pick_account'; token: string; userId: string };

/** POST signup-verify-first/verify: moves the flow one step on (docs/api/identity.md). */
export function verifyFirst(body: StepBody): Promise<ApiResult<VerifyFirstAnswer>> {
  return settle(
    request<VerifyFirstAnswer>('/api/auth/signup-verify-first/verify', {
      method: 'POST',
      body,
      handleSessionExpiry: false,
    }),
  );
}

/** GET signup-verify-first/token/:token: where the flow stands (after a reload); 410 when gone or finished. */
export const verifyFirstTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['identity', 'verify-first', token] as const,
    queryFn: () =>
      settle(
        request<VerifyFirstState>(`/api/auth/signup-verify-first/token/${encodeURIComponent(token)}`, {
          handleSessionExpiry: false,
        }),
      ),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
