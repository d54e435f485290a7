import { canUseMySalesLite } from '@granary/domain';
import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import type { MessageId } from '../../lib/i18n/messages';
import { useCurrentRouteDef, useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { PermissionDenied } from '../../lib/ui/permission-denied';
import { useSelectedTabInView } from '../../lib/ui/use-selected-tab-in-view';
import { useFavorites } from './api/profit-center-api';
import { LoadError } from './load-error';
import { ContractSignedPage } from './esign/contract-signed-page';
import { SigningPage } from './esign/signing-page';
import { MarketHomeTab } from './market-home-tab';
import { MarketingTab } from './marketing/marketing-tab';
import { BasisAnalysisPage } from './markets/basis-analysis-page';
import { BrokerageTab } from './markets/brokerage-tab';
import { FuturePricesTab } from './markets/future-prices-tab';
import { MarketSummaryTab } from './markets/market-summary-tab';
import { SummaryTab } from './summary-tab';
import { SustainabilityTab } from './sustainability/sustainability-tab';

/** The My Sales Lite sections the shell hands in (features do not import each other; app/router.tsx composes them). */
type SalesSectionId =
  'contracts' | 'tickets' | 'settlements' | 'offers' | 'structures' | 'payments' | 'payment-history' | 'balances';
export type SalesSectionComponent = ComponentType<{
  section: SalesSectionId;
  bidsPath: string;
  marketName?: string | undefined;
}>;

/**
 * The tabs built so far (issue 17, decision 057), in the tab bar's order. A tab of platform.md 2.5 not built yet is
 * left out of the bar and its URL opens the market home: no 'coming soon'. 'my-sales' is the same as 'sales'.
 */
const TABS = [
  'market-home',
  'summary',
  'sales',
  'bids-offers',
  'marketing',
  'marketSummary',
  'futurePrices',
  'payments',
  'sustainability',
  'brokerage',
] as const;
type TabId = (typeof TABS)[number];
/** The sales tab's sub-tabs; 'structures' are the farmer's structured products, read-only (issue 18). */
const SALES_SECTIONS = [
  'contracts',
  'tickets',
  'settlements',
  'offers',
  'structures',
] as const satisfies readonly SalesSectionId[];
/** The payments tab's sub-tabs (its slug): requesting payment (the default), the payment history, the balances. */
const PAYMENT_SECTIONS = [
  { slug: 'requests', section: 'payments' },
  { slug: 'history', section: 'payment-history' },
  { slug: 'balances', section: 'balances' },
] as const satisfies readonly { slug: string; section: SalesSectionId }[];
/** Tabs of platform.md 2.5 not built yet (none now): their URLs open the market home. */
const UNBUILT = new Set<string>([]);

/**
 * platform.md 2.5's "Also: bids, locations, futures": older names of tabs, redirected (a replace) to the tab's
 * canonical URL — the local bids are bids-offers, the locations' bids are the market home's, futures is futurePrices.
 */
const ALIASES: Readonly<Record<string, TabId>> = {
  bids: 'bids-offers',
  locations: 'market-home',
  futures: 'futurePrices',
};

/** /profit-center/research/crop-spot-basis-analysis (platform.md 2.5): a page of the shell, not a tab of the bar. */
const RESEARCH_PAGES = new Set(['crop-spot-basis-analysis']);

function tabOf(raw: string | undefined, slug?: string): TabId | 'research' | 'unbuilt' | null {
  if (raw === undefined || raw === '') return 'market-home';
  if (raw === 'research') return RESEARCH_PAGES.has(slug ?? '') ? 'research' : null;
  if (raw === 'my-sales') return 'sales';
  if ((TABS as readonly string[]).includes(raw)) return raw as TabId;
  if (UNBUILT.has(raw)) return 'unbuilt';
  return null;
}

/**
 * /profit-center/:tab?/:slug?: the farmer's profit center. The built-in e-signing page and the contract-signed landing
 * page share the area. Without profit center access on any farm business the page says whom to ask (the calls answer
 * 403 enterprise_access_required); the favourites call is the page's check.
 */
export function ProfitCenterPage({ salesSection }: { salesSection?: SalesSectionComponent }) {
  const def = useCurrentRouteDef();
  if (def?.id === 'profit-center-esign-sign') return <SigningPage />;
  if (def?.id === 'profit-center-contract-signed') return <ContractSignedPage />;
  return <ProfitCenterTabs salesSection={salesSection} />;
}

function ProfitCenterTabs({ salesSection: SalesSection }: { salesSection?: SalesSectionComponent | undefined }) {
  const { tab: rawTab, slug } = useParams();
  const localized = useLocalizedPath();
  const t = useT();
  const partner = usePartner();
  const access = useFavorites();
  const { data: boot } = useBootstrap();
  const tab = tabOf(rawTab, slug);
  // The tab bar scrolls on a phone; a deep link's tab (…/sustainability) is brought into view (decision 050 addendum).
  const tabsRef = useSelectedTabInView(tab ?? undefined);
  // The sales and payments sub-tabs scroll the same way: no arrows, the deep link's sub-tab in view.
  const subTabsRef = useSelectedTabInView(`${tab}/${slug}`, tab === 'sales' || tab === 'payments');
  useDocumentTitle([
    tab && tab !== 'unbuilt' ? `${t(`pc.tab.${tab}` as MessageId)} · ${t('pc.title')}` : t('pc.title'),
    partner.branding.shortName,
  ]);
  // The profit center's calls are My Sales Lite's and refuse a farmer without its flag: the permission-denied screen
  // (a way home, Logout) instead of the tab bar over a refused load. Not a route gate: the spec gates only the CRM and
  // /my-sales-lite; the enterprise's profit center flag is the server's, shown as AccessDenied by the tabs.
  if (boot && !canUseMySalesLite(boot.user)) return <PermissionDenied />;
  const alias = rawTab === undefined ? undefined : ALIASES[rawTab];
  if (alias) {
    const to = alias === 'market-home' ? '/profit-center' : `/profit-center/${alias}${slug ? `/${slug}` : ''}`;
    return <Navigate to={localized(to)} replace />;
  }
  if (tab === 'unbuilt') return <Navigate to={localized('/profit-center')} replace />;
  if (tab === null) return <Navigate to={localized('/profit-center')} replace />;

  let body: ReactNode;
  if (access.error) {
    body = <LoadError error={access.error} onRetry={() => void access.refetch()} variant="panel" />;
  } else if (!access.data) {
    body = <PageSpinner />;
  } else if (tab === 'market-home') {
    body = <MarketHomeTab />;
  } else if (tab === 'summary') {
    body = <SummaryTab />;
  } else if (tab === 'marketing') {
    body = <MarketingTab slug={slug} />;
  } else if (tab === 'sustainability') {
    body = <SustainabilityTab />;
  } else if (tab === 'marketSummary') {
    body = <MarketSummaryTab />;
  } else if (tab === 'futurePrices') {
    body = <FuturePricesTab slug={slug} />;
  } else if (tab === 'brokerage') {
    body = <BrokerageTab />;
  } else if (tab === 'research') {
    body = <BasisAnalysisPage />;
  } else if (tab === 'payments') {
    const current = PAYMENT_SECTIONS.find((p) => p.slug === slug) ?? PAYMENT_SECTIONS[0];
    body = (
      <>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={current.slug}
            aria-label={t('pc.pay.label')}
            variant="scrollable"
            scrollButtons={false}
            ref={subTabsRef}
          >
            {PAYMENT_SECTIONS.map((p) => (
              <Tab
                key={p.slug}
                value={p.slug}
                label={<T id={`pc.pay.${p.slug}`} />}
                component={Link}
                to={localized(`/profit-center/payments/${p.slug}`)}
              />
            ))}
          </Tabs>
        </Box>
        {SalesSection ? (
          <SalesSection key={current.slug} section={current.section} bidsPath="/profit-center/bids-offers" />
        ) : null}
      </>
    );
  } else if (tab === 'bids-offers') {
    body = SalesSection ? (
      <SalesSection section="offers" bidsPath="/profit-center/bids-offers" marketName={slug} />
    ) : null;
  } else {
    const section = SALES_SECTIONS.find((s) => s === slug) ?? 'contracts';
    body = (
      <>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={section}
            aria-label={t('pc.sub.label')}
            variant="scrollable"
            scrollButtons={false}
            ref={subTabsRef}
          >
            {SALES_SECTIONS.map((s) => (
              <Tab
                key={s}
                value={s}
                label={<T id={`pc.sub.${s}`} />}
                component={Link}
                to={localized(`/profit-center/${rawTab === 'my-sales' ? 'my-sales' : 'sales'}/${s}`)}
              />
            ))}
          </Tabs>
        </Box>
        {SalesSection ? <SalesSection key={section} section={section} bidsPath="/profit-center/sales/offers" /> : null}
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: { xs: 1, md: 2 } }}>
        <T id="pc.title" />
      </Typography>
      <Box component="nav" aria-label={t('pc.tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab === 'research' ? false : tab} variant="scrollable" scrollButtons={false} ref={tabsRef}>
          {TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={<T id={`pc.tab.${id}`} />}
              component={Link}
              to={localized(id === 'market-home' ? '/profit-center' : `/profit-center/${id}`)}
              sx={{ minWidth: { xs: 72, sm: 96 }, px: { xs: 1.5, sm: 2 } }}
            />
          ))}
        </Tabs>
      </Box>
      {body}
    </Container>
  );
}
