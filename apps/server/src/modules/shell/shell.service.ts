import { anonymousUser, type BootstrapResponse, type EnterpriseSummary, type WhiteLabelPartner } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { csrfTokenFor } from '../../platform/csrf.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { dialogsSeenBy } from '../store-dialogs/store-dialogs.public.ts';
import { membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';

type BootstrapInput = {
  session: SessionState | null;
  anonymousId: string;
  csrfSecret: string;
  requestedEnterpriseId: number | undefined;
  partner: WhiteLabelPartner;
  buildTag: string;
  /** The experiment flags that are on (flag → variant; platform.md 4.6). */
  experiments?: Record<string, string>;
};

/**
 * The selected enterprise: the one asked for in the query when it is the user's, else the one stored in
 * the session when it is still in the list, else the first. (The page then prefers its own stored
 * selection when that is in the list — grain-marketing.md 4 'Users and enterprises'.)
 */
export function pickCurrentEnterprise(
  ids: number[],
  requested: number | undefined,
  stored: number | null,
): number | null {
  if (requested !== undefined && ids.includes(requested)) return requested;
  if (stored !== null && ids.includes(stored)) return stored;
  return ids[0] ?? null;
}

export async function buildBootstrap(db: Db, input: BootstrapInput): Promise<BootstrapResponse> {
  const { session, anonymousId, partner } = input;
  const base = { partner, build: { tag: input.buildTag }, experiments: input.experiments ?? {} };
  if (!session) {
    return {
      ...base,
      user: { ...anonymousUser(anonymousId), actingAs: null, actor: null, actAsScope: null },
      enterprises: {},
      current_enterprise_id: null,
      tos_accepted: false,
      csrf: csrfTokenFor(input.csrfSecret, { anonymousId }),
    };
  }
  const { user, actor } = session;
  const summary = (u: SessionState['user']) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
  });
  const rows = await membershipsWithEnterprise(db, user.id);
  const enterprises: Record<string, EnterpriseSummary> = {};
  for (const { enterprise: e, role, permissions } of rows) {
    enterprises[String(e.id)] = {
      id: e.id,
      legacyId: e.id,
      publicId: e.publicId,
      name: e.name,
      countryCode: e.countryCode,
      role,
      permissions,
    };
  }
  return {
    ...base,
    user: {
      id: user.id,
      identified: true,
      isLoggedIn: true,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      employeeInfo: user.employeeInfo ?? null,
      experiences: user.experiences,
      anonymousId,
      legacyId: user.legacyId,
      permissions: user.permissions,
      admin: { is_super_admin: user.isSuperAdmin, permissions: user.adminPermissions },
      // While an admin acts as someone, `user` is the acted-as user and these say so (visibly, on every page).
      actingAs: actor ? summary(user) : null,
      actor: actor ? summary(actor) : null,
      actAsScope: actor ? (session.session.actAsScope ?? 'full') : null,
      // Store dialogs (platform.md 2.9): the current terms are unaccepted while tos_accepted_at is empty.
      must_accept_tos: user.tosAcceptedAt === null,
      dialogs_seen: await dialogsSeenBy(db, user.id),
      // platform.md 3.1: the onboarding steps finished (the partner onboarding's '<intent>-onboarding', decision 060).
      completed_onboarding_steps: user.completedOnboardingSteps,
    },
    enterprises,
    // Without a choice, the oldest enterprise (the lowest id) is the current one.
    current_enterprise_id: pickCurrentEnterprise(
      rows.map((r) => r.enterprise.id).sort((a, b) => a - b),
      input.requestedEnterpriseId,
      session.session.currentEnterpriseId,
    ),
    tos_accepted: user.tosAcceptedAt !== null,
    csrf: csrfTokenFor(input.csrfSecret, { tokenHash: session.tokenHash }),
  };
}
