import { describe, expect, it } from 'vitest';
import { anonymousUser, type BootstrapUser } from './bootstrap.ts';
import { STORE_REGION_FLAGS } from '../store/regions.ts';
import {
  HOME_PATHS,
  farmerNavFor,
  homeKindFor,
  homePathFor,
  farmerNavAllows,
  isStaff,
  type FarmerNavInput,
  type NavEnterprise,
} from './home.ts';

const ALL = ['crm', 'public', 'my-sales-lite'] as const;

function user(overrides: Partial<BootstrapUser>): BootstrapUser {
  return { ...anonymousUser('anon-1234567890abcdef'), id: 'u1', isLoggedIn: true, ...overrides };
}

const OWNER: NavEnterprise = { role: 'owner', permissions: [] };
const SUB_NO_FLAGS: NavEnterprise = { role: 'subaccount', permissions: [] };

/** The navigation input of an owner of one US farm business on a partner offering every experience. */
function nav(subject: BootstrapUser, overrides: Partial<FarmerNavInput> = {}): FarmerNavInput {
  return {
    user: subject,
    partnerExperiences: ALL,
    enterprises: [OWNER],
    current: OWNER,
    storeAreas: STORE_REGION_FLAGS.US,
    ...overrides,
  };
}

const ids = (input: FarmerNavInput) => farmerNavFor(input).map((entry) => entry.id);

describe('homePathFor', () => {
  it('sends a buyer to the CRM dashboard', () => {
    expect(homePathFor(user({ experiences: { grain_buying: true } }))).toBe('/crm/dashboard');
    expect(homeKindFor(user({ experiences: { grain_buying: true, enterprise_agronomics: true } }))).toBe('buyer');
  });

  it('sends staff who can open the CRM to the administrator tools', () => {
    const admin = user({
      experiences: { grain_buying: true, granary_admin: true },
      employeeInfo: { role: 'account_manager' },
      admin: { is_super_admin: true, permissions: {} },
    });
    expect(homePathFor(admin)).toBe('/crm/administrator');
    const superAdminOnly = user({
      experiences: { grain_buying: true },
      admin: { is_super_admin: true, permissions: {} },
    });
    expect(homePathFor(superAdminOnly)).toBe(HOME_PATHS.staff);
  });

  it("keeps a farmer on /dashboard, the farmer's home, with or without My Sales Lite (issue 17)", () => {
    const farmer = user({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] });
    expect(homeKindFor(farmer)).toBe('farmer');
    expect(homePathFor(farmer)).toBe('/dashboard');
    const storeOnly = user({ experiences: { enterprise_agronomics: true } });
    expect(homeKindFor(storeOnly)).toBe('farmer');
  });

  it("shows the home's grain cards only where the profit center entry shows (the one rule)", () => {
    const farmer = user({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] });
    const grain = (input: FarmerNavInput) => farmerNavAllows(input, 'profit-center');
    expect(grain(nav(farmer))).toBe(true);
    expect(grain(nav(farmer, { partnerExperiences: ['crm', 'public'] }))).toBe(false);
    expect(grain(nav(user({ experiences: { enterprise_agronomics: true } })))).toBe(false);
    expect(grain(nav(farmer, { enterprises: [SUB_NO_FLAGS], current: SUB_NO_FLAGS }))).toBe(false);
  });

  it('keeps a new signup (no experience) on the welcome page', () => {
    expect(homeKindFor(user({ experiences: {} }))).toBe('welcome');
    expect(homePathFor(user({ experiences: {} }))).toBe('/dashboard');
  });

  it('keeps staff without grain buying on the welcome page (the CRM gate would refuse them)', () => {
    const staff = user({ employeeInfo: { role: 'support' } });
    expect(isStaff(staff)).toBe(true);
    expect(homeKindFor(staff)).toBe('welcome');
  });

  it('gives a visitor who is not signed in the welcome path', () => {
    expect(homeKindFor(anonymousUser('anon-1234567890abcdef'))).toBe('welcome');
    expect(homePathFor(anonymousUser('anon-1234567890abcdef'))).toBe('/dashboard');
  });
});

describe('farmerNavFor (issue 17: the farmer header and account menu)', () => {
  const farmer = user({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] });
  const grower = user({ experiences: { enterprise_agronomics: true } });

  it('gives an owner with My Sales Lite every entry, header entries first', () => {
    expect(ids(nav(farmer))).toEqual([
      'home',
      'profit-center',
      'my-sales-lite',
      'store',
      'account',
      'team',
      'billing',
      'notifications',
    ]);
    expect(
      farmerNavFor(nav(farmer))
        .filter((e) => e.place === 'header')
        .map((e) => e.path),
    ).toEqual(['/dashboard', '/profit-center', '/my-sales-lite', '/direct']);
  });

  it('leaves the grain entries out without My Sales Lite, on a partner without it, or without profit center access', () => {
    expect(ids(nav(grower))).toEqual(['home', 'store', 'account', 'team', 'billing', 'notifications']);
    expect(ids(nav(farmer, { partnerExperiences: ['crm', 'public'] }))).not.toContain('profit-center');
    const noAccess = nav(farmer, { enterprises: [SUB_NO_FLAGS], current: SUB_NO_FLAGS });
    expect(ids(noAccess)).toEqual(['home', 'account', 'notifications']);
    // Profit center access on another farm business than the current one is enough (loadFarmer reads them all).
    const elsewhere: NavEnterprise = { role: 'subaccount', permissions: ['has_profit_center_access'] };
    expect(ids(nav(farmer, { enterprises: [SUB_NO_FLAGS, elsewhere], current: SUB_NO_FLAGS }))).toContain(
      'my-sales-lite',
    );
  });

  it('shows each account entry by its own flag on the current farm business', () => {
    const flags = (permissions: string[]) => {
      const member: NavEnterprise = { role: 'subaccount', permissions };
      return ids(nav(farmer, { enterprises: [member], current: member }));
    };
    expect(flags(['has_financial_access'])).toEqual(['home', 'account', 'billing', 'notifications']);
    expect(flags(['has_input_purchasing_access'])).toEqual(['home', 'store', 'account', 'notifications']);
    expect(flags(['has_team_access'])).toEqual(['home', 'account', 'team', 'notifications']);
    expect(flags(['has_manage'])).toContain('team');
  });

  it('needs the store in the region (no store in Australia) and a current farm business for its entries', () => {
    expect(ids(nav(farmer, { storeAreas: STORE_REGION_FLAGS.AU }))).not.toContain('store');
    expect(ids(nav(farmer, { enterprises: [], current: null }))).toEqual(['home', 'account', 'notifications']);
  });

  it('gives a buyer who farms no Home entry (their home is the CRM) and a visitor nothing', () => {
    const both = user({
      experiences: { grain_buying: true, enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
    });
    expect(ids(nav(both))[0]).toBe('profit-center');
    expect(ids(nav(anonymousUser('anon-1234567890abcdef')))).toEqual([]);
  });
});
