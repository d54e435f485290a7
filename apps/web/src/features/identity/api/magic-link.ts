import { request, settle, type ApiResult } from '../../../lib/api/request';
import { inNativeApp } from '../../../lib/native/bridge';
import type { SignedIn } from './sign-in';

/**
 * Magic link: POST with query redirect plus email, empty body. The answer is the same whether or not the account
 * exists. Inside the native app the link is made to open in the app (app-initiate).
 */
export function initiateMagicLink(input: {
  email: string;
  redirect: string | null;
}): Promise<ApiResult<{ status: 'ok' }>> {
  const path = inNativeApp() ? '/api/auth/login/magic-link/app-initiate' : '/api/auth/login/magic-link/initiate';
  return settle(
    request<{ status: 'ok' }>(path, {
      method: 'POST',
      query: { email: input.email.trim(), redirect: input.redirect || undefined },
      handleSessionExpiry: false,
    }),
  );
}

/** Exchanges the token of a magic link for a session (single use). 410 `link_invalid` when used or expired. */
export function verifyMagicLink(token: string): Promise<ApiResult<SignedIn>> {
  return settle(
    request<SignedIn>('/api/auth/login/magic-link/verify', {
      method: 'POST',
      body: { token },
      handleSessionExpiry: false,
    }),
  );
}
