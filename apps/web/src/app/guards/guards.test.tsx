import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../lib/browser/page-location';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.restoreAllMocks());

describe('login-required pages', () => {
  it('show a spinner while the user is not identified', async () => {
    renderApp('/crm/structures', 'pending');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Structures' })).toBeNull();
  });

  it('show the page to a logged-in user with the experience', async () => {
    renderApp('/crm/structures', 'buyer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Structures' })).toBeTruthy();
    expect(screen.getByTestId('crm-header')).toBeTruthy();
    expect(screen.getByTestId('crm-layout')).toBeTruthy();
  });

  it('send an anonymous visitor to sign-in with the current path as redirect', async () => {
    const { router } = renderApp('/crm/contracts?page=2', 'anonymous');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/password'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/crm/contracts?page=2')}`);
  });

  it('in the native app tell the shell the session expired instead', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    sessionStorage.setItem('granary_native_app', '1');
    const { router } = renderApp('/dashboard', 'anonymous');
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith(
        JSON.stringify({ type: 'SESSION_EXPIRED', payload: { path: '/dashboard' } }),
      ),
    );
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('logged-out-only pages', () => {
  it('show the page to a visitor', async () => {
    renderApp('/sign-in/password', 'anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('send a logged-in user to the redirect target', async () => {
    const { router } = renderApp(`/sign-in/password?redirect=${encodeURIComponent('/crm/bids')}`, 'buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/bids'));
  });

  it('refuse a foreign redirect target and use the dashboard', async () => {
    const { router } = renderApp(`/sign-in/password?redirect=${encodeURIComponent('https://evil.test/x')}`, 'buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('experience-gated pages', () => {
  it('deny CRM to a user without grain buying, with a Logout button that signs out', async () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    const { fetchMock } = renderApp('/crm/dashboard', 'farmer');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You do not have permissions for this action')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sign-in/password'));
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect(logoutCall?.[1]).toMatchObject({ method: 'POST' });
  });

  it('show my sales lite to a farmer with agronomics and the allowing flag', async () => {
    renderApp('/my-sales-lite/balances', 'farmer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balances' })).toBeTruthy();
    expect(screen.getByTestId('my-sales-lite-header')).toBeTruthy();
  });

  it('deny my sales lite when the allowing flag is off', async () => {
    renderApp('/my-sales-lite', 'farmer-without-flag');
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
  });

  it('deny my sales lite to a buyer without agronomics', async () => {
    renderApp('/my-sales-lite/bids/elevator-1', 'buyer');
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
  });
});
