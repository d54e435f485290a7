import type { ApiError } from '../../../lib/api/api-error';
import { getJson, request, settle, type ApiResult } from '../../../lib/api/request';

type Ok = { status: 'ok' };

/** Request password reset: POST with query new_way_password_recovery=true, body {email}; always 'ok' for a good address. */
export function requestPasswordReset(email: string): Promise<ApiResult<Ok>> {
  return settle(
    request<Ok>('/api/auth/password/recovery/initiate', {
      method: 'POST',
      query: { new_way_password_recovery: true },
      body: { email: email.trim() },
      handleSessionExpiry: false,
    }),
  );
}

/** Checks a reset link before its form shows: 410 `link_invalid` when used or expired. */
export function confirmResetLink(token: string): Promise<ApiResult<Ok>> {
  return settle(
    request<Ok>('/api/auth/password/recovery/confirm', {
      method: 'POST',
      body: { token },
      handleSessionExpiry: false,
    }),
  );
}

/** What a refused reset-with-token says beside its code: status deny | insecure_password and a reason (grain-marketing.md 7). */
export type ResetRefusal = { status?: 'deny' | 'insecure_password'; reason?: string };

export function resetRefusalOf(error: ApiError): ResetRefusal {
  const { status, reason } = error.body;
  return {
    ...(status === 'deny' || status === 'insecure_password' ? { status } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
  };
}

/** Reset with token: POST password/reset/:token {new_password}. */
export function resetPassword(token: string, newPassword: string): Promise<ApiResult<Ok>> {
  return settle(
    request<Ok>(`/api/auth/password/reset/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { new_password: newPassword },
      handleSessionExpiry: false,
    }),
  );
}

/**
 * Update password (signed in) with a snake_case body. The current password is left out while the user holds a
 * one-time password.
 */
export function updatePassword(input: {
  currentPassword?: string;
  newPassword: string;
  newPasswordConfirmation: string;
}): Promise<ApiResult<Ok>> {
  return settle(request<Ok>('/api/auth/password/update', { method: 'POST', body: input, snakeCase: true }));
}

export const HAS_PASSWORD_KEY = ['auth', 'has-password'] as const;

/** GET /api/auth/password: whether the signed-in user has a password (false: signed up with a link or a code). */
export async function fetchHasPassword(signal?: AbortSignal): Promise<boolean> {
  return (await getJson<{ has_password: boolean }>('/api/auth/password', undefined, signal)).has_password;
}
