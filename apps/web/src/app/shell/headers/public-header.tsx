import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { signInUrl, type BootstrapUser } from '@granary/domain';
import { AppBar, Box, Button, Link, ListItemButton, ListItemText, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T } from '../../../lib/i18n/t';
import { BrandMark } from '../../../lib/brand/brand-mark';
import { NavDrawer } from './nav-links';
import { StoreLink } from './store-link';
import { UserMenu } from './user-menu';

/** Partner links to pages of the app navigate in place; others are ordinary links. */
function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The public header: partner mark and title, the partner's header links, and 'Sign in' (or the account menu).
 * `plain` (the e-signing pages' anonymous signer): the partner's mark only, and the account menu of a signed-in user.
 */
export function PublicHeader({ user, plain = false }: { user: BootstrapUser | null; plain?: boolean }) {
  const partner = usePartner();
  const location = useLocation();
  const links = plain ? [] : partner.publicHeader.links;
  const onSignIn = plain || location.pathname.includes('/sign-in');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      sx={{ bgcolor: 'background.paper' }}
      data-testid={plain ? 'plain-header' : 'public-header'}
    >
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 56, md: 64 } }}>
        {links.length > 0 ? (
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <NavDrawer
              items={[]}
              extraLinks={links.map((link) => (
                <ListItemButton
                  key={link.url}
                  {...(isInternal(link.url)
                    ? { component: RouterLink, to: link.url }
                    : { component: 'a', href: link.url })}
                >
                  <ListItemText primary={link.label} />
                </ListItemButton>
              ))}
            />
          </Box>
        ) : null}
        <BrandMark />
        {!plain && partner.publicHeader.title && partner.publicHeader.title !== partner.displayName ? (
          <Typography
            component="span"
            color="text.secondary"
            noWrap
            sx={{
              display: { xs: 'none', sm: 'block' },
              pl: 2,
              ml: 0.5,
              borderLeft: 1,
              borderColor: 'divider',
              fontWeight: 500,
            }}
          >
            {partner.publicHeader.title}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {links.length > 0 ? (
          <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' }, gap: 3, alignItems: 'center', mr: 1 }}>
            {links.map((link) => (
              <Link
                key={link.url}
                {...(isInternal(link.url) ? { component: RouterLink, to: link.url } : { href: link.url })}
                underline="hover"
                color="text.secondary"
                sx={{ fontWeight: 500, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {link.label}
                {/^https?:/.test(link.url) ? <OpenInNewRoundedIcon sx={{ fontSize: 14 }} /> : null}
              </Link>
            ))}
          </Box>
        ) : null}
        {!plain ? <StoreLink /> : null}
        {user?.isLoggedIn ? (
          <UserMenu user={user} current="public" />
        ) : user && !onSignIn ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={signInUrl(`${location.pathname}${location.search}`)}
            sx={{ flexShrink: 0 }}
          >
            <T id="shell.signIn" />
          </Button>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
