import {
  BUILD_TAG_HEADER,
  CSRF_HEADER,
  LOGGED_IN_COOKIE,
  RETRY,
  TRACE_ID_HEADER,
  randomTraceId,
} from '@granary/domain';
import { BUILD_TAG } from '../build-info';
import { readCookie } from '../browser/cookies';
import { messages } from '../i18n/messages';
import { inNativeApp, postNativeMessage } from '../native/bridge';
import { clearActivity } from '../session/activity';
import { showToast } from '../toast/toast-store';
import { emitApiEvent, sessionState, setOffline, setUnrecoverableNetworkError } from './api-state';
import { toCamelCaseDeep, toSnakeCaseDeep } from './case';

/**
 * The request wrapper of grain-marketing.md 7 'Request conventions' and 8 'Transport'. Every call of the app goes
 * through `request`.
 */

/** Shown when the server cannot be reached (the spec's browser wording). */
export const DISCONNECTED_MESSAGE = messages['error.disconnected'];
/** Shown when a response body cannot be parsed: the spec's default message stands for 'unexpected exception'. */
export const UNEXPECTED_MESSAGE = messages['error.unexpected'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type BodyKind = 'json' | 'form' | 'text';
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

export type ApiErrorJson = { code?: string; message: string; details?: unknown };

export type ApiResult<T> =
  | { ok: true; status: number; json: T; originalResponse: Response }
  | { ok: false; status: number; json: ApiErrorJson; originalResponse: Response | null };

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

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

let lastSessionExpiry = 0;
const SESSION_EXPIRY_DEDUP_MS = 3000;

/** 401: clear the last activity, then toast and sign-in on the web, or tell the native shell. */
function handleSessionExpired(status: number): void {
  const now = Date.now();
  if (now - lastSessionExpiry < SESSION_EXPIRY_DEDUP_MS) return;
  lastSessionExpiry = now;
  clearActivity();
  if (inNativeApp()) {
    postNativeMessage('SESSION_EXPIRED', { path: `${window.location.pathname}${window.location.search}` });
    return;
  }
  showToast({ messageId: 'error.sessionExpired' }, { severity: 'error' });
  emitApiEvent({ type: 'session-expired', status });
}

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

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
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

  const headers: Record<string, string> = {
    Accept: responseType === 'json' ? 'application/json' : '*/*',
    'X-Requested-With': 'XMLHttpRequest',
    [BUILD_TAG_HEADER]: BUILD_TAG,
    [TRACE_ID_HEADER]: randomTraceId(),
  };
  const csrf = sessionState.get().csrfToken;
  if (csrf) headers[CSRF_HEADER] = csrf;
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
    return {
      ok: false,
      status: 0,
      json: { code: isTimeout(error) ? 'timeout' : 'disconnected', message: DISCONNECTED_MESSAGE },
      originalResponse: null,
    };
  }

  if (handleNetworkErrors) setOffline(false);
  if (checkSession) checkForNewSession();
  if (response.status === 401 && handleSessionExpiry) handleSessionExpired(response.status);

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    return { ok: false, status: response.status, json: { message: UNEXPECTED_MESSAGE }, originalResponse: response };
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
      return {
        ok: false,
        status: response.status,
        json: { code: 'unexpected', message: UNEXPECTED_MESSAGE },
        originalResponse: response,
      };
    }
  }
  if (snakeCase && responseType === 'json') parsed = toCamelCaseDeep(parsed);

  if (response.ok) return { ok: true, status: response.status, json: parsed as T, originalResponse: response };

  const errorBody = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<ApiErrorJson>;
  return {
    ok: false,
    status: response.status,
    json: {
      ...errorBody,
      message:
        typeof errorBody.message === 'string' && errorBody.message !== '' ? errorBody.message : UNEXPECTED_MESSAGE,
    },
    originalResponse: response,
  };
}

/** Whether a failed call is worth repeating: the network, a time-out, throttling or a server error. */
export function isRetryable(result: unknown): boolean {
  if (typeof result !== 'object' || result === null || !('ok' in result) || !('status' in result)) return false;
  const { ok, status } = result as { ok: boolean; status: number };
  return !ok && (status === 0 || status === 408 || status === 429 || status >= 500);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The retry helper: runs `fn`, and when it throws or returns a retryable failure, waits RETRY.delayMs (1000 ms)
 * and tries again, RETRY.attempts (1) more time(s). The last outcome is returned (or thrown).
 */
export async function withRetry<T>(
  fn: () => Promise<T>,
  options: { attempts?: number; delayMs?: number; shouldRetry?: (result: T) => boolean } = {},
): Promise<T> {
  const { attempts = RETRY.attempts, delayMs = RETRY.delayMs, shouldRetry = isRetryable } = options;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= attempts;
    try {
      const result = await fn();
      if (last || !shouldRetry(result)) return result;
    } catch (error) {
      if (last || isAbort(error)) throw error;
    }
    await sleep(delayMs);
  }
}
