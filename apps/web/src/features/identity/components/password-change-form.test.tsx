import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../../test/render-app';
import { PasswordChangeForm } from './password-change-form';

const UPDATE = '/api/auth/password/update';

/** Answers the password update with `status` and `body`. */
function serve(status: number, body: unknown) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

function fill(current: string, password: string, confirmation = password) {
  fireEvent.change(input('Current password'), { target: { value: current } });
  fireEvent.change(input('New password'), { target: { value: password } });
  fireEvent.change(input('Confirm new password'), { target: { value: confirmation } });
}

afterEach(() => vi.restoreAllMocks());

describe('password change form', () => {
  it('wants all three, focusing the first wrong one, then a matching confirmation; sends nothing meanwhile', async () => {
    const fetchMock = serve(200, { status: 'ok' });
    renderWithIntl(<PasswordChangeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The current password field is required.')).toBeTruthy();
    expect(screen.getByText('The new password field is required.')).toBeTruthy();
    expect(screen.getByText('The password confirmation field is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Current password')));
    fireEvent.change(input('Current password'), { target: { value: 'oats' } });
    expect(screen.queryByText('The current password field is required.')).toBeNull();
    fill('oats', 'grainbuyer', 'grainbuyers');
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password confirmation must match the new password.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith(UPDATE))).toHaveLength(0);
  });

  it('sends the snake_case body, says it is done and clears the fields', async () => {
    const fetchMock = serve(200, { status: 'ok' });
    renderWithIntl(<PasswordChangeForm />);
    fill('oats', 'grainbuyer');
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('You have updated your profile password.')).toBeTruthy();
    const body = JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body));
    expect(body).toEqual({
      current_password: 'oats',
      new_password: 'grainbuyer',
      new_password_confirmation: 'grainbuyer',
    });
    await waitFor(() => expect(input('Current password').value).toBe(''));
    expect(input('New password').value).toBe('');
  });

  it('shows a wrong current password and focuses it', async () => {
    serve(400, {
      code: 'incorrect_password',
      message: 'The current password you provided was incorrect, please try again.',
    });
    renderWithIntl(<PasswordChangeForm />);
    fill('oats', 'grainbuyer');
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByTestId('form-alert')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Current password')));
  });
});
