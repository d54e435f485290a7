import { NATIVE_MESSAGES, isNativeApp, type NativeEnvelope, type NativeMessage } from '@granary/domain';
import { readStorage, writeStorage } from '../browser/storage';

type NativeHostWindow = Window & {
  ReactNativeWebView?: { postMessage: (data: string) => void };
  webkit?: { messageHandlers?: { granary?: { postMessage: (data: unknown) => void } } };
};

const NATIVE_SESSION_KEY = 'granary_native_app';

/**
 * Whether the page runs inside the native shell. The `native_app=1` query parameter is only present on the first
 * page, so a positive answer is remembered for the tab.
 */
export function inNativeApp(): boolean {
  if (typeof window === 'undefined') return false;
  if (readStorage(NATIVE_SESSION_KEY, 'session') === '1') return true;
  const native = isNativeApp(window.navigator.userAgent, window.location.search);
  if (native) writeStorage(NATIVE_SESSION_KEY, '1', 'session');
  return native;
}

/** Remembers for the tab that the page runs inside the native shell (the shells open /sign-in/native). */
export function markNativeApp(): void {
  if (typeof window === 'undefined') return;
  writeStorage(NATIVE_SESSION_KEY, '1', 'session');
}

/** Sends a message to the native shell. Returns false when there is no shell to talk to. */
export function postNativeMessage(type: NativeMessage, payload?: unknown): boolean {
  if (typeof window === 'undefined') return false;
  const host = window as NativeHostWindow;
  const envelope: NativeEnvelope = payload === undefined ? { type } : { type, payload };
  if (host.ReactNativeWebView) {
    host.ReactNativeWebView.postMessage(JSON.stringify(envelope));
    return true;
  }
  const ios = host.webkit?.messageHandlers?.granary;
  if (ios) {
    ios.postMessage(envelope);
    return true;
  }
  return false;
}

/** The messages the shell sends to the page. */
const INCOMING_NATIVE_MESSAGES = ['NAVIGATE', 'GO_BACK', 'TRIGGER_PAINT', 'SET_UI_STATE'] as const;
type IncomingNativeMessage = (typeof INCOMING_NATIVE_MESSAGES)[number];
export type IncomingNativeEnvelope = { type: IncomingNativeMessage; payload?: unknown };

const known: readonly string[] = NATIVE_MESSAGES;
const incoming: readonly string[] = INCOMING_NATIVE_MESSAGES;

/** Parses what the shell posted (a JSON string or an object) into an envelope, or null when it is not ours. */
export function parseNativeEnvelope(data: unknown): IncomingNativeEnvelope | null {
  let value: unknown = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !known.includes(type) || !incoming.includes(type)) return null;
  const payload = (value as { payload?: unknown }).payload;
  return payload === undefined
    ? { type: type as IncomingNativeMessage }
    : { type: type as IncomingNativeMessage, payload };
}

/**
 * Listens for messages from the shell. React Native's Android webview dispatches on `document`, iOS and
 * injected JavaScript on `window`; both are covered. Returns the unsubscribe function.
 */
export function listenToNativeMessages(handler: (envelope: IncomingNativeEnvelope) => void): () => void {
  const onMessage = (event: Event) => {
    const envelope = parseNativeEnvelope((event as MessageEvent).data);
    if (envelope) handler(envelope);
  };
  window.addEventListener('message', onMessage);
  document.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('message', onMessage);
    document.removeEventListener('message', onMessage);
  };
}
