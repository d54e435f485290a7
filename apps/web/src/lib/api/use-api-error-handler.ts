import { ERROR_REDIRECT_DELAY_MS, historyUrl } from '@granary/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../toast/toast-store';
import type { ApiErrorJson } from './request';

/** Where an error response asks the page to go, if anywhere (`redirect` in the body or in its details). */
export function errorRedirect(json: ApiErrorJson): string | null {
  const body = json as ApiErrorJson & { redirect?: unknown };
  const details = json.details as { redirect?: unknown } | undefined;
  const target =
    typeof body.redirect === 'string' ? body.redirect : typeof details?.redirect === 'string' ? details.redirect : null;
  return target ? historyUrl(target) : null;
}

/**
 * Generic API error handling (grain-marketing.md 8 'General'): show the error toast, then after
 * ERROR_REDIRECT_DELAY_MS (3 s) go to the redirect the response gives, otherwise back in history.
 */
export function useApiErrorHandler(): (json: ApiErrorJson) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (json: ApiErrorJson) => {
      showToast({ text: json.message }, { severity: 'error' });
      const target = errorRedirect(json);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (target) navigate(target);
        else navigate(-1);
      }, ERROR_REDIRECT_DELAY_MS);
    },
    [navigate],
  );
}
