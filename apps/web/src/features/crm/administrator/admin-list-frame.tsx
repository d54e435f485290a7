import { LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { AdminSectionGate, AdminTabs, type AdminSectionId } from './admin-tabs';

/**
 * An administrator page with a list (legal entities, offboarding): the section's gate, the CRM page frame and the
 * administrator's tabs above the page's body.
 */
export function AdminListPage({
  section,
  title,
  children,
}: {
  section: AdminSectionId;
  title: string;
  children: (context: CrmContextData) => ReactNode;
}) {
  return (
    <AdminSectionGate section={section}>
      <CrmPageFrame title={title}>
        {(context) => (
          <Stack spacing={0}>
            <AdminTabs />
            {children(context)}
          </Stack>
        )}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}

/** What the frame reads of the list's query (a TanStack query result fits). */
type ListQuery<D> = { data: D | undefined; error: unknown; refetch: () => unknown };

/**
 * The body of an administrator's list: a toolbar card (its controls in a row, stacked on phones, a line of help
 * below), an optional thin progress bar while a loaded list refreshes, then the list's error with a retry, a spinner
 * until it first loads, or the list itself.
 */
export function AdminListFrame<D>({
  toolbar,
  help,
  query,
  refreshing = false,
  spacing,
  children,
}: {
  toolbar: ReactNode;
  help: ReactNode;
  query: ListQuery<D>;
  refreshing?: boolean;
  spacing: number;
  children: (data: D) => ReactNode;
}) {
  const data = query.data;
  return (
    <Stack spacing={spacing}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          {toolbar}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {help}
        </Typography>
      </Paper>
      {refreshing && data ? <LinearProgress sx={{ height: 2 }} /> : null}
      {query.error ? (
        <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        children(data)
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}
