import { EXPERIENCES, selectExperience, type Experience, type UserExperiences } from '@granary/domain';
import { readStorage, writeStorage } from '../../lib/browser/storage';

/** The user's stored experience choice (grain-marketing.md 1, rule 2). */
export const EXPERIENCE_KEY = 'granary_experience';

export function readStoredExperience(): Experience | null {
  const value = readStorage(EXPERIENCE_KEY);
  return (EXPERIENCES as readonly string[]).includes(value ?? '') ? (value as Experience) : null;
}

export function storeExperience(experience: Experience): void {
  writeStorage(EXPERIENCE_KEY, experience);
}

export type HeaderChoice = 'public' | 'crm' | 'my-sales-lite' | 'none';

/**
 * Which header a page wears. A route whose header is 'none' has none; anonymous visitors and public pages get the
 * public header; otherwise the selected experience decides. A 'crm' experience without grain buying (the default
 * of rule 5) falls back to the farmer header when the user has agronomics, so nobody sees a nav they cannot use.
 */
export function chooseHeader(input: {
  routeHeader: HeaderChoice;
  barePath: string;
  isLoggedIn: boolean;
  experiences: UserExperiences;
  partnerExperiences: readonly Experience[];
  storedChoice: Experience | null;
}): HeaderChoice {
  if (input.routeHeader === 'none') return 'none';
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
