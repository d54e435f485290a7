import { safeRedirectTarget } from '@granary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Bootstrap } from '../../lib/api/bootstrap';
import { queryKeys } from '../../lib/api/query-keys';
import { pageLocation } from '../../lib/browser/page-location';
import { inNativeApp, postNativeMessage } from '../../lib/native/bridge';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { postSignInTarget } from '../../lib/session/post-sign-in';

const ONE_TIME_PASSWORD_PATH = '/onetime-password/reset';

/**
 * Where a completed sign-in goes: the response's `redirect` (made safe again here; the server already did), and for
 * a one-time password '/onetime-password/reset', carrying the page's own redirect so the user ends up there after
 * choosing a password.
 */
export function signInTarget(
  response: { redirect?: string | null; oneTimePassword?: boolean },
  pageRedirect: string | null,
  host: string,
): string {
  if (response.oneTimePassword) {
    const after = pageRedirect ? safeRedirectTarget(pageRedirect, host) : null;
    return after ? `${ONE_TIME_PASSWORD_PATH}?redirect=${encodeURIComponent(after)}` : ONE_TIME_PASSWORD_PATH;
  }
  return safeRedirectTarget(response.redirect, host);
}

/**
 * After any successful sign-in: tell the native shell, re-read the bootstrap (the session, and so the CSRF token,
 * changed) and go to the target. The logged-out guard navigates as soon as the new bootstrap says logged in; if the
 * bootstrap cannot say so, a full page load takes the user there instead.
 */
export function useFinishSignIn(): (
  response: { redirect?: string | null; oneTimePassword?: boolean },
  pageRedirect: string | null,
) => Promise<void> {
  const queryClient = useQueryClient();
  const localized = useLocalizedPath();
  return useCallback(
    async (response, pageRedirect) => {
      const target = localized(signInTarget(response, pageRedirect, window.location.host));
      postSignInTarget.set(target);
      if (inNativeApp()) postNativeMessage('SIGN_IN_COMPLETED');
      await queryClient.invalidateQueries({ queryKey: queryKeys.bootstrap });
      const data = queryClient.getQueryData<Bootstrap>(queryKeys.bootstrap);
      if (!data?.user.isLoggedIn) pageLocation.assign(target);
    },
    [localized, queryClient],
  );
}
