import type { LiveEvent } from '@granary/domain';

/**
 * Tests only: a stand-in EventSource the test drives (open, message, error as the browser would). Install it with
 * `vi.stubGlobal('EventSource', FakeEventSource)` after clearing `FakeEventSource.all`.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  /** The sources not closed yet. */
  static live(): FakeEventSource[] {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  /** The topics the URL asks for. */
  get topics(): string[] {
    return (new URL(this.url, 'http://localhost').searchParams.get('topics') ?? '').split(',').filter(Boolean);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(event: Partial<LiveEvent> & { topic: string }) {
    this.onmessage?.({ data: JSON.stringify({ id: 'e1', at: '2026-03-02T16:00:00Z', payload: null, ...event }) });
  }
  fail(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}
