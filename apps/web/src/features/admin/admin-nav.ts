// The staff administration area's pages (issue 16; docs/decisions/053-staff-administration.md): the admin area's
// navigation lists these, each shown only to a holder of its permission (platform.md 6.2, checked again by the server
// on every call the page makes). Another part of the area adds its page here: a path under /admin, its label's
// message id (in the admin area's messages) and the admin permission it needs.

export type AdminNavItem = {
  /** The page's path under /admin (without the locale prefix). */
  path: string;
  /** The label's message id. */
  labelId: string;
  /** The admin permission the page needs (platform.md 6.5). */
  permission: string;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/users', labelId: 'staffAdmin.nav.users', permission: 'list-all-user-details' },
  { path: '/admin/enterprises', labelId: 'staffAdmin.nav.enterprises', permission: 'list-all-user-details' },
  // Issue 16, decision 051: an Australian farm business and its owner from an ABN.
  { path: '/admin/australian-accounts/new', labelId: 'australia.nav', permission: 'create-australian-account' },
];
