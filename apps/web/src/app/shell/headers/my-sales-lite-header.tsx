import type { BootstrapUser } from '@granary/domain';
import { AppBar, Box, Toolbar } from '@mui/material';
import { BrandMark } from '../../../lib/brand/brand-mark';
import { InlineNav, NavDrawer } from './nav-links';
import { MY_SALES_LITE_NAV } from './nav-items';
import { UserMenu } from './user-menu';

/** The farmer's header: My sales, Balances, Bids and the account menu (with Logout). */
export function MySalesLiteHeader({ user }: { user: BootstrapUser }) {
  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper' }} data-testid="my-sales-lite-header">
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 56, md: 64 } }}>
        <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
          <NavDrawer items={MY_SALES_LITE_NAV} />
        </Box>
        <BrandMark to="/my-sales-lite" />
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, ml: 2 }}>
          <InlineNav items={MY_SALES_LITE_NAV} tone="default" />
        </Box>
        <Box sx={{ flex: 1 }} />
        <UserMenu user={user} current="my-sales-lite" />
      </Toolbar>
    </AppBar>
  );
}
