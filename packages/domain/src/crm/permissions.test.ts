import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  MARKET_PERMISSIONS,
  PUBLIC_MARKET_PERMISSIONS,
  adminPermissionsOf,
  canUseListTab,
  canUseView,
  dashboardEntitlementKey,
  entitlementsFor,
  openCrmPages,
  hasAdminPermission,
  hasEntitlement,
  hasInfo,
  isCrmAdmin,
  marketPermissionsOf,
  marketsWithPermission,
  normalizeMarketPermissions,
  publicMarketPermissions,
  type EntitlementContext,
} from './permissions.ts';

describe('per-market permissions', () => {
  it('has the ten permissions and the public subset', () => {
    expect(MARKET_PERMISSIONS).toEqual([
      'instruments',
      'offers',
      'info',
      'dashboard',
      'contracts',
      'deliveries',
      'contract_documents',
      'notes',
      'profile',
      'public_contact',
    ]);
    expect(PUBLIC_MARKET_PERMISSIONS).toEqual(['instruments', 'offers', 'info', 'public_contact']);
    expect(publicMarketPermissions(['contracts', 'public_contact', 'offers'])).toEqual(['offers', 'public_contact']);
  });

  it("'has info' is the info permission", () => {
    expect(hasInfo(['info'])).toBe(true);
    expect(hasInfo(['instruments', 'offers'])).toBe(false);
    expect(hasInfo(null)).toBe(false);
  });

  it('reads permissions per market', () => {
    const byMarket = { 3: ['contracts', 'bogus', 'contracts'], 5: ['deliveries', 'contracts'], 9: [] };
    expect(normalizeMarketPermissions(byMarket[3])).toEqual(['contracts']);
    expect(marketPermissionsOf(byMarket, 5)).toEqual(['contracts', 'deliveries']);
    expect(marketPermissionsOf(byMarket, 4)).toEqual([]);
    expect(marketPermissionsOf(byMarket, null)).toEqual([]);
    expect(marketsWithPermission(byMarket, 'contracts')).toEqual([3, 5]);
  });
});

describe('admin permissions', () => {
  it('has the five merchandising admin permissions', () => {
    expect(ADMIN_PERMISSIONS).toEqual([
      'buyer-admin',
      'farmer-admin',
      'structures',
      'structures-admin',
      'view-offboarding-report',
    ]);
  });

  it('is an admin with buyer-admin or farmer-admin only', () => {
    expect(isCrmAdmin({ 'buyer-admin': ['all'] })).toBe(true);
    expect(isCrmAdmin({ 'farmer-admin': true })).toBe(true);
    expect(isCrmAdmin(['farmer-admin'])).toBe(true);
    expect(isCrmAdmin({ structures: 'all', 'structures-admin': true, 'view-offboarding-report': true })).toBe(false);
    expect(isCrmAdmin({ 'buyer-admin': [] })).toBe(false);
    expect(isCrmAdmin({ 'buyer-admin': false })).toBe(false);
    expect(isCrmAdmin(null)).toBe(false);
    expect(isCrmAdmin({}, { isSuperAdmin: true })).toBe(true);
  });

  it('scopes a grant listed by market', () => {
    const grants = { 'buyer-admin': ['3', 5], structures: 'all' as const };
    expect(hasAdminPermission(grants, 'buyer-admin', { marketId: 5 })).toBe(true);
    expect(hasAdminPermission(grants, 'buyer-admin', { marketId: 3 })).toBe(true);
    expect(hasAdminPermission(grants, 'buyer-admin', { marketId: 4 })).toBe(false);
    expect(hasAdminPermission(grants, 'structures', { marketId: 4 })).toBe(true);
    expect(isCrmAdmin(grants, { marketId: 4 })).toBe(false);
    expect(adminPermissionsOf(grants, { marketId: 4 })).toEqual(['structures']);
    expect(adminPermissionsOf(grants)).toEqual(['buyer-admin', 'structures']);
  });
});

describe('entitlements (section 6 table)', () => {
  const full: EntitlementContext = {
    brand: 'Granary Grain',
    marketPermissions: ['dashboard', 'contracts', 'deliveries', 'instruments', 'offers', 'contract_documents'],
    partnerHasCrm: true,
    marketSustainabilityEnabled: true,
    structuredProductAccess: true,
    experimentFlags: { 'crm-new-dashboard': 'on', 'crm-old': 'off' },
  };
  const without = (perm: string): EntitlementContext => ({
    ...full,
    marketPermissions: full.marketPermissions.filter((p) => p !== perm),
  });

  it('names the dashboard after the grain brand', () => {
    expect(dashboardEntitlementKey('Granary Grain')).toBe('granary-grain-dashboard');
    expect(dashboardEntitlementKey('Prairie')).toBe('prairie-dashboard');
  });

  it('grants everything to a full buyer', () => {
    expect(entitlementsFor(full)).toEqual([
      'granary-grain-dashboard',
      'grain-buying-contracts',
      'grain-buying-deliveries',
      'grain-buying-bids',
      'grain-buying-offers',
      'grain-buying-clients',
      'grain-buying-structures',
      'crm-new-dashboard',
    ]);
  });

  it('{brand}-dashboard needs the dashboard permission', () => {
    expect(hasEntitlement(without('dashboard'), 'granary-grain-dashboard')).toBe(false);
    expect(hasEntitlement(full, 'prairie-dashboard')).toBe(false); // another brand's key
  });

  it('grain-buying-contracts needs contracts and a partner with CRM', () => {
    expect(hasEntitlement(without('contracts'), 'grain-buying-contracts')).toBe(false);
    expect(hasEntitlement({ ...full, partnerHasCrm: false }, 'grain-buying-contracts')).toBe(false);
  });

  it('grain-buying-deliveries needs deliveries and a partner with CRM', () => {
    expect(hasEntitlement(without('deliveries'), 'grain-buying-deliveries')).toBe(false);
    expect(hasEntitlement({ ...full, partnerHasCrm: false }, 'grain-buying-deliveries')).toBe(false);
  });

  it('bids need instruments and offers need offers, even for a bids/offers-only buyer', () => {
    const bidsOnly = { ...full, partnerHasCrm: false };
    expect(hasEntitlement(bidsOnly, 'grain-buying-bids')).toBe(true);
    expect(hasEntitlement(bidsOnly, 'grain-buying-offers')).toBe(true);
    expect(hasEntitlement(without('instruments'), 'grain-buying-bids')).toBe(false);
    expect(hasEntitlement(without('offers'), 'grain-buying-offers')).toBe(false);
  });

  it('grain-buying-clients needs some crop/year with sustainability enabled', () => {
    expect(hasEntitlement({ ...full, marketSustainabilityEnabled: false }, 'grain-buying-clients')).toBe(false);
    const years = [
      { cropId: 1, cropYear: 2025, enabled: false },
      { cropId: 2, cropYear: 2026, enabled: true },
    ];
    expect(
      hasEntitlement(
        { ...full, marketSustainabilityEnabled: false, sustainabilityCropYears: years },
        'grain-buying-clients',
      ),
    ).toBe(true);
    expect(hasEntitlement({ ...full, sustainabilityCropYears: [years[0]!] }, 'grain-buying-clients')).toBe(false);
  });

  it('grain-buying-structures needs structured-product access', () => {
    expect(hasEntitlement({ ...full, structuredProductAccess: false }, 'grain-buying-structures')).toBe(false);
  });

  it("any other key needs its experiment flag 'on'", () => {
    expect(hasEntitlement(full, 'crm-new-dashboard')).toBe(true);
    expect(hasEntitlement(full, 'crm-old')).toBe(false);
    expect(hasEntitlement(full, 'crm-unknown')).toBe(false);
    expect(
      hasEntitlement(
        { ...full, partnerHasCrm: false, experimentFlags: { 'grain-buying-contracts': 'on' } },
        'grain-buying-contracts',
      ),
    ).toBe(false);
  });

  it('opens tabs and views by entitlement', () => {
    expect(canUseListTab(without('contract_documents'), 'contract-documents')).toBe(false);
    expect(canUseListTab(without('contract_documents'), 'contracts')).toBe(true);
    expect(canUseView(without('deliveries'), 'unapplied')).toBe(false);
    expect(canUseView(without('deliveries'), 'delinquent')).toBe(true);
    expect(canUseView(without('contract_documents'), 'signature_mismatch')).toBe(false);
  });
});

describe('openCrmPages', () => {
  const market = (entitlements: string[], userPermissions: string[] = []) => ({ entitlements, userPermissions });

  it('offers a page when some market grants its entitlement', () => {
    const open = openCrmPages(
      [market(['grain-buying-contracts']), market(['granary-dashboard', 'grain-buying-deliveries'])],
      { isAdmin: false },
    );
    expect(open('/crm/dashboard')).toBe(true);
    expect(open('/crm/contracts')).toBe(true);
    expect(open('/crm/deliveries')).toBe(true);
    expect(open('/crm/bids')).toBe(false);
    expect(open('/crm/clients')).toBe(false);
    expect(open('/crm/structures')).toBe(false);
  });

  it('offers public bids admin with info somewhere and the administrator page to CRM admins only', () => {
    expect(openCrmPages([market([], ['info'])], { isAdmin: false })('/crm/public-bids-admin')).toBe(true);
    expect(openCrmPages([market([], ['contracts'])], { isAdmin: false })('/crm/public-bids-admin')).toBe(false);
    expect(openCrmPages([], { isAdmin: true })('/crm/administrator')).toBe(true);
    expect(openCrmPages([], { isAdmin: false })('/crm/administrator')).toBe(false);
  });

  it('offers Data imports only with the bootstrap ingestDashboardAccess', () => {
    const markets = [market(['grain-buying-contracts'], ['contracts'])];
    expect(openCrmPages(markets, { isAdmin: true, ingestDashboardAccess: true })('/crm/ingest')).toBe(true);
    expect(openCrmPages(markets, { isAdmin: true, ingestDashboardAccess: false })('/crm/ingest')).toBe(false);
    expect(openCrmPages(markets, { isAdmin: false })('/crm/ingest')).toBe(false);
    expect(openCrmPages(markets, { isAdmin: false })('/crm/ingest/12')).toBe(false);
  });

  it('offers pages without an entitlement (a client profile) always, and nothing gated without markets', () => {
    const open = openCrmPages([], { isAdmin: false });
    expect(open('/crm/client/42')).toBe(true);
    expect(open('/crm/dashboard')).toBe(false);
    expect(open('/crm/offers')).toBe(false);
  });
});
