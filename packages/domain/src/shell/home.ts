// Where "home" is for a signed-in user (issue 13, 'No dead ends'): /dashboard sends staff and buyers to their own
// start page; a farmer's home is /dashboard itself (issue 17), and a user with no experience yet (a brand-new signup)
// stays on /dashboard, which then welcomes them.
import { canUseMySalesLite } from '../profit-center/access.ts';
import { INPUT_PURCHASING_PERMISSION } from '../store/cart.ts';
import type { StoreArea } from '../store/regions.ts';
import {
  FINANCIAL_ACCESS_PERMISSION,
  PROFIT_CENTER_ACCESS_PERMISSION,
  canViewTeam,
  hasEnterpriseAccess,
  type EnterpriseAccessFlag,
  type EnterpriseMembership,
} from '../team/team.ts';
import type { BootstrapUser, EnterpriseSummary } from './bootstrap.ts';
import type { Experience } from './experience.ts';

/** The start pages /dashboard sends to; a farmer's home and the welcome page are /dashboard itself (homeKindFor). */
export const HOME_PATHS = {
  staff: '/crm/administrator',
  buyer: '/crm/dashboard',
  farmer: '/dashboard',
  welcome: '/dashboard',
} as const;
export type HomePath = (typeof HOME_PATHS)[keyof typeof HOME_PATHS];

/** Which home a signed-in user has: the two /dashboard ones are told apart by this, not by the path. */
export type HomeKind = keyof typeof HOME_PATHS;

export type HomeSubject = Pick<BootstrapUser, 'isLoggedIn' | 'experiences' | 'permissions' | 'employeeInfo' | 'admin'>;

/** Staff: an internal employee or a super admin. */
export function isStaff(user: Pick<BootstrapUser, 'employeeInfo' | 'admin'>): boolean {
  return user.employeeInfo !== null || user.admin.is_super_admin;
}

/**
 * A signed-in user's home, in order:
 * 1. staff who can open the CRM (grain buying) → the administrator tools (/crm/administrator; the CRM is the only
 *    place staff tools live, and its gate needs grain buying);
 * 2. a buyer (grain buying) → the CRM dashboard;
 * 3. a farmer (the agronomics experience, with or without My Sales Lite) → the farmer's home at /dashboard: what needs
 *    them now, their local bids and notifications (issue 17, decision 036 addendum). Its grain cards need My Sales
 *    Lite on a partner offering it and profit center access; its store card input purchasing;
 * 4. anyone else (a new signup, staff without grain buying, a visitor) → '/dashboard', the welcome page.
 */
export function homeKindFor(user: HomeSubject): HomeKind {
  if (!user.isLoggedIn) return 'welcome';
  const buyer = user.experiences.grain_buying === true;
  if (buyer && isStaff(user)) return 'staff';
  if (buyer) return 'buyer';
  if (user.experiences.enterprise_agronomics === true) return 'farmer';
  return 'welcome';
}

/** The path of the user's home, without a locale prefix: the caller keeps the one the user is on. */
export function homePathFor(user: HomeSubject): HomePath {
  return HOME_PATHS[homeKindFor(user)];
}

/** A farm business as the bootstrap lists it: the member's role and access flags on it (decision 052). */
export type NavEnterprise = Pick<EnterpriseSummary, 'role' | 'permissions'>;

export type FarmerNavInput = {
  user: HomeSubject;
  /** The experiences the white-label partner offers. */
  partnerExperiences: readonly Experience[];
  /** Every farm business the user is a member of (the bootstrap's `enterprises`). */
  enterprises: readonly NavEnterprise[];
  /** The current farm business (the switcher's), or null without one. */
  current: NavEnterprise | null;
  /** The store areas on in the user's store region (STORE_REGION_FLAGS): the store exists where 'direct' is on. */
  storeAreas: readonly StoreArea[];
};

/**
 * The farmer's navigation (issue 17): the header's entries, then the account menu's, in order. Paths are without a
 * locale prefix; the team path takes the current farm business's public id.
 */
export const FARMER_NAV = [
  { id: 'home', path: '/dashboard', place: 'header' },
  { id: 'profit-center', path: '/profit-center', place: 'header' },
  { id: 'my-sales-lite', path: '/my-sales-lite', place: 'header' },
  { id: 'store', path: '/direct', place: 'header' },
  { id: 'account', path: '/account', place: 'menu' },
  { id: 'team', path: '/enterprise/:id/team', place: 'menu' },
  { id: 'billing', path: '/billing', place: 'menu' },
  { id: 'notifications', path: '/account/notifications', place: 'menu' },
] as const;
export type FarmerNavId = (typeof FARMER_NAV)[number]['id'];
export type FarmerNavEntry = (typeof FARMER_NAV)[number];

function membershipOf(enterprise: NavEnterprise | null): EnterpriseMembership | null {
  return enterprise?.role ? { role: enterprise.role, permissions: enterprise.permissions ?? [] } : null;
}

function holds(input: FarmerNavInput, enterprise: NavEnterprise | null, flag: EnterpriseAccessFlag): boolean {
  return hasEnterpriseAccess(membershipOf(enterprise), flag, { isSuperAdmin: input.user.admin.is_super_admin });
}

/**
 * Whether the user may open an entry of the farmer's navigation — the one rule the header, the account menu and the
 * farmer's home read (the server's checks stay the judge; this only hides what they would refuse):
 * - home: the user's home is the farmer's (homeKindFor 'farmer'; a buyer who farms too has the CRM's);
 * - profit center and My Sales Lite (and the farmer home's grain cards): My Sales Lite's rule (the agronomics experience and its flag) on a partner
 *   offering it, and profit center access on some farm business (the profit center's `loadFarmer`);
 * - store: the store ('direct') is on in the user's store region and the member has input purchasing on the current
 *   farm business (the cart's rule, `cartEnablement`);
 * - billing: financial access on the current farm business (billing's own check);
 * - team: team access or manage on the current farm business (`canViewTeam`);
 * - account (profile and farm businesses) and notifications: every signed-in user.
 */
export function farmerNavAllows(input: FarmerNavInput, id: FarmerNavId): boolean {
  const { user } = input;
  if (!user.isLoggedIn) return false;
  switch (id) {
    case 'home':
      return homeKindFor(user) === 'farmer';
    case 'profit-center':
    case 'my-sales-lite':
      return (
        canUseMySalesLite(user) &&
        input.partnerExperiences.includes('my-sales-lite') &&
        (user.admin.is_super_admin || input.enterprises.some((e) => holds(input, e, PROFIT_CENTER_ACCESS_PERMISSION)))
      );
    case 'store':
      return (
        input.storeAreas.includes('direct') &&
        input.current !== null &&
        holds(input, input.current, INPUT_PURCHASING_PERMISSION)
      );
    case 'billing':
      return input.current !== null && holds(input, input.current, FINANCIAL_ACCESS_PERMISSION);
    case 'team':
      return input.current !== null && (input.user.admin.is_super_admin || canViewTeam(membershipOf(input.current)));
    case 'account':
    case 'notifications':
      return true;
  }
}

/** The farmer's navigation entries the user may open, in FARMER_NAV's order. */
export function farmerNavFor(input: FarmerNavInput): FarmerNavEntry[] {
  return FARMER_NAV.filter((entry) => farmerNavAllows(input, entry.id));
}
