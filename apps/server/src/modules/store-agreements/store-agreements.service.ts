// The store agreements (platform.md 2.4 /direct/{brand}-agreements, /direct/agreement/:agreementType/:enterpriseId/
// :userId) and the buyer's readiness report (/direct/onboarding/report). A member signs for the farm business; the
// agreement's status is the enterprise's. Someone else's farm business is a 404; a super admin may view any.
import {
  AGREEMENT_TYPES,
  agreementRequirement,
  agreementStatus,
  agreementText,
  brandAgreementsSegment,
  currentAgreementVersion,
  hasEnterpriseAccess,
  INPUT_PURCHASING_PERMISSION,
  licenceExpiryState,
  type AgreementDetail,
  type AgreementList,
  type AgreementOwnerQuery,
  type AgreementSummary,
  type AgreementType,
  type AgreementWords,
  type OnboardingReport,
  type ReadinessItem,
  type SignAgreementInput,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { manualFlagsOn } from '../../platform/manual-grants.ts';
import * as repo from './store-agreements.repo.ts';

export type Caller = { userId: string; currentEnterpriseId: number | null; isSuperAdmin: boolean; actingAs: boolean };

type Owner = { enterprise: repo.EnterpriseRow; userId: string; callerIsMember: boolean };

/** Whose agreements the call is about; 404 for another farm business unless a super admin, or a user not its member. */
async function ownerOf(db: Db, caller: Caller, query: AgreementOwnerQuery): Promise<Owner> {
  const userId = query.userId ?? caller.userId;
  let enterprise: repo.EnterpriseRow | null;
  if (query.enterpriseId) {
    enterprise = await repo.enterpriseByPublicId(db, query.enterpriseId);
  } else {
    enterprise = await repo.enterpriseOfUser(db, userId, userId === caller.userId ? caller.currentEnterpriseId : null);
  }
  if (!enterprise) throw new AppError('not_found', 'No farm business found for these agreements.');
  const callerIsMember = (await repo.membership(db, enterprise.id, caller.userId)) !== null;
  if (!callerIsMember && !caller.isSuperAdmin)
    throw new AppError('not_found', 'No farm business found for these agreements.');
  if (userId !== caller.userId && (await repo.membership(db, enterprise.id, userId)) === null)
    throw new AppError('not_found', 'No farm business found for these agreements.');
  return { enterprise, userId, callerIsMember };
}

function summaries(words: AgreementWords, rows: repo.SignatureRow[]): AgreementSummary[] {
  return AGREEMENT_TYPES.map((type) => {
    const text = agreementText(type, words);
    const mine = rows.filter((r) => r.agreementType === type);
    const latest = mine[0];
    const r = agreementRequirement(type);
    return {
      type,
      title: text.title,
      summary: text.summary,
      version: text.version,
      status: agreementStatus(
        type,
        mine.map((m) => m.version),
      ),
      signature: latest
        ? {
            version: latest.version,
            signedName: latest.signedName,
            signedAt: latest.signedAt.toISOString(),
            signedBy: { userId: latest.userId, name: latest.userName },
          }
        : null,
      requiredFor: {
        everyOrder: r.everyOrder,
        productKinds: [...r.productKinds],
        restrictedUse: r.restrictedUse,
        paymentTermGroups: [...r.paymentTermGroups],
      },
    };
  });
}

const enterpriseOut = (e: repo.EnterpriseRow) => ({ publicId: e.publicId, name: e.name });

export async function listAgreements(
  db: Db,
  caller: Caller,
  query: AgreementOwnerQuery,
  words: AgreementWords,
): Promise<AgreementList> {
  const owner = await ownerOf(db, caller, query);
  return {
    enterprise: enterpriseOut(owner.enterprise),
    userId: owner.userId,
    agreements: summaries(words, await repo.signaturesOf(db, owner.enterprise.id)),
  };
}

function typeOf(value: string): AgreementType {
  const type = AGREEMENT_TYPES.find((t) => t === value);
  if (!type) throw new AppError('not_found', 'There is no such agreement.');
  return type;
}

export async function readAgreement(
  db: Db,
  caller: Caller,
  typeParam: string,
  query: AgreementOwnerQuery,
  words: AgreementWords,
): Promise<AgreementDetail> {
  const type = typeOf(typeParam);
  const owner = await ownerOf(db, caller, query);
  const summary = summaries(words, await repo.signaturesOf(db, owner.enterprise.id)).find((s) => s.type === type)!;
  const name = (await repo.userName(db, owner.userId)) ?? '';
  return {
    ...summary,
    paragraphs: agreementText(type, words).paragraphs,
    enterprise: enterpriseOut(owner.enterprise),
    user: { id: owner.userId, name },
    canSign: owner.userId === caller.userId && owner.callerIsMember && !caller.actingAs && summary.status !== 'signed',
  };
}

/**
 * Signs the current version for the farm business: the typed full name and the consent are required (400 with
 * details.reason signed_name_required / consent_required). Signing a signed version again answers the signature
 * there is (idempotent). Only a member signs, as themselves: a super admin who is not a member, or an admin acting
 * as the user, gets a 403.
 */
export async function signAgreement(
  db: Db,
  caller: Caller,
  typeParam: string,
  input: SignAgreementInput,
  words: AgreementWords,
  meta: { ip: string; userAgent: string },
): Promise<AgreementDetail> {
  const type = typeOf(typeParam);
  const owner = await ownerOf(db, caller, input.enterpriseId ? { enterpriseId: input.enterpriseId } : {});
  if (!owner.callerIsMember || caller.actingAs)
    throw new AppError('forbidden', 'Only a member of the farm business can sign its agreements.');
  const signedName = (input.signedName ?? '').trim().replace(/\s+/g, ' ');
  if (signedName.length < 2)
    throw new AppError('invalid_request', 'Type your full name to sign.', {
      reason: 'signed_name_required',
      field: 'signedName',
    });
  if (input.consent !== true)
    throw new AppError('invalid_request', 'Tick the box to agree to the terms.', {
      reason: 'consent_required',
      field: 'consent',
    });
  await repo.insertSignature(db, {
    enterpriseId: owner.enterprise.id,
    userId: caller.userId,
    agreementType: type,
    version: currentAgreementVersion(type),
    signedName,
    ip: meta.ip.slice(0, 100),
    userAgent: meta.userAgent.slice(0, 500),
  });
  return readAgreement(db, caller, type, { enterpriseId: owner.enterprise.publicId }, words);
}

/** The buyer's store readiness checklist, from the farm business's real data. */
export async function onboardingReport(
  db: Db,
  caller: Caller,
  words: AgreementWords,
  today: string,
): Promise<OnboardingReport> {
  const enterprise = await repo.enterpriseOfUser(db, caller.userId, caller.currentEnterpriseId);
  const agreementsPath = `/direct/${brandAgreementsSegment(words.brand)}`;
  if (!enterprise) {
    const items: ReadinessItem[] = [
      { id: 'enterprise_profile', state: 'todo', detail: { country: null }, fixPath: '/account' },
    ];
    return { enterprise: null, items, done: 0, total: items.length };
  }
  const member = await repo.membership(db, enterprise.id, caller.userId);
  const facts = await repo.readinessFacts(db, enterprise.id, caller.userId);
  const signatures = await repo.signaturesOf(db, enterprise.id);
  const statuses = AGREEMENT_TYPES.map((type) =>
    agreementStatus(
      type,
      signatures.filter((s) => s.agreementType === type).map((s) => s.version),
    ),
  );
  const signed = statuses.filter((s) => s === 'signed').length;
  const termsSigned = statuses[AGREEMENT_TYPES.indexOf('terms-of-sale')] === 'signed';
  const licence = facts.licenceExpiries.length === 0 ? 'none' : licenceExpiryState(facts.licenceExpiries[0]!, today);
  const purchasing = hasEnterpriseAccess(member, INPUT_PURCHASING_PERMISSION, {
    manualFlags: await manualFlagsOn(db, caller.userId, enterprise.id),
  });
  const items: ReadinessItem[] = [
    {
      id: 'enterprise_profile',
      state: enterprise.name.trim() && enterprise.countryCode ? 'done' : 'todo',
      detail: { name: enterprise.name, country: enterprise.countryCode || null },
      fixPath: '/account',
    },
    {
      id: 'billing_address',
      state: facts.billingAddresses > 0 ? 'done' : 'todo',
      detail: { count: facts.billingAddresses },
      fixPath: '/direct/carts/checkout',
    },
    {
      id: 'input_purchasing',
      state: purchasing ? 'done' : 'todo',
      detail: { role: member?.role ?? null },
      fixPath: `/enterprise/${enterprise.publicId}/team`,
    },
    {
      id: 'applicator_licence',
      state: licence === 'valid' ? 'done' : licence === 'expiring' ? 'attention' : 'todo',
      detail: { licence },
      fixPath: '/direct/applicator',
    },
    {
      id: 'agreements',
      state: signed === AGREEMENT_TYPES.length ? 'done' : termsSigned ? 'attention' : 'todo',
      detail: { signed, total: AGREEMENT_TYPES.length },
      fixPath: agreementsPath,
    },
    {
      id: 'first_order',
      state: facts.orders > 0 ? 'done' : 'todo',
      detail: { count: facts.orders },
      fixPath: facts.orders > 0 ? '/direct/order-history' : '/direct',
    },
  ];
  return {
    enterprise: enterpriseOut(enterprise),
    items,
    done: items.filter((i) => i.state === 'done').length,
    total: items.length,
  };
}
