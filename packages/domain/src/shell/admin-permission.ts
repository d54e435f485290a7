// platform.md 6.2 on the web: whether the signed-in user holds an admin permission, from the bootstrap. The server
// decides (platform/access.ts userHasPermission); the web uses this only to show or hide a tool.
import type { BootstrapUser } from './bootstrap.ts';

/** A super admin holds every permission; otherwise a user feature permission, or an admin grant (true, 'all' or ids). */
export function holdsAdminPermission(user: Pick<BootstrapUser, 'admin' | 'permissions'>, permission: string): boolean {
  if (user.admin.is_super_admin || user.permissions.includes(permission)) return true;
  const value = user.admin.permissions[permission];
  if (value === undefined) return false;
  return value === true || value === 'all' || value.length > 0;
}
