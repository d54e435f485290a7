import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { serveAnonymous } from './identity-test-server';

afterEach(() => vi.restoreAllMocks());

describe('pages opened from a link (/login/magic, /signup-jit-verify)', () => {
  it('magic link: without a token, says the link is no longer valid and offers a new one', async () => {
    renderApp('/login/magic?redirect=%2Fcrm%2Fbids', 'anonymous');
    serveAnonymous();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in link expired' })).toBeTruthy();
    expect(
      within(screen.getByTestId('form-alert')).getByText('This sign-in link is no longer valid. Ask for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe(
      '/sign-in/magic_link?redirect=%2Fcrm%2Fbids',
    );
    expect(screen.getByRole('link', { name: 'Sign in with password' }).getAttribute('href')).toBe('/sign-in/password');
  });

  it('magic link: sends the token once and shows the refusal', async () => {
    renderApp('/login/magic?token=tk-1', 'anonymous');
    const calls = serveAnonymous((call) =>
      call.url.pathname === '/api/auth/login/magic-link/verify'
        ? { status: 410, body: { code: 'link_invalid', message: 'Gone' } }
        : undefined,
    );
    expect(await screen.findByText('This sign-in link is no longer valid. Ask for a new one.')).toBeTruthy();
    const verify = calls.filter((call) => call.url.pathname === '/api/auth/login/magic-link/verify');
    expect(verify).toHaveLength(1);
    expect(verify[0]?.body).toMatchObject({ token: 'tk-1' });
  });

  it('signup link: without a token, an info line and the way to sign up again for the reason', async () => {
    renderApp('/signup-jit-verify/seed', 'anonymous');
    serveAnonymous();
    const alert = await screen.findByTestId('form-alert');
    expect(
      within(alert).getByText('Open the link in the e-mail we sent you to finish creating your account.'),
    ).toBeTruthy();
    expect(alert.className).toContain('MuiAlert-colorInfo');
    expect(screen.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe('/signup/seed');
  });

  it('signup link: a spent link says so, as an error', async () => {
    renderApp('/signup-jit-verify?token=used', 'anonymous');
    serveAnonymous((call) =>
      call.url.pathname === '/api/auth/signup-jit-verify/verify'
        ? { status: 400, body: { code: 'link_invalid', message: 'Used' } }
        : undefined,
    );
    const alert = await screen.findByTestId('form-alert');
    expect(within(alert).getByText('This link is no longer valid. Sign up again to get a new one.')).toBeTruthy();
    expect(alert.className).toContain('MuiAlert-colorError');
  });
});
