// The staff administration area's pages (issue 16; docs/decisions/053-staff-administration.md): the admin area's
// navigation lists these, each shown only to a holder of its permission (platform.md 6.2, checked again by the server
// on every call the page makes). Another part of the area adds its page here: a path under /admin, its label's
// message id (in the admin area's messages) and the admin permission it needs.

import { holdsAdminPermission, type BootstrapUser } from '@granary/domain';

export type AdminNavItem = {
  /** The page's path under /admin (without the locale prefix). */
  path: string;
  /** The label's message id. */
  labelId: string;
  /** The admin permission the page needs (platform.md 6.5). */
  permission: string;
  /**
   * The page needs the permission everywhere (true or 'all'), not for some partners: its server call refuses a
   * partner-limited grant (the enterprises list, decision 053), so the tab is hidden from such staff.
   */
  everywhere?: true;
};

/** Whether the user holds `permission` everywhere (a super admin, true or 'all'), not only for some partners. */
function holdsEverywhere(user: Pick<BootstrapUser, 'admin' | 'permissions'>, permission: string): boolean {
  if (user.admin.is_super_admin || user.permissions.includes(permission)) return true;
  const value = user.admin.permissions[permission];
  return value === true || value === 'all' || (Array.isArray(value) && value.includes('all'));
}

/** Whether the user may open the page `item` (its permission, everywhere when the page needs it). */
export function mayOpen(user: Pick<BootstrapUser, 'admin' | 'permissions'>, item: AdminNavItem): boolean {
  return item.everywhere ? holdsEverywhere(user, item.permission) : holdsAdminPermission(user, item.permission);
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/users', labelId: 'staffAdmin.nav.users', permission: 'list-all-user-details' },
  {
    path: '/admin/enterprises',
    labelId: 'staffAdmin.nav.enterprises',
    permission: 'list-all-user-details',
    everywhere: true,
  },
  // Issue 16, decision 051: an Australian farm business and its owner from an ABN.
  { path: '/admin/australian-accounts/new', labelId: 'australia.nav', permission: 'create-australian-account' },
];
