// The signer's side of a structure's confirmation (decision 016's structure kind, issue 18 'trade'): the review the
// built-in signing page shows, and signing — the same page, PDF and stamp as a contract's; signing makes the structure
// live under its row lock.

import type { FastifyRequest } from 'fastify';
import { signingState, type EsignSignInput, type SignResult, type SigningReview } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import {
  completeRequest,
  findFile,
  findRequest,
  insertFile,
  markDocumentSigned,
  markDocumentVoid,
  markViewed,
  voidRequest,
  type RequestRow,
} from './esign.repo.ts';
import { lockEsignStructure, setStructureSigned, type EsignStructure } from './esign-structures.repo.ts';
import { structureSigningTerms, structureTermsHash } from './esign-structures.service.ts';
import { bytesSha256, fullName, partnerOf, type EsignDeps } from './esign.service.ts';

/** A signing link resolved to a structure's request (esign-signing.service.ts resolveRef). */
type ResolvedStructure = {
  request: RequestRow;
  structure: EsignStructure | null;
  user: UserRow | null;
  signer: boolean;
};

const REFUSED = {
  signed: 'This structure is already confirmed.',
  expired: 'This signing link has expired. Ask your merchandiser to send the confirmation again.',
  void: 'This signing link was replaced or withdrawn. Use the latest link you received.',
  terms_changed: 'The structure changed since it was sent; your merchandiser must send it again.',
  not_pending: 'This structure is no longer waiting for a signature.',
} as const;

export async function structureReview(
  deps: EsignDeps,
  row: RequestRow,
  structure: EsignStructure,
  signerUser: UserRow | null,
): Promise<SigningReview> {
  const state = signingState(row, structureTermsHash(structure));
  if (state === 'open' && row.status === 'sent') await markViewed(deps.ctx.database.db, row.id);
  const partner = await partnerOf(deps, structure.partnerId);
  const { input: _input, ...terms } = structureSigningTerms(structure, partner);
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
    structure: terms,
  };
}

/**
 * Signs a structure's confirmation: under the structure's row lock the request must be open and the structure's terms
 * those sent (a change voids the request: 409 terms_changed) and the structure still pending_signature (409
 * not_pending: cancelled meanwhile); the signature is stamped onto the generated PDF, the signed PDF stored, the
 * request and document completed and the structure made live; the booking module's hook (app.ts) audits the trade and
 * tells the farmer, in the same request.
 */
export async function signStructureRequest(
  deps: EsignDeps,
  request: FastifyRequest,
  resolved: ResolvedStructure,
  input: EsignSignInput,
): Promise<SignResult> {
  const db = deps.ctx.database.db;
  const ip = request.ip || null;
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500) || null;
  const { stampSignature } = await import('./contract-pdf.ts');
  const outcome = await db.transaction(async (tx) => {
    const structure = await lockEsignStructure(tx, resolved.structure!.id);
    const row = await findRequest(tx, resolved.request.id);
    if (!structure || !row) throw new AppError('not_found', 'This signing link does not exist.');
    const state = signingState(row, structureTermsHash(structure));
    if (state === 'terms_changed') {
      await voidRequest(tx, row.id);
      await markDocumentVoid(tx, row.documentId);
      return { refused: 'terms_changed' as const };
    }
    if (state !== 'open') return { refused: state };
    if (structure.status !== 'pending_signature') return { refused: 'not_pending' as const };
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
    if (!(await setStructureSigned(tx, structure.id, signedAt))) return { refused: 'not_pending' as const };
    return { refused: null, completed, structure, signedSha, signedAt };
  });
  if (outcome.refused !== null) {
    const text = REFUSED[outcome.refused];
    throw new AppError('conflict', text, { reason: outcome.refused });
  }
  await audit(db, request, {
    actorUserId: outcome.completed.signerUserId,
    action: 'structure_esign_signed',
    targetType: 'structure',
    targetId: String(outcome.structure.id),
    details: {
      requestId: outcome.completed.id,
      documentId: outcome.completed.documentId,
      sha256: outcome.signedSha,
      termsHash: outcome.completed.termsHash,
      viaToken: !resolved.signer,
    },
  });
  await deps.onStructureSigned?.(request, outcome.structure.id);
  return {
    requestId: outcome.completed.id,
    contractId: null,
    structureId: outcome.structure.id,
    documentId: outcome.completed.documentId,
    provider: outcome.completed.provider,
    displayContractId: `${outcome.structure.cropName} structure ${outcome.structure.id}`,
    signerName: input.name,
    signedAt: outcome.signedAt.toISOString(),
    sha256: outcome.signedSha,
    redirectTo: '/my-sales-lite/structures',
  };
}
