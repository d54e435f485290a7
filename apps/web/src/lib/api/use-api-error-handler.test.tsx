import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../toast/toast-store';
import { ApiError } from './api-error';
import { errorRedirect, useApiErrorHandler } from './use-api-error-handler';

afterEach(() => {
  vi.useRealTimers();
  toastStore.set([]);
});

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/crm/bids', '/crm/offers']}>{children}</MemoryRouter>;
}

describe('useApiErrorHandler', () => {
  it('toasts the message, then after 3 s follows the redirect', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => ({ handle: useApiErrorHandler(), location: useLocation() }), { wrapper });
    act(() =>
      result.current.handle(
        new ApiError(409, 'conflict', 'Edit offer failed!', { details: { redirect: 'crm/contracts' } }),
      ),
    );
    expect(toastStore.get()[0]).toMatchObject({ text: 'Edit offer failed!', severity: 'error' });
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.location.pathname).toBe('/crm/offers');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.location.pathname).toBe('/crm/contracts');
  });

  it('goes back in history without a redirect', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => ({ handle: useApiErrorHandler(), location: useLocation() }), { wrapper });
    act(() => result.current.handle(new ApiError(403, 'forbidden', 'Access denied to requested method')));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.location.pathname).toBe('/crm/bids');
  });

  it('reads the redirect from the body or its details', () => {
    expect(errorRedirect(new ApiError(400, 'invalid_request', 'x'))).toBeNull();
    expect(errorRedirect(new ApiError(400, 'invalid_request', 'x', { body: { redirect: '/a' } }))).toBe('/a');
  });
});
