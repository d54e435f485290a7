import { Alert, Button } from '@mui/material';
import { isApiError } from '../../../lib/api/api-error';
import { T } from '../../../lib/i18n/t';

/** A call of the tab that failed: the server's refusal as it words it (the access flag's sentence), else a retry. */
export function MarketingLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.code === 'enterprise_access_required')
    return (
      <Alert severity="warning" role="alert">
        {error.message}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <T id="pc.marketing.retry" />
        </Button>
      }
    >
      <T id="pc.marketing.loadFailed" />
    </Alert>
  );
}
