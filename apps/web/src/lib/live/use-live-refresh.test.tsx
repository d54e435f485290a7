import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FakeEventSource } from './fake-event-source';
import { useLiveRefresh } from './use-live-refresh';

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('useLiveRefresh', () => {
  it('refreshes at once for an urgent event, at most every everyMs for the others, and after a reconnection', async () => {
    const refresh = vi.fn();
    const { result, unmount } = renderHook(() =>
      useLiveRefresh({
        topics: ['quotes', 'offers:client:7'],
        refresh,
        urgent: (e) => e.topic !== 'quotes',
        everyMs: 1500,
      }),
    );
    await advance(0);
    const source = FakeEventSource.live()[0]!;
    act(() => source.open());
    expect(result.current).toBe('open');
    expect(refresh).not.toHaveBeenCalled(); // the first open: the page has just read its data

    act(() => {
      source.emit({ topic: 'quotes' });
      source.emit({ topic: 'quotes' });
      source.emit({ topic: 'quotes' });
    });
    expect(refresh).not.toHaveBeenCalled();
    await advance(1500);
    expect(refresh).toHaveBeenCalledTimes(1);

    act(() => source.emit({ topic: 'offers:client:7' }));
    expect(refresh).toHaveBeenCalledTimes(2);

    act(() => source.fail(false));
    expect(result.current).toBe('reconnecting');
    act(() => source.open());
    expect(refresh).toHaveBeenCalledTimes(3);

    act(() => source.emit({ topic: 'quotes' }));
    unmount();
    await advance(2000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
