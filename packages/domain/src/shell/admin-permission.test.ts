import { describe, expect, it } from 'vitest';
import { holdsAdminPermission } from './admin-permission.ts';

// platform.md 6.2 on the web: an admin permission is held outright, for 'all', or for a (non-empty) list of ids.
const user = (permissions: Record<string, true | 'all' | string[]>, superAdmin = false) => ({
  admin: { is_super_admin: superAdmin, permissions },
  permissions: [] as string[],
});

describe('holdsAdminPermission', () => {
  it('follows the 6.2 rule', () => {
    expect(holdsAdminPermission(user({ 'act-as': true }), 'act-as')).toBe(true);
    expect(holdsAdminPermission(user({ 'act-as': 'all' }), 'act-as')).toBe(true);
    expect(holdsAdminPermission(user({ 'act-as': ['demo'] }), 'act-as')).toBe(true);
    expect(holdsAdminPermission(user({ 'act-as': [] }), 'act-as')).toBe(false);
    expect(holdsAdminPermission(user({ 'reset-password': true }), 'act-as')).toBe(false);
    expect(holdsAdminPermission(user({}, true), 'act-as')).toBe(true);
  });
});
