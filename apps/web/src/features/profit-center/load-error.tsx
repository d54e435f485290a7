import { Alert, Button } from '@mui/material';
import { isApiError } from '../../lib/api/api-error';
import { T } from '../../lib/i18n/t';

/** A failed load: the access-denied message for a missing flag (platform.md 8.1), else the server's with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.code === 'enterprise_access_required')
    return (
      <Alert severity="warning" role="alert">
        <T id="pc.accessDenied" />
      </Alert>
    );
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
