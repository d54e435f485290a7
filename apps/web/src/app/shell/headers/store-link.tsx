import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Button } from '@mui/material';
import { NavLink } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';

/** The headers' way into the farm-input store (/direct): 'Store' with its icon, the icon alone on a phone. */
export function StoreLink() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <Button
      component={NavLink}
      to={localized('/direct')}
      color="inherit"
      aria-label={t('shell.nav.store')}
      startIcon={<StorefrontOutlinedIcon />}
      sx={{
        flexShrink: 0,
        minWidth: 0,
        px: { xs: 1, sm: 1.5 },
        fontWeight: 500,
        color: 'text.secondary',
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        '&.active': { color: 'primary.main', fontWeight: 600 },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        <T id="shell.nav.store" />
      </Box>
    </Button>
  );
}
