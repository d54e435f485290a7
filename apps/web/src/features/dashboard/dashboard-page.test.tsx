import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

// /dashboard (issue 13, 'No dead ends'): each experience goes on to its home; a new signup is welcomed with what
// they can do now, never "coming soon" or "You do not have permissions for this action".

describe('/dashboard', () => {
  it('welcomes a new signup by name with the partner brand and a button to each thing they can do', async () => {
    renderApp('/dashboard', 'newcomer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Prairie, Nia' })).toBeTruthy();
    expect(screen.queryByText(/coming soon/)).toBeNull();
    expect(screen.queryByText('You do not have permissions for this action')).toBeNull();
    const actions = screen.getByRole('list', { name: 'What you can do now' });
    const link = (name: string) => within(actions).getByRole('link', { name }).getAttribute('href');
    expect(link('Open the store')).toBe('/direct');
    expect(link('See local bids')).toBe('/market');
    expect(link('Go to my profile')).toBe('/user');
    expect(link('Contact support')).toBe('/support');
  });

  it('keeps the locale prefix on the welcome page buttons', async () => {
    renderApp('/en-ca/dashboard', 'newcomer');
    const store = await screen.findByRole('link', { name: 'Open the store' });
    expect(store.getAttribute('href')).toBe('/en-ca/direct');
  });

  it('sends a buyer to the CRM dashboard (a farmer stays: their home is here, farmer-home-page.test)', async () => {
    const { router } = renderApp('/dashboard', 'buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/dashboard'));
  });

  it('keeps the locale prefix when it sends a user home', async () => {
    const { router } = renderApp('/en-au/dashboard', 'buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-au/crm/dashboard'));
  });
});

describe('the permission-denied screen', () => {
  it("keeps the spec's message and Logout, and offers the way home by the same rule", async () => {
    renderApp('/crm/bids', 'farmer');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You do not have permissions for this action')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to my home page' }).getAttribute('href')).toBe('/dashboard');
  });

  it('sends a user without any experience to the welcome page', async () => {
    renderApp('/my-sales-lite', 'newcomer');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Go to my home page' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('the account menu', () => {
  it.each([
    ['newcomer', '/dashboard', ''],
    ['farmer', '/en-ca/my-sales-lite', '/en-ca'],
  ] as const)('opens my profile and the support page for a %s, with the locale kept', async (user, path, prefix) => {
    renderApp(path, user);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    // The profile is where a passwordless user sets a first password: reachable from every page, not by URL only.
    expect(within(menu).getByRole('menuitem', { name: 'My profile' }).getAttribute('href')).toBe(`${prefix}/user`);
    expect(within(menu).getByRole('menuitem', { name: 'Help and contacts' }).getAttribute('href')).toBe(
      `${prefix}/support`,
    );
  });
});
