// The signer's side of e-signing (docs/decisions/016-e-signing.md): their open signing links, a link's review and
// PDF, and signing in the built-in flow — the signature stamped onto the generated PDF, the signed PDF stored, the
// contract marked signed with the hash of the terms signed.

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BUILTIN_ESIGN_PROVIDER,
  contractSignedPath,
  parseSigningRef,
  signingPagePath,
  signingState,
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
import { bytesSha256, currentTermsHash, fullName, partnerOf, termsOf, type EsignDeps } from './esign.service.ts';
import { sendFile } from './esign-documents.service.ts';

/** The signed-in user's open signing links (signing/urls): requests of the clients onboarded as their enterprises. */
export async function signingUrls(deps: EsignDeps, request: FastifyRequest): Promise<SigningUrlsResponse> {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  return signingLinksOf(db, await enterpriseIdsOfUser(db, user.id));
}

/** The open signing links of some enterprises' clients (the farmer's home passes those it may show, issue 17). */
export async function signingLinksOf(db: Db, enterpriseIds: number[]): Promise<SigningUrlsResponse> {
  const rows = await openRequestsForEnterprises(db, enterpriseIds);
  return {
    rows: rows.map((r) => ({
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
  };
}

type Resolved = { request: RequestRow; contract: EsignContract; user: UserRow | null; signer: boolean };

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
  const contract = await findEsignContract(db, row.contractId);
  if (!contract) throw new AppError('not_found', 'This signing link does not exist.');
  const signer =
    user !== null &&
    contract.clientEnterpriseId !== null &&
    (await isEnterpriseUser(db, contract.clientEnterpriseId, user.id));
  if (parsed.kind === 'request' && !signer) throw new AppError('not_found', 'This signing link does not exist.');
  return { request: row, contract, user, signer };
}

export async function signingReview(deps: EsignDeps, request: FastifyRequest, ref: string): Promise<SigningReview> {
  const { request: row, contract, user, signer } = await resolveRef(deps, request, ref);
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
  const { request: row, contract } = await resolveRef(deps, request, ref);
  const kind = row.status === 'signed' ? 'signed' : 'generated';
  return sendFile(
    deps,
    request,
    reply,
    row.documentId,
    kind,
    `contract-${contract.displayContractId}${kind === 'signed' ? '-signed' : ''}.pdf`,
  );
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
  const resolved = await resolveRef(deps, request, ref);
  const ip = request.ip || null;
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500) || null;
  // pdf-lib is loaded with the first PDF (decision 049), before the transaction that holds the contract's lock.
  const { stampSignature } = await import('./contract-pdf.ts');
  const outcome = await db.transaction(async (tx) => {
    const contract = await lockEsignContract(tx, resolved.contract.id);
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
