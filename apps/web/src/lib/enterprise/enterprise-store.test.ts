import { selectEnterpriseId, type EnterpriseSummary } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { enterpriseReducer, type EnterpriseProfile, type EnterpriseStoreState } from './enterprise-store';

const farm = (id: number, name: string): EnterpriseSummary => ({
  id,
  legacyId: id,
  publicId: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  countryCode: 'USA',
  role: 'owner',
  permissions: [],
});

const profileOf = (summary: EnterpriseSummary, over: Partial<EnterpriseProfile> = {}) =>
  ({
    id: summary.id,
    legacyId: summary.legacyId,
    publicId: summary.publicId,
    name: summary.name,
    crops: ['corn'],
    ...over,
  }) as EnterpriseProfile;

describe('the enterprise store (platform.md 4.1)', () => {
  const a = farm(1, 'Home Farm');
  const b = farm(2, 'River Farm');
  const seeded = enterpriseReducer({}, { type: 'bootstrapped', enterprises: [a, b] });

  it('starts every listed enterprise not loaded', () => {
    expect(seeded['1']).toMatchObject({ name: 'Home Farm', isProfileLoaded: false, isError: false });
    expect(Object.keys(seeded)).toEqual(['1', '2']);
  });

  it('merges a received profile by publicId: loaded, fields kept', () => {
    const loaded = enterpriseReducer(seeded, {
      type: 'profileReceived',
      profile: profileOf(b, { name: 'River Farm LLC' }),
    });
    expect(loaded['2']).toMatchObject({
      name: 'River Farm LLC',
      crops: ['corn'],
      isProfileLoaded: true,
      isError: false,
    });
    expect(loaded['1']).toBe(seeded['1']);
  });

  it('marks an error by legacy id: isError and isProfileLoaded', () => {
    const failed = enterpriseReducer(seeded, { type: 'errorReceived', legacyId: 1 });
    expect(failed['1']).toMatchObject({ isError: true, isProfileLoaded: true, name: 'Home Farm' });
    expect(enterpriseReducer(seeded, { type: 'errorReceived', legacyId: 9 })).toBe(seeded);
  });

  it('merges a patch into the known entry and keeps the rest', () => {
    const loaded = enterpriseReducer(seeded, { type: 'profileReceived', profile: profileOf(a) });
    const patched = enterpriseReducer(loaded, { type: 'patched', legacyId: 1, patch: { areaEstimate: 640 } });
    expect(patched['1']).toMatchObject({ areaEstimate: 640, crops: ['corn'], isProfileLoaded: true });
  });

  it('keeps a loaded profile when the bootstrap lists the enterprise again', () => {
    const loaded: EnterpriseStoreState = enterpriseReducer(seeded, { type: 'profileReceived', profile: profileOf(a) });
    const again = enterpriseReducer(loaded, { type: 'bootstrapped', enterprises: [a] });
    expect(again['1']).toMatchObject({ isProfileLoaded: true, crops: ['corn'] });
    expect(again['2']).toBeUndefined();
  });
});

describe('the switcher rule on bootstrap', () => {
  const boot = { enterprises: { '1': farm(1, 'Home Farm'), '2': farm(2, 'River Farm') }, current_enterprise_id: 1 };

  it('lets the stored selection win when it is in the list', () => {
    expect(selectEnterpriseId(boot, '2')).toBe(2);
  });

  it('falls back to current_enterprise_id when the stored one is not the user’s', () => {
    expect(selectEnterpriseId(boot, '7')).toBe(1);
    expect(selectEnterpriseId(boot, null)).toBe(1);
  });
});
