import { removeStorage } from '../browser/storage';
import { pageLocation } from '../browser/page-location';
import { inNativeApp, postNativeMessage } from '../native/bridge';
import { clearActivity } from '../session/activity';
import { CURRENT_ENTERPRISE_KEY } from './bootstrap';
import { request, settle } from './request';

const SIGN_IN_PATH = '/sign-in/password';

/**
 * Logout (grain-marketing.md 4 'Session'): POST /api/auth/logout, clear the stored login flags, tell the native
 * shell, and go to sign-in with a full page load so that every cached query is dropped.
 */
export async function logout(): Promise<void> {
  // Signed out whatever the server answers: a failed call still clears this browser's state.
  await settle(request('/api/auth/logout', { method: 'POST', handleSessionExpiry: false }));
  clearActivity();
  removeStorage(CURRENT_ENTERPRISE_KEY, 'session');
  if (inNativeApp()) postNativeMessage('SIGN_OUT');
  pageLocation.assign(SIGN_IN_PATH);
}
