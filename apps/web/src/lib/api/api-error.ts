import type { ApiErrorCode } from '@granary/domain';

// The app's one error type for API calls, in a file of its own (no imports beyond the domain's types) so that the
// light public entry can throw it too without the request wrapper and the message catalogue.

/**
 * A failed call, the only error type of the app's API calls (DESIGN.md Conventions 3). `status` is the HTTP status,
 * 0 when the server could not be reached; `code` is the server's code (ERROR_CODES) or the one the web gave a call
 * without a readable answer ('disconnected', 'timeout', 'unexpected'), so checks compare against the domain's union
 * and a typo does not compile. `message` is the server's message (or the spec's default), `details` its details,
 * `traceId` the request's trace id (the server logs a 5xx cause under it), and `body` the whole error body for the
 * few answers that carry more than {code, message, details} (a redirect, the reset page's status and reason).
 * Feature-specific readings are small functions over it, not subclasses.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;
  readonly traceId: string | undefined;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    extra: { details?: unknown; traceId?: string | undefined; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.traceId = extra.traceId;
    this.body = extra.body ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether a call was refused for a missing farm-business access flag (the server's one code for it, platform.md 8.1):
 * pages show the AccessDenied message (lib/ui/access-denied) instead of the server's raw answer.
 */
export function isAccessDenied(error: unknown): boolean {
  return isApiError(error) && error.code === 'enterprise_access_required';
}

/** `details.reason` of an error answer (a refusal's reason: 'no_signer', 'signed_name_required', …), if any. */
export function reasonOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const reason = (error.details as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
