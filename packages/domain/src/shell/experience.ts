// Experience selection (grain-marketing.md 1 and 4 'Experiences').

export const EXPERIENCES = ['crm', 'public', 'my-sales-lite'] as const;
export type Experience = (typeof EXPERIENCES)[number];

export function isExperience(s: string): s is Experience {
  return (EXPERIENCES as readonly string[]).includes(s);
}

/** The user's experience flags as the bootstrap sends them (grain-marketing.md 3 'User'). */
export type UserExperiences = {
  grain_buying?: boolean;
  enterprise_agronomics?: boolean;
  risk_management?: boolean;
  granary_admin?: boolean;
  storeMarketplaceSeller?: boolean;
};

export type SelectExperienceInput = {
  /** The path without its locale prefix (splitLocalePrefix). */
  barePath: string;
  isLoggedIn: boolean;
  experiences: UserExperiences;
  /** The experience the user chose earlier (stored), if any. */
  storedChoice: Experience | null;
  /** The experiences the white-label partner offers. */
  partnerExperiences: readonly Experience[];
};

function pathOnly(barePath: string): string {
  const end = barePath.search(/[?#]/);
  const path = (end === -1 ? barePath : barePath.slice(0, end)).toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** '/market', '/market/…' and '/score' always show the public experience. */
export function isPublicExperiencePath(barePath: string): boolean {
  const path = pathOnly(barePath);
  return isUnder(path, '/market') || path === '/score';
}

/** The my-sales-lite routes, local bids ('/my-sales-lite/bids…') included. */
export function isMySalesLitePath(barePath: string): boolean {
  return isUnder(pathOnly(barePath), '/my-sales-lite');
}

/** Whether the user's flags carry the experience a stored choice refers to (crm↔grain_buying, my-sales-lite↔enterprise_agronomics). */
export function userHasExperience(experiences: UserExperiences, experience: Experience): boolean {
  if (experience === 'crm') return experiences.grain_buying === true;
  if (experience === 'my-sales-lite') return experiences.enterprise_agronomics === true;
  return false; // 'public' is never a stored choice: it follows from the path alone
}

/**
 * The experience to show, by the rules of grain-marketing.md 1, in order:
 * 1. the public market pages ('/market', '/market/…') and '/score' → 'public';
 * 2. the stored choice, when the user has the matching experience and the partner offers it;
 * 3. a logged-in user with grain buying → 'crm';
 * 4. a user with agronomics on a my-sales-lite route, when the partner offers it → 'my-sales-lite';
 * 5. otherwise 'crm'.
 * Paths compare case-insensitively and ignore a trailing slash, query and hash, like the router.
 */
export function selectExperience(input: SelectExperienceInput): Experience {
  const { barePath, isLoggedIn, experiences, storedChoice, partnerExperiences } = input;
  if (isPublicExperiencePath(barePath)) return 'public';
  if (
    storedChoice !== null &&
    userHasExperience(experiences, storedChoice) &&
    partnerExperiences.includes(storedChoice)
  ) {
    return storedChoice;
  }
  if (isLoggedIn && experiences.grain_buying === true) return 'crm';
  if (
    experiences.enterprise_agronomics === true &&
    isMySalesLitePath(barePath) &&
    partnerExperiences.includes('my-sales-lite')
  ) {
    return 'my-sales-lite';
  }
  return 'crm';
}
