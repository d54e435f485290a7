import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { EmptyState, LoadErrorAlert } from '../../../lib/ui/page-states';

/** A failed load: the server's message (or the generic one) and a retry. */
export function MslError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <LoadErrorAlert error={error} fallback={t('msl.loadFailed')} retryLabel={<T id="msl.retry" />} onRetry={onRetry} />
  );
}

/** Nothing to show: an icon, a title, a line of help and an optional action. */
export function MslEmpty({
  title,
  body,
  action,
  icon,
}: {
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <EmptyState icon={icon ?? <InventoryOutlinedIcon />} title={title} body={body} action={action} bodyMaxWidth={420} />
  );
}

/** Placeholder cards while a list loads (announced as loading to screen readers). */
export function MslLoading({ count = 3, height = 148 }: { count?: number; height?: number }) {
  const t = useT();
  return (
    <Stack spacing={1.5} role="status" aria-label={t('msl.loading')} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
