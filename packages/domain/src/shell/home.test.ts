import { describe, expect, it } from 'vitest';
import { anonymousUser, type BootstrapUser } from './bootstrap.ts';
import { HOME_PATHS, homePathFor, isStaff } from './home.ts';

const ALL = ['crm', 'public', 'my-sales-lite'] as const;

function user(overrides: Partial<BootstrapUser>): BootstrapUser {
  return { ...anonymousUser('anon-1234567890abcdef'), id: 'u1', isLoggedIn: true, ...overrides };
}

describe('homePathFor', () => {
  it('sends a buyer to the CRM dashboard', () => {
    expect(homePathFor(user({ experiences: { grain_buying: true } }), ALL)).toBe('/crm/dashboard');
  });

  it('sends staff who can open the CRM to the administrator tools', () => {
    const admin = user({
      experiences: { grain_buying: true, granary_admin: true },
      employeeInfo: { role: 'account_manager' },
      admin: { is_super_admin: true, permissions: {} },
    });
    expect(homePathFor(admin, ALL)).toBe('/crm/administrator');
    const superAdminOnly = user({
      experiences: { grain_buying: true },
      admin: { is_super_admin: true, permissions: {} },
    });
    expect(homePathFor(superAdminOnly, ALL)).toBe(HOME_PATHS.staff);
  });

  it('sends a farmer allowed My Sales Lite there, when the partner offers it', () => {
    const farmer = user({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] });
    expect(homePathFor(farmer, ALL)).toBe('/my-sales-lite');
    expect(homePathFor(farmer, ['crm', 'public'])).toBe('/direct');
  });

  it('sends a farmer with only the store to the store', () => {
    expect(homePathFor(user({ experiences: { enterprise_agronomics: true } }), ALL)).toBe('/direct');
  });

  it('keeps a new signup (no experience) on the welcome page', () => {
    expect(homePathFor(user({ experiences: {} }), ALL)).toBe('/dashboard');
  });

  it('keeps staff without grain buying on the welcome page (the CRM gate would refuse them)', () => {
    const staff = user({ employeeInfo: { role: 'support' } });
    expect(isStaff(staff)).toBe(true);
    expect(homePathFor(staff, ALL)).toBe('/dashboard');
  });

  it('gives a visitor who is not signed in the welcome path', () => {
    expect(homePathFor(anonymousUser('anon-1234567890abcdef'), ALL)).toBe('/dashboard');
  });
});
