import { EXPERIENCES, selectExperience, type Experience, type HeaderKind, type UserExperiences } from '@granary/domain';
import { readStorage, writeStorage } from '../../lib/browser/storage';

/** The user's stored experience choice (grain-marketing.md 1, rule 2). */
const EXPERIENCE_KEY = 'granary_experience';

export function readStoredExperience(): Experience | null {
  const value = readStorage(EXPERIENCE_KEY);
  return (EXPERIENCES as readonly string[]).includes(value ?? '') ? (value as Experience) : null;
}

export function storeExperience(experience: Experience): void {
  writeStorage(EXPERIENCE_KEY, experience);
}

/** The header a page wears: a route's kind resolved for the user ('plain': the partner's logo only, no navigation). */
export type HeaderChoice = 'public' | 'crm' | 'my-sales-lite' | 'plain' | 'none';

/**
 * Which header a page wears. A route whose header is 'none' has none; anonymous visitors and public pages get the
 * public header; otherwise the selected experience decides. A 'crm' experience without grain buying (the default
 * of rule 5) falls back to the farmer header when the user has agronomics, so nobody sees a nav they cannot use.
 * The e-signing pages ('signer') wear the farmer's header for a user who can use My Sales Lite, a buyer's own
 * header for a buyer, and the partner's plain header for anyone else (the anonymous signer of an e-mailed link).
 */
export function chooseHeader(input: {
  routeHeader: HeaderKind;
  barePath: string;
  isLoggedIn: boolean;
  experiences: UserExperiences;
  partnerExperiences: readonly Experience[];
  storedChoice: Experience | null;
  /** canUseMySalesLite(user): agronomics and the allowing flag. */
  canUseMySalesLite?: boolean;
}): HeaderChoice {
  if (input.routeHeader === 'none') return 'none';
  if (input.routeHeader === 'signer') {
    if (!input.isLoggedIn) return 'plain';
    if (input.canUseMySalesLite) return 'my-sales-lite';
    return chooseHeader({ ...input, routeHeader: 'crm' }) === 'crm' ? 'crm' : 'plain';
  }
  const experience = selectExperience({
    barePath: input.barePath,
    isLoggedIn: input.isLoggedIn,
    experiences: input.experiences,
    storedChoice: input.storedChoice,
    partnerExperiences: input.partnerExperiences,
  });
  if (!input.isLoggedIn || input.routeHeader === 'public' || experience === 'public') return 'public';
  if (experience === 'crm' && !input.experiences.grain_buying) {
    return input.experiences.enterprise_agronomics ? 'my-sales-lite' : 'public';
  }
  return experience;
}
