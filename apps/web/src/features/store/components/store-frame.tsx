import { Alert, Box, Breadcrumbs, Button, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isStoreAreaOn, type StoreArea } from '@granary/domain';
import { ApiError } from '../../../lib/api/api-error';
import { useT, T } from '../../../lib/i18n/t';
import { CartProvider } from '../cart/cart-context';
import { CartButton, CartSidebar } from '../cart/cart-sidebar';
import { StoreDialogs } from '../dialogs/store-dialogs';
import { StoreSearchBox } from './store-search-box';
import { useStoreLocale } from './use-store-locale';
import { useStoreRegion } from './use-store-region';

/** The store's own bar under the site header: search, then the store's sections (those on in the region). */
function StoreNav() {
  const t = useT();
  const { href } = useStoreLocale();
  const region = useStoreRegion();
  const on = (area: StoreArea) => isStoreAreaOn(region, area);
  const links: { to: string; label: ReactNode; area: StoreArea }[] = [
    { to: '/direct', label: <T id="store.nav.home" />, area: 'direct' },
    { to: '/direct/products', label: <T id="store.nav.allProducts" />, area: 'direct' },
    { to: '/direct/deals', label: <T id="store.nav.deals" />, area: 'deals' },
    { to: '/direct/ingredients', label: <T id="store.nav.ingredients" />, area: 'ingredients' },
    { to: '/direct/pest', label: <T id="store.nav.pests" />, area: 'pests' },
    { to: '/direct/marketplace', label: <T id="store.nav.marketplace" />, area: 'marketplace' },
  ];
  return (
    <Box component="nav" aria-label={t('store.nav.label')} sx={{ bgcolor: 'grey.900', color: 'common.white' }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          gap: { xs: 1, md: 3 },
          py: 1,
          position: 'relative',
        }}
      >
        {on('direct') ? (
          <StoreSearchBox
            sx={{
              flex: { md: '0 1 420px' },
              mr: { xs: on('add-to-cart') ? 7 : 0, sm: on('add-to-cart') ? 13 : 0, md: 0 },
            }}
          />
        ) : null}
        <Stack
          direction="row"
          spacing={{ xs: 2, md: 2.5 }}
          sx={{ overflowX: 'auto', whiteSpace: 'nowrap', pb: { xs: 0.5, md: 0 }, scrollbarWidth: 'none' }}
        >
          {links
            .filter((l) => on(l.area))
            .map((l) => (
              <Link
                key={l.to}
                component={RouterLink}
                to={href(l.to)}
                underline="hover"
                sx={{ color: 'grey.100', fontWeight: 500, fontSize: 15 }}
              >
                {l.label}
              </Link>
            ))}
        </Stack>
        {on('add-to-cart') ? (
          <Box
            sx={{
              ml: { md: 'auto' },
              position: { xs: 'absolute', md: 'static' },
              top: { xs: 8 },
              right: { xs: 12, sm: 20 },
            }}
          >
            <CartButton />
          </Box>
        ) : null}
      </Container>
    </Box>
  );
}

/** A store page: the store bar (with the cart button), then the page in a container; the cart sidebar. */
export function StorePage({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      <Box sx={{ bgcolor: 'background.default', flex: 1 }}>
        <StoreNav />
        <Container maxWidth="lg" component="main" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
          {children}
        </Container>
      </Box>
      <CartSidebar />
      <StoreDialogs />
    </CartProvider>
  );
}

/** The trail of category links above a page. */
export function StoreBreadcrumbs({
  trail,
  current,
}: {
  trail: { to: string; label: ReactNode }[];
  current?: ReactNode;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  return (
    <Breadcrumbs aria-label={t('store.breadcrumbs')} sx={{ mb: 1.5, fontSize: 14 }}>
      <Link component={RouterLink} to={href('/direct')} underline="hover" color="inherit">
        <T id="store.breadcrumb.store" />
      </Link>
      {trail.map((c) => (
        <Link key={c.to} component={RouterLink} to={href(c.to)} underline="hover" color="inherit">
          {c.label}
        </Link>
      ))}
      {current ? (
        <Typography color="text.primary" sx={{ fontSize: 14 }}>
          {current}
        </Typography>
      ) : null}
    </Breadcrumbs>
  );
}

/** Loading, failure and 'not here' states of a store page. */
export function StoreQueryState({
  error,
  isPending,
  onRetry,
}: {
  error: unknown;
  isPending: boolean;
  onRetry: () => void;
}) {
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status">
        <CircularProgress aria-label="loading" />
      </Box>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    const regional = (error.message ?? '').includes('region');
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          {regional ? <T id="store.unavailable.title" /> : <T id="store.notFound.title" />}
        </Typography>
        <Typography color="text.secondary">
          {regional ? <T id="store.unavailable.message" /> : error.message}
        </Typography>
      </Box>
    );
  }
  return (
    <Alert
      severity="error"
      action={
        <Button onClick={onRetry}>
          <T id="store.retry" />
        </Button>
      }
      sx={{ my: 3 }}
    >
      {error instanceof ApiError ? error.message : <T id="store.error.load" />}
    </Alert>
  );
}
