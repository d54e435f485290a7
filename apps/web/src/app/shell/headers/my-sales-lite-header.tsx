import type { BootstrapUser } from '@granary/domain';
import { AppBar, Box, Toolbar } from '@mui/material';
import { BrandMark } from '../../../lib/brand/brand-mark';
import { InlineNav } from './nav-links';
import { MY_SALES_LITE_NAV } from './nav-items';
import { StoreLink } from './store-link';
import { UserMenu } from './user-menu';

/**
 * The farmer's header: My sales, Balances, Tickets, Bids and the account menu (with Logout). Below the md breakpoint
 * (phones, a tablet upright) the four would not fit beside the brand: the header keeps the brand and the account
 * menu, and the My Sales Lite pages show the same sections as tabs at the top of the page (always in view, one tap
 * away, unlike a menu drawer).
 */
export function MySalesLiteHeader({ user }: { user: BootstrapUser }) {
  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper' }} data-testid="my-sales-lite-header">
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 56, md: 64 } }}>
        <BrandMark to="/my-sales-lite" />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, ml: 2 }}>
          <InlineNav items={MY_SALES_LITE_NAV} tone="default" />
        </Box>
        <Box sx={{ flex: 1 }} />
        <StoreLink />
        <UserMenu user={user} current="my-sales-lite" />
      </Toolbar>
    </AppBar>
  );
}
