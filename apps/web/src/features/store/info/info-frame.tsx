import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../../../lib/i18n/t';

/** The page's title and its one-paragraph introduction. */
export function InfoHeading({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800, lineHeight: 1.2 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760, fontSize: { md: 17 } }}>
          {intro}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The store's 'not available in your region' state (as the catalogue's pages show it), for pages with no call. */
export function RegionUnavailable() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        <T id="store.unavailable.title" />
      </Typography>
      <Typography color="text.secondary">
        <T id="store.unavailable.message" />
      </Typography>
    </Box>
  );
}

/** A headline figure: its label, the value large, and a line under it. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: 22, md: 26 }, fontWeight: 800, mt: 0.5, lineHeight: 1.2, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
      {note ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}
