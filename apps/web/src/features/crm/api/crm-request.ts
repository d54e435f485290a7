import { request, type HttpMethod, type QueryValue, type RequestOptions } from '../../../lib/api/request';

/** The CRM's two API roots (grain-marketing.md 7 'Merchandising' and 'Contract management'). */
export const MERCHANDISING = '/api/commodities/merchandising';
export const CTRM = '/api/commodities/ctrm';

/** A failed CRM call as an Error that TanStack Query can hold: the HTTP status, the server's code and message. */
export class CrmApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(status: number, code: string | undefined, message: string, details?: unknown) {
    super(message);
    this.name = 'CrmApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isCrmApiError(error: unknown): error is CrmApiError {
  return error instanceof CrmApiError;
}

/** The record version of a response's ETag ('"3"' or 'W/"3"' → '"3"'), to send back as If-Match. */
export function etagOf(response: Response | null): string | undefined {
  const tag = response?.headers.get('etag');
  if (!tag) return undefined;
  return tag.replace(/^W\//, '');
}

export type CrmResult<T> = { json: T; etag: string | undefined; headers: Headers | null };

/** One CRM call; resolves with the body (and ETag) or throws CrmApiError. */
export async function crmCall<T>(
  path: string,
  options: Omit<RequestOptions, 'method'> & { method?: HttpMethod } = {},
): Promise<CrmResult<T>> {
  const result = await request<T>(path, options);
  if (!result.ok) throw new CrmApiError(result.status, result.json.code, result.json.message, result.json.details);
  return { json: result.json, etag: etagOf(result.originalResponse), headers: result.originalResponse.headers };
}

/** GET and return only the body. */
export async function crmGet<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  const { json } = await crmCall<T>(path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
  return json;
}

/** Retry a CRM query once on a network or server failure, never on a 4xx (grain-marketing.md 9: 1 retry). */
export function crmRetry(failureCount: number, error: unknown): boolean {
  if (isCrmApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
