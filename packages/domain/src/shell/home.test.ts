import { describe, expect, it } from 'vitest';
import { anonymousUser, type BootstrapUser } from './bootstrap.ts';
import { HOME_PATHS, homeKindFor, homePathFor, homeShowsGrain, isStaff } from './home.ts';

const ALL = ['crm', 'public', 'my-sales-lite'] as const;

function user(overrides: Partial<BootstrapUser>): BootstrapUser {
  return { ...anonymousUser('anon-1234567890abcdef'), id: 'u1', isLoggedIn: true, ...overrides };
}

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

  it("shows the home's grain cards only to a My Sales Lite farmer on a partner offering it", () => {
    const farmer = user({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] });
    expect(homeShowsGrain(farmer, ALL)).toBe(true);
    expect(homeShowsGrain(farmer, ['crm', 'public'])).toBe(false);
    expect(homeShowsGrain(user({ experiences: { enterprise_agronomics: true } }), ALL)).toBe(false);
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
