import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityState, sessionState, subscribeApiEvents, type ApiEvent } from './api-state';
import { toastStore } from '../toast/toast-store';
import { ApiError } from './api-error';
import {
  DISCONNECTED_MESSAGE,
  UNEXPECTED_MESSAGE,
  buildUrl,
  getJson,
  request,
  resetSessionExpiryForTests,
  retryUnlessRefused,
  settle,
} from './request';

type Call = { url: string; init: RequestInit };

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

let calls: Call[];
let fetchMock: ReturnType<typeof vi.fn>;

function mockFetch(...responses: (Response | Error | (() => Response | Promise<Response>))[]) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.length > 1 ? responses.shift() : responses[0];
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next();
    // A clone each time: a body can be read once, and a repeated answer must not fail as unreadable.
    return next?.clone() ?? jsonResponse({});
  });
  vi.stubGlobal('fetch', fetchMock);
}

/** The ApiError a call failed with (the test fails if it resolved). */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  calls = [];
  resetSessionExpiryForTests();
  sessionState.set({ csrfToken: null, isLoggedIn: null });
  connectivityState.set({ offline: false, unrecoverableNetworkError: false });
  toastStore.set([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = 'granary_logged_in=; path=/; max-age=0';
});

describe('request', () => {
  it('calls same-origin with credentials and the convention headers', async () => {
    mockFetch(jsonResponse({ hello: 'world' }));
    const result = await request<{ hello: string }>('/api/things', {
      query: { page: 2, tags: ['a', 'b'], none: null },
    });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ hello: 'world' });
    expect(result.headers).toBeInstanceOf(Headers);
    const call = calls[0];
    expect(call?.url).toBe('/api/things?page=2&tags=a&tags=b');
    expect(call?.init.credentials).toBe('same-origin');
    expect(call?.init.method).toBe('GET');
    const headers = headersOf(call);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-JS-Build-Tag']).toBe('web-dev');
    expect(headers['X-Trace-Id']).toMatch(/^\d+$/);
    expect(BigInt(headers['X-Trace-Id'] ?? '0') < 2n ** 63n).toBe(true);
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it('sends a fresh trace id per request and the CSRF token once known', async () => {
    mockFetch(jsonResponse({}));
    sessionState.set({ csrfToken: 'tok-1', isLoggedIn: true });
    await request('/api/a', { method: 'POST', body: { a: 1 } });
    await request('/api/b');
    expect(headersOf(calls[0])['X-CSRF-Token']).toBe('tok-1');
    expect(headersOf(calls[0])['X-Trace-Id']).not.toBe(headersOf(calls[1])['X-Trace-Id']);
  });

  it('encodes json (default), form and text bodies', async () => {
    mockFetch(jsonResponse({}));
    await request('/api/json', { body: { clientId: 4, note: 'x' } });
    await request('/api/form', { body: { a: 'b c', list: [1, 2] }, bodyKind: 'form' });
    await request('/api/notes', { body: 'Called about basis', bodyKind: 'text', method: 'PUT' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"clientId":4,"note":"x"}');
    expect(headersOf(calls[1])['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(calls[1]?.init.body).toBe('a=b+c&list=1&list=2');
    expect(headersOf(calls[2])['Content-Type']).toMatch(/^text\/plain/);
    expect(calls[2]?.init.body).toBe('Called about basis');
    expect(calls[2]?.init.method).toBe('PUT');
  });

  it('converts bodies to snake_case and responses to camelCase with the snakeCase option (deep)', async () => {
    mockFetch(jsonResponse({ client_legal_entity_id: 3, rows: [{ crop_year: 2025, market_ids: [1] }] }));
    const result = await request('/api/x', {
      body: { clientLegalEntityId: 3, nested: { cropYear: 2025 }, list: [{ marketId: 1 }] },
      snakeCase: true,
    });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      client_legal_entity_id: 3,
      nested: { crop_year: 2025 },
      list: [{ market_id: 1 }],
    });
    expect(result.json).toEqual({ clientLegalEntityId: 3, rows: [{ cropYear: 2025, marketIds: [1] }] });
  });

  it('leaves keys alone without the snakeCase option', async () => {
    mockFetch(jsonResponse({ crop_year: 1 }));
    const result = await request('/api/x', { body: { cropYear: 1 } });
    expect(calls[0]?.init.body).toBe('{"cropYear":1}');
    expect(result.json).toEqual({ crop_year: 1 });
  });

  it('sends If-Match for concurrency control and gives the ETag of the answer', async () => {
    mockFetch(jsonResponse({}, 200, { ETag: 'W/"8"' }));
    const result = await request('/api/contract/1', { method: 'PATCH', body: {}, ifMatch: '"v7"' });
    expect(headersOf(calls[0])['If-Match']).toBe('"v7"');
    expect(result.etag).toBe('"8"');
  });

  it('throws ApiError unexpected with the default message for an unparseable body', async () => {
    mockFetch(new Response('<html>oops</html>', { status: 200 }));
    const error = await failure(request('/api/x'));
    expect(error).toMatchObject({ status: 200, code: 'unexpected', message: UNEXPECTED_MESSAGE });
    expect(UNEXPECTED_MESSAGE).toBe('Sorry, an unexpected issue occurred. Please come back later!');
  });

  it('treats an empty body (204) as an empty object', async () => {
    mockFetch(new Response(null, { status: 204 }));
    const result = await request('/api/auth/logout', { method: 'POST' });
    expect(result).toMatchObject({ status: 204, json: {} });
  });

  it('throws the server error code, message, details and trace id as an ApiError', async () => {
    mockFetch(
      jsonResponse(
        { code: 'csrf_invalid', message: 'Invalid CSRF token', details: { reason: 'stale' }, redirect: '/x' },
        403,
        { 'X-Trace-Id': '42' },
      ),
    );
    const error = await failure(request('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'csrf_invalid',
      message: 'Invalid CSRF token',
      details: { reason: 'stale' },
      traceId: '42',
    });
    expect(error.body['redirect']).toBe('/x');
  });

  it('gives an unknown code or none the code unexpected, and an empty message the default one', async () => {
    mockFetch(jsonResponse({ code: 'made_up', message: '' }, 418));
    const error = await failure(request('/api/x'));
    expect(error).toMatchObject({ status: 418, code: 'unexpected', message: UNEXPECTED_MESSAGE });
    expect(error.traceId).toBe(headersOf(calls[0])['X-Trace-Id']);
  });

  it('reports an unreachable server: status 0, the disconnected message, offline and unrecoverable state', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failure(request('/api/x'));
    expect(error).toMatchObject({ status: 0, code: 'disconnected', message: 'Please check your internet connection.' });
    expect(DISCONNECTED_MESSAGE).toBe('Please check your internet connection.');
    expect(connectivityState.get()).toEqual({ offline: true, unrecoverableNetworkError: true });
  });

  it('tells the native shell about an unrecoverable network error', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    sessionStorage.setItem('granary_native_app', '1');
    try {
      mockFetch(new TypeError('Failed to fetch'));
      await failure(request('/api/x'));
      expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'UNRECOVERABLE_NETWORK_ERROR' }));
    } finally {
      sessionStorage.clear();
    }
  });

  it('does not flag a time-out as unrecoverable, and rethrows a user abort', async () => {
    const timeout = new Error('timed out');
    timeout.name = 'TimeoutError';
    mockFetch(timeout);
    expect(await failure(request('/api/x'))).toMatchObject({ status: 0, code: 'timeout' });
    expect(connectivityState.get().unrecoverableNetworkError).toBe(false);

    const abort = new Error('aborted');
    abort.name = 'AbortError';
    mockFetch(abort);
    await expect(request('/api/x')).rejects.toBe(abort);
    expect(connectivityState.get().unrecoverableNetworkError).toBe(false);
  });

  it('leaves connectivity alone with handleNetworkErrors false', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    expect((await failure(request('/api/bootstrap', { handleNetworkErrors: false }))).status).toBe(0);
    expect(connectivityState.get()).toEqual({ offline: false, unrecoverableNetworkError: false });
  });

  it('clears the offline state when a response arrives again', async () => {
    connectivityState.set({ offline: true, unrecoverableNetworkError: false });
    mockFetch(jsonResponse({}));
    await request('/api/x');
    expect(connectivityState.get().offline).toBe(false);
  });

  it('on 401 toasts "Your session expired" once and asks the shell to go to sign-in', async () => {
    const events: ApiEvent[] = [];
    const unsubscribe = subscribeApiEvents((event) => events.push(event));
    localStorage.setItem('granary_last_activity', String(Date.now()));
    mockFetch(() => jsonResponse({ code: 'unauthenticated', message: 'Sign in' }, 401));
    const [first] = await Promise.all([failure(request('/api/a')), failure(request('/api/b'))]);
    unsubscribe();
    expect(first).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(toastStore.get()).toHaveLength(1);
    expect(toastStore.get()[0]).toMatchObject({
      messageId: 'error.sessionExpired',
      severity: 'error',
      autoHideMs: 3000,
    });
    expect(events.filter((event) => event.type === 'session-expired')).toHaveLength(1);
    expect(localStorage.getItem('granary_last_activity')).toBeNull();
  });

  it('sends SESSION_EXPIRED with the path to the native shell instead of toasting', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('webkit', { messageHandlers: { granary: { postMessage } } });
    sessionStorage.setItem('granary_native_app', '1');
    try {
      mockFetch(jsonResponse({ code: 'unauthenticated', message: '' }, 401));
      await failure(request('/api/x'));
      expect(postMessage).toHaveBeenCalledWith({ type: 'SESSION_EXPIRED', payload: { path: '/' } });
      expect(toastStore.get()).toHaveLength(0);
    } finally {
      sessionStorage.clear();
    }
  });

  it('ignores 401 with handleSessionExpiry false', async () => {
    mockFetch(jsonResponse({ code: 'unauthenticated', message: 'x' }, 401));
    await failure(request('/api/auth/sign-in', { method: 'POST', body: {}, handleSessionExpiry: false }));
    expect(toastStore.get()).toHaveLength(0);
  });

  it('tells the shell when the logged-in cookie no longer matches the session', async () => {
    const events: ApiEvent[] = [];
    const unsubscribe = subscribeApiEvents((event) => events.push(event));
    sessionState.set({ csrfToken: 'x', isLoggedIn: true });
    mockFetch(jsonResponse({}));
    await request('/api/x');
    document.cookie = 'granary_logged_in=1; path=/';
    await request('/api/y');
    unsubscribe();
    expect(events).toEqual([{ type: 'session-changed' }]);
  });
});

describe('buildUrl', () => {
  it('appends to an existing query string', () => {
    expect(buildUrl('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });
});

describe('getJson and settle', () => {
  it('getJson resolves with the body only', async () => {
    mockFetch(jsonResponse({ rows: [1] }));
    await expect(getJson('/api/rows', { page: 1 })).resolves.toEqual({ rows: [1] });
    expect(calls[0]?.url).toBe('/api/rows?page=1');
  });

  it('settle turns a call into ok and its body, or not ok and its ApiError', async () => {
    mockFetch(jsonResponse({ a: 1 }), jsonResponse({ code: 'link_invalid', message: 'gone' }, 410));
    await expect(settle(request('/api/a'))).resolves.toEqual({ ok: true, status: 200, json: { a: 1 } });
    const result = await settle(request('/api/b'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ status: 410, code: 'link_invalid', message: 'gone' });
  });
});

describe('retryUnlessRefused', () => {
  it('retries a network or server failure once, never a refusal', () => {
    expect(retryUnlessRefused(0, new ApiError(0, 'disconnected', 'x'))).toBe(true);
    expect(retryUnlessRefused(0, new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(retryUnlessRefused(1, new ApiError(503, 'unavailable', 'x'))).toBe(false);
    expect(retryUnlessRefused(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(retryUnlessRefused(0, new Error('boom'))).toBe(true);
  });
});
