import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { Box, Button, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { BrandMark } from '../../../lib/brand/brand-mark';
import type { NavItem } from './nav-items';

/** Horizontal navigation of a header (desktop). */
export function InlineNav({ items, tone }: { items: readonly NavItem[]; tone: 'default' | 'inverse' }) {
  const localized = useLocalizedPath();
  const t = useT();
  return (
    <Box
      component="nav"
      aria-label={t('header.mainNavigation')}
      sx={{ display: 'flex', gap: 0.25, alignItems: 'stretch', height: '100%' }}
    >
      {items.map((item) => (
        <Button
          key={item.id}
          component={NavLink}
          to={localized(item.path)}
          end={item.end ?? false}
          color="inherit"
          sx={{
            px: 1.5,
            minWidth: 0,
            whiteSpace: 'nowrap',
            fontWeight: 500,
            borderRadius: 2,
            opacity: tone === 'inverse' ? 0.85 : 1,
            color: tone === 'inverse' ? 'inherit' : 'text.secondary',
            '&:hover': { opacity: 1, bgcolor: tone === 'inverse' ? 'rgba(255,255,255,0.1)' : 'action.hover' },
            '&.active': {
              opacity: 1,
              fontWeight: 600,
              color: tone === 'inverse' ? 'inherit' : 'primary.main',
              bgcolor: tone === 'inverse' ? 'rgba(255,255,255,0.16)' : 'action.selected',
            },
          }}
        >
          <T id={item.label} />
        </Button>
      ))}
    </Box>
  );
}

/** The navigation drawer of small screens; `footer` holds extra entries (e.g. Logout). */
export function NavDrawer({
  items,
  extraLinks,
  footer,
  edge = 'start',
}: {
  items: readonly NavItem[];
  extraLinks?: ReactNode;
  footer?: ReactNode;
  edge?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const localized = useLocalizedPath();
  const t = useT();
  return (
    <>
      <IconButton color="inherit" edge={edge} aria-label={t('header.openMenu')} onClick={() => setOpen(true)}>
        <MenuRoundedIcon />
      </IconButton>
      <Drawer anchor="left" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: 288 } } }}>
        <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
          <BrandMark />
          <IconButton aria-label={t('header.closeMenu')} onClick={() => setOpen(false)}>
            <CloseRoundedIcon />
          </IconButton>
        </Toolbar>
        <Box component="nav" aria-label={t('header.mainNavigation')} sx={{ px: 1.5 }}>
          <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
            {items.map((item) => (
              <ListItemButton
                key={item.id}
                component={NavLink}
                to={localized(item.path)}
                end={item.end ?? false}
                onClick={() => setOpen(false)}
                sx={{ '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 } }}
              >
                <ListItemText primary={<T id={item.label} />} />
              </ListItemButton>
            ))}
            {extraLinks}
          </List>
        </Box>
        {footer ? <Box sx={{ mt: 'auto', p: 2 }}>{footer}</Box> : null}
      </Drawer>
    </>
  );
}
