// The store dialogs (platform.md 2.9): who sees the marketing-subscribe dialog and the terms-of-service dialog, in
// which order; the experiment-flag check of 4.6; the calls that record what the user did. Pure: the server and the
// web both decide with these functions.

import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Experiments (platform.md 4.6, 7.7)

/**
 * The experiment flags the bootstrap delivers: flag key → variant value. Until an experiment service is wired in
 * (7.7: GET {host}/sdk/vardata), the server reads the flags that are on from EXPERIMENT_FLAGS (apps/server env.ts).
 */
export const experimentsSchema = z.record(z.string(), z.string());
export type Experiments = z.infer<typeof experimentsSchema>;

/** The variant value a plain "flag is on" entry carries. */
export const EXPERIMENT_ON = 'on';

/** The marketing-subscribe dialog's experiment flag (2.9: shown 'when the matching experiment flag is on'). */
export const STORE_MARKETING_SUBSCRIBE_FLAG = 'store-marketing-subscribe';

/**
 * Parses an EXPERIMENT_FLAGS list: comma- or space-separated entries, each `flag` (variant 'on') or `flag=variant`.
 * Blank entries are ignored; a later entry for the same flag wins.
 */
export function parseExperimentFlags(list: string | null | undefined): Experiments {
  const out: Experiments = {};
  for (const raw of (list ?? '').split(/[\s,]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    const flag = (eq === -1 ? entry : entry.slice(0, eq)).trim();
    const variant = eq === -1 ? EXPERIMENT_ON : entry.slice(eq + 1).trim();
    if (flag && variant) out[flag] = variant;
  }
  return out;
}

/**
 * 4.6: a feature check is true only when the experiments were fetched (`experiments` is present: a failed or
 * skipped fetch gives null/undefined) and the flag's variant equals the expected value.
 */
export function isExperimentFeatureOn(
  experiments: Experiments | null | undefined,
  flag: string,
  expected: string = EXPERIMENT_ON,
): boolean {
  if (!experiments) return false;
  return Object.hasOwn(experiments, flag) && experiments[flag] === expected;
}

// ---------------------------------------------------------------------------------------------------
// Who is who (platform.md 6.2)

/** 6.4: the community-builder roles. */
export const COMMUNITY_BUILDER_ROLES = ['crop_protection_community_builder', 'seed_community_builder'] as const;

/**
 * 6.2: the provider's community-builder e-mail domain ({host} in the spec). A user whose e-mail is on it counts as a
 * community builder. One constant, so that a deployment changes it in one place.
 */
export const COMMUNITY_BUILDER_EMAIL_DOMAIN = 'community.granary.test';

/** What the dialog rules read of the user (the bootstrap user's fields). */
export type StoreDialogUser = {
  isLoggedIn: boolean;
  email: string | null;
  legacyId: number | null;
  experiences: { risk_management?: boolean | undefined; storeMarketplaceSeller?: boolean | undefined };
  admin: { is_super_admin: boolean; permissions: Readonly<Record<string, true | 'all' | readonly string[]>> };
  employeeInfo?: { role: string } | null | undefined;
  /** User-level permissions; a community-builder role may be granted here too. */
  permissions?: readonly string[] | undefined;
  /** Set while an admin acts as this user: the dialogs ask for the user's own consent, so none opens then. */
  actingAs?: unknown;
};

/** An admin: a super admin, or a user holding any admin permission (true, 'all' or a non-empty list; 6.2). */
export function isStoreAdmin(user: Pick<StoreDialogUser, 'admin'>): boolean {
  if (user.admin.is_super_admin) return true;
  return Object.values(user.admin.permissions).some(
    (v) => v === true || v === 'all' || (Array.isArray(v) && v.length > 0),
  );
}

export function isRiskManagementUser(user: Pick<StoreDialogUser, 'experiences'>): boolean {
  return user.experiences.risk_management === true;
}

export function isMarketplaceSeller(user: Pick<StoreDialogUser, 'experiences'>): boolean {
  return user.experiences.storeMarketplaceSeller === true;
}

/** 6.2: a community-builder role (as the employee role or a user permission), or an e-mail on the provider's domain. */
export function isCommunityBuilder(
  user: Pick<StoreDialogUser, 'email' | 'employeeInfo' | 'permissions'>,
  emailDomain: string = COMMUNITY_BUILDER_EMAIL_DOMAIN,
): boolean {
  const roles: readonly string[] = COMMUNITY_BUILDER_ROLES;
  if (user.employeeInfo && roles.includes(user.employeeInfo.role)) return true;
  if ((user.permissions ?? []).some((p) => roles.includes(p))) return true;
  const email = (user.email ?? '').trim().toLowerCase();
  const domain = emailDomain.trim().toLowerCase();
  return domain !== '' && email.endsWith(`@${domain}`);
}

// ---------------------------------------------------------------------------------------------------
// The two dialogs (platform.md 2.9)

export type MarketingDialogInput = {
  user: StoreDialogUser;
  /** The bootstrap's experiments; null/undefined when they could not be fetched. */
  experiments: Experiments | null | undefined;
  /** The user has already seen the dialog (on any device). */
  seen: boolean;
  /** A desktop-sized screen: the community-builder exclusion applies on desktop only. */
  isDesktop: boolean;
  communityBuilderDomain?: string;
};

/**
 * 2.9: logged-in users on /direct who are not admins, not risk-management users and not a desktop community builder
 * see it once, when the matching experiment flag is on.
 */
export function shouldShowMarketingDialog(input: MarketingDialogInput): boolean {
  const { user } = input;
  if (!user.isLoggedIn) return false;
  if (input.seen) return false;
  if (isStoreAdmin(user) || isRiskManagementUser(user)) return false;
  if (input.isDesktop && isCommunityBuilder(user, input.communityBuilderDomain)) return false;
  return isExperimentFeatureOn(input.experiments, STORE_MARKETING_SUBSCRIBE_FLAG);
}

export type TermsDialogInput = {
  user: StoreDialogUser;
  /** The bootstrap user's must_accept_tos: the user has not accepted the current terms. */
  mustAcceptTos: boolean;
};

/**
 * 2.9: users with a legacy id who are not admin, not risk-management and not a marketplace seller, while they
 * must accept the terms.
 */
export function shouldShowTermsDialog(input: TermsDialogInput): boolean {
  const { user } = input;
  if (!user.isLoggedIn || user.legacyId === null) return false;
  if (isStoreAdmin(user) || isRiskManagementUser(user) || isMarketplaceSeller(user)) return false;
  return input.mustAcceptTos;
}

export type StoreDialog = 'marketing' | 'terms';

/** The paths under /direct where no dialog opens: the terms themselves, so that they can be read. */
export const STORE_DIALOG_FREE_PATHS = ['/direct/terms-and-conditions', '/direct/terms-of-sale'] as const;

/** Whether a path (locale prefix removed) is a store page where the dialogs may open. */
export function isStoreDialogPath(barePath: string): boolean {
  const path = barePath.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase() || '/';
  if (path !== '/direct' && !path.startsWith('/direct/')) return false;
  return !(STORE_DIALOG_FREE_PATHS as readonly string[]).includes(path);
}

/**
 * The dialog to show now: the marketing dialog first, then (after it, or otherwise) the terms dialog; none to
 * guests nor while an admin acts as the user. `marketingDone` is true once the marketing dialog was closed in this visit.
 */
export function storeDialogToShow(
  input: MarketingDialogInput & TermsDialogInput & { marketingDone: boolean },
): StoreDialog | null {
  if (!input.user.isLoggedIn || input.user.actingAs) return null;
  if (!input.marketingDone && shouldShowMarketingDialog(input)) return 'marketing';
  if (shouldShowTermsDialog(input)) return 'terms';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Calls (under /api/store)

export const STORE_TERMS_ACCEPT_PATH = '/terms/accept';
export const STORE_MARKETING_DIALOG_SEEN_PATH = '/marketing-dialog/seen';
export const STORE_MARKETING_DIALOG_SUBSCRIBE_PATH = '/marketing-dialog/subscribe';

/** The dialog id recorded when the marketing dialog was seen. */
export const MARKETING_SUBSCRIBE_DIALOG_ID = 'store-marketing-subscribe';

export const acceptTermsResponseSchema = z.object({
  must_accept_tos: z.literal(false),
  tos_accepted: z.literal(true),
  tos_accepted_at: z.string(),
});
export type AcceptTermsResponse = z.infer<typeof acceptTermsResponseSchema>;

export const marketingDialogResponseSchema = z.object({
  seen: z.literal(true),
  subscribed: z.boolean(),
});
export type MarketingDialogResponse = z.infer<typeof marketingDialogResponseSchema>;
