import {
  LEGAL_DOCUMENTS,
  LOCALES,
  REDIRECTS,
  ROUTES,
  matchRoute,
  resolveRedirect,
  splitLocalePrefix,
  type RouteDef,
} from '@granary/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadAreaMessages, type MessageArea } from '../lib/i18n/catalogue';
import type { RouteHandle } from '../lib/routing/route-handle';
import { PageSpinner } from '../lib/ui/page-spinner';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './shell/route-error-screen';
import { APP_SHELL_ROUTE_ID, RouteFrame } from './shell/route-frame';
import { AppShellPage, ErrorGatewayPage, HomeRedirect, NotFoundPage } from './shell/shell-pages';
import { ENTERPRISE_SECTIONS } from './enterprise-sections';

/**
 * The route tree, built from the domain route table (ROUTES, REDIRECTS):
 *
 *   /                 RootLayout (notices, version check)       errorElement: generic error screen
 *     (frame)         RouteFrame (header, guard, gate, footer)
 *       index         home: /dashboard or /market
 *       redirects     loaders answering with redirect(), parameters substituted
 *       routes        every RouteDef; pages are lazy chunks per area, loaded with their area's messages
 *       *             no match
 *     en-us | en-ca | en-ca-qc | en-au
 *       (frame)       the same for the localized routes, under the locale prefix
 */

type PageLoader = () => Promise<ComponentType>;

/** One lazy chunk per feature area, so that e.g. the CRM code never loads on public pages. */
const areaPages = {
  crm: () => import('../lib/ui/placeholder-page').then((module) => module.PlaceholderPage),
  mySalesLite: () => import('../features/my-sales-lite/my-sales-lite-page').then((module) => module.MySalesLitePage),
  publicMarket: () => import('../features/public-market/public-market-page').then((module) => module.PublicMarketPage),
  identity: () => import('../features/identity/identity-page').then((module) => module.IdentityPage),
  dashboard: () => import('../features/dashboard/dashboard-page').then((module) => module.DashboardPage),
  account: () => import('../features/account/account-page').then((module) => module.AccountPage),
  profitCenter: () => loadProfitCenterPage(),
  platform: () => import('../features/platform/platform-page').then((module) => module.PlatformPage),
  dev: () => import('../features/dev/dev-mailbox-page').then((module) => module.DevMailboxPage),
  admin: () => import('../features/admin/staff-users-page').then((module) => module.StaffUsersPage),
  store: () => import('../features/store/store-home-page').then((module) => module.StoreHomePage),
} satisfies Record<string, PageLoader>;

/** The input store's pages (issue 6), each its own chunk: a product page does not load the search or the facets' pages. */
const storePages: Readonly<Record<string, PageLoader>> = {
  'store-home': () => import('../features/store/store-home-page').then((module) => module.StoreHomePage),
  'store-home-alias': () => import('../features/store/store-home-page').then((module) => module.StoreHomePage),
  'store-search': () => import('../features/store/search-page').then((module) => module.SearchPage),
  'store-products': () => import('../features/store/category-page').then((module) => module.AllProductsPage),
  // '/direct/{brand}-pack' and '/direct/{brand}-pack/:slug' answer here: the wrapper shows the packs for this partner's word.
  'store-page': () =>
    withAgreements(() =>
      withBrandPacks(() => import('../features/store/category-page').then((module) => module.CategoryPage)),
    ),
  'store-category': () =>
    withBrandPacks(() => import('../features/store/category-page').then((module) => module.CategoryPage)),
  'store-category-about': () => import('../features/store/category-page').then((module) => module.CategoryAboutPage),
  'store-product': () => import('../features/store/product-page').then((module) => module.ProductPage),
  'store-product-document': () =>
    import('../features/store/product-document-page').then((module) => module.ProductDocumentPage),
  'store-ingredients': () => import('../features/store/reference-pages').then((module) => module.IngredientsPage),
  'store-ingredient': () => import('../features/store/reference-pages').then((module) => module.IngredientPage),
  'store-pests': () => import('../features/store/reference-pages').then((module) => module.PestsPage),
  'store-pest': () => import('../features/store/reference-pages').then((module) => module.PestPage),
  'store-marketplace': () => import('../features/store/marketplace-page').then((module) => module.MarketplacePage),
  'marketplace-product': () =>
    import('../features/store/marketplace-page').then((module) => module.MarketplaceProductPage),
  'store-co-packs': () => import('../features/store/program-page').then((module) => module.ProgramPage),
  'store-nutritionals': () => import('../features/store/program-page').then((module) => module.ProgramPage),
  'store-inoculants': () => import('../features/store/program-page').then((module) => module.ProgramPage),
  'store-organics': () => import('../features/store/program-page').then((module) => module.ProgramPage),
  'store-bc-products': () => import('../features/store/program-page').then((module) => module.ProgramPage),
  'store-checkout': () => import('../features/store/checkout/checkout-page').then((module) => module.CheckoutPage),
  'store-buy-now': () => import('../features/store/checkout/checkout-page').then((module) => module.BuyNowPage),
  'store-order-confirmation': () =>
    import('../features/store/checkout/confirmation-page').then((module) => module.OrderConfirmationPage),
  'store-buy-now-confirmation': () =>
    import('../features/store/checkout/confirmation-page').then((module) => module.OrderConfirmationPage),
  'store-order-history': () =>
    import('../features/store/orders/order-history-page').then((module) => module.OrderHistoryPage),
  'store-order-details': () =>
    import('../features/store/orders/order-details-page').then((module) => module.OrderDetailsPage),
  'store-buy-now-details': () =>
    import('../features/store/orders/order-details-page').then((module) => module.BuyNowDetailsPage),
  'store-order-by-cart': () =>
    import('../features/store/orders/order-details-page').then((module) => module.OrderByCartPage),
  'store-order-readiness': () =>
    import('../features/store/orders/order-readiness-page').then((module) => module.OrderReadinessPage),
  'store-previously-purchased': () =>
    import('../features/store/orders/previously-purchased-page').then((module) => module.PreviouslyPurchasedPage),
  'store-shopping-lists': () =>
    import('../features/store/orders/shopping-lists-page').then((module) => module.ShoppingListsPage),
  'store-shopping-list': () =>
    import('../features/store/orders/shopping-lists-page').then((module) => module.ShoppingListPage),
  'store-applicator': () =>
    import('../features/store/applicator/applicator-page').then((module) => module.ApplicatorPage),
  'store-agreement': () =>
    import('../features/store/agreements/agreements-pages').then((module) => module.AgreementPage),
  'store-onboarding-report': () =>
    import('../features/store/agreements/onboarding-report-page').then((module) => module.OnboardingReportPage),
  'store-feed-efficiency': () =>
    import('../features/store/info/feed-efficiency-page').then((module) => module.FeedEfficiencyPage),
  'store-acre-plans': () => import('../features/store/info/acre-plan-pages').then((module) => module.AcrePlansPage),
  'store-acre-plan': () => import('../features/store/info/acre-plan-pages').then((module) => module.AcrePlanPage),
  'store-financing-options': () =>
    import('../features/store/info/financing-options-page').then((module) => module.FinancingOptionsPage),
  'store-warehouse-locations': () =>
    import('../features/store/info/warehouse-locations-page').then((module) => module.WarehouseLocationsPage),
  'store-resources': () => import('../features/store/info/resources-page').then((module) => module.ResourcesPage),
  'store-terms-and-conditions': () =>
    import('../features/store/info/terms-pages').then((module) => module.TermsAndConditionsPage),
  'store-terms-of-sale': () => import('../features/store/info/terms-pages').then((module) => module.TermsOfSalePage),
};

/** Partner onboarding (issue 17, decision 060): its own chunk, apart from the profit center's tabs. */
const partnerOnboardingPages: Readonly<Record<string, PageLoader>> = {
  'profit-center-partner': () =>
    import('../features/profit-center/partner/partner-onboarding-page').then((module) => module.PartnerOnboardingPage),
  'profit-center-partner-verify-email': () =>
    import('../features/profit-center/partner/partner-onboarding-page').then((module) => module.PartnerOnboardingPage),
};

/** Wraps a store page so that this partner's '{brand}-pack' segment shows the house-brand packs instead (lazy, small). */
async function withBrandPacks(load: PageLoader): Promise<ComponentType> {
  const [page, { withBrandPacks: wrap }] = await Promise.all([
    load(),
    import('../features/store/info/brand-pack-switch'),
  ]);
  return wrap(page);
}

/** Wraps a store page so that this partner's '{brand}-agreements' segment shows the agreements instead (lazy, small). */
async function withAgreements(load: PageLoader): Promise<ComponentType> {
  const [page, { withAgreements: wrap }] = await Promise.all([
    load(),
    import('../features/store/agreements/agreements-switch'),
  ]);
  return wrap(page);
}

/**
 * The CRM pages, each its own chunk (a merchandiser on the dashboard does not load the contract grid); a CRM route
 * not listed here would show the area's placeholder.
 */
const crmPages: Readonly<Record<string, PageLoader>> = {
  'crm-dashboard': () => import('../features/crm/dashboard/dashboard-page').then((module) => module.CrmDashboardPage),
  'crm-contracts': () => import('../features/crm/lists/contract-list-page').then((module) => module.ContractListPage),
  'crm-deliveries': () => import('../features/crm/lists/contract-list-page').then((module) => module.ContractListPage),
  'crm-clients': () => import('../features/crm/clients/client-list-page').then((module) => module.ClientListPage),
  'crm-client': () => import('../features/crm/clients/client-profile-page').then((module) => module.ClientProfilePage),
  'crm-bids': () => import('../features/crm/bids/bids-page').then((module) => module.BidsPage),
  'crm-offers': () => import('../features/crm/offers/offers-page').then((module) => module.OffersPage),
  'crm-contract': () => import('../features/crm/contract-page/contract-page').then((module) => module.ContractPage),
  'crm-settlements': () =>
    import('../features/crm/settlements/settlements-page').then((module) => module.SettlementsPage),
  'crm-payments': () => import('../features/crm/payments/payments-page').then((module) => module.PaymentsPage),
  'crm-structures': () => import('../features/crm/structures/structures-page').then((module) => module.StructuresPage),
  'crm-discount-schedules': () =>
    import('../features/crm/discount-schedules/discount-schedules-page').then((module) => module.DiscountSchedulesPage),
  'crm-public-bids-admin': () =>
    import('../features/crm/public-bids-admin/public-bids-admin-page').then((module) => module.PublicBidsAdminPage),
  'crm-administrator': () =>
    import('../features/crm/administrator/administrator-page').then((module) => module.AdministratorPage),
  'crm-admin-users': () =>
    import('../features/crm/administrator/users/admin-users-page').then((module) => module.AdminUsersPage),
  'crm-admin-user': () =>
    import('../features/crm/administrator/users/admin-user-page').then((module) => module.AdminUserPage),
  'crm-admin-markets': () =>
    import('../features/crm/administrator/markets/admin-markets-page').then((module) => module.AdminMarketsPage),
  'crm-admin-legal-entities': () =>
    import('../features/crm/administrator/legal-entities/legal-entities-page').then(
      (module) => module.LegalEntitiesPage,
    ),
  'crm-admin-tokens': () =>
    import('../features/crm/administrator/api-tokens/api-tokens-page').then((module) => module.ApiTokensPage),
  'crm-admin-offboarding': () =>
    import('../features/crm/administrator/offboarding/offboarding-page').then((module) => module.OffboardingPage),
  'crm-ingest': () =>
    import('../features/crm/ingest/ingest-dashboard-page').then((module) => module.IngestDashboardPage),
  'crm-ingest-sync': () => import('../features/crm/ingest/ingest-sync-page').then((module) => module.IngestSyncPage),
};

/** My Sales Lite's built pages, each its own chunk (the local-bids page is added by the bids work). */
const mySalesLitePages: Readonly<Record<string, PageLoader>> = {
  'my-sales-lite': () =>
    import('../features/my-sales-lite/my-sales-lite-page').then((module) => module.MySalesLitePage),
  'my-sales-lite-balances': () =>
    import('../features/my-sales-lite/balances-page').then((module) => module.BalancesPage),
  'my-sales-lite-tab': () => import('../features/my-sales-lite/tickets-page').then((module) => module.TicketsPage),
  'my-sales-lite-bids': () =>
    import('../features/my-sales-lite/bids/farm-bids-page').then((module) => module.FarmBidsPage),
  'my-sales-lite-settlements': () =>
    import('../features/my-sales-lite/settlements-page').then((module) => module.MslSettlementsPage),
  'my-sales-lite-payments': () =>
    import('../features/my-sales-lite/payments-page').then((module) => module.MslPaymentsPage),
  'my-sales-lite-structures': () =>
    import('../features/my-sales-lite/structures/structures-section').then((module) => module.MslStructuresPage),
};

/**
 * The staff administration area's pages (issue 16, decision 053), each its own chunk; its navigation lists them
 * (features/admin/admin-nav.ts).
 */
const adminPages: Readonly<Record<string, PageLoader>> = {
  admin: () => import('../features/admin/staff-users-page').then((module) => module.StaffUsersPage),
  'admin-users': () => import('../features/admin/staff-users-page').then((module) => module.StaffUsersPage),
  'admin-user': () => import('../features/admin/staff-user-page').then((module) => module.StaffUserPage),
  'admin-enterprises': () =>
    import('../features/admin/staff-enterprises-page').then((module) => module.StaffEnterprisesPage),
  'admin-australian-account-new': () =>
    import('../features/admin/australian-account-page').then((module) => module.AustralianAccountPage),
};

/** The platform's built pages: /support and the legal pages (platform.md 2.1), one component for the five documents. */
const platformPages: Readonly<Record<string, PageLoader>> = {
  support: () => import('../features/platform/support-page').then((module) => module.SupportPage),
  ...Object.fromEntries(
    LEGAL_DOCUMENTS.map((document) => [
      `legal-${document}`,
      () => import('../features/platform/legal-page').then((module) => module.LegalPage),
    ]),
  ),
};

/** Notifications (issue 16, decision 055): the settings, the in-app list and the one-click unsubscribe page. */
const notificationPages: Readonly<Record<string, PageLoader>> = {
  'account-notifications': () =>
    import('../features/notifications/preferences-page').then((module) => module.NotificationPreferencesPage),
  'global-notifications': () =>
    import('../features/notifications/notifications-page').then((module) => module.NotificationsPage),
  'one-click-unsubscribe': () =>
    import('../features/notifications/unsubscribe-page').then((module) => module.UnsubscribePage),
};

/** A farm business's team (issue 16, decision 052): the team page, the invitation's page and the access pages. */
const teamPages: Readonly<Record<string, PageLoader>> = {
  'enterprise-team': () => import('../features/team/team-page').then((module) => module.TeamPage),
  'account-invitation': () => import('../features/team/invitation-page').then((module) => module.TeamInvitationPage),
  permissions: () => import('../features/team/permissions-page').then((module) => module.MyPermissionsPage),
  'permissions-user': () => import('../features/team/permissions-page').then((module) => module.MemberPermissionsPage),
};

/** A farm business's billing (issue 17, decision 056), in the account area's messages. */
const billingPages: Readonly<Record<string, PageLoader>> = {
  billing: () => import('../features/billing/billing-page').then((module) => module.BillingPage),
};

/**
 * /user, my profile: the account area's page with the identity area's password form in it. The shell composes the
 * two because features do not import each other.
 */
async function loadUserProfilePage(): Promise<ComponentType> {
  const [{ UserProfilePage }, { PasswordSection }] = await Promise.all([
    import('../features/account/user-profile-page'),
    import('../features/identity/components/password-section'),
  ]);
  return function UserProfileRoute() {
    return <UserProfilePage security={<PasswordSection />} notFound={<NotFoundPage />} />;
  };
}

/**
 * The profit center (issue 17): its sales and bids tabs mount My Sales Lite's pages (one shared component, not a copy);
 * the shell composes the two because features do not import each other.
 */
async function loadProfitCenterPage(): Promise<ComponentType> {
  const [{ ProfitCenterPage }, { MslSection }] = await Promise.all([
    import('../features/profit-center/profit-center-page'),
    import('../features/my-sales-lite/msl-section'),
  ]);
  return function ProfitCenterRoute() {
    return <ProfitCenterPage salesSection={MslSection} />;
  };
}

/** An enterprise's pages: the account area's frame with the sections every area adds (app/enterprise-sections.ts). */
async function loadEnterprisePage(): Promise<ComponentType> {
  const { EnterprisePage } = await import('../features/account/enterprise-page');
  return function EnterpriseRoute() {
    return <EnterprisePage sections={ENTERPRISE_SECTIONS} />;
  };
}

const IDENTITY_PREFIXES = [
  '/sign-in',
  '/login',
  '/signup',
  '/signup-jit-verify',
  '/signup-verify-first',
  '/password',
  '/reset-password',
  '/onetime-password',
  '/native-landing',
  '/invitation',
];

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function areaOf(path: string): keyof typeof areaPages {
  if (startsWithSegment(path, '/crm')) return 'crm';
  if (startsWithSegment(path, '/my-sales-lite')) return 'mySalesLite';
  if (startsWithSegment(path, '/market') || startsWithSegment(path, '/score')) return 'publicMarket';
  if (IDENTITY_PREFIXES.some((prefix) => startsWithSegment(path, prefix))) return 'identity';
  if (startsWithSegment(path, '/dashboard')) return 'dashboard';
  if (
    ['/user', '/account', '/enterprise', '/permissions', '/billing'].some((prefix) => startsWithSegment(path, prefix))
  )
    return 'account';
  if (startsWithSegment(path, '/profit-center')) return 'profitCenter';
  if (startsWithSegment(path, '/dev')) return 'dev';
  if (startsWithSegment(path, '/admin')) return 'admin';
  if (startsWithSegment(path, '/direct') || startsWithSegment(path, '/marketplace')) return 'store';
  return 'platform';
}

/**
 * The areas whose pages need messages beyond the entry's (docs/decisions/029-messages-by-area.md); the other areas'
 * pages (identity, dashboard, the public market's in-app page, platform) show only the entry's.
 */
const AREA_MESSAGES: Partial<Record<keyof typeof areaPages, MessageArea>> = {
  crm: 'crm',
  mySalesLite: 'mySalesLite',
  store: 'store',
  profitCenter: 'profitCenter',
  dev: 'dev',
  account: 'account',
  admin: 'admin',
};

/**
 * A lazy route's component: its chunk and its area's messages, loaded side by side. The route renders once both are
 * in, so its first render already has its wording (no raw message id shows while the messages load).
 */
function lazyComponent(load: PageLoader, fullPath: string): Pick<RouteObject, 'lazy'> {
  const area = AREA_MESSAGES[areaOf(fullPath)];
  return {
    lazy: async () => {
      const [Component] = await Promise.all([load(), area ? loadAreaMessages(area) : null]);
      return { Component };
    },
  };
}

function absolute(path: string, parent: string | null): string {
  if (path.startsWith('/')) return path;
  return `${parent ?? ''}/${path}`.replace(/\/+/g, '/');
}

/** The route path relative to its parent ('/crm/bids' under '/crm' → 'bids'; top level '/market' → 'market'). */
function relative(path: string, parent: string | null): string {
  const full = absolute(path, parent);
  if (parent && full.startsWith(`${parent}/`)) return full.slice(parent.length + 1);
  return full.replace(/^\//, '');
}

function pageOf(def: RouteDef, fullPath: string): Pick<RouteObject, 'element' | 'lazy'> {
  if (def.id === 'error') return { element: <ErrorGatewayPage /> };
  if (def.id === APP_SHELL_ROUTE_ID) return { element: <AppShellPage /> };
  if (def.id === 'user') return lazyComponent(loadUserProfilePage, fullPath);
  if (def.id === 'account-enterprise') return lazyComponent(loadEnterprisePage, fullPath);
  const load =
    crmPages[def.id] ??
    mySalesLitePages[def.id] ??
    storePages[def.id] ??
    adminPages[def.id] ??
    platformPages[def.id] ??
    teamPages[def.id] ??
    billingPages[def.id] ??
    notificationPages[def.id] ??
    partnerOnboardingPages[def.id] ??
    areaPages[areaOf(fullPath)];
  return lazyComponent(load, fullPath);
}

/** A redirect entry as a loader: parameters substituted, the locale prefix kept when the target takes one. */
async function redirectLoader({ request }: LoaderFunctionArgs): Promise<Response> {
  const url = new URL(request.url);
  const { locale, barePath } = splitLocalePrefix(url.pathname);
  const target = resolveRedirect(barePath) ?? '/';
  const localized = locale !== null && matchRoute(target)?.route.localized !== 'none';
  return redirect(`${localized ? `/${locale}` : ''}${target}${url.search}${url.hash}`);
}

/** Renders nothing: a redirect route's loader answers before it could show. */
function RedirectPending() {
  return null;
}

function redirectRoute(from: string, parent: string | null): RouteObject {
  return { path: relative(from, parent), loader: redirectLoader, Component: RedirectPending };
}

function toRouteObject(def: RouteDef, parent: string | null, localizedOnly: boolean): RouteObject | null {
  if (localizedOnly && def.localized === 'none') return null;
  const fullPath = absolute(def.path, parent);
  const handle: RouteHandle = { routeDef: def };
  if (!def.children?.length) return { path: relative(def.path, parent), handle, ...pageOf(def, fullPath) };
  const children: RouteObject[] = [];
  for (const entry of REDIRECTS) {
    if (entry.from === fullPath) children.push({ index: true, loader: redirectLoader, Component: RedirectPending });
    else if (entry.from.startsWith(`${fullPath}/`)) children.push(redirectRoute(entry.from, fullPath));
  }
  for (const child of def.children) {
    const route = toRouteObject(child, fullPath, localizedOnly);
    if (route) children.push(route);
  }
  const layout: Pick<RouteObject, 'lazy'> =
    areaOf(fullPath) === 'crm'
      ? lazyComponent(() => import('../features/crm/crm-layout').then((module) => module.CrmLayout), fullPath)
      : {};
  return { path: relative(def.path, parent), handle, ...layout, children };
}

function isHome(def: RouteDef): boolean {
  return def.path === '/' || def.path === '';
}

/** The pages, redirects and home of one frame (unprefixed, or under a locale prefix). */
function frameChildren(localizedOnly: boolean): RouteObject[] {
  const home = ROUTES.find(isHome);
  const children: RouteObject[] = [
    { index: true, element: <HomeRedirect />, ...(home ? { handle: { routeDef: home } satisfies RouteHandle } : {}) },
  ];
  const parents = new Set(ROUTES.filter((def) => def.children?.length).map((def) => def.path));
  for (const entry of REDIRECTS) {
    // Redirects inside a nested parent (/crm → /crm/dashboard) are added by that parent.
    if ([...parents].some((parent) => entry.from === parent || entry.from.startsWith(`${parent}/`))) continue;
    if (localizedOnly) {
      const target = matchRoute(resolveRedirect(entry.from) ?? '')?.route;
      if (target?.localized === 'none') continue;
    }
    children.push(redirectRoute(entry.from, null));
  }
  for (const def of ROUTES) {
    if (isHome(def)) continue;
    const route = toRouteObject(def, null, localizedOnly);
    if (route) children.push(route);
  }
  return children;
}

const notFoundHandle: RouteHandle = { notFound: true };

/** The whole route tree (exported for tests, which render it in a memory router). */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <RouteFrame />,
          children: [...frameChildren(false), { path: '*', handle: notFoundHandle, element: <NotFoundPage /> }],
        },
        ...LOCALES.map((locale): RouteObject => ({
          path: locale,
          children: [{ element: <RouteFrame />, children: frameChildren(true) }],
        })),
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
