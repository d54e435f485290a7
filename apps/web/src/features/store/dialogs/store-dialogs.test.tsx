import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKETING_SUBSCRIBE_DIALOG_ID, STORE_MARKETING_SUBSCRIBE_FLAG } from '@granary/domain';
import type { Bootstrap } from '../../../lib/api/bootstrap';
import { queryKeys } from '../../../lib/api/query-keys';
import { stubFetch, type StubCall } from '../../../test/fetch-stub';
import { fakeBootstrap, type FakeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.restoreAllMocks());

// The store dialogs of platform.md 2.9 in the app: marketing first, then the terms; none to guests.

type Setup = { mustAcceptTos: boolean; flag: boolean; seen?: boolean; user?: FakeUser; path?: string; fail?: boolean };

function open(setup: Setup) {
  const base = fakeBootstrap(setup.user ?? 'farmer');
  const bootstrap: Bootstrap = {
    ...base,
    experiments: setup.flag ? { [STORE_MARKETING_SUBSCRIBE_FLAG]: 'on' } : {},
    user: {
      ...base.user,
      must_accept_tos: setup.mustAcceptTos,
      dialogs_seen: setup.seen ? [MARKETING_SUBSCRIBE_DIALOG_ID] : [],
    },
  };
  const view = renderApp(setup.path ?? '/direct/terms-of-sale', 'pending');
  const calls: StubCall[] = stubFetch((call) => {
    if (call.method !== 'POST') return undefined;
    if (setup.fail) return { status: 500, body: { code: 'internal_error', message: 'x' } };
    if (call.url.pathname === '/api/store/terms/accept')
      return {
        status: 200,
        body: { must_accept_tos: false, tos_accepted: true, tos_accepted_at: '2026-01-01T00:00:00.000Z' },
      };
    if (call.url.pathname === '/api/store/marketing-dialog/seen')
      return { status: 200, body: { seen: true, subscribed: false } };
    if (call.url.pathname === '/api/store/marketing-dialog/subscribe')
      return { status: 200, body: { seen: true, subscribed: true } };
    return undefined;
  });
  view.queryClient.setQueryData(queryKeys.bootstrap, bootstrap);
  const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname);
  return { ...view, posts };
}

describe('store dialogs', () => {
  it('shows the marketing dialog first, then the terms; recording each', async () => {
    const { posts, router } = open({ mustAcceptTos: true, flag: true, path: '/direct/products' });
    const marketing = await screen.findByRole('dialog', { name: /Get deals and news from the .+ store/ });
    expect(screen.queryByRole('dialog', { name: 'Terms of service' })).toBeNull();
    await waitFor(() => expect(posts()).toContain('/api/store/marketing-dialog/seen'));

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are subscribed' })).toBeTruthy();
    expect(marketing.textContent).toContain('farmer@prairie.test');
    expect(posts()).toContain('/api/store/marketing-dialog/subscribe');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);

    const terms = await screen.findByRole('dialog', { name: 'Terms of service' });
    expect(terms.querySelector('a')?.getAttribute('href')).toBe('/direct/terms-and-conditions');
    // Escape does not dismiss it.
    fireEvent.keyDown(terms, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Terms of service' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of service' })).toBeNull());
    expect(posts()).toEqual([
      '/api/store/marketing-dialog/seen',
      '/api/store/marketing-dialog/subscribe',
      '/api/store/terms/accept',
    ]);
    expect(router.state.location.pathname).toBe('/direct/products');
  });

  it('without the flag (or once seen) only the terms dialog; Not now goes back to the dashboard', async () => {
    const { router, posts } = open({ mustAcceptTos: true, flag: true, seen: true, path: '/direct/products' });
    await screen.findByRole('dialog', { name: 'Terms of service' });
    expect(screen.queryByRole('dialog', { name: /Get deals/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(posts()).toEqual([]);
  });

  it('No thanks closes the marketing dialog; nothing else when the terms are accepted', async () => {
    const { posts } = open({ mustAcceptTos: false, flag: true, path: '/direct/products' });
    await screen.findByRole('dialog', { name: /Get deals/ });
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts().every((p) => p === '/api/store/marketing-dialog/seen')).toBe(true);
  });

  it('says so when subscribing fails, and stays open', async () => {
    open({ mustAcceptTos: false, flag: true, path: '/direct/products', fail: true });
    await screen.findByRole('dialog', { name: /Get deals/ });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Oops! Something went wrong, please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: /Get deals/ })).toBeTruthy();
  });

  it('no dialog for guests, nor on the terms page itself', async () => {
    open({ mustAcceptTos: true, flag: true, user: 'anonymous', path: '/direct/products' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('no dialog on the terms pages, so that they can be read', async () => {
    open({ mustAcceptTos: true, flag: false, path: '/direct/terms-of-sale' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
