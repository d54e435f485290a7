import { Box, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A labelled figure: a small caption over its value. */
export function Figure({
  label,
  value,
  emphasis = false,
  align = 'left',
}: {
  label: ReactNode;
  value: ReactNode;
  emphasis?: boolean;
  align?: 'left' | 'right';
}) {
  return (
    <Box sx={{ minWidth: 0, textAlign: align }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{
          fontWeight: emphasis ? 700 : 600,
          fontSize: emphasis ? '1.125rem' : '0.95rem',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A thin progress bar with an accessible name ('62% delivered'). */
export function ShareBar({
  percent,
  label,
  color = 'primary',
}: {
  percent: number;
  label: string;
  color?: 'primary' | 'secondary' | 'success' | 'warning';
}) {
  return (
    <LinearProgress
      variant="determinate"
      value={percent}
      color={color}
      aria-label={label}
      sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover' }}
    />
  );
}
