import { Alert, Button } from '@mui/material';
import { isAccessDenied } from '../../lib/api/api-error';
import { T } from '../../lib/i18n/t';
import { AccessDenied } from '../../lib/ui/access-denied';

/**
 * A failed load: the one access-denied rendering for a missing flag (platform.md 8.1; a panel in place of the page's
 * content, a line inside a tab), else the server's message with a retry.
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
  if (isAccessDenied(error)) return <AccessDenied variant={variant} />;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <T id="pc.retry" />
        </Button>
      }
    >
      <T id="pc.loadFailed" values={{ message: error instanceof Error ? error.message : '' }} />
    </Alert>
  );
}
