import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBootstrap } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

type Handler = (url: string) => { status: number; body?: unknown } | undefined;

function serve(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { failed: _failed, ...bootstrap } = fakeBootstrap('anonymous');
    const reply =
      handler(url) ??
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

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SMS sign-in (/sign-in/sms)', () => {
  it('solves the generate_one_time_password bot check and sends it with the number (issue 11)', async () => {
    const challenge: Challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 20,
      deriveKey,
      hmacSignatureSecret: 'test',
      keyPrefix: '0',
    });
    const { router } = renderApp('/sign-in/sms', 'anonymous');
    const fetchMock = serve((url) => {
      if (url.startsWith('/api/auth/bot-check/challenge')) return { status: 200, body: { mode: 'altcha', challenge } };
      if (url.startsWith('/api/auth/login/sms/initiate'))
        return { status: 200, body: { status: 'ok', verification_token: 'vt-1' } };
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Mobile phone number'), { target: { value: '(515) 555-0120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/sms-verification'));

    const asked = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/auth/bot-check/challenge'));
    expect(String(asked?.[0])).toBe('/api/auth/bot-check/challenge?action=generate_one_time_password');
    const initiate = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/auth/login/sms/initiate'));
    const body = JSON.parse(String((initiate?.[1] as RequestInit).body)) as {
      phone_number: string;
      recaptcha_v3?: string;
    };
    expect(body.phone_number).toBe('(515) 555-0120');
    const payload = JSON.parse(atob(body.recaptcha_v3!)) as { challenge: Challenge; solution: { counter: number } };
    expect(payload.challenge).toEqual({ parameters: challenge.parameters, signature: challenge.signature });
    expect(typeof payload.solution.counter).toBe('number');
  });

  it('shows the bot-check failure the server answers', async () => {
    renderApp('/sign-in/sms', 'anonymous');
    serve((url) =>
      url.startsWith('/api/auth/login/sms/initiate')
        ? { status: 400, body: { code: 'bot_check_failed', message: 'MALFORMED' } }
        : undefined,
    );
    fireEvent.change(await screen.findByLabelText('Mobile phone number'), { target: { value: '(515) 555-0120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We could not verify that you are human. Please try again.')).toBeTruthy();
  });
});
