import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FakeEventSource } from './fake-event-source';
import { useLiveEvents, type UseLiveEventsOptions } from './use-live-events';

const live = () => FakeEventSource.live();

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('useLiveEvents', () => {
  it('connects to the topics, reports the state, hands over their events and closes on unmount', async () => {
    const onEvent = vi.fn();
    const onOpen = vi.fn();
    const { result, unmount } = renderHook(() =>
      useLiveEvents({ topics: ['quotes', 'bids:market:3'], onEvent, onOpen }),
    );
    expect(result.current).toBe('connecting');
    await flush();
    expect(live().map((s) => s.url)).toEqual(['/api/events?topics=bids%3Amarket%3A3%2Cquotes']);
    expect(live()[0]!.init).toEqual({ withCredentials: true });
    act(() => live()[0]!.open());
    expect(result.current).toBe('open');
    expect(onOpen).toHaveBeenCalledTimes(1);
    act(() => live()[0]!.emit({ topic: 'quotes', payload: { n: 1 } }));
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ topic: 'quotes', payload: { n: 1 } }));
    const source = live()[0]!;
    unmount();
    await flush();
    expect(source.closed).toBe(true);
  });

  it('shares one connection among hooks, each hearing only its own topics', async () => {
    const a = vi.fn();
    const b = vi.fn();
    const first = renderHook(() => useLiveEvents({ topics: ['quotes'], onEvent: a }));
    const second = renderHook(() => useLiveEvents({ topics: ['offers:client:7'], onEvent: b }));
    await flush();
    expect(live().map((s) => s.url)).toEqual(['/api/events?topics=offers%3Aclient%3A7%2Cquotes']);
    act(() => live()[0]!.open());
    act(() => live()[0]!.emit({ topic: 'offers:client:7' }));
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    // One hook goes: the connection is opened again with the topics left.
    second.unmount();
    await flush();
    expect(live().map((s) => s.url)).toEqual(['/api/events?topics=quotes']);
    expect(first.result.current).toBe('connecting');
    first.unmount();
    await flush();
    expect(live()).toEqual([]);
  });

  it('shows reconnecting while the browser retries, and reopens itself with back-off when the browser gives up', async () => {
    const onOpen = vi.fn();
    const { result, unmount } = renderHook(() => useLiveEvents({ topics: ['quotes'], onEvent: () => {}, onOpen }));
    await flush();
    act(() => live()[0]!.open());
    act(() => live()[0]!.fail(false));
    expect(result.current).toBe('reconnecting');
    expect(live()).toHaveLength(1); // the browser's own retry
    act(() => live()[0]!.open());
    expect(result.current).toBe('open');
    expect(onOpen).toHaveBeenCalledTimes(2);

    act(() => live()[0]!.fail(true)); // e.g. a 503
    expect(live()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(live()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(live()).toHaveLength(1);
    act(() => live()[0]!.fail(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(live()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(live()).toHaveLength(1);
    act(() => live()[0]!.open());
    expect(result.current).toBe('open');
    unmount();
    await flush();
    expect(live()).toHaveLength(0);
  });

  it('uses a stream URL of its own (the public page) and nothing when disabled or without topics', async () => {
    const onEvent = vi.fn();
    const { rerender, unmount } = renderHook((props: UseLiveEventsOptions) => useLiveEvents(props), {
      initialProps: { topics: [], onEvent, enabled: false } as UseLiveEventsOptions,
    });
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    rerender({ topics: [], onEvent });
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    rerender({ topics: [], onEvent, url: '/api/public/events?market=ames' });
    await flush();
    expect(live().map((s) => s.url)).toEqual(['/api/public/events?market=ames']);
    act(() => live()[0]!.emit({ topic: 'bids:market:1' }));
    expect(onEvent).toHaveBeenCalledTimes(1);
    unmount();
    await flush();
    expect(live()).toHaveLength(0);
  });
});
