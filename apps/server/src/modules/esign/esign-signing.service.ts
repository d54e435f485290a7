// The signer's side of e-signing (docs/decisions/016-e-signing.md): their open signing links, a link's review and
// PDF, and signing in the built-in flow — the signature stamped onto the generated PDF, the signed PDF stored, the
// contract marked signed with the hash of the terms signed.

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BUILTIN_ESIGN_PROVIDER,
  contractSignedPath,
  decimalString,
  parseSigningRef,
  signingPagePath,
  signingState,
  toDecimal,
  type EsignSignInput,
  type SignResult,
  type SigningReview,
  type SigningUrlsResponse,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { getSession, requireSession } from '../../platform/access.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import {
  completeRequest,
  enterpriseIdsOfUser,
  findEsignContract,
  findFile,
  findRequest,
  findRequestByTokenHash,
  insertFile,
  isEnterpriseUser,
  lockEsignContract,
  markDocumentSigned,
  markDocumentVoid,
  markViewed,
  openRequestsForEnterprises,
  setContractSigned,
  voidRequest,
  type EsignContract,
  type RequestRow,
} from './esign.repo.ts';
import {
  openEnrolmentRequest,
  openEnrolmentRequestsForEnterprises,
  findEsignEnrolment,
  enrolledAcresExcept,
  lockEnrolmentProgram,
  lockEsignEnrolment,
  setEnrolmentSigned,
  type EsignEnrolment,
} from './esign-enrolments.repo.ts';
import { bytesSha256, currentTermsHash, fullName, partnerOf, termsOf, type EsignDeps } from './esign.service.ts';
import { sendFile } from './esign-documents.service.ts';
import {
  enrolmentSignable,
  enrolmentSigningTerms,
  enrolmentTermsHash,
  sendEnrolmentForSignature,
} from './esign-enrolments.service.ts';
import {
  findEsignStructure,
  openStructureRequestsForEnterprises,
  structureIdOfRequest,
  type EsignStructure,
} from './esign-structures.repo.ts';
import { signStructureRequest, structureReview } from './esign-structures-signing.ts';

/** The signed-in user's open signing links (signing/urls): requests of the clients onboarded as their enterprises. */
export async function signingUrls(deps: EsignDeps, request: FastifyRequest): Promise<SigningUrlsResponse> {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  return signingLinksOf(db, await enterpriseIdsOfUser(db, user.id));
}

/** The open signing links of some enterprises' clients (the farmer's home passes those it may show, issue 17). */
export async function signingLinksOf(db: Db, enterpriseIds: number[]): Promise<SigningUrlsResponse> {
  const [rows, enrolments, structureRows] = await Promise.all([
    openRequestsForEnterprises(db, enterpriseIds),
    openEnrolmentRequestsForEnterprises(db, enterpriseIds),
    openStructureRequestsForEnterprises(db, enterpriseIds),
  ]);
  const enrolmentRows = enrolments.map((r) => ({
    requestId: r.request.id,
    provider: r.request.provider,
    contractId: null,
    enrolmentId: r.request.enrolmentId,
    programName: r.programName,
    amendmentId: null,
    displayContractId: '',
    clientName: r.clientName,
    sentAt: r.request.createdAt.toISOString(),
    expiresAt: r.request.expiresAt.toISOString(),
    url: signingPagePath(r.request.provider, r.request.id),
  }));
  return {
    rows: [
      ...rows.map((r) => ({
        requestId: r.request.id,
        provider: r.request.provider,
        contractId: r.request.contractId,
        amendmentId: r.amendmentId,
        displayContractId: r.displayContractId,
        clientName: r.clientName,
        sentAt: r.request.createdAt.toISOString(),
        expiresAt: r.request.expiresAt.toISOString(),
        url: signingPagePath(r.request.provider, r.request.id),
      })),
      ...enrolmentRows,
      // A structure's confirmation (decision 016's structure kind): named by its crop, as the farmer knows it.
      ...structureRows.map((r) => ({
        requestId: r.request.id,
        provider: r.request.provider,
        contractId: null,
        structureId: r.structureId,
        amendmentId: null,
        displayContractId: `${r.cropName} structure ${r.structureId}`,
        clientName: r.clientName,
        sentAt: r.request.createdAt.toISOString(),
        expiresAt: r.request.expiresAt.toISOString(),
        url: signingPagePath(r.request.provider, r.request.id),
      })),
    ].sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.requestId - a.requestId),
  };
}

type Resolved = {
  request: RequestRow;
  /** The contract signed, or null for an enrolment's or a structure's request (then `enrolment` or `structure`). */
  contract: EsignContract | null;
  enrolment: EsignEnrolment | null;
  structure: EsignStructure | null;
  user: UserRow | null;
  signer: boolean;
};

/**
 * An admin acting as the farmer never signs in their name (any act-as scope): the store agreements' rule and refusal
 * (403 forbidden). Signing is the farmer's own declaration, like their credentials.
 */
async function refuseWhileActing(deps: EsignDeps, request: FastifyRequest): Promise<void> {
  const session = await getSession(deps.ctx, request);
  if (session?.actor) throw new AppError('forbidden', 'Only the farmer signs, not an admin acting as them.');
}

/**
 * A signing link's request: by its one-time token (whoever holds the link), or by its id for a signed-in user
 * onboarded on the client's enterprise. Unknown tokens, other users' requests and malformed references are 404.
 */
async function resolveRef(deps: EsignDeps, request: FastifyRequest, ref: string): Promise<Resolved> {
  const db = deps.ctx.database.db;
  const parsed = parseSigningRef(ref);
  if (!parsed) throw new AppError('not_found', 'This signing link does not exist.');
  const session =
    parsed.kind === 'request' ? await requireSession(deps.ctx, request) : await getSession(deps.ctx, request);
  const user = session?.user ?? null;
  const row =
    parsed.kind === 'token'
      ? await findRequestByTokenHash(db, sha256(parsed.token))
      : await findRequest(db, parsed.requestId);
  if (!row || row.provider !== BUILTIN_ESIGN_PROVIDER)
    throw new AppError('not_found', 'This signing link does not exist.');
  const contract = row.contractId !== null ? await findEsignContract(db, row.contractId) : null;
  const enrolment = row.enrolmentId !== null ? await findEsignEnrolment(db, row.enrolmentId) : null;
  const structureId = contract || enrolment ? null : await structureIdOfRequest(db, row.id);
  const structure = structureId !== null ? await findEsignStructure(db, structureId) : null;
  const subject = contract ?? enrolment ?? structure;
  if (!subject) throw new AppError('not_found', 'This signing link does not exist.');
  const signer =
    user !== null &&
    subject.clientEnterpriseId !== null &&
    (await isEnterpriseUser(db, subject.clientEnterpriseId, user.id));
  if (parsed.kind === 'request' && !signer) throw new AppError('not_found', 'This signing link does not exist.');
  return { request: row, contract, enrolment, structure, user, signer };
}

export async function signingReview(deps: EsignDeps, request: FastifyRequest, ref: string): Promise<SigningReview> {
  const { request: row, contract, enrolment, structure, user, signer } = await resolveRef(deps, request, ref);
  if (structure) return structureReview(deps, row, structure, signer ? user : null);
  if (!contract) return enrolmentReview(deps, row, enrolment!, signer ? user : null);
  const state = signingState(row, currentTermsHash(contract));
  if (state === 'open' && row.status === 'sent') await markViewed(deps.ctx.database.db, row.id);
  const partner = await partnerOf(deps, contract.partnerId);
  return {
    requestId: row.id,
    provider: row.provider,
    state,
    contractId: contract.id,
    documentId: row.documentId,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    signedAt: row.status === 'signed' && row.completedAt ? row.completedAt.toISOString() : null,
    signerName: row.status === 'signed' ? row.signerName : null,
    suggestedName: signer && user ? fullName(user) : row.signerName,
    terms: termsOf(contract, partner),
  };
}

/** The link's PDF: the signed one once signed, else the generated one. */
export async function sendSigningPdf(
  deps: EsignDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  ref: string,
): Promise<FastifyReply> {
  const { request: row, contract, enrolment, structure } = await resolveRef(deps, request, ref);
  const kind = row.status === 'signed' ? 'signed' : 'generated';
  const name = contract
    ? `contract-${contract.displayContractId}`
    : structure
      ? `structure-${structure.id}`
      : `enrolment-${enrolment!.id}`;
  return sendFile(deps, request, reply, row.documentId, kind, `${name}${kind === 'signed' ? '-signed' : ''}.pdf`);
}

const REFUSED_SIGN = {
  signed: 'This contract is already signed.',
  expired: 'This signing link has expired. Ask your merchandiser to send the contract again.',
  void: 'This signing link was replaced or withdrawn. Use the latest link you received.',
  terms_changed:
    'The terms of this contract changed after it was sent. Your merchandiser must send it again before you can sign.',
} as const;

/**
 * Signs: under the contract's lock (contract operations take it too), the request must still be open and the
 * contract's terms those sent (else 409; a terms change voids the request); one conditional update decides between
 * two tabs; the signature is stamped onto the generated PDF (checked against its sha256 first), the signed PDF
 * stored, and the contract marked signed with the hash of the terms signed.
 */
export async function signContract(
  deps: EsignDeps,
  request: FastifyRequest,
  ref: string,
  input: EsignSignInput,
): Promise<SignResult> {
  const db = deps.ctx.database.db;
  await refuseWhileActing(deps, request);
  const resolved = await resolveRef(deps, request, ref);
  if (resolved.structure) return signStructureRequest(deps, request, resolved, input);
  if (!resolved.contract) return signEnrolmentRequest(deps, request, resolved, input);
  const contract0 = resolved.contract;
  const ip = request.ip || null;
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500) || null;
  // pdf-lib is loaded with the first PDF (decision 049), before the transaction that holds the contract's lock.
  const { stampSignature } = await import('./contract-pdf.ts');
  const outcome = await db.transaction(async (tx) => {
    const contract = await lockEsignContract(tx, contract0.id);
    const row = await findRequest(tx, resolved.request.id);
    if (!contract || !row) throw new AppError('not_found', 'This signing link does not exist.');
    const state = signingState(row, currentTermsHash(contract));
    if (state === 'terms_changed') {
      await voidRequest(tx, row.id);
      await markDocumentVoid(tx, row.documentId);
      return { refused: 'terms_changed' as const };
    }
    if (state !== 'open') return { refused: state };
    const generated = await findFile(tx, row.documentId, 'generated');
    if (!generated || bytesSha256(generated.content) !== generated.sha256) {
      throw new AppError('internal_error', `The stored PDF of document ${row.documentId} does not match its sha256.`);
    }
    const signedAt = new Date();
    const completed = await completeRequest(tx, row.id, {
      signerUserId: resolved.signer && resolved.user ? resolved.user.id : row.signerUserId,
      signerName: input.name,
      signerEmail: resolved.signer && resolved.user ? resolved.user.email : row.signerEmail,
      signedIp: ip,
      signedUserAgent: userAgent,
      completedAt: signedAt,
    });
    if (!completed) return { refused: 'signed' as const };
    const signedPdf = Buffer.from(
      await stampSignature(generated.content, { name: input.name, signedAt, ip, generatedSha256: generated.sha256 }),
    );
    const signedSha = bytesSha256(signedPdf);
    await insertFile(tx, { documentId: row.documentId, kind: 'signed', sha256: signedSha, content: signedPdf });
    await markDocumentSigned(tx, row.documentId, {
      sha256: signedSha,
      signedBy: completed.signerUserId,
      signedAt,
      signedIp: ip,
    });
    await setContractSigned(tx, contract.id, row.termsHash);
    return { refused: null, completed, contract, signedSha, signedAt };
  });
  if (outcome.refused !== null) {
    throw new AppError('conflict', REFUSED_SIGN[outcome.refused], { reason: outcome.refused });
  }
  await audit(db, request, {
    actorUserId: outcome.completed.signerUserId,
    action: 'contract_esign_signed',
    targetType: 'contract',
    targetId: String(outcome.contract.id),
    details: {
      requestId: outcome.completed.id,
      documentId: outcome.completed.documentId,
      sha256: outcome.signedSha,
      viaToken: !resolved.signer,
    },
  });
  return {
    requestId: outcome.completed.id,
    contractId: outcome.contract.id,
    documentId: outcome.completed.documentId,
    provider: outcome.completed.provider,
    displayContractId: outcome.contract.displayContractId,
    signerName: input.name,
    signedAt: outcome.signedAt.toISOString(),
    sha256: outcome.signedSha,
    redirectTo: `${contractSignedPath(outcome.completed.provider)}?contract=${encodeURIComponent(outcome.contract.displayContractId)}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The enrolment kind (decision 016's addendum): the same page, PDF and stamp; signing marks the enrolment enrolled.

async function enrolmentReview(
  deps: EsignDeps,
  row: RequestRow,
  enrolment: EsignEnrolment,
  signerUser: UserRow | null,
): Promise<SigningReview> {
  const state = signingState(row, enrolmentTermsHash(enrolment));
  if (state === 'open' && row.status === 'sent') await markViewed(deps.ctx.database.db, row.id);
  const partner = await partnerOf(deps, enrolment.partnerId);
  return {
    requestId: row.id,
    provider: row.provider,
    state,
    contractId: null,
    documentId: row.documentId,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    signedAt: row.status === 'signed' && row.completedAt ? row.completedAt.toISOString() : null,
    signerName: row.status === 'signed' ? row.signerName : null,
    suggestedName: signerUser ? fullName(signerUser) : row.signerName,
    terms: null,
    enrolment: enrolmentSigningTerms(enrolment, partner),
  };
}

const REFUSED_ENROLMENT = {
  not_sent: 'This enrolment is not waiting for a signature.',
  enrolment_closed: 'Enrolment in this program is closed.',
} as const;

/**
 * Signs an enrolment's request: under the enrolment's row lock the request must be open and the enrolment's terms
 * those sent (a change voids the request: 409 terms_changed), the enrolment still sent and its program open (409
 * not_sent / enrolment_closed); the signature is stamped onto the generated PDF, the signed PDF stored, the request
 * and document completed and the enrolment enrolled with the signer, time, IP and user agent.
 */
async function signEnrolmentRequest(
  deps: EsignDeps,
  request: FastifyRequest,
  resolved: Resolved,
  input: EsignSignInput,
): Promise<SignResult> {
  const db = deps.ctx.database.db;
  const ip = request.ip || null;
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500) || null;
  const { stampSignature } = await import('./contract-pdf.ts');
  const outcome = await db.transaction(async (tx) => {
    await lockEnrolmentProgram(tx, resolved.enrolment!.programId);
    const enrolment = await lockEsignEnrolment(tx, resolved.enrolment!.id);
    const row = await findRequest(tx, resolved.request.id);
    if (!enrolment || !row) throw new AppError('not_found', 'This signing link does not exist.');
    const state = signingState(row, enrolment.status === 'sent' ? enrolmentTermsHash(enrolment) : row.termsHash);
    if (state === 'terms_changed') {
      await voidRequest(tx, row.id);
      await markDocumentVoid(tx, row.documentId);
      return { refused: 'terms_changed' as const };
    }
    if (state !== 'open') return { refused: state };
    const signable = enrolmentSignable(enrolment, new Date());
    if (signable !== 'ok') return { refused: signable };
    // The cap is checked when the enrolment is sent, but the buyer may lower it, or other signatures land, meanwhile:
    // a signature that would take the enrolled acres past it is refused (400), nothing signed.
    if (enrolment.maxAcres !== null) {
      const left = toDecimal(enrolment.maxAcres).minus(
        toDecimal(await enrolledAcresExcept(tx, enrolment.programId, enrolment.id)),
      );
      if (toDecimal(enrolment.acres).greaterThan(left)) {
        const shown = decimalString(left.greaterThan(0) ? left : toDecimal(0));
        throw new AppError(
          'enrolment_over_cap',
          `Signing would take the program past its cap of ${decimalString(toDecimal(enrolment.maxAcres))} acres: ` +
            `${shown} acres are left and this enrolment has ${decimalString(toDecimal(enrolment.acres))}.`,
          {
            maxAcres: decimalString(toDecimal(enrolment.maxAcres)),
            acresLeft: shown,
            acres: decimalString(toDecimal(enrolment.acres)),
          },
        );
      }
    }
    const generated = await findFile(tx, row.documentId, 'generated');
    if (!generated || bytesSha256(generated.content) !== generated.sha256) {
      throw new AppError('internal_error', `The stored PDF of document ${row.documentId} does not match its sha256.`);
    }
    const signedAt = new Date();
    const signerUserId = resolved.signer && resolved.user ? resolved.user.id : row.signerUserId;
    const completed = await completeRequest(tx, row.id, {
      signerUserId,
      signerName: input.name,
      signerEmail: resolved.signer && resolved.user ? resolved.user.email : row.signerEmail,
      signedIp: ip,
      signedUserAgent: userAgent,
      completedAt: signedAt,
    });
    if (!completed) return { refused: 'signed' as const };
    const signedPdf = Buffer.from(
      await stampSignature(generated.content, { name: input.name, signedAt, ip, generatedSha256: generated.sha256 }),
    );
    const signedSha = bytesSha256(signedPdf);
    await insertFile(tx, { documentId: row.documentId, kind: 'signed', sha256: signedSha, content: signedPdf });
    await markDocumentSigned(tx, row.documentId, { sha256: signedSha, signedBy: signerUserId, signedAt, signedIp: ip });
    await setEnrolmentSigned(tx, enrolment.id, { userId: signerUserId, name: input.name, ip, userAgent, signedAt });
    return { refused: null, completed, enrolment, signedSha, signedAt };
  });
  if (outcome.refused !== null) {
    const text =
      outcome.refused === 'not_sent' || outcome.refused === 'enrolment_closed'
        ? REFUSED_ENROLMENT[outcome.refused]
        : outcome.refused === 'signed'
          ? 'This enrolment is already signed.'
          : outcome.refused === 'terms_changed'
            ? 'The enrolment changed since it was sent; send it again.'
            : REFUSED_SIGN[outcome.refused];
    throw new AppError('conflict', text, { reason: outcome.refused });
  }
  await audit(db, request, {
    actorUserId: outcome.completed.signerUserId,
    action: 'sustainability_enrolment_signed',
    targetType: 'sustainability_enrolment',
    targetId: String(outcome.enrolment.id),
    details: {
      requestId: outcome.completed.id,
      documentId: outcome.completed.documentId,
      sha256: outcome.signedSha,
      termsHash: outcome.completed.termsHash,
      viaToken: !resolved.signer,
    },
  });
  await deps.onEnrolmentSigned?.(request, outcome.enrolment.id);
  return {
    requestId: outcome.completed.id,
    contractId: null,
    enrolmentId: outcome.enrolment.id,
    documentId: outcome.completed.documentId,
    provider: outcome.completed.provider,
    displayContractId: outcome.enrolment.programName,
    signerName: input.name,
    signedAt: outcome.signedAt.toISOString(),
    sha256: outcome.signedSha,
    redirectTo: '/profit-center/sustainability',
  };
}

/**
 * POST sustainability/sign through the e-sign module: the enrolment's open request signed with the page's body, as
 * the signed-in farmer (the caller checked the enrolment is theirs). A sent enrolment without an open request (sent
 * before enrolments were e-sign documents, or its request expired) is sent first.
 */
export async function signEnrolmentAsFarmer(
  deps: EsignDeps,
  request: FastifyRequest,
  enrolmentId: number,
  input: EsignSignInput,
  signer: { id: string; email: string; name: string },
): Promise<SignResult> {
  await refuseWhileActing(deps, request);
  const db = deps.ctx.database.db;
  let open = await openEnrolmentRequest(db, enrolmentId);
  if (!open) {
    await db.transaction(async (tx) => sendEnrolmentForSignature(deps, request, tx, enrolmentId, signer));
    open = await openEnrolmentRequest(db, enrolmentId);
  }
  if (!open) throw new AppError('conflict', REFUSED_ENROLMENT.not_sent, { reason: 'not_sent' });
  return signContract(deps, request, String(open.id), input);
}
