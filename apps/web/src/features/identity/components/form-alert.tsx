import { Alert, AlertTitle, Link, Typography } from '@mui/material';
import { usePartner } from '../../../lib/brand/partner-context';
import { T } from '../../../lib/i18n/t';
import type { Failure } from '../failures';

/** A failed call, shown above the form (announced to screen readers). */
export function FormAlert({
  failure,
  severity = 'error',
}: {
  failure: Failure | null;
  severity?: 'error' | 'warning' | 'info' | 'success';
}) {
  const partner = usePartner();
  if (!failure) return null;
  const { supportEmail } = partner.branding;
  const message = failure.messageId ? (
    <T id={failure.messageId} values={failure.values as Record<string, string>} />
  ) : (
    failure.text
  );
  const detail = failure.description ?? (failure.descriptionId ? <T id={failure.descriptionId} /> : null);
  return (
    <Alert severity={severity} role="alert" sx={{ mb: 2.5, alignItems: 'flex-start' }} data-testid="form-alert">
      {detail ? <AlertTitle sx={{ mb: 0.5, fontWeight: 600 }}>{message}</AlertTitle> : message}
      {detail ? <Typography variant="body2">{detail}</Typography> : null}
      {failure.support && supportEmail ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Link href={`mailto:${supportEmail}`} color="inherit">
            {supportEmail}
          </Link>
        </Typography>
      ) : null}
    </Alert>
  );
}
