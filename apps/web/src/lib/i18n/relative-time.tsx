import { Box, type SxProps, type Theme } from '@mui/material';
import { useDates, useNow } from './use-dates';

/**
 * Recent activity as a person says it ('2 h ago'), the exact day and time in the tooltip and in the element's
 * machine-readable dateTime. Renders nothing for no date.
 */
export function RelativeTime({ value, sx }: { value: string | Date | null | undefined; sx?: SxProps<Theme> }) {
  const dates = useDates();
  const now = useNow();
  if (value === null || value === undefined || value === '') return null;
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return null;
  return (
    <Box component="time" dateTime={instant.toISOString()} title={dates.dateTime(instant)} sx={sx}>
      {dates.relative(instant, Math.max(now, Date.now()))}
    </Box>
  );
}
