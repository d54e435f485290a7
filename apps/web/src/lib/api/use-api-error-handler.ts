import { ERROR_REDIRECT_DELAY_MS, historyUrl } from '@granary/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../toast/toast-store';
import type { ApiError } from './api-error';

/** Where an error response asks the page to go, if anywhere (`redirect` in the body or in its details). */
export function errorRedirect(error: ApiError): string | null {
  const redirect = error.body['redirect'];
  const details = error.details as { redirect?: unknown } | undefined;
  const target =
    typeof redirect === 'string' ? redirect : typeof details?.redirect === 'string' ? details.redirect : null;
  return target ? historyUrl(target) : null;
}

/**
 * Generic API error handling (grain-marketing.md 8 'General'): show the error toast, then after
 * ERROR_REDIRECT_DELAY_MS (3 s) go to the redirect the response gives, otherwise back in history.
 */
export function useApiErrorHandler(): (error: ApiError) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (error: ApiError) => {
      showToast({ text: error.message }, { severity: 'error' });
      const target = errorRedirect(error);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (target) navigate(target);
        else navigate(-1);
      }, ERROR_REDIRECT_DELAY_MS);
    },
    [navigate],
  );
}
