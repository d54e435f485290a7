import { describe, expect, it } from 'vitest';
import {
  EXPERIENCES,
  isExperience,
  isMySalesLitePath,
  isPublicExperiencePath,
  selectExperience,
  type Experience,
  type SelectExperienceInput,
} from './experience.ts';

const ALL: readonly Experience[] = ['crm', 'public', 'my-sales-lite'];
const base: SelectExperienceInput = {
  barePath: '/dashboard',
  isLoggedIn: true,
  experiences: {},
  storedChoice: null,
  partnerExperiences: ALL,
};
const pick = (over: Partial<SelectExperienceInput>) => selectExperience({ ...base, ...over });

describe('EXPERIENCES', () => {
  it('are crm, public, my-sales-lite', () => {
    expect(EXPERIENCES).toEqual(['crm', 'public', 'my-sales-lite']);
    expect(isExperience('public')).toBe(true);
    expect(isExperience('admin')).toBe(false);
  });
});

describe('selectExperience', () => {
  describe('rule 1: market pages and the score page are always public', () => {
    it.each([
      '/market',
      '/market/',
      '/market/des-moines',
      '/market/des-moines/x',
      '/score',
      '/score/',
      '/MARKET/x',
      '/market?x=1',
    ])('%s', (barePath) => {
      // Even a buyer with a stored crm choice, which would win under rule 2, sees 'public'.
      expect(pick({ barePath, experiences: { grain_buying: true }, storedChoice: 'crm' })).toBe('public');
      expect(pick({ barePath, isLoggedIn: false })).toBe('public');
    });

    it('does not treat look-alike paths as public', () => {
      expect(pick({ barePath: '/marketplace' })).toBe('crm');
      expect(pick({ barePath: '/score/details' })).toBe('crm');
      expect(pick({ barePath: '/scores' })).toBe('crm');
      expect(isPublicExperiencePath('/my-sales-lite/bids/market')).toBe(false);
    });
  });

  describe('rule 2: a stored choice wins when the user has it and the partner offers it', () => {
    it('stored my-sales-lite beats grain buying (rule 3) on any path', () => {
      const experiences = { grain_buying: true, enterprise_agronomics: true };
      expect(pick({ experiences, storedChoice: 'my-sales-lite', barePath: '/crm/contracts' })).toBe('my-sales-lite');
    });

    it('stored crm beats the my-sales-lite path rule (rule 4)', () => {
      const experiences = { grain_buying: true, enterprise_agronomics: true };
      expect(pick({ experiences, storedChoice: 'crm', barePath: '/my-sales-lite', isLoggedIn: false })).toBe('crm');
    });

    it('is ignored when the user lacks the matching experience', () => {
      // my-sales-lite needs enterprise_agronomics: without it, rule 3 gives crm
      expect(pick({ experiences: { grain_buying: true }, storedChoice: 'my-sales-lite' })).toBe('crm');
      // crm needs grain_buying: without it, rule 4 applies on a my-sales-lite path
      expect(
        pick({ experiences: { enterprise_agronomics: true }, storedChoice: 'crm', barePath: '/my-sales-lite' }),
      ).toBe('my-sales-lite');
    });

    it('is ignored when the partner does not offer it', () => {
      const experiences = { grain_buying: true, enterprise_agronomics: true };
      expect(pick({ experiences, storedChoice: 'my-sales-lite', partnerExperiences: ['crm', 'public'] })).toBe('crm');
    });

    it('ignores a stored public choice (no user experience matches it)', () => {
      expect(pick({ experiences: { grain_buying: true }, storedChoice: 'public' })).toBe('crm');
    });
  });

  describe('rule 3: a logged-in grain buyer gets crm', () => {
    it('even on a my-sales-lite path with agronomics', () => {
      expect(
        pick({ experiences: { grain_buying: true, enterprise_agronomics: true }, barePath: '/my-sales-lite' }),
      ).toBe('crm');
    });

    it('only when logged in: logged out, rule 4 applies', () => {
      expect(
        pick({
          isLoggedIn: false,
          experiences: { grain_buying: true, enterprise_agronomics: true },
          barePath: '/my-sales-lite',
        }),
      ).toBe('my-sales-lite');
    });
  });

  describe('rule 4: agronomics on a my-sales-lite route, offered by the partner', () => {
    it.each([
      '/my-sales-lite',
      '/my-sales-lite/',
      '/my-sales-lite/balances',
      '/my-sales-lite/tab',
      '/my-sales-lite/bids',
      '/my-sales-lite/bids/des-moines',
    ])('%s', (barePath) => {
      expect(pick({ experiences: { enterprise_agronomics: true }, barePath })).toBe('my-sales-lite');
    });

    it('not on other paths', () => {
      expect(pick({ experiences: { enterprise_agronomics: true }, barePath: '/dashboard' })).toBe('crm');
      expect(pick({ experiences: { enterprise_agronomics: true }, barePath: '/my-sales-lite-x' })).toBe('crm');
      expect(isMySalesLitePath('/bids')).toBe(false);
    });

    it('not without agronomics', () => {
      expect(pick({ experiences: { risk_management: true }, barePath: '/my-sales-lite' })).toBe('crm');
    });

    it('not when the partner does not offer my-sales-lite', () => {
      expect(
        pick({
          experiences: { enterprise_agronomics: true },
          barePath: '/my-sales-lite',
          partnerExperiences: ['crm', 'public'],
        }),
      ).toBe('crm');
    });
  });

  describe('rule 5: the default is crm', () => {
    it('for anonymous visitors, users without experiences and partners offering nothing', () => {
      expect(pick({ isLoggedIn: false })).toBe('crm');
      expect(pick({ experiences: {} })).toBe('crm');
      expect(pick({ partnerExperiences: [] })).toBe('crm');
      expect(pick({ barePath: '/' })).toBe('crm');
    });
  });
});
