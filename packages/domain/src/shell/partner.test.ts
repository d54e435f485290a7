import { describe, expect, it } from 'vitest';
import { demoPartner } from './partner.fixture.ts';
import { PUBLIC_PAGE_FEATURES, partnerBrandingSchema, partnerHasFeature, whiteLabelPartnerSchema } from './partner.ts';

describe('PUBLIC_PAGE_FEATURES', () => {
  it('lists the seven features', () => {
    expect(PUBLIC_PAGE_FEATURES).toEqual([
      'public-ci-score',
      'market-delivery-information',
      'market-announcements',
      'market-office-hours',
      'market-contacts',
      'additional-info',
      'ingested-data',
    ]);
  });
});

describe('whiteLabelPartnerSchema', () => {
  it('accepts a full partner record', () => {
    expect(whiteLabelPartnerSchema.parse(demoPartner)).toEqual(demoPartner);
  });

  it('refuses an unknown experience or feature', () => {
    expect(whiteLabelPartnerSchema.safeParse({ ...demoPartner, experiences: ['crm', 'store'] }).success).toBe(false);
    expect(whiteLabelPartnerSchema.safeParse({ ...demoPartner, publicPageFeatures: ['weather'] }).success).toBe(false);
  });

  it('requires nullable fields to be present (null, not missing)', () => {
    const { vhost: _vhost, ...withoutVhost } = demoPartner;
    expect(whiteLabelPartnerSchema.safeParse(withoutVhost).success).toBe(false);
  });

  it('requires the branding contacts', () => {
    const { supportEmail: _e, ...branding } = demoPartner.branding;
    expect(partnerBrandingSchema.safeParse(branding).success).toBe(false);
  });
});

describe('partnerHasFeature', () => {
  it('reads publicPageFeatures', () => {
    expect(partnerHasFeature(demoPartner, 'public-ci-score')).toBe(true);
    expect(partnerHasFeature(demoPartner, 'ingested-data')).toBe(false);
  });
});
