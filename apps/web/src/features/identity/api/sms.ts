import { request, settle, type ApiResult } from '../../../lib/api/request';
import type { SignedIn } from './sign-in';

/**
 * SMS sign-in, step 1: the code goes out by text message; the answer never says whether the number is known. Like
 * every call that sends a code it carries a solved bot check (action generate_one_time_password) as recaptcha_v3.
 */
export function initiateSmsLogin(
  phoneNumber: string,
  redirect: string | null = null,
  botCheckToken?: string,
): Promise<ApiResult<{ status: 'ok'; verification_token: string }>> {
  return settle(
    request('/api/auth/login/sms/initiate', {
      method: 'POST',
      query: { redirect: redirect || undefined },
      body: { phone_number: phoneNumber.trim(), ...(botCheckToken ? { recaptcha_v3: botCheckToken } : {}) },
      handleSessionExpiry: false,
    }),
  );
}

/** SMS sign-in, step 2: 400 `code_invalid` for a wrong code, 410 `link_invalid` when expired or tried too often. */
export function verifySmsLogin(input: { verificationToken: string; code: string }): Promise<ApiResult<SignedIn>> {
  return settle(
    request<SignedIn>('/api/auth/login/sms/verify', {
      method: 'POST',
      body: { verification_token: input.verificationToken, code: input.code.trim() },
      handleSessionExpiry: false,
    }),
  );
}
