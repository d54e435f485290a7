import type { SignupResponse } from '@granary/domain';
import { request, settle, type ApiResult } from '../../../lib/api/request';
import type { SignedIn } from './sign-in';

/** The signup form fields as sent (platform.md 3.6, camelCase). */
export type SignupPayload = Record<string, unknown>;

/** 400 invalid_signup carries {details: {fields: {<field>: <validation key>}}}. */
export function signupFieldErrors(details: unknown): Record<string, string> {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') out[key] = value;
  return out;
}

/**
 * POST /api/auth/signup: the form plus loginSource ('ops' in the native app), formUrl, the `/signup/:reason?`
 * reason and the bot-check token. Answers email_sent, redirect (signed in) or should_act_as.
 */
export function submitSignup(
  form: SignupPayload,
  extra: {
    loginSource: 'www' | 'ops';
    formUrl: string;
    reason?: string | undefined;
    botCheckToken?: string | undefined;
  },
): Promise<ApiResult<SignupResponse>> {
  return settle(
    request<SignupResponse>('/api/auth/signup', {
      method: 'POST',
      body: {
        ...form,
        loginSource: extra.loginSource,
        formUrl: extra.formUrl,
        ...(extra.reason ? { reason: extra.reason } : {}),
        ...(extra.botCheckToken ? { recaptcha_v3: extra.botCheckToken } : {}),
      },
      handleSessionExpiry: false,
    }),
  );
}

/** POST users/signup/validate: the server's check of one step (never says whether an address has an account). */
export function validateSignup(
  step: 'createAccount' | 'finalize',
  form: SignupPayload,
): Promise<ApiResult<{ fields: Record<string, string> }>> {
  return settle(
    request('/api/auth/users/signup/validate', {
      method: 'POST',
      body: { ...form, step },
      handleSessionExpiry: false,
      handleNetworkErrors: false,
    }),
  );
}

/** POST signup-jit-verify/verify {token}: the link of the signup e-mail creates the account and signs in. */
export function verifySignupLink(token: string): Promise<ApiResult<SignedIn>> {
  return settle(
    request<SignedIn>('/api/auth/signup-jit-verify/verify', {
      method: 'POST',
      body: { token },
      handleSessionExpiry: false,
    }),
  );
}
