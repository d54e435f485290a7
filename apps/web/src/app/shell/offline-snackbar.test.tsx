import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/api/request';
import { renderWithIntl } from '../../test/render-app';
import { OfflineSnackbar } from './offline-snackbar';

const OFFLINE = 'You are offline. Please check your internet connection.';

describe('OfflineSnackbar', () => {
  it('shows on the offline event and hides on the online event', async () => {
    renderWithIntl(<OfflineSnackbar />);
    expect(screen.queryByText(OFFLINE)).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(OFFLINE)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(OFFLINE);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(screen.queryByText(OFFLINE)).toBeNull());
  });

  it('shows when the request wrapper cannot reach the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithIntl(<OfflineSnackbar />);
    await act(async () => {
      await expect(request('/api/anything')).rejects.toMatchObject({ status: 0, code: 'disconnected' });
    });
    expect(screen.getByText(OFFLINE)).toBeTruthy();
  });
});
