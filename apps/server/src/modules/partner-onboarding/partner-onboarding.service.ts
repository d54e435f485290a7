// Partner onboarding (issue 17, platform.md 2.5 /profit-center/partner/:intent, decision 060). A farmer invited by their
// elevator links the elevator's client legal entity to their farm business:
// 1. le/session-contact-users: the partner's client contacts that are the signed-in user (their e-mail, phone or id);
//    anyone else's contact is never listed, and naming it answers 404 like an unknown one.
// 2. le/email/verify/initiate: a 6-digit code to the contact's e-mail or phone on file, through identity's code
//    sessions (decision 012: single use, expiring, a few tries, throttled per address in decision 004's counters).
// 3. email/verify/{intent}-onboarding: the code; then legal_entities.enterprise_id = the farm business the farmer picked
//    (one they may manage), the step in users.completed_onboarding_steps, an audit entry. A legal entity another farm
//    business has is refused (409 legal_entity_linked_elsewhere).

import type { FastifyRequest } from 'fastify';
import {
  CONTACT_APP_INVITATIONS_PER_DAY,
  MANAGE_PERMISSION,
  canViewClientProfile,
  maskIdentifier,
  onboardingStep,
  type OnboardingChannel,
  type OnboardingInitiateResponse,
  type OnboardingVerifyResponse,
  type PartnerOnboarding,
  type SessionContact,
  type WhiteLabelPartner,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import {
  loadCrmActor,
  requireClient,
  requireMarket,
  requirePlatform,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import {
  checkSessionCode,
  consumeSessionCode,
  linkOrigin,
  loadBoundSession,
  newBinding,
  normalizePhone,
  payloadOf,
  resendCode,
  startCodeSession,
} from '../identity/identity.public.ts';
import {
  completeOnboardingStep,
  contactOfClient,
  contactsOfUser,
  linkLegalEntity,
  type ContactMatch,
} from './partner-onboarding.repo.ts';

export type PartnerOnboardingDeps = CrmDeps;

const WORKFLOW = 'partner_onboarding';

async function partnerOf(deps: PartnerOnboardingDeps, intent: string): Promise<WhiteLabelPartner> {
  const partner = await deps.partners.byIntent(intent);
  if (!partner?.intent) throw new AppError('not_found');
  return partner;
}

function userOf(session: SessionState) {
  const u = session.user;
  return { id: u.id, email: u.email, normalizedPhoneNumber: u.normalizedPhoneNumber };
}

/** The farm businesses a member may link grain accounts to: the switcher's list, where they are owner or manage. */
async function linkableEnterprises(deps: PartnerOnboardingDeps, userId: string) {
  const memberships = await membershipsWithEnterprise(deps.ctx.database.db, userId);
  return memberships
    .filter((m) => m.role === 'owner' || m.permissions.includes(MANAGE_PERMISSION))
    .map((m) => ({ id: m.enterprise.id, name: m.enterprise.name }));
}

function contactView(c: ContactMatch, mine: ReadonlySet<number>): SessionContact {
  const state = c.enterpriseId === null ? 'linkable' : mine.has(c.enterpriseId) ? 'linked_here' : 'linked_elsewhere';
  return {
    contactId: c.contactId,
    contactName: c.contactName,
    legalEntityId: c.legalEntityId,
    legalEntityName: c.legalEntityName,
    email: c.email ? maskIdentifier(c.email) : null,
    phone: c.phone ? maskIdentifier(c.phone) : null,
    state,
    // Another farm business's id is not told.
    linkedEnterpriseId: state === 'linked_here' ? c.enterpriseId : null,
  };
}

async function memberEnterpriseIds(deps: PartnerOnboardingDeps, userId: string): Promise<Set<number>> {
  const memberships = await membershipsWithEnterprise(deps.ctx.database.db, userId);
  return new Set(memberships.map((m) => m.enterprise.id));
}

export async function sessionContacts(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  intent: string,
): Promise<SessionContact[]> {
  const session = await requireSession(deps.ctx, request);
  const partner = await partnerOf(deps, intent);
  const [contacts, mine] = await Promise.all([
    contactsOfUser(deps.ctx.database.db, partner.id, userOf(session)),
    memberEnterpriseIds(deps, session.user.id),
  ]);
  return contacts.map((c) => contactView(c, mine));
}

/** GET profit-center/onboarding/:intent: what the onboarding pages need. */
export async function partnerOnboarding(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  intent: string,
): Promise<PartnerOnboarding> {
  const session = await requireSession(deps.ctx, request);
  const partner = await partnerOf(deps, intent);
  const [contacts, enterprises] = await Promise.all([
    sessionContacts(deps, request, intent),
    linkableEnterprises(deps, session.user.id),
  ]);
  return {
    intent,
    partnerName: partner.branding.tradeName,
    completed: session.user.completedOnboardingSteps.includes(onboardingStep(intent)),
    contacts,
    enterprises,
  };
}

/** le/email/verify/initiate: a code to the contact's e-mail or phone on file. */
export async function initiateOnboardingCode(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  body: { intent: string; contactId: number; channel: OnboardingChannel },
): Promise<OnboardingInitiateResponse> {
  const session = await requireSession(deps.ctx, request);
  const partner = await partnerOf(deps, body.intent);
  const [contact] = await contactsOfUser(deps.ctx.database.db, partner.id, userOf(session), body.contactId);
  // Someone else's contact, or one of another partner: as unknown.
  if (!contact) throw new AppError('not_found');
  const mine = await memberEnterpriseIds(deps, session.user.id);
  if (contact.enterpriseId !== null && !mine.has(contact.enterpriseId))
    throw new AppError('legal_entity_linked_elsewhere');
  let identifier: string | null;
  if (body.channel === 'sms') {
    identifier = contact.phone ? normalizePhone(contact.phone) : null;
    if (!identifier) throw new AppError('contact_phone_missing');
  } else {
    identifier = contact.email?.trim().toLowerCase() || null;
    if (!identifier) throw new AppError('invalid_request', 'There is no e-mail address on file for this contact.');
  }
  const { token } = await startCodeSession(deps.ctx, request, partner, {
    workflow: WORKFLOW,
    step: 'code',
    channel: body.channel,
    identifier,
    userId: session.user.id,
    binding: await newBinding(deps.ctx, request),
    payload: { intent: partner.intent, contactId: contact.contactId, legalEntityId: contact.legalEntityId },
    mailTemplate: 'partner_onboarding_code',
  });
  return { token, channel: body.channel, sentTo: maskIdentifier(identifier) };
}

/**
 * le/email/verify/resend ("Resend code" on confirm-code): a new code on the same code session, to the same contact's
 * e-mail or phone on file; the earlier code dies and the tries start again. Limited as every code of decision 012 is:
 * four sends a session and five codes an address an hour (429 rate_limited). A used, expired or someone else's
 * session answers 400 onboarding_code_expired; a contact that is no longer the caller's, 404.
 */
export async function resendOnboardingCode(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  body: { intent: string; token: string },
): Promise<OnboardingInitiateResponse> {
  const session = await requireSession(deps.ctx, request);
  const partner = await partnerOf(deps, body.intent);
  const row = await loadBoundSession(deps.ctx, request, body.token, (w) => w === WORKFLOW).catch((err: unknown) => {
    throw asBadCode(err);
  });
  const payload = payloadOf(row);
  if (payload.intent !== partner.intent || row.userId !== session.user.id || row.step !== 'code' || !row.identifier)
    throw new AppError('onboarding_code_expired');
  // The contact must still be this user's (the CRM may have changed it since the first code).
  const [contact] = await contactsOfUser(deps.ctx.database.db, partner.id, userOf(session), Number(payload.contactId));
  if (!contact || contact.legalEntityId !== Number(payload.legalEntityId)) throw new AppError('not_found');
  await resendCode(deps.ctx, request, partner, row).catch((err: unknown) => {
    throw asBadCode(err);
  });
  const channel: OnboardingChannel = row.identifierType === 'phone' ? 'sms' : 'email';
  return { token: body.token, channel, sentTo: maskIdentifier(row.identifier) };
}

/** An expired, used or dead code: 400 with its own code (the verify call answers 400 for every bad code). */
function asBadCode(err: unknown): unknown {
  if (err instanceof AppError && err.code === 'link_invalid') {
    return new AppError('onboarding_code_expired', err.message);
  }
  return err;
}

/** email/verify/{intent}-onboarding: checks the code, then links the legal entity to the farm business picked. */
export async function verifyOnboardingCode(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  product: string,
  body: { token: string; code: string; enterpriseId: number },
): Promise<OnboardingVerifyResponse> {
  const db = deps.ctx.database.db;
  const session = await requireSession(deps.ctx, request);
  const intent = product.endsWith('-onboarding') ? product.slice(0, -'-onboarding'.length) : '';
  const partner = await partnerOf(deps, intent);
  const row = await loadBoundSession(deps.ctx, request, body.token, (w) => w === WORKFLOW).catch((err: unknown) => {
    throw asBadCode(err);
  });
  const payload = payloadOf(row);
  if (payload.intent !== partner.intent || row.userId !== session.user.id)
    throw new AppError('onboarding_code_expired');
  const enterprises = await linkableEnterprises(deps, session.user.id);
  const enterprise = enterprises.find((e) => e.id === body.enterpriseId);
  // Not a farm business the farmer may manage: as unknown (before the code is tried, so no try is spent).
  if (!enterprise) throw new AppError('not_found');
  const checked = await checkSessionCode(db, row, body.code).catch((err: unknown) => {
    throw asBadCode(err);
  });
  const legalEntityId = Number(payload.legalEntityId);
  const contactId = Number(payload.contactId);
  // The contact must still be this user's (the CRM may have changed it since the code was sent).
  const [contact] = await contactsOfUser(db, partner.id, userOf(session), contactId);
  if (!contact || contact.legalEntityId !== legalEntityId) throw new AppError('not_found');
  return db.transaction(async (tx) => {
    if (!(await consumeSessionCode(tx, checked, 'done'))) throw new AppError('onboarding_code_expired');
    const linked = await linkLegalEntity(tx, {
      legalEntityId,
      enterpriseId: enterprise.id,
      contactId,
      userId: session.user.id,
    });
    if (!linked) throw new AppError('legal_entity_linked_elsewhere');
    const steps = await completeOnboardingStep(tx, session.user.id, onboardingStep(intent));
    await audit(tx, request, {
      actorUserId: session.user.id,
      action: 'partner_onboarding_linked',
      targetType: 'legal_entity',
      targetId: String(legalEntityId),
      details: { partnerId: partner.id, enterpriseId: enterprise.id, contactId, channel: row.identifierType },
    });
    return {
      legalEntityId,
      legalEntityName: contact.legalEntityName,
      enterpriseId: enterprise.id,
      completedOnboardingSteps: steps,
    };
  });
}

/**
 * The merchandiser's "Invite to the app" on the CRM client page: an e-mail to the contact with the link to the
 * partner's onboarding landing. The link carries no secret (the code sent later proves the contact); a client of
 * another partner, or a contact of another client, answers 404; a few per contact a day (429 after).
 */
export async function inviteContactToApp(
  deps: PartnerOnboardingDeps,
  request: FastifyRequest,
  ids: { platformId: number; marketId: number; clientId: number; contactId: number },
): Promise<{ sentTo: string }> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, ids.platformId);
  requireMarket(actor, ids.marketId, (m) => canViewClientProfile(m.permissions), 'client profiles');
  const client = await requireClient(deps, actor, ids.clientId);
  const contact = await contactOfClient(db, client.id, ids.contactId);
  if (!contact) throw new AppError('not_found');
  const email = contact.emailAddress?.trim();
  if (!email) throw new AppError('invalid_request', 'This contact has no e-mail address. Add one to invite them.');
  const intent = actor.partner.intent;
  if (!intent) throw new AppError('not_found');
  const { current } = await incrementCounter(db, `onboarding-invite:${contact.id}`, 24 * 60 * 60_000);
  if (current > CONTACT_APP_INVITATIONS_PER_DAY) {
    throw new AppError('rate_limited', 'This contact was invited a few times today already. Try again tomorrow.');
  }
  await sendMail(db, {
    template: 'partner_onboarding_invitation',
    data: { contactName: contact.name, clientName: client.name, path: `/profit-center/partner/${intent}/landing` },
    ctx: mailContext(actor.partner, linkOrigin(deps.ctx, request, actor.partner)),
    recipient: email,
    userId: contact.userId,
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'partner_onboarding_invited',
    targetType: 'legal_entity',
    targetId: String(client.id),
    details: { contactId: contact.id },
  });
  return { sentTo: email };
}
