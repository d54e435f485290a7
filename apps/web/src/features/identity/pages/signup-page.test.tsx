import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { serveAnonymous as serve, serveHeld } from './identity-test-server';

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const sent = (calls: StubCall[], path: string) => calls.filter((call) => call.url.pathname === path);

/** Fills the first step with valid values. */
async function fillDetails(email = 'casey@prairie.test') {
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Casey' } });
  fireEvent.change(input('Last name'), { target: { value: 'Fields' } });
  fireEvent.change(input('Email'), { target: { value: email } });
  fireEvent.change(input('Mobile phone number'), { target: { value: '515-555-0199' } });
  fireEvent.change(input('ZIP code'), { target: { value: '50010' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
}

afterEach(() => vi.restoreAllMocks());

describe('signup page (/signup)', () => {
  it('checks the first step on Continue: its messages and error states, nothing sent; a change takes a message away', async () => {
    renderApp('/signup', 'anonymous');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your first name.')).toBeTruthy();
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    expect(screen.getByText('Accept the terms to continue.')).toBeTruthy();
    expect(screen.getAllByText('Required', { exact: true })).toHaveLength(3);
    expect(input('First name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, '/api/auth/users/signup/validate')).toHaveLength(0);

    fireEvent.change(input('First name'), { target: { value: 'Casey' } });
    expect(screen.queryByText('Enter your first name.')).toBeNull();
    expect(input('First name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    expect(screen.queryByText('Accept the terms to continue.')).toBeNull();

    fireEvent.change(input('Email'), { target: { value: 'casey@' } });
    fireEvent.change(input('Mobile phone number'), { target: { value: '515-555-01' } });
    fireEvent.change(input('ZIP code'), { target: { value: '5000' } });
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByText('Invalid zip code')).toBeTruthy();
    expect(sent(calls, '/api/auth/users/signup/validate')).toHaveLength(0);
  });

  it('shows the server’s field errors of the first step on its fields and stays there', async () => {
    renderApp('/signup', 'anonymous');
    const calls = serve((call) =>
      call.url.pathname === '/api/auth/users/signup/validate'
        ? {
            status: 400,
            body: { code: 'invalid_signup', message: 'Invalid', details: { fields: { email: 'enter_email' } } },
          }
        : undefined,
    );
    await fillDetails();
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(input('First name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('What are you interested in?')).toBeNull();
    const [validate] = sent(calls, '/api/auth/users/signup/validate');
    expect(validate?.body).toMatchObject({ step: 'createAccount', email: 'casey@prairie.test', countryCode: 'USA' });
  });

  it('disables Continue with a spinner while the step is checked, then asks for the operation', async () => {
    renderApp('/signup/seed', 'anonymous');
    const { release } = serveHeld('/api/auth/users/signup/validate', { status: 200, body: { fields: {} } });
    await fillDetails();
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(button('Continue').disabled).toBe(true));
    expect(button('Continue').getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('What are you interested in?')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Seed' }) as HTMLInputElement).checked).toBe(true);
    expect(button('Create account').disabled).toBe(false);
    expect(button('Create account').getAttribute('aria-busy')).toBe('false');
  });

  it('checks the second step on Create account, and Back keeps what was typed', async () => {
    renderApp('/signup', 'anonymous');
    const calls = serve((call) =>
      call.url.pathname === '/api/auth/users/signup/validate' ? { status: 200, body: { fields: {} } } : undefined,
    );
    await fillDetails();
    fireEvent.click(button('Continue'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Choose what describes you best.')).toBeTruthy();
    expect(screen.getByText('Choose what you are interested in.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'I am a' }).closest('.MuiInputBase-root')?.className).toContain(
      'Mui-error',
    );
    expect(sent(calls, '/api/auth/signup')).toHaveLength(0);
    fireEvent.click(button('Back'));
    expect(input('First name').value).toBe('Casey');
    expect(input('Email').value).toBe('casey@prairie.test');
  });

  it('sends the form; an e-mail the server refuses brings the first step back with its message and the alert', async () => {
    renderApp('/signup/seed', 'anonymous');
    const calls = serve((call) => {
      if (call.url.pathname === '/api/auth/users/signup/validate') return { status: 200, body: { fields: {} } };
      if (call.url.pathname === '/api/auth/signup')
        return {
          status: 400,
          body: {
            code: 'invalid_signup',
            message: 'Please check the highlighted fields.',
            details: { fields: { email: 'enter_email' } },
          },
        };
      return undefined;
    });
    await fillDetails('taken@prairie.test');
    fireEvent.click(button('Continue'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'I am a' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Something else' }));
    fireEvent.click(button('Create account'));
    const alert = await screen.findByTestId('form-alert');
    expect(within(alert).getByText('Please check the highlighted fields.')).toBeTruthy();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(input('Email').value).toBe('taken@prairie.test');
    const [signup] = sent(calls, '/api/auth/signup');
    expect(signup?.body).toMatchObject({
      email: 'taken@prairie.test',
      memberType: 'other',
      areaEstimate: 0,
      signupReasonIds: [31],
      reason: 'seed',
      acceptLegalTerms: true,
    });
  });

  it('says to check the e-mail when the server mails a link', async () => {
    renderApp('/signup/seed', 'anonymous');
    serve((call) => {
      if (call.url.pathname === '/api/auth/users/signup/validate') return { status: 200, body: { fields: {} } };
      if (call.url.pathname === '/api/auth/signup')
        return { status: 200, body: { kind: 'email_sent', email: 'casey@prairie.test' } };
      return undefined;
    });
    await fillDetails();
    fireEvent.click(button('Continue'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'I am a' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Something else' }));
    fireEvent.click(button('Create account'));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(/casey@prairie\.test/)).toBeTruthy();
  });
});
