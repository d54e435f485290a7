import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The small '← Back to …' link above an order's or a list's page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: 14 }}
    >
      <ArrowBackRoundedIcon fontSize="small" />
      {children}
    </Link>
  );
}
