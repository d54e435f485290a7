import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitApiEvent } from '../../lib/api/api-state';
import type { Bootstrap } from '../../lib/api/bootstrap';
import { queryKeys } from '../../lib/api/query-keys';
import { showToast } from '../../lib/toast/toast-store';
import { renderApp } from '../../test/render-app';

describe('session expiry', () => {
  it('shows the toast and lands on sign-in with the page as redirect, without bouncing back', { timeout: 30_000 }, async () => {
    const { router, queryClient } = renderApp('/crm/structures', 'buyer');
    expect(await screen.findByText('Structures — this page is coming soon')).toBeTruthy();
    window.history.replaceState(null, '', '/crm/structures');
    showToast({ messageId: 'error.sessionExpired' }, { severity: 'error' });
    emitApiEvent({ type: 'session-expired', status: 401 });
    // The sign-in page is a lazy route: the navigation completes only once its chunk has loaded. Under a loaded
    // CI machine the first transform of the identity area took more than 15 s, so load it before the event
    // fires: what is under test is where the shell navigates, not how fast the test runner compiles a chunk.
    await import('../../features/identity/identity-page');
    const slow = { timeout: 20_000 };
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/password'), slow);
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/crm/structures')}`);
    expect(await screen.findByText('Your session expired', {}, slow)).toBeTruthy();
    expect(queryClient.getQueryData<Bootstrap>(queryKeys.bootstrap)?.user.isLoggedIn).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in/password');
    window.history.replaceState(null, '', '/');
  });
});
