import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import {
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { BrandMark } from '../../../lib/brand/brand-mark';
import type { NavItem } from './nav-items';

/** The look of a header's desktop entry (a link, or the Admin menu's button); `.active` marks the current page. */
function inlineEntrySx(tone: 'default' | 'inverse') {
  return {
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
  } as const;
}

/**
 * Horizontal navigation of a header (desktop): the daily pages as links, the administration pages (`group: 'admin'`)
 * in one Admin menu after them, shown only when the user may open one of them.
 */
export function InlineNav({ items, tone }: { items: readonly NavItem[]; tone: 'default' | 'inverse' }) {
  const localized = useLocalizedPath();
  const t = useT();
  const daily = items.filter((item) => item.group !== 'admin');
  const admin = items.filter((item) => item.group === 'admin');
  return (
    <Box
      component="nav"
      aria-label={t('header.mainNavigation')}
      sx={{ display: 'flex', gap: 0.25, alignItems: 'stretch', height: '100%' }}
    >
      {daily.map((item) => (
        <Button
          key={item.id}
          component={NavLink}
          to={localized(item.path)}
          end={item.end ?? false}
          color="inherit"
          sx={inlineEntrySx(tone)}
        >
          <T id={item.label} />
        </Button>
      ))}
      {admin.length > 0 ? <AdminMenu items={admin} tone={tone} /> : null}
    </Box>
  );
}

/** The Admin menu of the desktop navigation: a button (active on any of its pages) opening the pages as a menu. */
function AdminMenu({ items, tone }: { items: readonly NavItem[]; tone: 'default' | 'inverse' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  const menuId = useId();
  const isCurrent = (item: NavItem) =>
    matchPath({ path: localized(item.path), end: item.end ?? false }, pathname) !== null;
  const current = items.some(isCurrent);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        className={current ? 'active' : undefined}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<ExpandMoreRoundedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ...inlineEntrySx(tone), '& .MuiButton-endIcon': { ml: 0.25 } }}
      >
        <T id="nav.crm.admin" />
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { mt: 0.5, minWidth: 200 } } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.id}
            component={NavLink}
            to={localized(item.path)}
            end={item.end ?? false}
            selected={isCurrent(item)}
            onClick={close}
            sx={{ '&.active': { color: 'primary.main', fontWeight: 600 } }}
          >
            <T id={item.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
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
