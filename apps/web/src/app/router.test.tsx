import { screen, waitFor } from '@testing-library/react';
import { NOT_FOUND_MESSAGE } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../lib/i18n/messages';
import { renderApp } from '../test/render-app';
import { areaOf } from './router';

describe('router', () => {
  it('sends home to /market when logged out and /dashboard when logged in', async () => {
    const anonymous = renderApp('/', 'anonymous');
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/market'));
    anonymous.unmount();
    const buyer = renderApp('/', 'buyer');
    await waitFor(() => expect(buyer.router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps the locale on the bare locale root', async () => {
    const { router } = renderApp('/en-ca', 'anonymous');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-ca/market'));
    // The public market page, its market not found by the test's network (404 to every call).
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('redirects legacy paths with their parameters and query', async () => {
    const { router } = renderApp('/client/42?tab=notes', 'buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/client/42'));
    expect(router.state.location.search).toBe('?tab=notes');
    expect(await screen.findByTestId('crm-layout')).toBeTruthy();
  });

  it('redirects /crm to /crm/dashboard and /login to /sign-in/password', async () => {
    const crm = renderApp('/crm', 'buyer');
    await waitFor(() => expect(crm.router.state.location.pathname).toBe('/crm/dashboard'));
    crm.unmount();
    const login = renderApp('/en-au/login', 'anonymous');
    await waitFor(() => expect(login.router.state.location.pathname).toBe('/en-au/sign-in/password'));
  });

  it('serves localized routes under each locale prefix', async () => {
    // The page's frame (its heading) shows whatever the test's network answers: the route is what is tested.
    const { router } = renderApp('/en-ca-qc/crm/structures', 'buyer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Structures' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en-ca-qc/crm/structures');
    const contracts = screen.getAllByRole('link', { name: 'Contracts', hidden: true })[0];
    expect(contracts?.getAttribute('href')).toBe('/en-ca-qc/crm/contracts');
  });

  it('shows the no-match page for unknown paths', async () => {
    expect(messages['error.notFound']).toBe(NOT_FOUND_MESSAGE);
    renderApp('/no/such/page', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'The page you are looking for does not exist.' })).toBeTruthy();
  });

  it('does not serve a route without locale support under a prefix', async () => {
    renderApp('/en-us/app-shell', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'The page you are looking for does not exist.' })).toBeTruthy();
  });

  it('renders the shell on its own at /app-shell', async () => {
    renderApp('/app-shell', 'buyer');
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    expect(screen.getByTestId('crm-header')).toBeTruthy();
  });

  it('shows the public header with Sign in on public pages', async () => {
    renderApp('/market/elevator-9', 'anonymous');
    // The page asks the public API for the market (404 from the test's network): the not-found view, in the app's frame.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('public-header')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/sign-in/password?redirect=${encodeURIComponent('/market/elevator-9')}`);
  });

  it('puts CRM pages in their own chunk area', () => {
    expect(areaOf('/crm/bids')).toBe('crm');
    expect(areaOf('/market')).toBe('publicMarket');
    expect(areaOf('/sign-in/password')).toBe('identity');
  });
});
