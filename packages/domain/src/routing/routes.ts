// The route table (grain-marketing.md 2; platform.md 2.2, 2.3, 2.5). The server uses it for the
// HTTP status of page requests (404 when nothing matches), the web for its router, guards and titles.
import { splitLocalePrefix, type Locale } from '../region/locales.ts';
import { LEGAL_DOCUMENTS, type LegalDocument } from '../shell/legal.ts';
import type { PublicPageFeature } from '../shell/partner.ts';
import { matchPathScored, type PathParams } from './match-path.ts';

export type Guard = 'none' | 'login' | 'logged-out';
/**
 * 'signer': the e-signing pages, reached from the app or from an e-mailed link — the farmer's My Sales Lite header
 * for a signed-in user who can use it, the header of a buyer's experience for a buyer, else the partner's plain
 * branded header (logo, no navigation, no sign-in: the link's token is all a signer needs).
 */
export type HeaderKind = 'public' | 'crm' | 'my-sales-lite' | 'signer' | 'none';
export type ExperienceGate = 'grainBuying' | 'mySalesLite' | null;

export type RouteDef = {
  id: string;
  /** react-router pattern, e.g. '/crm/client/:clientId'; children carry their full path. */
  path: string;
  guard: Guard;
  gate: ExperienceGate;
  header: HeaderKind;
  /** 'optional': the page also answers under a /{locale} prefix. */
  localized: 'optional' | 'none';
  /** false → placeholder page. */
  built: boolean;
  /** English page title for the placeholder. */
  title: string;
  /** The page exists only when the partner's public page features include this one (/score). */
  publicPageFeature?: PublicPageFeature;
  children?: RouteDef[];
};

const LEGAL_TITLES: Record<LegalDocument, string> = {
  'terms-of-service': 'Terms of service',
  'privacy-policy': 'Privacy policy',
  'ccpa-privacy-policy': 'CCPA privacy notice',
  'community-content-policy': 'Community content policy',
  'electronic-funds-transfer': 'Electronic funds transfer',
};

export const NOT_FOUND_MESSAGE = 'The page you are looking for does not exist.';

export const SIGN_IN_METHODS = ['magic_link', 'password', 'sms'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Tabs of '/profit-center/:tab?/:slug?' (platform.md 2.5); 'market-home' is the default. */
export const PROFIT_CENTER_TABS = [
  'summary',
  'bids-offers',
  'brokerage',
  'sales',
  'my-sales',
  'marketing',
  'marketSummary',
  'sustainability',
  'market-home',
  'futurePrices',
  'payments',
] as const;
export type ProfitCenterTab = (typeof PROFIT_CENTER_TABS)[number];
export const DEFAULT_PROFIT_CENTER_TAB: ProfitCenterTab = 'market-home';

/** Signed-in pages outside CRM and my sales lite: login guard, the default (crm) header. */
function member(id: string, path: string, title: string, localized: 'optional' | 'none' = 'optional'): RouteDef {
  return { id, path, guard: 'login', gate: null, header: 'crm', localized, built: false, title };
}

/** Sign-in, signup, reset and magic-link pages: only for visitors who are not signed in. */
function loggedOut(id: string, path: string, title: string, localized: 'optional' | 'none' = 'optional'): RouteDef {
  return { id, path, guard: 'logged-out', gate: null, header: 'none', localized, built: false, title };
}

function built(def: RouteDef): RouteDef {
  return { ...def, built: true };
}

function publicPage(id: string, path: string, title: string): RouteDef {
  return { id, path, guard: 'none', gate: null, header: 'public', localized: 'optional', built: false, title };
}

/** A page of the input store (platform.md 2.4): no guard, the public header, localized. */
function storePage(id: string, path: string, title: string): RouteDef {
  return { id, path, guard: 'none', gate: null, header: 'public', localized: 'optional', built: true, title };
}

/** A store page of the buyer's own account (orders, lists): the store's header, but signed-in only. */
function storeAccountPage(id: string, path: string, title: string): RouteDef {
  return { ...storePage(id, path, title), guard: 'login' };
}

function crm(id: string, path: string, title: string): RouteDef {
  return { id, path, guard: 'login', gate: 'grainBuying', header: 'crm', localized: 'optional', built: false, title };
}

function mySalesLite(id: string, path: string, title: string): RouteDef {
  return {
    id,
    path,
    guard: 'login',
    gate: 'mySalesLite',
    header: 'my-sales-lite',
    localized: 'optional',
    built: false,
    title,
  };
}

/*
 * Decisions where the contract is open (see README):
 * - Every page takes an optional locale prefix except /app-shell, /native-landing and the native
 *   navigation targets other than /insights. A page that a broader pattern would otherwise swallow
 *   under a prefix ('/en-ca/sign-in/native' would match '/sign-in/:method?') must stay 'optional'.
 * - '/native-landing' has no guard: the native shells land there right after signing in, so a logged-out guard
 *   would send the signed-in user on to the dashboard before the page could tell the shell.
 * - '/onetime-password/reset' is 'login', not 'logged-out': a password sign-in that answers with a
 *   one-time password has already signed the user in and sends them there; a logged-out guard would
 *   bounce them straight to the dashboard.
 * - The e-signature landing '/profit-center/:esignProvider/contract-signed' takes the provider's name
 *   as a parameter (the spec withholds it) and has no guard: it only tells the user, or the native
 *   shell, that signing finished; it outranks '/profit-center/:tab?/:slug?' by its static segment.
 * - '/change-environment' (switch the content environment) and '/insights' (content) have no guard;
 *   '/farmer-accounts' and '/add-data' need a signed-in user.
 */
export const ROUTES: RouteDef[] = [
  {
    id: 'home',
    path: '/',
    guard: 'none',
    gate: null,
    header: 'none',
    localized: 'optional',
    built: true,
    title: 'Home',
  },
  {
    id: 'error',
    path: '/error/:code?/:hash?',
    guard: 'none',
    gate: null,
    header: 'none',
    localized: 'optional',
    built: true,
    title: 'Error',
  },
  {
    id: 'app-shell',
    path: '/app-shell',
    guard: 'none',
    gate: null,
    header: 'none',
    localized: 'none',
    built: false,
    title: 'App shell',
  },
  {
    id: 'support',
    path: '/support',
    guard: 'none',
    gate: null,
    header: 'public',
    localized: 'optional',
    built: true,
    title: 'Support',
  },

  // The legal pages (platform.md 2.1): each partner's own text, kept as data (legal.ts).
  ...LEGAL_DOCUMENTS.map((document) => built(publicPage(`legal-${document}`, `/${document}`, LEGAL_TITLES[document]))),

  // Public market and score pages (the public experience).
  built(publicPage('market', '/market/:marketName?', 'Local bids')),
  built({ ...publicPage('score', '/score', 'CI score'), publicPageFeature: 'public-ci-score' }),

  // The farm-input store's catalogue (platform.md 2.4; issue 6): anyone may browse it. Cart, checkout and orders
  // add their own routes; their static segments outrank '/direct/:page' and '/direct/:category/*'.
  storePage('store-home', '/direct', 'Store'),
  storePage('store-home-alias', '/direct/home', 'Store'),
  storePage('store-search', '/direct/search', 'Search'),
  storePage('store-products', '/direct/products', 'All products'),
  storePage('store-product', '/direct/product/:slug', 'Product'),
  storePage('store-product-document', '/direct/product/:slug/:pdfType', 'Product document'),
  storePage('store-ingredients', '/direct/ingredients', 'Active ingredients'),
  storePage('store-ingredient', '/direct/ingredient/:slug', 'Active ingredient'),
  storePage('store-pests', '/direct/pest', 'Pests'),
  storePage('store-pest', '/direct/pest/:slug', 'Pest'),
  storePage('store-marketplace', '/direct/marketplace/:section?', 'Marketplace'),
  storePage('store-co-packs', '/direct/co-packs', 'Co-packs'),
  storePage('store-nutritionals', '/direct/nutritionals', 'Nutritionals'),
  storePage('store-inoculants', '/direct/inoculants', 'Inoculants'),
  storePage('store-organics', '/direct/organics', 'Organics'),
  storePage('store-bc-products', '/direct/bc-products', 'BC products'),
  // The store's information pages (platform.md 2.4). The house-brand packs, '/direct/{brand}-pack' and
  // '/direct/{brand}-pack/:slug', take the partner's brand word, so no fixed pattern can name them: they answer under
  // '/direct/:page' and '/direct/:category/*', whose pages hand a '{brand}-pack' segment to the packs' page.
  storePage('store-feed-efficiency', '/direct/feed/feed-efficiency', 'Feed efficiency'),
  storePage('store-acre-plans', '/direct/acre-plan', 'Acre plans'),
  storePage('store-acre-plan', '/direct/acre-plan/:slug', 'Acre plan'),
  storePage('store-financing-options', '/direct/financing-options', 'Financing options'),
  storePage('store-warehouse-locations', '/direct/warehouse-locations', 'Warehouse locations'),
  storePage('store-resources', '/direct/resources', 'Resources'),
  storePage('store-terms-and-conditions', '/direct/terms-and-conditions', 'Terms and conditions'),
  storePage('store-terms-of-sale', '/direct/terms-of-sale', 'Terms of sale'),
  // Checkout and after an order (platform.md 2.4; issue 6): checkout, the buyer's own history, readiness, purchases and lists need a sign-in.
  storeAccountPage('store-checkout', '/direct/carts/checkout', 'Checkout'),
  storeAccountPage('store-buy-now', '/direct/carts/buy-now', 'Buy now'),
  storeAccountPage('store-order-confirmation', '/direct/order-confirmation/:cartId', 'Order confirmation'),
  storeAccountPage('store-buy-now-confirmation', '/direct/buy-now-confirmation/:cartId', 'Order confirmation'),
  storeAccountPage('store-order-history', '/direct/order-history', 'Order history'),
  storeAccountPage('store-order-details', '/direct/order-history-details/:orderId', 'Order details'),
  storeAccountPage('store-buy-now-details', '/direct/buy-now-details/:orderId', 'Buy now order'),
  storeAccountPage('store-order-by-cart', '/direct/order/:enterpriseIdPublic/:cartId', 'Order'),
  storeAccountPage('store-order-readiness', '/direct/order-readiness', 'Order readiness'),
  storeAccountPage('store-previously-purchased', '/direct/previously-purchased/:year', 'Previously purchased'),
  storeAccountPage('store-shopping-lists', '/direct/shopping-lists', 'Shopping lists'),
  storeAccountPage('store-shopping-list', '/direct/shopping-lists/:listId', 'Shopping list'),
  // The buyer's applicator licences (RUP); a super admin may open another user's with the ids.
  storeAccountPage('store-applicator', '/direct/applicator/:enterpriseId?/:userId?', 'Applicator licences'),
  // The farm business's agreements (the list, '/direct/{brand}-agreements', answers under '/direct/:page' like the packs)
  // and the buyer's store readiness report.
  storeAccountPage('store-agreement', '/direct/agreement/:agreementType/:enterpriseId/:userId', 'Agreement'),
  storeAccountPage('store-onboarding-report', '/direct/onboarding/report', 'Store readiness'),
  storePage('store-page', '/direct/:page', 'Store'),
  storePage('store-category-about', '/direct/:category/about', 'Category'),
  storePage('store-category', '/direct/:category/*', 'Category'),
  storePage('marketplace-product', '/marketplace/products/:uniqueProductId?', 'Marketplace product'),

  // Sign-in, password and signup (grain-marketing.md 2; platform.md 2.2). Built in issue 3.
  built(loggedOut('sign-in', '/sign-in/:method?', 'Sign in')),
  built(loggedOut('sign-in-sso', '/sign-in/sso', 'Single sign-on')),
  built(loggedOut('sign-in-native', '/sign-in/native', 'Sign in')),
  built(loggedOut('sign-in-sms-verification', '/sign-in/sms-verification', 'Verify your phone number')),
  built({ ...loggedOut('native-landing', '/native-landing', 'Welcome', 'none'), guard: 'none' }),
  built(loggedOut('login-magic', '/login/magic', 'Sign in with a magic link')),
  built(loggedOut('reset-password', '/reset-password', 'Reset your password')),
  built(loggedOut('password-reset', '/password/reset', 'Reset your password')),
  built(loggedOut('password-exchange', '/password/exchange/:token', 'Choose a new password')),
  built({ ...member('onetime-password-reset', '/onetime-password/reset', 'Choose a new password'), header: 'none' }),
  built(loggedOut('signup', '/signup/:reason?', 'Sign up')),
  built(loggedOut('signup-jit-verify', '/signup-jit-verify/:reason?', 'Verify your account')),
  built(loggedOut('signup-verify-first', '/signup-verify-first', 'Sign up')),
  built(loggedOut('signup-verify-first-token', '/signup-verify-first/token/:token', 'Sign up')),
  // An invitation to join a partner's CRM (issue 15): open whether signed in or not; the page says what to do.
  built({ ...loggedOut('accept-invitation', '/invitation/:token', 'Accept invitation'), guard: 'none' }),

  // Signed-in pages outside CRM and my sales lite.
  // '/dashboard' sends each experience to its home (homePathFor) and welcomes a user with none yet.
  built(member('dashboard', '/dashboard', 'Dashboard')),
  // '/user' is my profile; '/user/<another id>' is that user's for staff with list-all-user-details (issue 16).
  built(member('user', '/user/:id?', 'My profile')),
  // The staff administration area (issue 16, decision 053): staff only; each page checks its admin permission.
  built(member('admin', '/admin', 'Administration')),
  built(member('admin-users', '/admin/users', 'Users')),
  built(member('admin-user', '/admin/users/:userId', 'User')),
  built(member('admin-enterprises', '/admin/enterprises', 'Enterprises')),
  built(member('admin-australian-account-new', '/admin/australian-accounts/new', 'New Australian account')),
  // The account area (issue 16, decision 050): the user's profile and farm businesses, an enterprise's pages as tabs.
  built(member('account', '/account', 'Account')),
  built(member('account-user-enterprises', '/account/user/:userPublicId/enterprises', 'Farm businesses')),
  built(
    member(
      'account-enterprise',
      '/account/user/:userPublicId/enterprise/:enterprisePublicId/:section?',
      'Farm business',
    ),
  ),
  // A farm business's team (issue 16, decision 052): members, access flags, invitations; the invitation's page is open
  // to guests (a new account) and the signed-in (the invited account joins), and says what to do.
  built(member('enterprise-team', '/enterprise/:id/team', 'Team')),
  built({ ...member('account-invitation', '/account/invitation', 'Accept invitation'), guard: 'none' }),
  built(member('permissions', '/permissions', 'My access')),
  built(member('permissions-user', '/permissions/:userId', 'Access')),
  // A farm business's billing (issue 17, decision 056): payment methods, what it paid and what it was paid.
  built(member('billing', '/billing', 'Billing')),
  // Notifications (issue 16, decision 055): the user's settings, the in-app list, and the unsubscribe page e-mails link
  // to (open without sign-in: the link's signed id is all it needs; the mail client's one-click POST goes to the server).
  built(member('account-notifications', '/account/notifications', 'Notification settings')),
  built(member('global-notifications', '/global-notifications', 'Notifications')),
  built({ ...publicPage('one-click-unsubscribe', '/one-click-unsubscribe/:id', 'Unsubscribe'), localized: 'none' }),
  // The farmer's profit center (issue 17, decision 057): market home, summary, sales and bids-offers are built; the
  // other tabs are left out of its tab bar and open the market home.
  built(member('profit-center', '/profit-center/:tab?/:slug?', 'Profit center')),
  // Partner onboarding (issue 17, decision 060): a farmer invited by their elevator links their grain account. Open to
  // visitors (the landing offers sign-in and signup that come back); :page is landing, app-install, update-phone, no-data,
  // confirm-code or get{brand}; both outrank '/profit-center/:tab?/:slug?' by their static 'partner' segment.
  built({
    ...member('profit-center-partner', '/profit-center/partner/:intent/:page?', 'Connect your grain account'),
    guard: 'none',
  }),
  built({
    ...member(
      'profit-center-partner-verify-email',
      '/profit-center/partner/:intent?/verify-email',
      'Verify your e-mail',
    ),
    guard: 'none',
  }),
  {
    id: 'profit-center-contract-signed',
    path: '/profit-center/:esignProvider/contract-signed',
    guard: 'none',
    gate: null,
    header: 'signer',
    localized: 'optional',
    built: true,
    title: 'Contract signed',
  },
  // The built-in e-signing page (issue 5): the link's one-time token needs no session; a request id needs the signer signed in.
  {
    id: 'profit-center-esign-sign',
    path: '/profit-center/:esignProvider/sign/:token',
    guard: 'none',
    gate: null,
    header: 'signer',
    localized: 'optional',
    built: true,
    title: 'Sign contract',
  },

  // CRM (requires the grainBuying experience). '/crm' itself redirects to '/crm/dashboard' (REDIRECTS);
  // the parent is the CRM layout, so it counts as built.
  {
    ...crm('crm', '/crm', 'CRM'),
    built: true,
    children: [
      built(crm('crm-dashboard', '/crm/dashboard', 'Dashboard')),
      built(crm('crm-contracts', '/crm/contracts', 'Contracts')),
      built(crm('crm-contract', '/crm/contracts/:contractId', 'Contract')),
      built(crm('crm-deliveries', '/crm/deliveries', 'Deliveries')),
      built(crm('crm-client', '/crm/client/:clientId', 'Client')),
      built(crm('crm-bids', '/crm/bids', 'Bids')),
      built(crm('crm-offers', '/crm/offers', 'Offers')),
      built(crm('crm-settlements', '/crm/settlements', 'Settlements')),
      built(crm('crm-payments', '/crm/payments', 'Payments')),
      built(crm('crm-discount-schedules', '/crm/discount-schedules', 'Discount schedules')),
      built(crm('crm-structures', '/crm/structures', 'Structures')),
      built(crm('crm-clients', '/crm/clients', 'Clients')),
      built(crm('crm-public-bids-admin', '/crm/public-bids-admin', 'Public bids admin')),
      built(crm('crm-administrator', '/crm/administrator', 'Administrator')),
      // Issue 15: the administrator's pages and the ingest dashboard.
      built(crm('crm-admin-users', '/crm/administrator/users', 'Users')),
      built(crm('crm-admin-user', '/crm/administrator/users/:userId', 'User')),
      built(crm('crm-admin-markets', '/crm/administrator/markets', 'Markets')),
      built(crm('crm-admin-legal-entities', '/crm/administrator/legal-entities', 'Legal entities')),
      built(crm('crm-admin-tokens', '/crm/administrator/api-tokens', 'API tokens')),
      built(crm('crm-admin-offboarding', '/crm/administrator/offboarding', 'Offboarding report')),
      built(crm('crm-ingest', '/crm/ingest', 'Data imports')),
      built(crm('crm-ingest-sync', '/crm/ingest/:syncId', 'Import')),
    ],
  },

  // My sales lite (requires enterpriseAgronomics and the flag allowing my sales lite).
  built(mySalesLite('my-sales-lite', '/my-sales-lite', 'My sales')),
  built(mySalesLite('my-sales-lite-balances', '/my-sales-lite/balances', 'Balances')),
  built(mySalesLite('my-sales-lite-tab', '/my-sales-lite/tab', 'Tickets')),
  built(mySalesLite('my-sales-lite-bids', '/my-sales-lite/bids/:marketName?', 'Local bids')),
  built(mySalesLite('my-sales-lite-settlements', '/my-sales-lite/settlements', 'Settlements')),
  built(mySalesLite('my-sales-lite-payments', '/my-sales-lite/payments', 'Payments')),
  built(mySalesLite('my-sales-lite-structures', '/my-sales-lite/structures', 'Structures')),

  // Native-shell navigation targets.
  member('farmer-accounts', '/farmer-accounts', 'Farmer accounts', 'none'),
  member('add-data', '/add-data', 'Add data', 'none'),
  {
    id: 'change-environment',
    path: '/change-environment',
    guard: 'none',
    gate: null,
    header: 'none',
    localized: 'none',
    built: false,
    title: 'Change environment',
  },
  publicPage('insights', '/insights', 'Insights'),

  // Development only: the outbox (magic links, resets, codes) as a mailbox. The API behind it is not
  // registered in production, where the page says so.
  {
    id: 'dev-mailbox',
    path: '/dev/mailbox',
    guard: 'none',
    gate: null,
    header: 'none',
    localized: 'none',
    built: true,
    title: 'Dev mailbox',
  },
];

/** Every route, parents before their children, in table order. */
export function flattenRoutes(routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

export function findRoute(id: string, routes: readonly RouteDef[] = ROUTES): RouteDef | null {
  return flattenRoutes(routes).find((r) => r.id === id) ?? null;
}

export type RouteMatch = { route: RouteDef; params: Record<string, string>; locale: Locale | null };

/**
 * The route a pathname shows, or null (not found). An optional locale prefix is stripped first
 * ('/en-ca/crm/bids'); with a prefix only routes with localized 'optional' match. When several routes
 * match, the most specific wins as in react-router ('/sign-in/sso' over '/sign-in/:method?'); ties go
 * to the earlier route. Query string and hash are ignored. Redirect sources ('/login', '/contracts',
 * …) are not routes: check resolveRedirect first.
 */
export function matchRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteMatch | null {
  const { locale, barePath } = splitLocalePrefix(pathname);
  let best: { route: RouteDef; params: PathParams; score: number } | null = null;
  for (const route of flattenRoutes(routes)) {
    if (locale !== null && route.localized !== 'optional') continue;
    const m = matchPathScored(route.path, barePath);
    if (m && (best === null || m.score > best.score)) best = { route, params: m.params, score: m.score };
  }
  return best ? { route: best.route, params: best.params, locale } : null;
}
