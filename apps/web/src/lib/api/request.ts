import {
  BUILD_TAG_HEADER,
  CSRF_HEADER,
  LOGGED_IN_COOKIE,
  RETRY,
  TRACE_ID_HEADER,
  isErrorCode,
  randomTraceId,
} from '@granary/domain';
import { BUILD_TAG } from '../build-info';
import { readCookie } from '../browser/cookies';
import { messages } from '../i18n/messages';
import { inNativeApp, postNativeMessage } from '../native/bridge';
import { clearActivity } from '../session/activity';
import { showToast } from '../toast/toast-store';
import { ApiError, isApiError } from './api-error';
import { emitApiEvent, sessionState, setOffline, setUnrecoverableNetworkError } from './api-state';
import { toCamelCaseDeep, toSnakeCaseDeep } from './case';

/**
 * The request wrapper of grain-marketing.md 7 'Request conventions' and 8 'Transport'. Every call of the app goes
 * through `request`, which resolves with the answer or throws the app's one error type, `ApiError`.
 */

/** Shown when the server cannot be reached (the spec's browser wording). */
export const DISCONNECTED_MESSAGE = messages['error.disconnected'];
/** Shown when a response body cannot be parsed: the spec's default message stands for 'unexpected exception'. */
export const UNEXPECTED_MESSAGE = messages['error.unexpected'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type BodyKind = 'json' | 'form' | 'text';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  /** json (default), form (application/x-www-form-urlencoded) or text (text/plain, e.g. notes). */
  bodyKind?: BodyKind;
  query?: Record<string, QueryValue>;
  /** Request body keys to snake_case, response body keys to camelCase (deep). */
  snakeCase?: boolean;
  /** Concurrency control: sent as If-Match. */
  ifMatch?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Response body is read as JSON (default) or as text (e.g. CSV). */
  responseType?: 'json' | 'text';
  /** Compare the logged-in cookie with the session we know and tell the shell when it changed. Default true. */
  checkSession?: boolean;
  /** Treat 401 as an expired session (toast and sign-in, or SESSION_EXPIRED to the native shell). Default true. */
  handleSessionExpiry?: boolean;
  /** Report unreachable server (offline snackbar, UNRECOVERABLE_NETWORK_ERROR). Default true. */
  handleNetworkErrors?: boolean;
};

/** What a call answered: the body (camelCased with the snakeCase option), the status, the headers and the ETag. */
export type ApiResponse<T> = { json: T; status: number; headers: Headers; etag: string | undefined };

/**
 * A call's outcome as a value, for forms that branch on it rather than catch (the identity pages) and for optional
 * calls (bootstrap, version, bot check): the answer, or the ApiError it failed with.
 */
export type ApiResult<T> = { ok: true; status: number; json: T } | { ok: false; status: number; error: ApiError };

/** Turns a call into its ApiResult; anything but an ApiError (a user abort) is still thrown. */
export async function settle<T>(call: Promise<ApiResponse<T>>): Promise<ApiResult<T>> {
  try {
    const { json, status } = await call;
    return { ok: true, status, json };
  } catch (error) {
    if (isApiError(error)) return { ok: false, status: error.status, error };
    throw error;
  }
}

/** The record version of a response's ETag ('"3"' or 'W/"3"' → '"3"'), to send back as If-Match. */
function etagOf(headers: Headers | null | undefined): string | undefined {
  const tag = headers?.get('etag');
  if (!tag) return undefined;
  return tag.replace(/^W\//, '');
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function formBody(body: unknown): URLSearchParams {
  if (body instanceof URLSearchParams) return body;
  const params = new URLSearchParams();
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
      else params.append(key, String(value));
    }
  }
  return params;
}

/** A user abort (AbortController), which is not a failure of the call. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

let lastSessionExpiry = 0;
const SESSION_EXPIRY_DEDUP_MS = 3000;

/**
 * 401: clear the last activity, then toast and sign-in on the web, or tell the native shell. Also a session ended by
 * an account problem (platform.md 4.1: account_suspended, account_deleted), whose toast is the server's message.
 */
function handleSessionExpired(status: number, message?: string): void {
  const now = Date.now();
  if (now - lastSessionExpiry < SESSION_EXPIRY_DEDUP_MS) return;
  lastSessionExpiry = now;
  clearActivity();
  if (inNativeApp()) {
    postNativeMessage('SESSION_EXPIRED', { path: `${window.location.pathname}${window.location.search}` });
    return;
  }
  showToast(message ? { text: message } : { messageId: 'error.sessionExpired' }, { severity: 'error' });
  emitApiEvent({ type: 'session-expired', status });
}

/** The account problems a 403 names when the user's session ended with them. */
const SESSION_ENDING_CODES: readonly string[] = ['account_suspended', 'account_deleted'];

/** Test hook: forget the session-expiry de-duplication window. */
export function resetSessionExpiryForTests(): void {
  lastSessionExpiry = 0;
}

function checkForNewSession(): void {
  const known = sessionState.get().isLoggedIn;
  if (known === null) return;
  const cookieLoggedIn = readCookie(LOGGED_IN_COOKIE) === '1';
  if (cookieLoggedIn !== known) emitApiEvent({ type: 'session-changed' });
}

/**
 * The headers every call carries (grain-marketing.md 7): Accept, X-Requested-With, the build tag, a fresh trace id and
 * the CSRF token once known. Returned with the trace id, which an ApiError of the call keeps.
 */
export function conventionHeaders(accept = 'application/json'): { headers: Record<string, string>; traceId: string } {
  const traceId = randomTraceId();
  const headers: Record<string, string> = {
    Accept: accept,
    'X-Requested-With': 'XMLHttpRequest',
    [BUILD_TAG_HEADER]: BUILD_TAG,
    [TRACE_ID_HEADER]: traceId,
  };
  const csrf = sessionState.get().csrfToken;
  if (csrf) headers[CSRF_HEADER] = csrf;
  return { headers, traceId };
}

/**
 * The ApiError of an error answer: the server's code when the domain knows it (else 'unexpected'), its message (else
 * the spec's default), its details and the whole body. Also used by transports other than fetch (the uploader's XHR).
 */
export function apiErrorOfAnswer(status: number, parsed: unknown, traceId: string | undefined): ApiError {
  const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const { code, message } = body;
  return new ApiError(
    status,
    isErrorCode(code) ? code : 'unexpected',
    typeof message === 'string' && message !== '' ? message : UNEXPECTED_MESSAGE,
    { details: body['details'], traceId, body },
  );
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    bodyKind = 'json',
    query,
    snakeCase = false,
    ifMatch,
    signal,
    responseType = 'json',
    checkSession = true,
    handleSessionExpiry = true,
    handleNetworkErrors = true,
  } = options;

  const { headers, traceId: sentTraceId } = conventionHeaders(responseType === 'json' ? 'application/json' : '*/*');
  if (ifMatch !== undefined) headers['If-Match'] = ifMatch;

  let payload: BodyInit | undefined;
  if (body !== undefined) {
    const converted = snakeCase ? toSnakeCaseDeep(body) : body;
    if (bodyKind === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      payload = formBody(converted).toString();
    } else if (bodyKind === 'text') {
      headers['Content-Type'] = 'text/plain;charset=UTF-8';
      payload = typeof body === 'string' ? body : String(body);
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(converted);
    }
  }
  Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(payload === undefined ? {} : { body: payload }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // A user abort is not a failure of the app: let the caller (e.g. TanStack Query) see it.
    if (isAbort(error)) throw error;
    if (handleNetworkErrors) {
      setOffline(true);
      if (!isTimeout(error)) {
        setUnrecoverableNetworkError(true);
        if (inNativeApp()) postNativeMessage('UNRECOVERABLE_NETWORK_ERROR');
      }
    }
    throw new ApiError(0, isTimeout(error) ? 'timeout' : 'disconnected', DISCONNECTED_MESSAGE, {
      traceId: sentTraceId,
    });
  }
  const traceId = response.headers.get(TRACE_ID_HEADER) ?? sentTraceId;

  if (handleNetworkErrors) setOffline(false);
  if (checkSession) checkForNewSession();
  if (response.status === 401 && handleSessionExpiry) handleSessionExpired(response.status);

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(response.status, 'unexpected', UNEXPECTED_MESSAGE, { traceId });
  }

  let parsed: unknown;
  if (responseType === 'text') {
    parsed = text;
  } else if (text.trim() === '') {
    parsed = {};
  } else {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(response.status, 'unexpected', UNEXPECTED_MESSAGE, { traceId });
    }
  }
  if (snakeCase && responseType === 'json') parsed = toCamelCaseDeep(parsed);

  if (response.ok)
    return { json: parsed as T, status: response.status, headers: response.headers, etag: etagOf(response.headers) };

  const error = apiErrorOfAnswer(response.status, parsed, traceId);
  // A signed-in user's session ended by an account problem (a sign-in page's refusal is the page's to show).
  if (
    response.status === 403 &&
    handleSessionExpiry &&
    SESSION_ENDING_CODES.includes(error.code) &&
    sessionState.get().isLoggedIn === true
  )
    handleSessionExpired(response.status, error.message);
  throw error;
}

/** GET a call and resolve with its body only; throws ApiError like `request`. */
export async function getJson<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  const { json } = await request<T>(path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
  return json;
}

/**
 * The app's retry rule for queries (TanStack Query's `retry`): once (RETRY.attempts, grain-marketing.md 9) on a
 * network or server failure, never on a refusal (4xx).
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < RETRY.attempts;
}
