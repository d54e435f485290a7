import { Box, CircularProgress } from '@mui/material';
import { useT } from '../i18n/t';

/** The loading spinner of guards and lazy pages. */
export function PageSpinner() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, flex: 1, py: 8 }}>
      <CircularProgress aria-label={t('shell.loading')} />
    </Box>
  );
}
