import { Box } from '@mui/material';
import { useT } from '../../lib/i18n/t';

/**
 * "Skip to main content": the first thing a keyboard user tabs to, hidden until focused; it moves focus past the
 * header to the page's main region (#main).
 */
export function SkipLink() {
  const t = useT();
  return (
    <Box
      component="a"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main');
        main?.focus();
        main?.scrollIntoView?.({ block: 'start' });
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': {
          transform: 'none',
          outline: '2px solid',
          outlineColor: 'primary.main',
        },
      }}
    >
      {t('shell.skipToMain')}
    </Box>
  );
}
