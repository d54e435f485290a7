import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubCall, StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { serveAnonymous, serveHeld } from './identity-test-server';

const VERIFY = '/api/auth/signup-verify-first/verify';

/** A flow state as the server answers it. */
function stateOf(step: string, token: string, extra: Record<string, unknown> = {}) {
  return {
    step,
    token,
    identifierType: 'email',
    identifier: 've•••@prairie.test',
    expiresAt: '2026-11-27T09:00:00.000Z',
    ...extra,
  };
}

/** The app's calls: verify-first's (`verify`, by the step sent), then the anonymous bootstrap, else 404. */
function serve(verify: (body: { step: string } & Record<string, unknown>) => StubReply | undefined) {
  return serveAnonymous((call) => (call.url.pathname === VERIFY ? verify(call.body as { step: string }) : undefined));
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const sent = (calls: StubCall[]) => calls.filter((call) => call.url.pathname === VERIFY);

async function sendIdentifier(value = 'vera@prairie.test') {
  fireEvent.change(await screen.findByLabelText('Email or mobile phone number'), { target: { value } });
  fireEvent.click(button('Continue'));
}

afterEach(() => vi.restoreAllMocks());

describe('signup verify-first (/signup-verify-first)', () => {
  it('checks the identifier on submit (required, then an e-mail or a number) and sends nothing meanwhile', async () => {
    renderApp('/signup-verify-first', 'anonymous');
    const calls = serve(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your e-mail or mobile phone number.')).toBeTruthy();
    expect(input('Email or mobile phone number').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('Email or mobile phone number'), { target: { value: 'vera@' } });
    expect(screen.queryByText('Enter your e-mail or mobile phone number.')).toBeNull();
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Enter a valid e-mail address or mobile phone number.')).toBeTruthy();
    expect(sent(calls)).toHaveLength(0);
  });

  it('asks for the code, checks it, and clears it when the server refuses it', async () => {
    const { router } = renderApp('/signup-verify-first', 'anonymous');
    const calls = serve((body) => {
      if (body.step === 'collect_identifier') return { status: 200, body: stateOf('collect_challenge', 'tk-1') };
      if (body.step === 'collect_challenge')
        return { status: 400, body: { code: 'code_invalid', message: 'Incorrect code' } };
      return undefined;
    });
    await sendIdentifier(' vera@prairie.test ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup-verify-first/token/tk-1'));
    expect(sent(calls)[0]?.body).toMatchObject({ step: 'collect_identifier', identifier: 'vera@prairie.test' });

    fireEvent.change(input('Verification code'), { target: { value: '12a345' } });
    expect(input('Verification code').value).toBe('12345');
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(input('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls)).toHaveLength(1);

    fireEvent.change(input('Verification code'), { target: { value: '123456' } });
    expect(screen.queryByText('Enter the 6-digit code.')).toBeNull();
    fireEvent.click(button('Continue'));
    expect(within(await screen.findByTestId('form-alert')).getByText('Incorrect MFA code supplied.')).toBeTruthy();
    expect(input('Verification code').value).toBe('');
    expect(sent(calls)[1]?.body).toEqual({ step: 'collect_challenge', token: 'tk-1', code: '123456' });
  });

  it('disables the button with a spinner while a step is sent', async () => {
    renderApp('/signup-verify-first', 'anonymous');
    const { release } = serveHeld(VERIFY, { status: 200, body: stateOf('collect_challenge', 'tk-2') });
    await sendIdentifier();
    await waitFor(() => expect(button('Continue').disabled).toBe(true));
    expect(button('Continue').getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeTruthy();
    expect(button('Continue').disabled).toBe(false);
  });

  it('checks the other details, and shows the server’s field errors on them with the alert', async () => {
    renderApp('/signup-verify-first', 'anonymous');
    const calls = serve((body) => {
      if (body.step === 'collect_identifier') return { status: 200, body: stateOf('collect_rest', 'tk-3') };
      if (body.step === 'collect_rest')
        return {
          status: 400,
          body: {
            code: 'invalid_signup',
            message: 'Please check the highlighted fields.',
            details: { fields: { phoneNumber: 'enter_cell' } },
          },
        };
      return undefined;
    });
    await sendIdentifier();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about you' })).toBeTruthy();
    expect(screen.queryByLabelText('Email', { exact: true })).toBeNull();
    fireEvent.click(button('Create account'));
    expect(await screen.findByText('Enter your first name.')).toBeTruthy();
    expect(screen.getByText('Choose what describes you best.')).toBeTruthy();
    expect(screen.getByText('Accept the terms to continue.')).toBeTruthy();
    expect(sent(calls)).toHaveLength(1);

    fireEvent.change(input('First name'), { target: { value: 'Vera' } });
    fireEvent.change(input('Last name'), { target: { value: 'First' } });
    fireEvent.change(input('Mobile phone number'), { target: { value: '515-555-0177' } });
    fireEvent.change(input('ZIP code'), { target: { value: '50010' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'I am a' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Something else' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Market advisory' }));
    fireEvent.click(button('Create account'));
    expect(
      within(await screen.findByTestId('form-alert')).getByText('Please check the highlighted fields.'),
    ).toBeTruthy();
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(input('Mobile phone number').getAttribute('aria-invalid')).toBe('true');
    const rest = sent(calls)[1]?.body as Record<string, unknown>;
    expect(rest).toMatchObject({ step: 'collect_rest', token: 'tk-3', firstname: 'Vera', memberType: 'other' });
    expect('email' in rest).toBe(false);
  });
});
