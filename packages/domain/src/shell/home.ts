// Where "home" is for a signed-in user (issue 13, 'No dead ends'): /dashboard sends staff and buyers to their own
// start page; a farmer's home is /dashboard itself (issue 17), and a user with no experience yet (a brand-new signup)
// stays on /dashboard, which then welcomes them.
import { canUseMySalesLite } from '../profit-center/access.ts';
import type { BootstrapUser } from './bootstrap.ts';
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

/** Whether the farmer's home shows its grain cards (My Sales Lite on a partner offering it). */
export function homeShowsGrain(user: HomeSubject, partnerExperiences: readonly Experience[]): boolean {
  return canUseMySalesLite(user) && partnerExperiences.includes('my-sales-lite');
}
