import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../i18n/t';

/**
 * The refusal of a missing farm-business access flag (platform.md 8.1: 'Access denied: contact the primary account
 * owner, who can toggle permissions in My Team.'), the web's one rendering of the server's enterprise_access_required
 * (cart and checkout, billing and payments, profit center, team pages, the enterprise's records). `inline` is a line
 * in a card or drawer (the cart); `panel` stands in for a page's content, with an optional way on (`action`).
 */
export function AccessDenied({ variant = 'inline', action }: { variant?: 'inline' | 'panel'; action?: ReactNode }) {
  if (variant === 'inline')
    return (
      <Alert severity="warning" role="alert" icon={<LockOutlinedIcon fontSize="inherit" />}>
        <T id="error.enterpriseAccessDenied" />
      </Alert>
    );
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, mx: 'auto', textAlign: 'center', borderRadius: 2 }}
    >
      <Box
        sx={{
          mx: 'auto',
          mb: 2,
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'warning.main',
        }}
      >
        <LockOutlinedIcon />
      </Box>
      <Typography sx={{ fontWeight: 600 }}>
        <T id="error.enterpriseAccessDenied" />
      </Typography>
      {action ? <Box sx={{ mt: 2.5 }}>{action}</Box> : null}
    </Paper>
  );
}
