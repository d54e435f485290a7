// Where "home" is for a signed-in user (issue 13, 'No dead ends'): /dashboard sends each experience to its own
// start page, and a user with no experience yet (a brand-new signup) stays on /dashboard, which then welcomes them.
import { canUseMySalesLite } from '../profit-center/access.ts';
import type { BootstrapUser } from './bootstrap.ts';
import type { Experience } from './experience.ts';

/** The start pages /dashboard sends to. */
export const HOME_PATHS = {
  staff: '/crm/administrator',
  buyer: '/crm/dashboard',
  mySalesLite: '/my-sales-lite',
  store: '/direct',
  welcome: '/dashboard',
} as const;
export type HomePath = (typeof HOME_PATHS)[keyof typeof HOME_PATHS];

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
 * 3. a farmer who may use My Sales Lite on a partner offering it → /my-sales-lite;
 * 4. a farmer (agronomics) without it → the input store (/direct);
 * 5. anyone else (a new signup, staff without grain buying, a visitor) → '/dashboard', the welcome page.
 * The path has no locale prefix: the caller keeps the one the user is on.
 */
export function homePathFor(user: HomeSubject, partnerExperiences: readonly Experience[]): HomePath {
  if (!user.isLoggedIn) return HOME_PATHS.welcome;
  const buyer = user.experiences.grain_buying === true;
  if (buyer && isStaff(user)) return HOME_PATHS.staff;
  if (buyer) return HOME_PATHS.buyer;
  if (canUseMySalesLite(user) && partnerExperiences.includes('my-sales-lite')) return HOME_PATHS.mySalesLite;
  if (user.experiences.enterprise_agronomics === true) return HOME_PATHS.store;
  return HOME_PATHS.welcome;
}
