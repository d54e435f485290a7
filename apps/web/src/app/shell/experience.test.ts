import { describe, expect, it } from 'vitest';
import { chooseHeader, readStoredExperience, storeExperience } from './experience';

const partnerExperiences = ['crm', 'public', 'my-sales-lite'] as const;

describe('chooseHeader', () => {
  const base = { barePath: '/dashboard', partnerExperiences, storedChoice: null };

  it('keeps routes without a header bare', () => {
    expect(chooseHeader({ ...base, routeHeader: 'none', isLoggedIn: true, experiences: { grain_buying: true } })).toBe(
      'none',
    );
  });

  it('gives visitors and public pages the public header', () => {
    expect(chooseHeader({ ...base, routeHeader: 'crm', isLoggedIn: false, experiences: {} })).toBe('public');
    expect(
      chooseHeader({
        ...base,
        barePath: '/market',
        routeHeader: 'public',
        isLoggedIn: true,
        experiences: { grain_buying: true },
      }),
    ).toBe('public');
  });

  it('follows the selected experience for signed-in users', () => {
    expect(chooseHeader({ ...base, routeHeader: 'crm', isLoggedIn: true, experiences: { grain_buying: true } })).toBe(
      'crm',
    );
    expect(
      chooseHeader({
        ...base,
        barePath: '/my-sales-lite/bids',
        routeHeader: 'my-sales-lite',
        isLoggedIn: true,
        experiences: { enterprise_agronomics: true },
      }),
    ).toBe('my-sales-lite');
  });

  it('uses the stored choice when the user has both experiences', () => {
    expect(
      chooseHeader({
        ...base,
        routeHeader: 'crm',
        isLoggedIn: true,
        experiences: { grain_buying: true, enterprise_agronomics: true },
        storedChoice: 'my-sales-lite',
      }),
    ).toBe('my-sales-lite');
  });

  it('does not show the CRM nav to a farmer on a shared page', () => {
    expect(
      chooseHeader({ ...base, routeHeader: 'crm', isLoggedIn: true, experiences: { enterprise_agronomics: true } }),
    ).toBe('my-sales-lite');
  });
});

describe('chooseHeader on the e-signing pages (signer)', () => {
  const signer = {
    partnerExperiences,
    storedChoice: null,
    barePath: '/profit-center/builtin/sign/x',
    routeHeader: 'signer' as const,
  };
  it('gives a signed-in farmer who can use My Sales Lite the farmer header', () => {
    expect(
      chooseHeader({
        ...signer,
        isLoggedIn: true,
        experiences: { enterprise_agronomics: true },
        canUseMySalesLite: true,
      }),
    ).toBe('my-sales-lite');
  });
  it('gives a buyer the CRM header', () => {
    expect(chooseHeader({ ...signer, isLoggedIn: true, experiences: { grain_buying: true } })).toBe('crm');
  });
  it('gives the anonymous signer and a farmer without the flag the plain header', () => {
    expect(chooseHeader({ ...signer, isLoggedIn: false, experiences: {} })).toBe('plain');
    expect(
      chooseHeader({
        ...signer,
        isLoggedIn: true,
        experiences: { enterprise_agronomics: true },
        canUseMySalesLite: false,
      }),
    ).toBe('plain');
  });
});

describe('stored experience', () => {
  it('round-trips through localStorage granary_experience and ignores junk', () => {
    expect(readStoredExperience()).toBeNull();
    storeExperience('my-sales-lite');
    expect(localStorage.getItem('granary_experience')).toBe('my-sales-lite');
    expect(readStoredExperience()).toBe('my-sales-lite');
    localStorage.setItem('granary_experience', 'nope');
    expect(readStoredExperience()).toBeNull();
    localStorage.clear();
  });
});
