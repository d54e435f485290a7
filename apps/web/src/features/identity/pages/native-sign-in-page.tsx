import { useState } from 'react';
import { markNativeApp } from '../../../lib/native/bridge';
import { PasswordSignIn } from './password-sign-in';

/**
 * /sign-in/native: the sign-in page as the native shells open it. The tab is marked as running in the shell first,
 * so every call says `login_source: 'ops'`, a magic link opens in the app and a completed sign-in posts
 * SIGN_IN_COMPLETED through the bridge; all ways of signing in (password, magic link, SMS, providers) end on
 * /native-landing instead of inside the web app.
 */
export function NativeSignInPage() {
  useState(() => {
    markNativeApp();
    return true;
  });
  return <PasswordSignIn native />;
}
