import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE, ROUTES, findRoute, flattenRoutes, matchRoute, type RouteDef } from './routes.ts';

const all = flattenRoutes();
const idOf = (path: string) => matchRoute(path)?.route.id ?? null;

describe('ROUTES', () => {
  it('has unique ids and unique patterns', () => {
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
  });

  it('lists every path of grain-marketing.md 2 and the extra paths of the contract', () => {
    const paths = all.map((r) => r.path);
    for (const p of [
      // Top-level pages
      '/error/:code?/:hash?',
      '/user/:id?',
      '/onetime-password/reset',
      '/password/reset',
      '/password/exchange/:token',
      '/login/magic',
      '/reset-password',
      '/sign-in/sso',
      '/sign-in/:method?',
      '/profit-center/:esignProvider/contract-signed',
      '/market/:marketName?',
      '/score',
      '/support',
      '/',
      '/dashboard',
      '/app-shell',
      // CRM pages
      '/crm',
      '/crm/dashboard',
      '/crm/contracts',
      '/crm/contracts/:contractId',
      '/crm/deliveries',
      '/crm/client/:clientId',
      '/crm/bids',
      '/crm/offers',
      '/crm/settlements',
      '/crm/payments',
      '/crm/discount-schedules',
      '/crm/structures',
      '/crm/clients',
      '/crm/public-bids-admin',
      '/crm/administrator',
      '/crm/administrator/users',
      '/crm/administrator/users/:userId',
      '/crm/administrator/markets',
      '/crm/administrator/legal-entities',
      '/crm/administrator/api-tokens',
      '/crm/administrator/offboarding',
      '/crm/ingest',
      '/crm/ingest/:syncId',
      // My sales lite pages
      '/my-sales-lite',
      '/my-sales-lite/balances',
      '/my-sales-lite/tab',
      '/my-sales-lite/bids/:marketName?',
      // Extra paths of the contract
      '/sign-in/native',
      '/native-landing',
      '/sign-in/sms-verification',
      '/signup/:reason?',
      '/signup-jit-verify/:reason?',
      '/signup-verify-first',
      '/signup-verify-first/token/:token',
      '/account',
      '/enterprise/:id/team',
      '/profit-center/:tab?/:slug?',
      // Native-shell navigation targets
      '/farmer-accounts',
      '/add-data',
      '/change-environment',
      '/insights',
      // Development
      '/dev/mailbox',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('nests the CRM pages under a /crm parent', () => {
    const parent = ROUTES.find((r) => r.path === '/crm');
    expect(parent?.children?.map((c) => c.path)).toEqual([
      '/crm/dashboard',
      '/crm/contracts',
      '/crm/contracts/:contractId',
      '/crm/deliveries',
      '/crm/client/:clientId',
      '/crm/bids',
      '/crm/offers',
      '/crm/settlements',
      '/crm/payments',
      '/crm/discount-schedules',
      '/crm/structures',
      '/crm/clients',
      '/crm/public-bids-admin',
      '/crm/administrator',
      '/crm/administrator/users',
      '/crm/administrator/users/:userId',
      '/crm/administrator/markets',
      '/crm/administrator/legal-entities',
      '/crm/administrator/api-tokens',
      '/crm/administrator/offboarding',
      '/crm/ingest',
      '/crm/ingest/:syncId',
    ]);
    expect(ROUTES.filter((r) => r.path.startsWith('/crm/'))).toEqual([]);
    for (const child of parent?.children ?? []) expect(child.path.startsWith('/crm/')).toBe(true);
  });

  it('gives every route an English title', () => {
    for (const r of all) expect(r.title.trim(), r.id).not.toBe('');
  });

  it('marks the shell pages built and the rest as placeholders', () => {
    // The store's catalogue pages (issue 6) are checked on their own below.
    expect(
      all
        .filter((r) => r.built && !r.id.startsWith('store-') && r.id !== 'marketplace-product')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'accept-invitation',
      'account',
      'account-enterprise',
      'account-invitation',
      'account-notifications',
      'account-user-enterprises',
      'admin',
      'admin-australian-account-new',
      'admin-enterprises',
      'admin-user',
      'admin-users',
      'billing',
      'crm',
      'crm-admin-legal-entities',
      'crm-admin-markets',
      'crm-admin-offboarding',
      'crm-admin-tokens',
      'crm-admin-user',
      'crm-admin-users',
      'crm-administrator',
      'crm-bids',
      'crm-client',
      'crm-clients',
      'crm-contract',
      'crm-contracts',
      'crm-dashboard',
      'crm-deliveries',
      'crm-discount-schedules',
      'crm-ingest',
      'crm-ingest-sync',
      'crm-offers',
      'crm-payments',
      'crm-public-bids-admin',
      'crm-settlements',
      'crm-structures',
      'dashboard',
      'dev-mailbox',
      'enterprise-team',
      'error',
      'global-notifications',
      'home',
      'legal-ccpa-privacy-policy',
      'legal-community-content-policy',
      'legal-electronic-funds-transfer',
      'legal-privacy-policy',
      'legal-terms-of-service',
      'login-magic',
      'market',
      'my-sales-lite',
      'my-sales-lite-balances',
      'my-sales-lite-bids',
      'my-sales-lite-payments',
      'my-sales-lite-settlements',
      'my-sales-lite-structures',
      'my-sales-lite-tab',
      'native-landing',
      'one-click-unsubscribe',
      'onetime-password-reset',
      'password-exchange',
      'password-reset',
      'permissions',
      'permissions-user',
      'profit-center',
      'profit-center-contract-signed',
      'profit-center-esign-sign',
      'profit-center-partner',
      'profit-center-partner-verify-email',
      'reset-password',
      'score',
      'sign-in',
      'sign-in-native',
      'sign-in-sms-verification',
      'sign-in-sso',
      'signup',
      'signup-jit-verify',
      'signup-verify-first',
      'signup-verify-first-token',
      'support',
      'user',
    ]);
  });

  it("has the store pages of platform.md 2.4, localized: the catalogue public, checkout and the buyer's account signed-in", () => {
    const store = all.filter((r) => r.id.startsWith('store-') || r.id === 'marketplace-product');
    expect(store.every((r) => r.built && r.localized === 'optional' && r.header === 'public')).toBe(true);
    const account =
      /^\/direct\/(carts|order|order-history|order-history-details|buy-now-details|order-confirmation|buy-now-confirmation|order-readiness|previously-purchased|shopping-lists|applicator|agreement|onboarding)(\/|$)/;
    for (const r of store) expect([r.path, r.guard]).toEqual([r.path, account.test(r.path) ? 'login' : 'none']);
    expect(store.filter((r) => r.guard === 'login').length).toBe(15);
    expect(matchRoute('/direct/agreement/terms-of-sale/0b7c/1a2b')?.route.id).toBe('store-agreement');
    expect(matchRoute('/en-ca/direct/onboarding/report')?.route.id).toBe('store-onboarding-report');
    expect(matchRoute('/direct/granary-agreements')?.route.id).toBe('store-page');
    expect(matchRoute('/direct/applicator/0b7c/1a2b')?.route.id).toBe('store-applicator');
    expect(matchRoute('/en-ca/direct/applicator')?.route.id).toBe('store-applicator');
    expect(matchRoute('/direct/crop-protection/herbicides.burndown')?.route.id).toBe('store-category');
    expect(matchRoute('/en-ca/direct/animal_health/about')?.route.id).toBe('store-category-about');
    expect(matchRoute('/direct/product/atrazine-4l/sds')?.route.id).toBe('store-product-document');
    expect(matchRoute('/direct/co-packs')?.route.id).toBe('store-co-packs');
    expect(matchRoute('/direct/seed')?.route.id).toBe('store-page');
    expect(matchRoute('/marketplace/products/0b7c')?.route.id).toBe('marketplace-product');
  });

  it('gates /score on the public-ci-score feature', () => {
    expect(findRoute('score')?.publicPageFeature).toBe('public-ci-score');
  });

  it('findRoute finds children and returns null for unknown ids', () => {
    expect(findRoute('crm-bids')?.path).toBe('/crm/bids');
    expect(findRoute('nope')).toBeNull();
  });
});

describe('guards, gates and headers', () => {
  const route = (path: string): RouteDef => {
    const m = matchRoute(path);
    if (!m) throw new Error(`no route for ${path}`);
    return m.route;
  };

  it.each([
    '/crm',
    '/crm/dashboard',
    '/crm/contracts',
    '/crm/deliveries',
    '/crm/client/1',
    '/crm/bids',
    '/crm/offers',
    '/crm/structures',
    '/crm/clients',
    '/crm/public-bids-admin',
    '/crm/administrator',
  ])('%s: login, grainBuying, crm header', (p) => {
    expect(route(p)).toMatchObject({ guard: 'login', gate: 'grainBuying', header: 'crm' });
  });

  it.each([
    '/my-sales-lite',
    '/my-sales-lite/balances',
    '/my-sales-lite/tab',
    '/my-sales-lite/bids',
    '/my-sales-lite/bids/ames',
  ])('%s: login, mySalesLite, my-sales-lite header', (p) => {
    expect(route(p)).toMatchObject({ guard: 'login', gate: 'mySalesLite', header: 'my-sales-lite' });
  });

  it.each([
    '/user',
    '/dashboard',
    '/account',
    '/enterprise/5/team',
    '/profit-center',
    '/profit-center/summary',
    '/farmer-accounts',
    '/add-data',
    '/onetime-password/reset',
  ])('%s: login, no gate', (p) => {
    expect(route(p)).toMatchObject({ guard: 'login', gate: null });
  });

  it.each([
    '/sign-in',
    '/sign-in/password',
    '/sign-in/magic_link',
    '/sign-in/sms',
    '/sign-in/sso',
    '/sign-in/native',
    '/sign-in/sms-verification',
    '/login/magic',
    '/reset-password',
    '/password/reset',
    '/password/exchange/t0k',
    '/signup',
    '/signup/seed',
    '/signup-jit-verify',
    '/signup-jit-verify/x',
    '/signup-verify-first',
    '/signup-verify-first/token/abc',
  ])('%s: logged-out, no header', (p) => {
    expect(route(p)).toMatchObject({ guard: 'logged-out', gate: null, header: 'none' });
  });

  it.each(['/market', '/market/ames', '/score', '/support', '/insights'])('%s: no guard, public header', (p) => {
    expect(route(p)).toMatchObject({ guard: 'none', gate: null, header: 'public' });
  });

  it.each([
    '/',
    '/error',
    '/error/500/abc',
    '/app-shell',
    '/change-environment',
    '/profit-center/docusign/contract-signed',
    '/dev/mailbox',
    '/native-landing',
  ])('%s: no guard', (p) => {
    expect(route(p)).toMatchObject({ guard: 'none', gate: null });
  });

  it.each([
    '/profit-center/builtin/sign/abc',
    '/profit-center/docusign/contract-signed',
    '/en-ca/profit-center/builtin/sign/abc',
  ])(
    '%s: no guard, the signer’s header (the farmer’s for a My Sales Lite user, plain for an anonymous signer)',
    (p) => {
      expect(route(p)).toMatchObject({ guard: 'none', gate: null, header: 'signer' });
    },
  );
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home', {}],
    ['/dashboard', 'dashboard', {}],
    ['/user', 'user', {}],
    ['/support', 'support', {}],
    ['/score', 'score', {}],
    ['/app-shell', 'app-shell', {}],
    ['/crm', 'crm', {}],
    ['/crm/dashboard', 'crm-dashboard', {}],
    ['/crm/contracts', 'crm-contracts', {}],
    ['/crm/deliveries', 'crm-deliveries', {}],
    ['/crm/client/42', 'crm-client', { clientId: '42' }],
    ['/crm/bids', 'crm-bids', {}],
    ['/crm/offers', 'crm-offers', {}],
    ['/crm/structures', 'crm-structures', {}],
    ['/crm/clients', 'crm-clients', {}],
    ['/crm/public-bids-admin', 'crm-public-bids-admin', {}],
    ['/crm/administrator', 'crm-administrator', {}],
    ['/my-sales-lite', 'my-sales-lite', {}],
    ['/my-sales-lite/balances', 'my-sales-lite-balances', {}],
    ['/my-sales-lite/tab', 'my-sales-lite-tab', {}],
    ['/onetime-password/reset', 'onetime-password-reset', {}],
    ['/password/reset', 'password-reset', {}],
    ['/password/exchange/abc.def', 'password-exchange', { token: 'abc.def' }],
    ['/login/magic', 'login-magic', {}],
    ['/reset-password', 'reset-password', {}],
    ['/sign-in/native', 'sign-in-native', {}],
    ['/native-landing', 'native-landing', {}],
    ['/sign-in/sms-verification', 'sign-in-sms-verification', {}],
    ['/signup-verify-first', 'signup-verify-first', {}],
    ['/signup-verify-first/token/xyz', 'signup-verify-first-token', { token: 'xyz' }],
    ['/account', 'account', {}],
    ['/enterprise/77/team', 'enterprise-team', { id: '77' }],
    ['/farmer-accounts', 'farmer-accounts', {}],
    ['/add-data', 'add-data', {}],
    ['/change-environment', 'change-environment', {}],
    ['/insights', 'insights', {}],
  ])('%s → %s %j', (path, id, params) => {
    expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ id }), params, locale: null });
  });

  describe('optional parameters match with and without the segment', () => {
    it.each([
      ['/error', 'error', {}],
      ['/error/404', 'error', { code: '404' }],
      ['/error/500/deadbeef', 'error', { code: '500', hash: 'deadbeef' }],
      ['/sign-in', 'sign-in', {}],
      ['/sign-in/password', 'sign-in', { method: 'password' }],
      ['/sign-in/magic_link', 'sign-in', { method: 'magic_link' }],
      ['/sign-in/sms', 'sign-in', { method: 'sms' }],
      ['/market', 'market', {}],
      ['/market/des-moines', 'market', { marketName: 'des-moines' }],
      ['/market/Des%20Moines', 'market', { marketName: 'Des Moines' }],
      ['/my-sales-lite/bids', 'my-sales-lite-bids', {}],
      ['/my-sales-lite/bids/ames', 'my-sales-lite-bids', { marketName: 'ames' }],
      ['/signup', 'signup', {}],
      ['/signup/seed', 'signup', { reason: 'seed' }],
      ['/signup-jit-verify', 'signup-jit-verify', {}],
      ['/signup-jit-verify/grain', 'signup-jit-verify', { reason: 'grain' }],
      ['/profit-center', 'profit-center', {}],
      ['/profit-center/bids-offers', 'profit-center', { tab: 'bids-offers' }],
      ['/profit-center/sales/contracts', 'profit-center', { tab: 'sales', slug: 'contracts' }],
    ])('%s → %s %j', (path, id, params) => {
      expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ id }), params, locale: null });
    });
  });

  describe('the most specific route wins, whatever the table order', () => {
    it('static sign-in pages over /sign-in/:method?', () => {
      expect(idOf('/sign-in/sso')).toBe('sign-in-sso');
      expect(idOf('/sign-in/native')).toBe('sign-in-native');
      expect(idOf('/sign-in/sms-verification')).toBe('sign-in-sms-verification');
      const reversed = [...ROUTES].reverse();
      expect(matchRoute('/sign-in/sso', reversed)?.route.id).toBe('sign-in-sso');
      expect(matchRoute('/sign-in/password', reversed)?.route.id).toBe('sign-in');
    });

    it('the e-signature landing over /profit-center/:tab?/:slug?', () => {
      expect(matchRoute('/profit-center/docusign/contract-signed')).toEqual({
        route: expect.objectContaining({ id: 'profit-center-contract-signed' }),
        params: { esignProvider: 'docusign' },
        locale: null,
      });
      expect(idOf('/profit-center/sales/contract-signed-x')).toBe('profit-center');
    });

    it('the partner onboarding pages over /profit-center/:tab?/:slug?', () => {
      expect(matchRoute('/profit-center/partner/demo/landing')?.params).toEqual({ intent: 'demo', page: 'landing' });
      expect(idOf('/profit-center/partner/demo')).toBe('profit-center-partner');
      expect(idOf('/profit-center/partner/demo/getgranary')).toBe('profit-center-partner');
      expect(idOf('/profit-center/partner/demo/verify-email')).toBe('profit-center-partner-verify-email');
      expect(idOf('/profit-center/partner/verify-email')).toBe('profit-center-partner-verify-email');
      expect(idOf('/profit-center/partner')).toBe('profit-center');
    });
  });

  describe('locale prefixes', () => {
    it.each([
      ['/en-ca/crm/bids', 'crm-bids', 'en-ca', {}],
      ['/en-au/crm/client/9', 'crm-client', 'en-au', { clientId: '9' }],
      ['/en-us/market/ames', 'market', 'en-us', { marketName: 'ames' }],
      ['/en-ca-qc/market', 'market', 'en-ca-qc', {}],
      ['/en-ca', 'home', 'en-ca', {}],
      ['/en-ca/', 'home', 'en-ca', {}],
      ['/en-au/sign-in/password', 'sign-in', 'en-au', { method: 'password' }],
      ['/en-ca/my-sales-lite/bids', 'my-sales-lite-bids', 'en-ca', {}],
      ['/en-ca/error/404', 'error', 'en-ca', { code: '404' }],
      ['/en-ca/sign-in/native', 'sign-in-native', 'en-ca', {}],
      [
        '/en-us/profit-center/docusign/contract-signed',
        'profit-center-contract-signed',
        'en-us',
        { esignProvider: 'docusign' },
      ],
    ])('%s → %s (%s)', (path, id, locale, params) => {
      expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ id }), params, locale });
    });

    it('is refused on routes that are not localized (and no other route swallows them)', () => {
      expect(
        all
          .filter((x) => x.localized === 'none')
          .map((x) => x.id)
          .sort(),
      ).toEqual([
        'add-data',
        'app-shell',
        'change-environment',
        'dev-mailbox',
        'farmer-accounts',
        'native-landing',
        'one-click-unsubscribe',
      ]);
      for (const r of all.filter((x) => x.localized === 'none')) {
        expect(matchRoute(`/en-ca${r.path.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, 'x')}`), r.path).toBeNull();
      }
      expect(matchRoute('/en-ca/app-shell')).toBeNull();
      expect(matchRoute('/app-shell')?.route.id).toBe('app-shell');
    });

    it('is recognised only as the first segment', () => {
      expect(matchRoute('/crm/en-ca/bids')).toBeNull();
      expect(matchRoute('/en-ca/en-ca/crm')).toBeNull();
    });
  });

  it('ignores a trailing slash, case, query and hash', () => {
    expect(idOf('/crm/bids/')).toBe('crm-bids');
    expect(idOf('/CRM/Bids')).toBe('crm-bids');
    expect(idOf('/crm/bids?page=2#top')).toBe('crm-bids');
  });

  it.each([
    '/nope',
    '/crm/nope',
    '/crm/client',
    '/crm/client/1/2',
    '/crm/bids/extra',
    '/market/a/b',
    '/error/1/2/3',
    '/sign-in/password/extra',
    '/password/exchange',
    '/enterprise/team',
    '/profit-center/a/b/c',
    '/my-sales-lite/bids/a/b',
    '/marketplace',
    '/login', // a redirect source, not a route
    '/contracts',
    '/en-gb/crm',
  ])('%s is not found', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('accepts a custom table, splat routes included', () => {
    const table: RouteDef[] = [
      {
        id: 'docs',
        path: '/docs/*',
        guard: 'none',
        gate: null,
        header: 'none',
        localized: 'optional',
        built: true,
        title: 'Docs',
      },
      {
        id: 'docs-home',
        path: '/docs',
        guard: 'none',
        gate: null,
        header: 'none',
        localized: 'optional',
        built: true,
        title: 'Docs',
      },
    ];
    expect(matchRoute('/docs', table)?.route.id).toBe('docs-home');
    expect(matchRoute('/en-ca/docs/a/b', table)).toEqual({ route: table[0], params: { '*': 'a/b' }, locale: 'en-ca' });
    expect(matchRoute('/other', table)).toBeNull();
  });

  it('breaks a tie in favour of the earlier route', () => {
    const def = (id: string, path: string): RouteDef => ({
      id,
      path,
      guard: 'none',
      gate: null,
      header: 'none',
      localized: 'optional',
      built: true,
      title: id,
    });
    const table = [def('first', '/a/:x'), def('second', '/a/:y')];
    expect(matchRoute('/a/1', table)).toEqual({ route: table[0], params: { x: '1' }, locale: null });
    expect(matchRoute('/a/1', [...table].reverse())?.route.id).toBe('second');
  });

  it('has the not-found message of the spec', () => {
    expect(NOT_FOUND_MESSAGE).toBe('The page you are looking for does not exist.');
  });
});
