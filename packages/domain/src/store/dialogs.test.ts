import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_BUILDER_EMAIL_DOMAIN,
  isCommunityBuilder,
  isExperimentFeatureOn,
  isStoreAdmin,
  isStoreDialogPath,
  parseExperimentFlags,
  shouldShowMarketingDialog,
  shouldShowTermsDialog,
  storeDialogToShow,
  STORE_MARKETING_SUBSCRIBE_FLAG,
  type StoreDialogUser,
} from './dialogs.ts';

const farmer: StoreDialogUser = {
  isLoggedIn: true,
  email: 'sam@farm.test',
  legacyId: 42,
  experiences: {},
  admin: { is_super_admin: false, permissions: {} },
  employeeInfo: null,
  permissions: [],
};
const guest: StoreDialogUser = { ...farmer, isLoggedIn: false, email: null, legacyId: null };
const on = { [STORE_MARKETING_SUBSCRIBE_FLAG]: 'on' };
const marketing = { user: farmer, experiments: on, seen: false, isDesktop: true };

describe('experiment flags (4.6)', () => {
  it('parses the env list: bare flags are on, flag=variant keeps its variant', () => {
    expect(parseExperimentFlags('store-marketing-subscribe, checkout-v2=b  x=')).toEqual({
      'store-marketing-subscribe': 'on',
      'checkout-v2': 'b',
    });
    expect(parseExperimentFlags('')).toEqual({});
    expect(parseExperimentFlags(undefined)).toEqual({});
  });
  it('is true only when the fetch succeeded and the variant equals the expected value', () => {
    expect(isExperimentFeatureOn(on, STORE_MARKETING_SUBSCRIBE_FLAG)).toBe(true);
    expect(isExperimentFeatureOn(null, STORE_MARKETING_SUBSCRIBE_FLAG)).toBe(false);
    expect(isExperimentFeatureOn(undefined, STORE_MARKETING_SUBSCRIBE_FLAG)).toBe(false);
    expect(isExperimentFeatureOn({}, STORE_MARKETING_SUBSCRIBE_FLAG)).toBe(false);
    expect(isExperimentFeatureOn({ [STORE_MARKETING_SUBSCRIBE_FLAG]: 'off' }, STORE_MARKETING_SUBSCRIBE_FLAG)).toBe(
      false,
    );
    expect(isExperimentFeatureOn({ a: 'b' }, 'a', 'b')).toBe(true);
    expect(isExperimentFeatureOn({}, 'toString')).toBe(false);
  });
});

describe('who is who (6.2)', () => {
  it('admins: a super admin or any admin permission that passes', () => {
    expect(isStoreAdmin(farmer)).toBe(false);
    expect(isStoreAdmin({ admin: { is_super_admin: true, permissions: {} } })).toBe(true);
    expect(isStoreAdmin({ admin: { is_super_admin: false, permissions: { 'act-as': true } } })).toBe(true);
    expect(isStoreAdmin({ admin: { is_super_admin: false, permissions: { 'buyer-admin': 'all' } } })).toBe(true);
    expect(isStoreAdmin({ admin: { is_super_admin: false, permissions: { 'buyer-admin': ['3'] } } })).toBe(true);
    expect(isStoreAdmin({ admin: { is_super_admin: false, permissions: { 'buyer-admin': [] } } })).toBe(false);
  });
  it('community builders: a community-builder role or an e-mail on the provider domain', () => {
    expect(isCommunityBuilder(farmer)).toBe(false);
    expect(isCommunityBuilder({ ...farmer, employeeInfo: { role: 'seed_community_builder' } })).toBe(true);
    expect(isCommunityBuilder({ ...farmer, permissions: ['crop_protection_community_builder'] })).toBe(true);
    expect(isCommunityBuilder({ ...farmer, employeeInfo: { role: 'account_manager' } })).toBe(false);
    expect(isCommunityBuilder({ ...farmer, email: `Kim@${COMMUNITY_BUILDER_EMAIL_DOMAIN.toUpperCase()}` })).toBe(true);
    expect(isCommunityBuilder({ ...farmer, email: `kim@not${COMMUNITY_BUILDER_EMAIL_DOMAIN}` })).toBe(false);
    expect(isCommunityBuilder({ ...farmer, email: 'kim@other.test' }, 'other.test')).toBe(true);
  });
});

describe('marketing-subscribe dialog (2.9)', () => {
  it('shows to a logged-in user once, when the flag is on', () => {
    expect(shouldShowMarketingDialog(marketing)).toBe(true);
    expect(shouldShowMarketingDialog({ ...marketing, seen: true })).toBe(false);
    expect(shouldShowMarketingDialog({ ...marketing, experiments: {} })).toBe(false);
    expect(shouldShowMarketingDialog({ ...marketing, experiments: null })).toBe(false);
  });
  it('never to guests, admins or risk-management users', () => {
    expect(shouldShowMarketingDialog({ ...marketing, user: guest })).toBe(false);
    expect(
      shouldShowMarketingDialog({
        ...marketing,
        user: { ...farmer, admin: { is_super_admin: true, permissions: {} } },
      }),
    ).toBe(false);
    expect(
      shouldShowMarketingDialog({
        ...marketing,
        user: { ...farmer, admin: { is_super_admin: false, permissions: { 'act-as': true } } },
      }),
    ).toBe(false);
    expect(
      shouldShowMarketingDialog({ ...marketing, user: { ...farmer, experiences: { risk_management: true } } }),
    ).toBe(false);
  });
  it('not to a community builder on desktop, but to one on a phone', () => {
    const builder = { ...farmer, email: `kim@${COMMUNITY_BUILDER_EMAIL_DOMAIN}` };
    expect(shouldShowMarketingDialog({ ...marketing, user: builder })).toBe(false);
    expect(shouldShowMarketingDialog({ ...marketing, user: builder, isDesktop: false })).toBe(true);
  });
  it('a marketplace seller or a user without a legacy id may still see it (only the terms dialog excludes them)', () => {
    expect(
      shouldShowMarketingDialog({ ...marketing, user: { ...farmer, experiences: { storeMarketplaceSeller: true } } }),
    ).toBe(true);
  });
});

describe('terms-of-service dialog (2.9)', () => {
  const terms = { user: farmer, mustAcceptTos: true };
  it('shows to a user with a legacy id who must accept the terms', () => {
    expect(shouldShowTermsDialog(terms)).toBe(true);
    expect(shouldShowTermsDialog({ ...terms, mustAcceptTos: false })).toBe(false);
  });
  it('not without a legacy id, nor to guests, admins, risk-management users or marketplace sellers', () => {
    expect(shouldShowTermsDialog({ ...terms, user: { ...farmer, legacyId: null } })).toBe(false);
    expect(shouldShowTermsDialog({ ...terms, user: guest })).toBe(false);
    expect(
      shouldShowTermsDialog({ ...terms, user: { ...farmer, admin: { is_super_admin: true, permissions: {} } } }),
    ).toBe(false);
    expect(
      shouldShowTermsDialog({
        ...terms,
        user: { ...farmer, admin: { is_super_admin: false, permissions: { 'manage-admins': 'all' } } },
      }),
    ).toBe(false);
    expect(shouldShowTermsDialog({ ...terms, user: { ...farmer, experiences: { risk_management: true } } })).toBe(
      false,
    );
    expect(
      shouldShowTermsDialog({ ...terms, user: { ...farmer, experiences: { storeMarketplaceSeller: true } } }),
    ).toBe(false);
  });
  it('a community builder still accepts the terms', () => {
    expect(
      shouldShowTermsDialog({ ...terms, user: { ...farmer, email: `kim@${COMMUNITY_BUILDER_EMAIL_DOMAIN}` } }),
    ).toBe(true);
  });
});

describe('the order of the dialogs', () => {
  const both = { ...marketing, mustAcceptTos: true, marketingDone: false };
  it('marketing first, then terms, none to guests', () => {
    expect(storeDialogToShow(both)).toBe('marketing');
    expect(storeDialogToShow({ ...both, marketingDone: true })).toBe('terms');
    expect(storeDialogToShow({ ...both, seen: true })).toBe('terms');
    expect(storeDialogToShow({ ...both, experiments: {} })).toBe('terms');
    expect(storeDialogToShow({ ...both, marketingDone: true, mustAcceptTos: false })).toBe(null);
    expect(storeDialogToShow({ ...both, user: guest })).toBe(null);
    expect(storeDialogToShow({ ...both, user: { ...farmer, actingAs: { id: 'x' } } })).toBe(null);
  });
  it('opens on /direct pages but not on the terms pages themselves', () => {
    expect(isStoreDialogPath('/direct')).toBe(true);
    expect(isStoreDialogPath('/direct/')).toBe(true);
    expect(isStoreDialogPath('/direct/product/x?y=1')).toBe(true);
    expect(isStoreDialogPath('/direct/terms-and-conditions')).toBe(false);
    expect(isStoreDialogPath('/direct/terms-of-sale')).toBe(false);
    expect(isStoreDialogPath('/directory')).toBe(false);
    expect(isStoreDialogPath('/dashboard')).toBe(false);
  });
});
