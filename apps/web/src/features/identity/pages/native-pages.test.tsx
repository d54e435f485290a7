import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBootstrap } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body?: unknown } | undefined;

/** Answers the app's calls: `handler` first, then a logged-in bootstrap after sign-in, else 404. */
function serve(handler: Handler) {
  let signedIn = false;
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init);
    if (answer?.status === 200 && url.startsWith('/api/auth/login/')) signedIn = true;
    const { failed: _failed, ...bootstrap } = fakeBootstrap(signedIn ? 'buyer' : 'anonymous');
    const reply =
      answer ??
      (url.startsWith('/api/bootstrap')
        ? { status: 200, body: bootstrap }
        : { status: 404, body: { code: 'not_found', message: 'Not found' } });
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A React Native webview host: what the page posts lands in `posted`. */
function nativeHost() {
  const postMessage = vi.fn<(data: string) => void>();
  vi.stubGlobal('ReactNativeWebView', { postMessage });
  return () => postMessage.mock.calls.map(([data]) => JSON.parse(data) as { type: string });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('native sign-in page', () => {
  it('signs in with login_source ops, posts SIGN_IN_COMPLETED to the shell and goes to /native-landing', async () => {
    const posted = nativeHost();
    const { router } = renderApp('/sign-in/native', 'anonymous');
    const fetchMock = serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? { status: 200, body: { userId: 'u1', oneTimePassword: false, redirect: '/dashboard' } }
        : undefined,
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bea@prairie.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/native-landing'));
    const login = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/auth/login/basic'));
    expect(String(login?.[0])).toBe(`/api/auth/login/basic?redirect=${encodeURIComponent('/native-landing')}`);
    expect(JSON.parse(String((login?.[1] as RequestInit).body))).toMatchObject({ login_source: 'ops', cookie: true });
    expect(posted()).toContainEqual({ type: 'SIGN_IN_COMPLETED' });
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeTruthy();
  });

  it('offers the other methods, carrying the way back to /native-landing', async () => {
    renderApp('/sign-in/native', 'anonymous');
    const magic = await screen.findByRole('link', { name: 'Email me a link' });
    expect(magic.getAttribute('href')).toBe(`/sign-in/magic_link?redirect=${encodeURIComponent('/native-landing')}`);
    expect(screen.getByRole('link', { name: 'Text me a code' }).getAttribute('href')).toBe(
      `/sign-in/sms?redirect=${encodeURIComponent('/native-landing')}`,
    );
  });

  it('uses the app-initiated magic link once the shell opened the page', async () => {
    renderApp('/sign-in/native', 'anonymous');
    const fetchMock = serve((url) =>
      url.includes('/magic-link/') ? { status: 200, body: { status: 'ok' } } : undefined,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Email me a link' }));
    await screen.findByRole('heading', { name: 'Sign in with a link' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bea@prairie.test' } });
    fireEvent.click(screen.getByRole('button', { name: /link/i }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/auth/login/magic-link/app-initiate')),
      ).toBe(true),
    );
  });
});

describe('native landing page', () => {
  it('tells the shell SIGN_IN_COMPLETED once and offers no web link inside the app', async () => {
    const posted = nativeHost();
    sessionStorage.setItem('granary_native_app', '1');
    renderApp('/native-landing', 'buyer');
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeTruthy();
    await waitFor(() => expect(posted()).toEqual([{ type: 'SIGN_IN_COMPLETED' }]));
    expect(screen.queryByRole('link', { name: 'Continue to the dashboard' })).toBeNull();
  });

  it('outside the app, stays for a signed-in user and links on to the dashboard', async () => {
    const { router } = renderApp('/native-landing', 'buyer');
    const link = await screen.findByRole('link', { name: 'Continue to the dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(router.state.location.pathname).toBe('/native-landing');
  });
});
