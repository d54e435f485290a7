import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { serveAnonymous as serve } from './identity-test-server';

const code = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const verifyButton = () => screen.getByRole('button', { name: 'Verify and sign in' }) as HTMLButtonElement;

/** Opens the code page as /sign-in/sms leaves it: the sign-in in progress kept for the tab. */
function openWithLogin() {
  sessionStorage.setItem('granary_sms_login', JSON.stringify({ phone: '(515) 555-0120', verificationToken: 'vt-1' }));
  return renderApp('/sign-in/sms-verification', 'anonymous');
}

afterEach(() => vi.restoreAllMocks());

describe('SMS sign-in code (/sign-in/sms-verification)', () => {
  it('goes back to /sign-in/sms without a sign-in in progress', async () => {
    const { router } = renderApp('/sign-in/sms-verification', 'anonymous');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/sms'));
  });

  it('keeps digits only, checks the code on submit and focuses it; a refused code is cleared and focused', async () => {
    openWithLogin();
    const calls = serve((call) =>
      call.url.pathname === '/api/auth/login/sms/verify'
        ? { status: 400, body: { code: 'code_invalid', message: 'Incorrect MFA code supplied.' } }
        : undefined,
    );
    expect(await screen.findByText(/If \(515\) 555-0120 belongs to an account/)).toBeTruthy();
    fireEvent.change(code(), { target: { value: '12-34 5' } });
    expect(code().value).toBe('12345');
    fireEvent.click(verifyButton());
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(code().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code()));
    expect(calls.filter((call) => call.url.pathname === '/api/auth/login/sms/verify')).toHaveLength(0);

    fireEvent.change(code(), { target: { value: '123456' } });
    expect(screen.queryByText('Enter the 6-digit code.')).toBeNull();
    fireEvent.click(verifyButton());
    expect(await screen.findByTestId('form-alert')).toBeTruthy();
    await waitFor(() => expect(code().value).toBe(''));
    expect(document.activeElement).toBe(code());
    const verify = calls.find((call) => call.url.pathname === '/api/auth/login/sms/verify');
    expect(verify?.body).toEqual({ verification_token: 'vt-1', code: '123456' });
  });

  it('turns the code off when the sign-in is spent, and a new code turns it on again with a notice', async () => {
    openWithLogin();
    const calls = serve((call) => {
      if (call.url.pathname === '/api/auth/login/sms/verify')
        return { status: 410, body: { code: 'link_invalid', message: 'Expired' } };
      if (call.url.pathname === '/api/auth/login/sms/initiate')
        return { status: 200, body: { status: 'ok', verification_token: 'vt-2' } };
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(code().disabled).toBe(true));
    expect(verifyButton().disabled).toBe(true);
    expect(verifyButton().getAttribute('aria-busy')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(within(screen.getAllByTestId('form-alert')[0]!).getByText('A new code is on its way.')).toBeTruthy();
    expect(code().disabled).toBe(false);
    expect(verifyButton().disabled).toBe(false);
    const initiate = calls.find((call) => call.url.pathname === '/api/auth/login/sms/initiate');
    expect((initiate?.body as { phone_number: string }).phone_number).toBe('(515) 555-0120');
    expect(JSON.parse(sessionStorage.getItem('granary_sms_login') ?? 'null')).toEqual({
      phone: '(515) 555-0120',
      verificationToken: 'vt-2',
    });
  });
});
