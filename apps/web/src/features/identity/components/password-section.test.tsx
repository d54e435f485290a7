import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { testPartner } from '../../../test/fixtures';
import { allMessages } from '../../../test/messages';
import { PasswordSection } from './password-section';

// /user's password section (issue 13): a user without a password sets one without a current password; then the
// section shows the normal change form.

function serve(hasPassword: boolean) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const body = url.endsWith('/api/auth/password') ? { has_password: hasPassword } : { status: 'ok' };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <PasswordSection />
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('password section', () => {
  it('offers a passwordless user "Set a password" without the current password, then the change form', async () => {
    const fetchMock = serve(false);
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: 'Set a password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password', { selector: 'input' })).toBeNull();
    fireEvent.change(input('New password'), { target: { value: 'harvest-moon-tractor-42' } });
    fireEvent.change(input('Confirm new password'), { target: { value: 'harvest-moon-tractor-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. You can now sign in with it.')).toBeTruthy();
    const update = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/password/update'));
    expect(JSON.parse(String(update?.[1]?.body))).toEqual({
      new_password: 'harvest-moon-tractor-42',
      new_password_confirmation: 'harvest-moon-tractor-42',
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeTruthy());
    expect(input('Current password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update password' })).toBeTruthy();
  });

  it('asks a user with a password for the current one', async () => {
    serve(true);
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: 'Password' })).toBeTruthy();
    await waitFor(() => expect(input('Current password')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });
});
