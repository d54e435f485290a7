import type { BootstrapUser, FarmerNavId } from '@granary/domain';
import { AppBar, Box, Toolbar } from '@mui/material';
import { useMemo } from 'react';
import { BrandMark } from '../../../lib/brand/brand-mark';
import type { MessageId } from '../../../lib/i18n/messages';
import { InlineNav, NavDrawer } from './nav-links';
import type { NavItem } from './nav-items';
import { useFarmerNav } from '../../../lib/enterprise/farmer-nav';
import { UserMenu } from './user-menu';

const LABELS: Partial<Record<FarmerNavId, MessageId>> = {
  home: 'nav.farmer.home',
  'profit-center': 'nav.farmer.profitCenter',
  'my-sales-lite': 'nav.farmer.mySales',
  store: 'shell.nav.store',
};

/**
 * The farmer's header (the spec's my-sales-lite header, issue 17): Home, Profit center (its tabs inside the page),
 * My sales (My Sales Lite's pages, their own section tabs inside) and Store, each only where the domain's
 * farmerNavFor allows it, then the account menu. From md up the entries sit inline; below, a menu drawer holds them
 * as the CRM header's does, the current page highlighted in both.
 */
export function MySalesLiteHeader({ user }: { user: BootstrapUser }) {
  const entries = useFarmerNav();
  const items: NavItem[] = useMemo(
    () =>
      entries.flatMap((entry) => {
        const label = entry.place === 'header' ? LABELS[entry.id] : undefined;
        return label ? [{ id: entry.id, path: entry.path, label, end: entry.id === 'home' }] : [];
      }),
    [entries],
  );
  const home = entries.some((entry) => entry.id === 'home');
  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper' }} data-testid="my-sales-lite-header">
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 56, md: 64 } }}>
        {items.length > 0 ? (
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <NavDrawer items={items} />
          </Box>
        ) : null}
        <BrandMark to={home ? '/dashboard' : (items[0]?.path ?? '/dashboard')} />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignSelf: 'center', ml: 2 }}>
          <InlineNav items={items} tone="default" />
        </Box>
        <Box sx={{ flex: 1 }} />
        <UserMenu user={user} current="my-sales-lite" />
      </Toolbar>
    </AppBar>
  );
}
