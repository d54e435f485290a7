import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  apiErrorSchema,
  bootstrapResponseSchema,
  bootstrapUserSchema,
  enterpriseSummarySchema,
  selectEnterpriseId,
  userExperiencesSchema,
  versionResponseSchema,
  type BootstrapResponse,
} from './bootstrap.ts';
import type { UserExperiences } from './experience.ts';
import { demoPartner } from './partner.fixture.ts';

const bootstrap: BootstrapResponse = {
  user: {
    id: 'u_1',
    identified: true,
    isLoggedIn: true,
    firstName: 'Bea',
    lastName: 'Buyer',
    email: 'buyer@demo.granary.test',
    employeeInfo: null,
    experiences: { grain_buying: true },
    anonymousId: 'anon-1',
    legacyId: 1001,
    permissions: ['developer-debug'],
    admin: { is_super_admin: false, permissions: { 'act-as': true, upload: 'all', 'manage-apis': ['12', '13'] } },
  },
  enterprises: {
    '7': { id: 7, legacyId: 7, publicId: 'ent_7', name: 'Prairie Farms', countryCode: 'CAN' },
    '9': { id: 9, legacyId: 9, publicId: 'ent_9', name: 'Unknown Acres', countryCode: '' },
  },
  current_enterprise_id: 7,
  tos_accepted: true,
  csrf: 'token',
  partner: demoPartner,
  build: { tag: 'abc123' },
};

describe('bootstrapResponseSchema', () => {
  it('accepts a full bootstrap', () => {
    expect(bootstrapResponseSchema.parse(bootstrap)).toEqual(bootstrap);
  });

  it('accepts an anonymous user', () => {
    const anon = {
      ...bootstrap.user,
      id: null,
      isLoggedIn: false,
      firstName: null,
      lastName: null,
      email: null,
      experiences: {},
      legacyId: null,
      permissions: [],
      admin: { is_super_admin: false, permissions: {} },
    };
    expect(bootstrapUserSchema.safeParse(anon).success).toBe(true);
  });

  it('refuses an admin permission value other than true, "all" or a list', () => {
    const user = { ...bootstrap.user, admin: { is_super_admin: false, permissions: { upload: false } } };
    expect(bootstrapUserSchema.safeParse(user).success).toBe(false);
    const user2 = { ...bootstrap.user, admin: { is_super_admin: false, permissions: { upload: 'some' } } };
    expect(bootstrapUserSchema.safeParse(user2).success).toBe(false);
  });

  it('refuses an unknown country code but accepts the unknown country ""', () => {
    expect(enterpriseSummarySchema.safeParse({ ...bootstrap.enterprises['7'], countryCode: 'FRA' }).success).toBe(
      false,
    );
    expect(enterpriseSummarySchema.safeParse({ ...bootstrap.enterprises['7'], countryCode: '' }).success).toBe(true);
  });

  it('refuses a non-boolean experience flag', () => {
    expect(userExperiencesSchema.safeParse({ grain_buying: 'yes' }).success).toBe(false);
  });

  it('keeps the zod experiences identical to UserExperiences', () => {
    expectTypeOf<z.infer<typeof userExperiencesSchema>>().toEqualTypeOf<UserExperiences>();
  });
});

describe('versionResponseSchema / apiErrorSchema', () => {
  it('parse the version file and error bodies', () => {
    expect(versionResponseSchema.parse({ web: { required: 63, latest: 64 }, build: 'abc' })).toEqual({
      web: { required: 63, latest: 64 },
      build: 'abc',
    });
    expect(versionResponseSchema.safeParse({ required: 63, latest: 64 }).success).toBe(false);
    expect(
      apiErrorSchema.parse({ code: 'not_found', message: 'The page you are looking for does not exist.' }),
    ).toEqual({
      code: 'not_found',
      message: 'The page you are looking for does not exist.',
    });
    expect(apiErrorSchema.parse({ code: 'invalid_signup', message: 'y', details: { field: 'email' } }).details).toEqual(
      {
        field: 'email',
      },
    );
    expect(apiErrorSchema.safeParse({ message: 'y' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'x', message: 'y' }).success).toBe(false);
  });
});

describe('selectEnterpriseId', () => {
  it('uses the stored enterprise when it is in the list', () => {
    expect(selectEnterpriseId(bootstrap, 9)).toBe(9);
    expect(selectEnterpriseId(bootstrap, '9')).toBe(9);
  });

  it('falls back to current_enterprise_id otherwise', () => {
    expect(selectEnterpriseId(bootstrap, 42)).toBe(7);
    expect(selectEnterpriseId(bootstrap, null)).toBe(7);
    expect(selectEnterpriseId(bootstrap, '')).toBe(7);
    expect(selectEnterpriseId(bootstrap, 'toString')).toBe(7);
    expect(selectEnterpriseId({ ...bootstrap, current_enterprise_id: null }, undefined)).toBeNull();
  });
});
