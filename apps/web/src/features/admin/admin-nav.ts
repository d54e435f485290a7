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
  /**
   * The admin permission the page needs (platform.md 6.5). A grant limited to some partners opens the page too: its
   * server calls answer with those partners' users and enterprises only (decision 053).
   */
  permission: string;
};

/** Whether the user may open the page `item` (its permission by 6.2's rule). */
export function mayOpen(user: Pick<BootstrapUser, 'admin' | 'permissions'>, item: AdminNavItem): boolean {
  return holdsAdminPermission(user, item.permission);
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/users', labelId: 'staffAdmin.nav.users', permission: 'list-all-user-details' },
  { path: '/admin/enterprises', labelId: 'staffAdmin.nav.enterprises', permission: 'list-all-user-details' },
  // Issue 16, decision 051: an Australian farm business and its owner from an ABN.
  { path: '/admin/australian-accounts/new', labelId: 'australia.nav', permission: 'create-australian-account' },
];
