import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { isAccessDenied } from '../api/api-error';
import { AccessDenied } from './access-denied';

// The states a page shows instead of its data, shared by the CRM and My Sales Lite (each passes its own words).

/**
 * A failed load: the server's message (else `fallback`) and, with `onRetry`, a retry button; a missing access flag is
 * the spec's access-denied message (no retry: only the owner can change it).
 */
export function LoadErrorAlert({
  error,
  fallback,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retryLabel: ReactNode;
  onRetry?: (() => void) | undefined;
}) {
  if (isAccessDenied(error)) return <AccessDenied />;
  const message = error instanceof Error && error.message ? error.message : fallback;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

/** Nothing to show: an icon in a disc, a title, a line of help and an optional action. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  bodyMaxWidth,
}: {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  bodyMaxWidth?: number;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Box
        sx={{
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      {body ? (
        <Typography
          color="text.secondary"
          sx={{ mt: 1, ...(bodyMaxWidth ? { maxWidth: bodyMaxWidth, mx: 'auto' } : {}) }}
        >
          {body}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Paper>
  );
}

/** A section with nothing in it yet, in one quiet line ('No amendments: the contract has its original terms.'). */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
