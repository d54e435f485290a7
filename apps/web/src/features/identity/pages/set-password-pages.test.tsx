import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBootstrap } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body?: unknown } | undefined;

/** Answers the app's calls: `handler` first, then the bootstrap of `user`, else 404. */
function serve(handler: Handler, user: 'anonymous' | 'buyer' = 'anonymous') {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { failed: _failed, ...bootstrap } = fakeBootstrap(user);
    const reply =
      handler(url, init) ??
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

const sent = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

async function fillNewPassword(password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
}

afterEach(() => vi.restoreAllMocks());

describe('the reset link page (/password/exchange/:token)', () => {
  const linkOk: Handler = (url) =>
    url.startsWith('/api/auth/password/recovery/confirm') ? { status: 200, body: { status: 'ok' } } : undefined;

  it('wants at least 8 characters before sending anything (issue 11)', async () => {
    renderApp('/password/exchange/tok-1', 'anonymous');
    const fetchMock = serve(linkOk);
    await fillNewPassword('abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('The new password must be at least 8 characters long.')).toHaveLength(2);
    await fillNewPassword('Kx9#q2z');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('The new password must be at least 8 characters long.')).toHaveLength(2);
    expect(sent(fetchMock, '/api/auth/password/reset/')).toHaveLength(0);
  });

  it('sends 8 characters and shows the server’s insecure_password reason', async () => {
    renderApp('/password/exchange/tok-2', 'anonymous');
    const reason = 'This password is too easy to guess. Add more words that are less common.';
    const fetchMock = serve((url, init) =>
      url.startsWith('/api/auth/password/reset/')
        ? { status: 400, body: { code: 'insecure_password', message: reason, status: 'insecure_password', reason } }
        : linkOk(url, init),
    );
    await fillNewPassword('Summer2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(within(await screen.findByTestId('form-alert')).getByText(reason)).toBeTruthy();
    const [call] = sent(fetchMock, '/api/auth/password/reset/');
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ new_password: 'Summer2026' });
    // Sent again with a password too short to send: the reason about the previous one goes away.
    await fillNewPassword('abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('The new password must be at least 8 characters long.')).toHaveLength(2);
    expect(screen.queryByText(reason)).toBeNull();
  });
});

describe('the one-time-password page (/onetime-password/reset)', () => {
  it('wants at least 8 characters, then shows the server’s reason', async () => {
    renderApp('/onetime-password/reset', 'buyer');
    const reason = 'This password is too easy to guess. Single names or surnames are easy to guess.';
    const fetchMock = serve(
      (url) =>
        url.startsWith('/api/auth/password/update')
          ? { status: 400, body: { code: 'insecure_password', message: reason } }
          : undefined,
      'buyer',
    );
    await fillNewPassword('oats');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('The new password must be at least 8 characters long.')).toHaveLength(2);
    expect(sent(fetchMock, '/api/auth/password/update')).toHaveLength(0);

    await fillNewPassword('grainbuyer');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(within(await screen.findByTestId('form-alert')).getByText(reason)).toBeTruthy();
    await waitFor(() => expect(sent(fetchMock, '/api/auth/password/update')).toHaveLength(1));
    const body = JSON.parse(String((sent(fetchMock, '/api/auth/password/update')[0]?.[1] as RequestInit).body));
    expect(body).toEqual({ new_password: 'grainbuyer', new_password_confirmation: 'grainbuyer' });
  });
});
