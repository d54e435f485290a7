import { describe, expect, it } from 'vitest';
import { NATIVE_MESSAGES, isNativeApp, isNativeMessage } from './native.ts';

const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe('isNativeApp', () => {
  it('is true when the user agent carries GranaryNative/', () => {
    expect(isNativeApp(`${SAFARI_IOS} GranaryNative/2.96`, '')).toBe(true);
    expect(isNativeApp('Mozilla/5.0 (Linux; Android 13; wv) GranaryNative/6.57', '?page=1')).toBe(true);
  });

  it('is true when the query has native_app=1, with or without "?"', () => {
    expect(isNativeApp(SAFARI_IOS, '?native_app=1')).toBe(true);
    expect(isNativeApp(SAFARI_IOS, 'native_app=1')).toBe(true);
    expect(isNativeApp(SAFARI_IOS, '?redirect=%2Fcrm&native_app=1')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(isNativeApp(SAFARI_IOS, '')).toBe(false);
    expect(isNativeApp(SAFARI_IOS, '?native_app=0')).toBe(false);
    expect(isNativeApp(SAFARI_IOS, '?native_app=')).toBe(false);
    expect(isNativeApp(SAFARI_IOS, '?native_app=10')).toBe(false);
    expect(isNativeApp(SAFARI_IOS, '?not_native_app=1')).toBe(false);
    expect(isNativeApp('Granary/1.0', '')).toBe(false);
  });
});

describe('NATIVE_MESSAGES', () => {
  it('names the shell messages of grain-marketing.md 4 and platform.md 1', () => {
    for (const m of [
      'ACCOUNT_DELETED',
      'ACT_AS',
      'DROP_ACT_AS',
      'SESSION_EXPIRED',
      'SIGN_IN_COMPLETED',
      'SIGN_UP_COMPLETED',
      'SIGN_OUT',
      'PHOTO_UPLOAD',
      'SIGN_CONTRACT',
      'CONTRACT_SIGNING_WINDOW_CLOSED',
      'NOTIFICATIONS',
      'GEOLOCATION',
      'PERMISSION_REQUEST',
      'PERMISSION_RESPONSE',
      'LOAD_FAILED',
      'UNRECOVERABLE_NETWORK_ERROR',
      'SET_UI_STATE',
      'GO_BACK',
      'NAVIGATE',
      'TRIGGER_PAINT',
    ]) {
      expect(NATIVE_MESSAGES).toContain(m);
    }
    expect(new Set(NATIVE_MESSAGES).size).toBe(NATIVE_MESSAGES.length);
  });

  it('isNativeMessage guards incoming names', () => {
    expect(isNativeMessage('GO_BACK')).toBe(true);
    expect(isNativeMessage('go_back')).toBe(false);
    expect(isNativeMessage(42)).toBe(false);
  });
});
