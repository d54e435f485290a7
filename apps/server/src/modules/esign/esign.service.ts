// E-signing of contracts (issue 5; docs/decisions/016-e-signing.md): the buyer sends a contract for signature (a
// generated PDF, a signing request with a one-time link, the client's users told) and sees where it stands. The
// signer's side (review, sign: the signature stamped onto the PDF, the contract marked signed with the hash of the
// terms signed) is esign-signing.service.ts; the stored PDFs, served checked against their sha256 to the buyer and
// to the signer, esign-documents.service.ts.

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  currencyForCountry,
  canSendForSignature,
  contractEsignState,
  contractTermsText,
  intlLocaleOfCountry,
  signingExpiry,
  signingPagePath,
  signingState,
  type ContractEsignStatus,
  type EsignProvider,
  type EsignSendResponse,
  type SigningTerms,
  type WhiteLabelPartner,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { hasPermission, loadCrmActor, requireMarket, type CrmDeps } from '../../platform/crm-access.ts';
import { linkOrigin } from '../identity/identity.public.ts';
import {
  documentsOf,
  enterpriseUsersOf,
  filesOf,
  findEsignContract,
  insertDocument,
  insertFile,
  insertRequest,
  latestRequest,
  latestSignedRequest,
  lockEsignContract,
  setEsignSent,
  setExternalId,
  amendmentsOf,
  clearEsignSent,
  signingSettingsOf,
  voidDocuments,
  voidOpenDocuments,
  voidOpenRequests,
  type EsignContract,
} from './esign.repo.ts';
import { amendmentPdfLabel } from './amendment-text.ts';

export type EsignDeps = CrmDeps & {
  provider: EsignProvider;
  /**
   * Told once an enrolment's request is signed (after its transaction commits): the sustainability module's notices,
   * passed in by app.ts so that e-sign does not import the module whose documents it signs.
   */
  onEnrolmentSigned?: ((request: FastifyRequest, enrolmentId: number) => Promise<void>) | undefined;
  /**
   * Told once a structure's confirmation is signed (the structure is live, in the same request's transaction): the
   * booking module's audit of the trade and the farmer's notice, passed in by app.ts (e-sign does not import it).
   */
  onStructureSigned?: ((request: FastifyRequest, structureId: number) => Promise<void>) | undefined;
};

export const bytesSha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The contract's current terms hash (the stored one; computed from the terms when a row has none yet). */
export function currentTermsHash(c: EsignContract): string {
  return c.termsHash ?? sha256(contractTermsText(c));
}

export function fullName(u: { firstName: string | null; lastName: string | null; email?: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || (u.email ?? '');
}

export async function partnerOf(deps: CrmDeps, partnerId: string): Promise<WhiteLabelPartner> {
  const partner = await deps.partners.byId(partnerId);
  if (!partner) throw new AppError('not_found');
  return partner;
}

export function termsOf(c: EsignContract, partner: WhiteLabelPartner): SigningTerms {
  return {
    partnerName: partner.branding.legalName,
    marketName: c.marketName,
    clientName: c.clientName,
    displayContractId: c.displayContractId,
    contractType: c.contractType,
    direction: c.direction,
    crop: c.cropName,
    cropYear: c.cropYear,
    quantity: c.quantity,
    quantityUnit: c.quantityUnit,
    deliveryStart: c.deliveryStart,
    deliveryEnd: c.deliveryEnd,
    optionMonth: c.optionMonth,
    futuresPrice: c.futuresPrice,
    basis: c.basis,
    cashPrice: c.cashPrice,
    currency: currencyForCountry(c.marketCountry),
    contractDate: c.contractDate,
  };
}

// ---------------------------------------------------------------------------------------------------
// The buyer's side

/** A contract of the buyer's partner at a market where they hold contract_documents (404 another partner's, 403). */
async function buyerContract(deps: CrmDeps, request: FastifyRequest, contractId: number) {
  const actor = await loadCrmActor(deps, request);
  const contract = await findEsignContract(deps.ctx.database.db, contractId);
  if (!contract || contract.partnerId !== actor.partner.id)
    throw new AppError('not_found', `No contract ${contractId}.`);
  requireMarket(actor, contract.marketId, hasPermission('contract_documents'), 'contract documents');
  return { actor, contract };
}

export async function contractEsignStatusOf(db: Db, contract: EsignContract): Promise<ContractEsignStatus> {
  const [latest, signed, documents, settings] = await Promise.all([
    latestRequest(db, contract.id),
    latestSignedRequest(db, contract.id),
    documentsOf(db, contract.id),
    signingSettingsOf(db, contract.partnerId),
  ]);
  const files = await filesOf(
    db,
    documents.map((d) => d.id),
  );
  const hash = currentTermsHash(contract);
  const facts = { ...contract, termsHash: hash };
  return {
    contractId: contract.id,
    state: contractEsignState(facts),
    canSend: canSendForSignature(facts).ok,
    amendmentsRequireSignature: settings.amendmentsRequireSignature,
    request: latest
      ? {
          id: latest.id,
          provider: latest.provider,
          state: signingState(latest, hash),
          sentAt: latest.createdAt.toISOString(),
          sentBy: latest.sentByName,
          expiresAt: latest.expiresAt.toISOString(),
          signedAt: latest.completedAt && latest.status === 'signed' ? latest.completedAt.toISOString() : null,
          signerName: latest.status === 'signed' ? latest.signerName : null,
          documentId: latest.documentId,
        }
      : null,
    signed: signed
      ? {
          documentId: signed.documentId,
          signedAt: signed.completedAt?.toISOString() ?? null,
          signerName: signed.signerName,
        }
      : null,
    documents: documents.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      status: d.status,
      createdAt: d.createdAt.toISOString(),
      amendmentId: d.amendmentId,
      files: files
        .filter((f) => f.documentId === d.id)
        .map((f) => ({ kind: f.kind, sha256: f.sha256, size: f.size, createdAt: f.createdAt.toISOString() })),
    })),
  };
}

export async function contractEsignStatus(
  deps: EsignDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<ContractEsignStatus> {
  const { contract } = await buyerContract(deps, request, contractId);
  return contractEsignStatusOf(deps.ctx.database.db, contract);
}

/**
 * The spec's missing e-mail / program / enterprise refusals (grain-marketing.md 8 'CRM'; the spec names them without
 * wording, decision 042 words them): 400 with `details.reason`.
 */
function refuseMissing(contract: EsignContract, programRequired: boolean): void {
  const n = contract.displayContractId;
  if (!contract.clientEmail?.trim())
    throw new AppError(
      'invalid_request',
      `Contract ${n} cannot be sent for signature: ${contract.clientName} has no e-mail address. Add one to the client first.`,
      { reason: 'missing_email' },
    );
  if (programRequired && !contract.program?.trim())
    throw new AppError(
      'invalid_request',
      `Contract ${n} cannot be sent for signature: it has no program. Choose the contract's program first.`,
      { reason: 'missing_program' },
    );
  if (contract.clientEnterpriseId === null)
    throw new AppError(
      'invalid_request',
      `Contract ${n} cannot be sent for signature: ${contract.clientName} has no enterprise in the app. Invite the client first.`,
      { reason: 'missing_enterprise' },
    );
}

const REFUSED_SEND = {
  not_eligible: ['invalid_request', 'is not eligible for e-signing'],
  cancelled: ['conflict', 'is cancelled: there is nothing to sign'],
  signed: ['conflict', 'is already signed and its terms have not changed since'],
} as const;

/**
 * Sends a contract for signature (again): generates its PDF, stores it with its sha256, voids the earlier open
 * request, creates the signing request (a one-time token, only its hash kept), sets eSignSent and tells the client's
 * onboarded users (a notification and an e-mail with the link). `amendment`: only a signed contract whose terms
 * changed since (contract-amendments/sign).
 */
export async function sendForSignature(
  deps: EsignDeps,
  request: FastifyRequest,
  contractId: number,
  options: { amendment?: boolean } = {},
): Promise<EsignSendResponse> {
  const db = deps.ctx.database.db;
  const { actor, contract: read } = await buyerContract(deps, request, contractId);
  const partner = actor.partner;
  const origin = linkOrigin(deps.ctx, request, partner);
  const provider = deps.provider;
  const token = randomBytes(32).toString('hex');
  // pdf-lib is loaded with the first PDF (decision 049), before the transaction that holds the contract's lock.
  const { contractPdf } = await import('./contract-pdf.ts');

  const outcome = await db.transaction(async (tx) => {
    const contract = await lockEsignContract(tx, contractId);
    if (!contract) throw new AppError('not_found', `No contract ${contractId}.`);
    const termsHash = currentTermsHash(contract);
    const facts = { ...contract, termsHash };
    const verdict = canSendForSignature(facts);
    if (!verdict.ok) {
      const [code, text] = REFUSED_SEND[verdict.reason];
      throw new AppError(code, `Contract ${contract.displayContractId} ${text}.`, { reason: verdict.reason });
    }
    if (options.amendment && contractEsignState(facts) !== 'mismatch') {
      throw new AppError('conflict', `Contract ${contract.displayContractId} has no amendment since it was signed.`, {
        reason: 'no_amendment',
      });
    }
    const settings = await signingSettingsOf(tx, contract.partnerId);
    if (options.amendment && !settings.amendmentsRequireSignature) {
      throw new AppError(
        'conflict',
        `${partner.branding.tradeName} does not ask clients to sign amendments: turn 'Amendments need a signature' on first.`,
        { reason: 'not_required' },
      );
    }
    refuseMissing(contract, settings.programRequired);
    // A signed contract whose terms changed since is sent as its latest amendment (its own PDF, decision 042).
    const amendment =
      contractEsignState(facts) === 'mismatch' ? ((await amendmentsOf(tx, contract.id)).at(-1) ?? null) : null;
    const signers =
      contract.clientEnterpriseId !== null ? await enterpriseUsersOf(tx, contract.clientEnterpriseId) : [];
    if (signers.length === 0) {
      throw new AppError(
        'conflict',
        `No user of ${contract.clientName} is onboarded to sign: invite them to the app first.`,
        { reason: 'no_signer' },
      );
    }
    const now = new Date();
    const pdf = Buffer.from(
      await contractPdf(
        termsOf(contract, partner),
        {
          termsHash,
          createdAt: now,
          amendment: amendment ? amendmentPdfLabel(amendment, contract, partner.priceNotation, now) : undefined,
          locale: intlLocaleOfCountry(contract.marketCountry),
        },
        partner.priceNotation,
      ),
    );
    const pdfSha = bytesSha256(pdf);
    const voided = await voidOpenRequests(tx, contract.id);
    const document = await insertDocument(tx, {
      contractId: contract.id,
      fileName: (amendment
        ? `amendment-${amendment.displayContractAmendmentId}.pdf`
        : `contract-${contract.displayContractId}.pdf`
      ).replace(/[^A-Za-z0-9._-]/g, '_'),
      sha256: pdfSha,
      amendmentId: amendment?.id ?? null,
    });
    await voidOpenDocuments(tx, contract.id, document.id);
    await insertFile(tx, { documentId: document.id, kind: 'generated', sha256: pdfSha, content: pdf });
    const primary = signers[0]!;
    const row = await insertRequest(tx, {
      documentId: document.id,
      contractId: contract.id,
      provider: provider.name,
      tokenHash: sha256(token),
      termsHash,
      sentBy: actor.user.id,
      expiresAt: signingExpiry(now),
      signerUserId: primary.id,
      signerEmail: primary.email,
      signerName: fullName(primary),
    });
    const envelope = await provider.createEnvelope({
      requestId: row.id,
      contractId: contract.id,
      displayContractId: contract.displayContractId,
      pdf,
      signers: signers.map((s) => ({ name: fullName(s), email: s.email })),
      origin,
      token,
    });
    await setExternalId(tx, row.id, envelope.externalId);
    await setEsignSent(tx, contract.id, contract.termsHash === null ? termsHash : null);
    const title = `Contract ${contract.displayContractId} is ready to sign`;
    const body = `${partner.branding.tradeName} sent contract ${contract.displayContractId} (${contract.cropName} ${contract.cropYear}) for your signature.`;
    await notifyUsers(
      tx,
      signers.map((s) => ({
        userId: s.id,
        topic: 'contract_signature',
        title,
        body,
        link: signingPagePath(provider.name, row.id),
      })),
    );
    for (const s of signers) {
      await sendMail(tx, {
        template: 'contract_signature',
        data: {
          firstName: s.firstName,
          contract: contract.displayContractId,
          crop: contract.cropName,
          cropYear: contract.cropYear,
          signingPath: envelope.signingUrl,
          expiresAt: row.expiresAt.toISOString(),
        },
        ctx: mailContext(partner, origin),
        recipient: s.email,
        userId: s.id,
      });
    }
    // The audit record commits with the request it records.
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'contract_esign_sent',
      targetType: 'contract',
      targetId: String(contractId),
      details: {
        requestId: row.id,
        provider: provider.name,
        voided: voided.map((v) => v.id),
        notified: signers.length,
        amendmentId: amendment?.id ?? null,
      },
    });
    return { voided, row, notified: signers.length };
  });

  for (const v of outcome.voided)
    if (v.externalId && v.provider === provider.name) await provider.voidEnvelope(v.externalId);
  const fresh = (await findEsignContract(db, read.id))!;
  return { status: await contractEsignStatusOf(db, fresh), notified: outcome.notified };
}

/**
 * Voids the contract's open signing requests (decision 042): their links answer 'void' from then on, their unsigned
 * documents become void, eSignSent is cleared (the contract needs a signature again) and the provider is told.
 * 409 `nothing_to_void` when no request is open. The audit record commits with the change.
 */
export async function voidSignature(
  deps: EsignDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<ContractEsignStatus> {
  const db = deps.ctx.database.db;
  const { actor } = await buyerContract(deps, request, contractId);
  const voided = await db.transaction(async (tx) => {
    const contract = await lockEsignContract(tx, contractId);
    if (!contract) throw new AppError('not_found', `No contract ${contractId}.`);
    const rows = await voidOpenRequests(tx, contract.id);
    if (rows.length === 0) {
      throw new AppError('conflict', `Contract ${contract.displayContractId} has no signing request open to void.`, {
        reason: 'nothing_to_void',
      });
    }
    await voidDocuments(
      tx,
      rows.map((r) => r.documentId),
    );
    if (!contract.signed) await clearEsignSent(tx, contract.id);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'contract_esign_voided',
      targetType: 'contract',
      targetId: String(contract.id),
      details: { requests: rows.map((r) => r.id), documents: rows.map((r) => r.documentId) },
    });
    return rows;
  });
  for (const v of voided)
    if (v.externalId && v.provider === deps.provider.name) await deps.provider.voidEnvelope(v.externalId);
  return contractEsignStatusOf(db, (await findEsignContract(db, contractId))!);
}
