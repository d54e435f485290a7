// The native mobile shell (grain-marketing.md 4 'Native-shell messages', platform.md 1).

/** The user-agent token the iOS and Android apps append to their webview's user agent. */
export const NATIVE_UA_TOKEN = 'GranaryNative/';
/** The query parameter the native apps add to the first URL they open (`native_app=1`). */
export const NATIVE_QUERY_PARAM = 'native_app';

/**
 * Inside the native app: the user agent carries 'GranaryNative/' or the query has native_app=1.
 * `search` may be given with or without its leading '?'.
 */
export function isNativeApp(userAgent: string, search: string): boolean {
  if (userAgent.includes(NATIVE_UA_TOKEN)) return true;
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query.split('&').some((pair) => {
    const [key, value = ''] = pair.split('=');
    return key === NATIVE_QUERY_PARAM && value === '1';
  });
}

export const NATIVE_MESSAGES = [
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
] as const;
export type NativeMessage = (typeof NATIVE_MESSAGES)[number];

export type NativeEnvelope = { type: NativeMessage; payload?: unknown };

export function isNativeMessage(s: unknown): s is NativeMessage {
  return typeof s === 'string' && (NATIVE_MESSAGES as readonly string[]).includes(s);
}

/** Permissions the shell can be asked for (camera, notifications). */
export const NATIVE_PERMISSIONS = ['camera', 'notifications'] as const;
export type NativePermission = (typeof NATIVE_PERMISSIONS)[number];

/** Navigation history positions the shell reports. */
export const NATIVE_HISTORY_POSITIONS = ['back', 'current', 'forward'] as const;
export type NativeHistoryPosition = (typeof NATIVE_HISTORY_POSITIONS)[number];
