import { regionForLocale } from '@granary/domain';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { DataRouter } from 'react-router';
import { useBootstrap } from '../lib/api/bootstrap';
import { FALLBACK_PARTNER } from '../lib/api/fallback-partner';
import { partnerByIntentQueryOptions } from '../lib/api/partner-by-intent';
import { currentIntent } from '../lib/brand/intent';
import { PartnerProvider } from '../lib/brand/partner-context';
import { createPartnerTheme } from '../lib/brand/theme';
import { useLoadedMessages } from '../lib/i18n/catalogue';
import { localeOfPath, RegionProvider } from '../lib/i18n/locale';
import { spellCatalogue } from '../lib/i18n/spelling';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The partner of the page (bootstrap, or the intent's partner), its theme and the baseline styles. */
function BrandProviders({ pathname, search, children }: { pathname: string; search: string; children: ReactNode }) {
  const { data } = useBootstrap();
  const intent = useMemo(() => currentIntent(pathname, search), [pathname, search]);
  const intentPartner = useQuery({ ...partnerByIntentQueryOptions(intent ?? ''), enabled: Boolean(intent) });
  const partner = (intent ? intentPartner.data : null) ?? data?.partner ?? FALLBACK_PARTNER;
  const { primary, secondary } = partner.theme;
  const theme = useMemo(() => createPartnerTheme({ primary, secondary }), [primary, secondary]);
  return (
    <PartnerProvider partner={partner}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </PartnerProvider>
  );
}

/**
 * Everything above the router: query client, intl (locale from the URL prefix, the messages loaded so far), region,
 * partner and theme. They sit above RouterProvider so that the router's errorElement renders with them too; the URL
 * is read from the router.
 */
export function AppProviders({
  router,
  queryClient,
  children,
}: {
  router: DataRouter;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const href = useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => `${router.state.location.pathname}${router.state.location.search}`,
  );
  const url = new URL(href, 'http://localhost');
  const { locale } = localeOfPath(url.pathname);
  // The entry's messages and those of the areas loaded so far: an area's arrive with its pages (the router); spelled
  // as the locale spells (canceled / cancelled: lib/i18n/spelling.ts).
  const intlLocale = regionForLocale(locale).intlLocale;
  const messages = spellCatalogue(useLoadedMessages(), intlLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale={intlLocale} defaultLocale="en-US" messages={messages}>
        <RegionProvider locale={locale}>
          <BrandProviders pathname={url.pathname} search={url.search}>
            {children}
          </BrandProviders>
        </RegionProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}
