import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNativeApp, listenToNativeMessages, parseNativeEnvelope, postNativeMessage } from './bridge';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('native bridge', () => {
  it('posts JSON envelopes to React Native', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    expect(postNativeMessage('SESSION_EXPIRED', { path: '/crm' })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith('{"type":"SESSION_EXPIRED","payload":{"path":"/crm"}}');
  });

  it('posts objects to the iOS message handler', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('webkit', { messageHandlers: { granary: { postMessage } } });
    expect(postNativeMessage('SIGN_OUT')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'SIGN_OUT' });
  });

  it('reports false without a shell', () => {
    expect(postNativeMessage('LOAD_FAILED')).toBe(false);
  });

  it('accepts only the messages the shell sends to the page', () => {
    expect(parseNativeEnvelope('{"type":"NAVIGATE","payload":{"url":"/crm"}}')).toEqual({
      type: 'NAVIGATE',
      payload: { url: '/crm' },
    });
    expect(parseNativeEnvelope({ type: 'GO_BACK' })).toEqual({ type: 'GO_BACK' });
    expect(parseNativeEnvelope({ type: 'SIGN_OUT' })).toBeNull();
    expect(parseNativeEnvelope('not json')).toBeNull();
    expect(parseNativeEnvelope({ type: 'WHATEVER' })).toBeNull();
  });

  it('listens on window and document', () => {
    const handler = vi.fn();
    const stop = listenToNativeMessages(handler);
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"TRIGGER_PAINT"}' }));
    document.dispatchEvent(
      new MessageEvent('message', { data: { type: 'SET_UI_STATE', payload: { hideHeader: true } } }),
    );
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"GO_BACK"}' }));
    expect(handler.mock.calls).toEqual([
      [{ type: 'TRIGGER_PAINT' }],
      [{ type: 'SET_UI_STATE', payload: { hideHeader: true } }],
    ]);
  });

  it('remembers the native app for the tab', () => {
    expect(inNativeApp()).toBe(false);
    sessionStorage.setItem('granary_native_app', '1');
    expect(inNativeApp()).toBe(true);
  });
});
