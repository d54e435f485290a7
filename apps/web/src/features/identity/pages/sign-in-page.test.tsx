import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionState } from '../../../lib/api/api-state';
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

async function submit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => vi.restoreAllMocks());

describe('password sign-in page', () => {
  it('shows the required messages and sends nothing', async () => {
    renderApp('/sign-in/password', 'anonymous');
    const fetchMock = serve(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    await submit('a@b.co', 'abc');
    expect(await screen.findByText('The password must be at least 4 characters long.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('login/basic'))).toBe(false);
  });

  it('sends Basic credentials and the spec’s body, re-reads the bootstrap and goes to the answer’s redirect', async () => {
    const { router, queryClient } = renderApp(
      `/sign-in/password?redirect=${encodeURIComponent('/crm/bids')}`,
      'anonymous',
    );
    const fetchMock = serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? { status: 200, body: { userId: 'u1', oneTimePassword: false, redirect: '/crm/bids' } }
        : undefined,
    );
    sessionState.set({ csrfToken: 'csrf-token', isLoggedIn: false });
    await submit(' bea@prairie.test ', 'pässword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/bids'));
    const login = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/auth/login/basic'));
    expect(String(login?.[0])).toBe(`/api/auth/login/basic?redirect=${encodeURIComponent('/crm/bids')}`);
    const init = login?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(headers['Authorization']!.replace('Basic ', '')), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe('bea@prairie.test:pässword');
    expect(headers['X-CSRF-Token']).toBe('csrf-token');
    expect(JSON.parse(String(init.body))).toEqual({ timeout_s: 1800, cookie: true, login_source: 'www' });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/bootstrap')).length).toBeGreaterThan(0);
    expect(queryClient.getQueryData<{ user: { isLoggedIn: boolean } }>(['shell', 'bootstrap'])?.user.isLoggedIn).toBe(
      true,
    );
  });

  it('goes to the one-time password page when the answer says so', async () => {
    const { router } = renderApp('/sign-in/password', 'anonymous');
    serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? { status: 200, body: { userId: 'u1', oneTimePassword: true, redirect: '/onetime-password/reset' } }
        : undefined,
    );
    await submit('bea@prairie.test', 'one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onetime-password/reset'));
  });

  it('shows the wrong-combination and MFA lines, without treating the 401 as an expired session', async () => {
    const { router } = renderApp('/sign-in/password', 'anonymous');
    serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? { status: 401, body: { code: 'invalid_credentials', message: 'Incorrect username/password combination.' } }
        : undefined,
    );
    await submit('bea@prairie.test', 'wrong-password');
    const alert = await screen.findByTestId('form-alert');
    expect(within(alert).getByText('Incorrect username/password combination.')).toBeTruthy();
    expect(within(alert).getByText('Incorrect MFA code supplied.')).toBeTruthy();
    expect(screen.queryByText('Your session expired')).toBeNull();
    expect(router.state.location.pathname).toBe('/sign-in/password');
  });

  it('shows the locked message with the description the server gives', async () => {
    renderApp('/sign-in/password', 'anonymous');
    serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? {
            status: 423,
            body: {
              code: 'account_locked',
              message: 'Your account is locked, please wait a while before trying again.',
              details: {
                description: 'Locked after multiple failed attempts. Check your e-mail for a direct login link.',
              },
            },
          }
        : undefined,
    );
    await submit('bea@prairie.test', 'wrong-password');
    expect(await screen.findByText('Your account is locked, please wait a while before trying again.')).toBeTruthy();
    expect(
      screen.getByText('Locked after multiple failed attempts. Check your e-mail for a direct login link.'),
    ).toBeTruthy();
  });

  it('shows the server’s 400 message', async () => {
    renderApp('/sign-in/password', 'anonymous');
    serve((url) =>
      url.startsWith('/api/auth/login/basic')
        ? { status: 400, body: { code: 'invalid_request', message: 'The email field is required.' } }
        : undefined,
    );
    await submit('bea@prairie.test', 'password');
    expect(within(await screen.findByTestId('form-alert')).getByText('The email field is required.')).toBeTruthy();
  });

  it('shows the configured identity providers, going to the server’s start URL with the way back', async () => {
    serve((url) =>
      url === '/api/auth/oidc/providers'
        ? {
            status: 200,
            body: {
              providers: [
                { id: 'google', name: 'Google' },
                { id: 'sso', name: 'Prairie SSO' },
              ],
            },
          }
        : undefined,
    );
    renderApp(`/sign-in/password?redirect=${encodeURIComponent('/crm/bids')}`, 'anonymous');
    serve((url) =>
      url === '/api/auth/oidc/providers'
        ? {
            status: 200,
            body: {
              providers: [
                { id: 'google', name: 'Google' },
                { id: 'sso', name: 'Prairie SSO' },
              ],
            },
          }
        : undefined,
    );
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`/api/auth/oidc/google/start?redirect=${encodeURIComponent('/crm/bids')}`);
    expect(screen.getByRole('link', { name: 'Continue with Prairie SSO' }).getAttribute('href')).toBe(
      `/api/auth/oidc/sso/start?redirect=${encodeURIComponent('/crm/bids')}`,
    );
  });

  it('shows no provider buttons when the call fails', async () => {
    renderApp('/sign-in/password', 'anonymous');
    await screen.findByLabelText('Email');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('names the provider of a failed attempt', async () => {
    renderApp('/sign-in/password?error=oauth&provider=Google', 'anonymous');
    expect(await screen.findByText('Could not sign in with your Google account.')).toBeTruthy();
  });
});
