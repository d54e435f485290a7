import { isAccessDenied } from '../../lib/api/api-error';
import { T, useT } from '../../lib/i18n/t';
import { AccessDenied } from '../../lib/ui/access-denied';
import { LoadErrorAlert } from '../../lib/ui/page-states';

/**
 * The profit center's failed load: the app's one LoadErrorAlert (the server's message with a retry, the access-denied
 * line for a missing flag) with the profit center's words. Kept only for the `panel` variant: the page's access check
 * shows the access-denied panel in place of the whole page (platform.md 8.1).
 */
export function LoadError({
  error,
  onRetry,
  variant = 'inline',
}: {
  error: unknown;
  onRetry: () => void;
  variant?: 'inline' | 'panel';
}) {
  const t = useT();
  if (variant === 'panel' && isAccessDenied(error)) return <AccessDenied variant="panel" />;
  return (
    <LoadErrorAlert error={error} fallback={t('pc.loadFailed')} retryLabel={<T id="pc.retry" />} onRetry={onRetry} />
  );
}
