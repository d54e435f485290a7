import { SESSION_IDLE_MS } from '@granary/domain';
import { request, settle, type ApiResult } from '../../../lib/api/request';
import { inNativeApp } from '../../../lib/native/bridge';

/** What every successful sign-in answers (docs/api/identity.md); `redirect` is already made safe by the server. */
export type SignedIn = { userId: string; oneTimePassword: boolean; redirect: string };

/** 'ops' inside the native app, 'www' on the web (grain-marketing.md 7, platform.md 7.3). */
export function loginSource(): 'www' | 'ops' {
  return inNativeApp() ? 'ops' : 'www';
}

/** `Basic base64(email:password)`, UTF-8 encoded so that any character of a password survives. */
function basicAuthorization(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Seconds of idle time a password session lasts (the server's 30 minutes). */
const SESSION_TIMEOUT_S = SESSION_IDLE_MS / 1000;

/**
 * Password login (grain-marketing.md 7 'Sign-in calls'): POST login/basic[?redirect=] with a Basic Authorization
 * header and {timeout_s, cookie: true, login_source, recaptcha_v3}. A 401 here means wrong credentials, not an
 * expired session.
 */
export function loginWithPassword(input: {
  email: string;
  password: string;
  redirect: string | null;
  botCheckToken?: string | undefined;
}): Promise<ApiResult<SignedIn>> {
  return settle(
    request<SignedIn>('/api/auth/login/basic', {
      method: 'POST',
      query: { redirect: input.redirect || undefined },
      headers: { Authorization: basicAuthorization(input.email.trim(), input.password) },
      body: {
        timeout_s: SESSION_TIMEOUT_S,
        cookie: true,
        login_source: loginSource(),
        ...(input.botCheckToken ? { recaptcha_v3: input.botCheckToken } : {}),
      },
      handleSessionExpiry: false,
    }),
  );
}
