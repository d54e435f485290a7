import AgricultureRoundedIcon from '@mui/icons-material/AgricultureRounded';
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from './partner-context';
import { useT } from '../i18n/t';
import { useLocalizedPath } from '../routing/route-handle';

/** The partner's logo (or its display name beside a neutral mark) linking home. */
export function BrandMark({ to = '/', tone = 'default' }: { to?: string; tone?: 'default' | 'inverse' }) {
  const partner = usePartner();
  const t = useT();
  const localized = useLocalizedPath();
  const name = partner.displayName || partner.branding.shortName;
  return (
    <Box
      component={RouterLink}
      to={localized(to)}
      aria-label={name || t('header.home')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'inherit',
        textDecoration: 'none',
        // The name gives way (ellipsis) before the header's buttons do: a phone never scrolls sideways.
        minWidth: 0,
        flexShrink: 1,
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
      }}
    >
      {partner.logo ? (
        <Box component="img" src={partner.logo} alt="" sx={{ height: 34, width: 'auto', display: 'block' }} />
      ) : (
        <Box
          sx={{
            width: 36,
            height: 36,
            borderRadius: '10px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: tone === 'inverse' ? 'rgba(255,255,255,0.16)' : 'primary.main',
            color: tone === 'inverse' ? 'inherit' : 'primary.contrastText',
            flexShrink: 0,
          }}
        >
          <AgricultureRoundedIcon fontSize="small" />
        </Box>
      )}
      {name ? (
        <Typography
          component="span"
          noWrap
          sx={{
            fontWeight: 700,
            fontSize: '1.1rem',
            letterSpacing: '-0.01em',
            display: { xs: partner.logo ? 'none' : 'block', sm: 'block' },
          }}
        >
          {name}
        </Typography>
      ) : null}
    </Box>
  );
}
