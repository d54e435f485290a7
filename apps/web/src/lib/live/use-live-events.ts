import { useEffect, useRef, useState } from 'react';
import { LIVE_EVENTS_PATH, type LiveEvent } from '@granary/domain';

// Live events in the browser (docs/api/live-events.md): one EventSource per stream URL per page, shared by every
// hook that listens to it. The signed-in stream (/api/events) carries the union of the hooks' topics: when a hook
// adds or drops topics, the one connection is opened again with the new set. Each hook hears only its own topics.
// The browser's EventSource reconnects by itself after a network error (the server's `retry:` hint); when it gives
// up (an error status: 401, 503 …) we open it again ourselves, backing off from 1 s to 30 s.

export type LiveConnectionState = 'connecting' | 'open' | 'reconnecting';

export type UseLiveEventsOptions = {
  /** Topics to follow ('quotes', 'bids:market:12' …); none: no connection. */
  topics: readonly string[];
  /** Each event of one of the topics. */
  onEvent: (event: LiveEvent) => void;
  /** On every (re)connection: read again what may have changed while away (events are not replayed). */
  onOpen?: () => void;
  /**
   * A stream URL of its own, whose topics the server fixes (the public page's
   * `/api/public/events?market=<slug>`); default the signed-in stream with `topics`.
   */
  url?: string;
  /** false: no connection (default true). */
  enabled?: boolean;
};

type Subscriber = {
  topics: ReadonlySet<string>;
  onEvent: (event: LiveEvent) => void;
  onOpen: () => void;
  onState: (state: LiveConnectionState) => void;
};

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

class LiveStream {
  private readonly subscribers = new Set<Subscriber>();
  private source: EventSource | null = null;
  private openedUrl: string | null = null;
  private state: LiveConnectionState = 'connecting';
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private delay = RECONNECT_MIN_MS;

  constructor(
    private readonly base: string,
    /** Whether the URL carries the subscribers' topics (the signed-in stream). */
    private readonly withTopics: boolean,
    private readonly onEmpty: () => void,
  ) {}

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
    subscriber.onState(this.state);
    this.scheduleSync();
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    this.scheduleSync();
  }

  /** Hooks mounting in the same render share one (re)connection. */
  private scheduleSync(): void {
    if (this.syncTimer !== null) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, 0);
  }

  private url(): string | null {
    if (this.subscribers.size === 0) return null;
    if (!this.withTopics) return this.base;
    const topics = [...new Set([...this.subscribers].flatMap((s) => [...s.topics]))].sort();
    if (topics.length === 0) return null;
    return `${this.base}${this.base.includes('?') ? '&' : '?'}topics=${encodeURIComponent(topics.join(','))}`;
  }

  private sync(): void {
    const url = this.url();
    if (url === null) {
      this.close();
      if (this.subscribers.size === 0) this.onEmpty();
      return;
    }
    if (url === this.openedUrl && (this.source !== null || this.retryTimer !== null)) return;
    this.close();
    this.delay = RECONNECT_MIN_MS;
    this.setState('connecting');
    this.open(url);
  }

  private open(url: string): void {
    this.openedUrl = url;
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.delay = RECONNECT_MIN_MS;
      this.setState('open');
      for (const s of [...this.subscribers]) s.onOpen();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      for (const s of [...this.subscribers]) if (!this.withTopics || s.topics.has(event.topic)) s.onEvent(event);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.setState('reconnecting');
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; we try again later.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        const wait = this.delay;
        this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          const next = this.url();
          if (next !== null) this.open(next);
        }, wait);
      }
    };
  }

  private close(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.openedUrl = null;
  }

  private setState(state: LiveConnectionState): void {
    this.state = state;
    for (const s of [...this.subscribers]) s.onState(state);
  }
}

const streams = new Map<string, LiveStream>();

function streamFor(url: string | undefined): LiveStream {
  const key = url ?? LIVE_EVENTS_PATH;
  let stream = streams.get(key);
  if (!stream) {
    const created: LiveStream = new LiveStream(key, url === undefined, () => {
      if (streams.get(key) === created) streams.delete(key);
    });
    stream = created;
    streams.set(key, stream);
  }
  return stream;
}

/**
 * Follows live events: `onEvent` gets each event of `topics` (the latest callback, no need to memoize), `onOpen`
 * each (re)connection. Returns the connection state. Closes on unmount (the shared connection when it was the
 * last listener).
 */
export function useLiveEvents(options: UseLiveEventsOptions): LiveConnectionState {
  const { topics, url, enabled = true } = options;
  const [state, setState] = useState<LiveConnectionState>('connecting');
  const callbacks = useRef(options);
  callbacks.current = options;
  const topicKey = [...new Set(topics)].sort().join(',');

  useEffect(() => {
    if (!enabled || (url === undefined && topicKey === '')) return undefined;
    const subscriber: Subscriber = {
      topics: new Set(topicKey.split(',').filter(Boolean)),
      onEvent: (event) => callbacks.current.onEvent(event),
      onOpen: () => callbacks.current.onOpen?.(),
      onState: setState,
    };
    const stream = streamFor(url);
    stream.add(subscriber);
    return () => stream.remove(subscriber);
  }, [topicKey, url, enabled]);

  return state;
}
