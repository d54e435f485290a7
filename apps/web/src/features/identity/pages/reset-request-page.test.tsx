import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBootstrap } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const RECOVERY = '/api/auth/password/recovery/initiate';

/** Answers the recovery call with `status`, the bootstrap as anonymous, else 404. */
function serve(status = 200) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { failed: _failed, ...bootstrap } = fakeBootstrap('anonymous');
    const reply = url.startsWith(RECOVERY)
      ? { status, body: status === 200 ? { status: 'ok' } : { code: 'unexpected', message: 'x' } }
      : url.startsWith('/api/bootstrap')
        ? { status: 200, body: bootstrap }
        : { status: 404, body: { code: 'not_found', message: 'Not found' } };
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(RECOVERY));

afterEach(() => vi.restoreAllMocks());

describe('reset request page', () => {
  it('checks the e-mail on submit, clears the message as it is typed, and sends nothing until it is right', async () => {
    renderApp('/reset-password', 'anonymous');
    const fetchMock = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bea@' } });
    expect(screen.queryByText('The email field is required.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('The email format is invalid.')).toBeTruthy();
    expect(sent(fetchMock)).toHaveLength(0);
  });

  it('sends the trimmed e-mail, shows the neutral confirmation, and goes back with the address kept', async () => {
    renderApp('/reset-password', 'anonymous');
    const fetchMock = serve();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bea@prairie.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(JSON.parse(String((sent(fetchMock)[0]?.[1] as RequestInit).body))).toEqual({ email: 'bea@prairie.test' });
    fireEvent.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('bea@prairie.test');
  });

  it('shows a failure and keeps the form', async () => {
    renderApp('/reset-password', 'anonymous');
    serve(500);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bea@prairie.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});
