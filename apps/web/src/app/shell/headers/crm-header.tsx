import type { BootstrapUser } from '@granary/domain';
import { AppBar, Box, Toolbar } from '@mui/material';
import { BrandMark } from '../../../lib/brand/brand-mark';
import { InlineNav, NavDrawer } from './nav-links';
import { useCrmNav } from './use-crm-nav';
import { UserMenu } from './user-menu';

/** The grain buyer's header: partner mark, CRM navigation and the account menu. */
export function CrmHeader({ user }: { user: BootstrapUser }) {
  const items = useCrmNav(user);
  return (
    <AppBar position="sticky" color="primary" sx={{ borderBottom: 'none' }} data-testid="crm-header">
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 56, md: 64 } }}>
        <Box sx={{ display: { xs: 'flex', lg: 'none' } }}>
          <NavDrawer items={items} />
        </Box>
        <BrandMark to="/crm/dashboard" tone="inverse" />
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignSelf: 'center', ml: 2 }}>
          <InlineNav items={items} tone="inverse" />
        </Box>
        <Box sx={{ flex: 1 }} />
        <UserMenu user={user} current="crm" tone="inverse" />
      </Toolbar>
    </AppBar>
  );
}
