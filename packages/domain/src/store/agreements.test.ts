import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_TYPES,
  agreementStatus,
  agreementText,
  agreementsRequiredFor,
  brandAgreementsSegment,
  currentAgreementVersion,
} from './agreements.ts';

const WORDS = { brand: 'Acme Ag', legalName: 'Acme Agriculture Ltd.' };

describe('which purchases need which agreement', () => {
  it('every order needs the terms of sale, and nothing else for plain products on card', () => {
    expect(
      agreementsRequiredFor({ productKinds: ['chemical', 'liquid_fertilizer'], paymentTermGroup: 'card' }),
    ).toEqual(['terms-of-sale']);
    expect(agreementsRequiredFor({})).toEqual(['terms-of-sale']);
  });

  it('treated seed needs the seed technology agreement; green-cover seed does not', () => {
    expect(agreementsRequiredFor({ productKinds: ['treated_seed'] })).toEqual(['terms-of-sale', 'seed-technology-use']);
    expect(agreementsRequiredFor({ productKinds: ['green-cover-seeds'] })).toEqual(['terms-of-sale']);
  });

  it('a restricted-use product needs the RUP acknowledgement', () => {
    expect(agreementsRequiredFor({ productKinds: ['chemical'], restrictedUse: true })).toEqual([
      'terms-of-sale',
      'restricted-use-pesticide',
    ]);
  });

  it('financing terms need the credit application terms; bank, offline and program terms do not', () => {
    expect(agreementsRequiredFor({ paymentTermGroup: 'financing' })).toEqual([
      'terms-of-sale',
      'credit-application-terms',
    ]);
    for (const group of ['bank', 'offline', 'program', 'card'] as const)
      expect(agreementsRequiredFor({ paymentTermGroup: group })).toEqual(['terms-of-sale']);
  });

  it('all together, in a fixed order', () => {
    expect(
      agreementsRequiredFor({
        productKinds: ['treated_seed', 'chemical'],
        restrictedUse: true,
        paymentTermGroup: 'financing',
      }),
    ).toEqual([...AGREEMENT_TYPES]);
  });
});

describe('agreement texts', () => {
  it("are written with the partner's words and carry no literal brand or placeholder", () => {
    for (const type of AGREEMENT_TYPES) {
      const text = agreementText(type, WORDS);
      const all = [text.title, text.summary, ...text.paragraphs].join('\n');
      expect(all).not.toMatch(/granary|\{brand\}|\{legal_name\}/i);
      expect(text.paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(text.version).toBe(currentAgreementVersion(type));
    }
    expect(agreementText('terms-of-sale', WORDS).title).toBe('Acme Ag Direct terms of sale');
    expect(agreementText('credit-application-terms', WORDS).paragraphs[0]).toContain(
      'Acme Agriculture Ltd. ("Acme Ag")',
    );
    expect(
      agreementText('terms-of-sale', { brand: 'Other', legalName: 'Other Co' }).paragraphs.join(' '),
    ).not.toContain('Acme');
  });
});

describe('status and paths', () => {
  it('signed only for the current version; an older signature means a new version to sign', () => {
    const v = currentAgreementVersion('terms-of-sale');
    expect(agreementStatus('terms-of-sale', [])).toBe('not_signed');
    expect(agreementStatus('terms-of-sale', [v])).toBe('signed');
    expect(agreementStatus('terms-of-sale', [v - 1])).toBe('new_version');
  });

  it("the page segment is the partner's word", () => {
    expect(brandAgreementsSegment('Acme Ag')).toBe('acme-ag-agreements');
    expect(brandAgreementsSegment('  ')).toBe('house-agreements');
  });
});
