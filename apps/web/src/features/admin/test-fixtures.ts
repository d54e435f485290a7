import type { StaffUserDetail } from '@granary/domain';
import type { Bootstrap } from '../../lib/api/bootstrap';
import { fakeBootstrap } from '../../test/fixtures';

// Shared by the staff area's component tests (never imported by the app).

/** A signed-in cx representative (staff) holding `permissions` (admin permissions of 6.5, 6.2's values). */
export function staffBootstrap(permissions: Record<string, true | 'all' | string[]>): Bootstrap {
  const boot = fakeBootstrap('buyer');
  return {
    ...boot,
    user: {
      ...boot.user,
      firstName: 'Dee',
      lastName: 'Esk',
      employeeInfo: { role: 'cx_representative' },
      admin: { is_super_admin: false, permissions },
    },
  };
}

/** Sam Fieldman's page for staff (the user call's answer): an active demo-partner farmer with nothing recorded. */
export function staffUserDetail(id: string): StaffUserDetail {
  return {
    id,
    legacy_id: 12,
    email: 'farmer@demo.test',
    firstname: 'Sam',
    lastname: 'Fieldman',
    phone_number: null,
    status: 'active',
    locked: false,
    verification_status: 'verified',
    partner_id: 'demo',
    country_code: 'USA',
    is_super_admin: false,
    employee_role: null,
    community_builder_roles: [],
    admin_permissions: {},
    created_at: '2026-11-01T10:00:00.000Z',
    last_login_at: null,
    enterprises: [],
    sessions: [],
    audit: [],
  };
}
