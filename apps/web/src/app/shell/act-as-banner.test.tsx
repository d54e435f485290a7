import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bootstrap } from '../../lib/api/bootstrap';
import { queryKeys } from '../../lib/api/query-keys';
import { pageLocation } from '../../lib/browser/page-location';
import { stubFetch } from '../../test/fetch-stub';
import { fakeBootstrap } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The act-as banner (issue 16): on every page while an admin acts as a user, whatever the header; Stop drops acting
// and goes back to the admin's page of that user; the scope switch narrows or widens what the admin may do.
const FRAN = { id: 'u1', email: 'farmer@prairie.test', firstName: 'Fran', lastName: 'Farmer' };
const ALEX = { id: 'a1', email: 'admin@prairie.test', firstName: 'Alex', lastName: 'Admin' };

function acting(scope: 'read_only' | 'full'): Bootstrap {
  const boot = fakeBootstrap('farmer');
  return { ...boot, user: { ...boot.user, actingAs: FRAN, actor: ALEX, actAsScope: scope } };
}

afterEach(() => vi.restoreAllMocks());

describe('the act-as banner', () => {
  it.each(['/my-sales-lite', '/market', '/dashboard'])('shows on %s while acting, above the header', async (path) => {
    const { queryClient } = renderApp(path, 'farmer');
    expect(screen.queryByRole('region', { name: 'Acting as another user' })).toBeNull();
    act(() => queryClient.setQueryData(queryKeys.bootstrap, acting('read_only')));
    const banner = await screen.findByRole('region', { name: 'Acting as another user' });
    expect(banner.textContent).toContain('Acting as Fran Farmer — read-only');
    expect(banner.textContent).toContain('You are Alex Admin');
  });

  it('Stop drops acting and returns to the admin page of the user', async () => {
    const { queryClient } = renderApp('/my-sales-lite', 'farmer');
    act(() => queryClient.setQueryData(queryKeys.bootstrap, acting('read_only')));
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/auth/act-as' ? { status: 200, body: { actingAs: null } } : undefined,
    );
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    const banner = await screen.findByRole('region', { name: 'Acting as another user' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/users/u1'));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('DELETE /api/auth/act-as');
  });

  it('switches a read-only act-as to full access', async () => {
    const { queryClient } = renderApp('/market', 'farmer');
    act(() => queryClient.setQueryData(queryKeys.bootstrap, acting('read_only')));
    const { failed: _failed, ...widened } = acting('full');
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/auth/act-as/scope')
        return { status: 200, body: { actingAs: FRAN, scope: 'full' } };
      if (call.url.pathname === '/api/bootstrap') return { status: 200, body: widened };
      return undefined;
    });
    const banner = await screen.findByRole('region', { name: 'Acting as another user' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Allow changes' }));
    await waitFor(() => expect(banner.textContent).toContain('Acting as Fran Farmer — full access'));
    expect(calls.find((c) => c.url.pathname === '/api/auth/act-as/scope')?.body).toEqual({ scope: 'full' });
    within(banner).getByRole('button', { name: 'Make read-only' });
  });
});
