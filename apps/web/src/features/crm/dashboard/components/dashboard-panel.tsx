import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';

/** A dashboard card: a titled region (its heading names it for assistive technology) with an optional action. */
export function DashboardPanel({
  id,
  title,
  subtitle,
  action,
  children,
  count,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  count?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, height: '100%', overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{
          px: { xs: 2, sm: 2.5 },
          pt: { xs: 2, sm: 2.5 },
          pb: 1.5,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id={headingId} variant="h4" component="h2">
              {title}
            </Typography>
            {count}
          </Stack>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Stack>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>{children}</Box>
    </Paper>
  );
}

/** A panel's empty state: an icon in a soft circle, a title and a line of help, centred. */
export function PanelEmpty({ icon, title, body }: { icon: ReactNode; title: ReactNode; body?: ReactNode }) {
  return (
    <Box
      sx={{
        px: 3,
        py: { xs: 4, sm: 5 },
        textAlign: 'center',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Box
        sx={{
          width: 48,
          height: 48,
          mx: 'auto',
          mb: 1.5,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {body ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 360, mx: 'auto' }}>
          {body}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A panel's error state: what could not be loaded, the server's reason when it gave one, and a retry. */
export function PanelError({ message, error, onRetry }: { message: ReactNode; error: unknown; onRetry: () => void }) {
  const t = useT();
  const reason = isApiError(error) && error.message ? error.message : null;
  return (
    <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('crm.retry')}
          </Button>
        }
      >
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {message}
        </Box>
        {reason ? (
          <Box component="span" sx={{ display: 'block' }}>
            {reason}
          </Box>
        ) : null}
      </Alert>
    </Box>
  );
}
