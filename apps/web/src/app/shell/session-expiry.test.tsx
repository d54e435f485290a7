import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitApiEvent } from '../../lib/api/api-state';
import type { Bootstrap } from '../../lib/api/bootstrap';
import { queryKeys } from '../../lib/api/query-keys';
import { showToast } from '../../lib/toast/toast-store';
import { renderApp } from '../../test/render-app';

describe('session expiry', () => {
  it('shows the toast and lands on sign-in with the page as redirect, without bouncing back', { timeout: 30_000 }, async () => {
    const { router, queryClient } = renderApp('/crm/bids', 'buyer');
    expect(await screen.findByText('Bids — this page is coming soon')).toBeTruthy();
    window.history.replaceState(null, '', '/crm/bids');
    showToast({ messageId: 'error.sessionExpired' }, { severity: 'error' });
    emitApiEvent({ type: 'session-expired', status: 401 });
    // The sign-in page is a lazy route: the navigation completes once its chunk has loaded, which takes
    // longer than waitFor's default second on a loaded CI machine.
    const slow = { timeout: 15_000 };
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/password'), slow);
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/crm/bids')}`);
    expect(await screen.findByText('Your session expired', {}, slow)).toBeTruthy();
    expect(queryClient.getQueryData<Bootstrap>(queryKeys.bootstrap)?.user.isLoggedIn).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in/password');
    window.history.replaceState(null, '', '/');
  });
});
