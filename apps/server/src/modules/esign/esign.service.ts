// E-signing of contracts (issue 5; docs/decisions/016-e-signing.md): the buyer sends a contract for signature (a
// generated PDF, a signing request with a one-time link, the client's users told), the signer reviews and signs in
// the built-in flow (the signature stamped onto the PDF, the contract marked signed with the hash of the terms
// signed), and the stored PDFs are served, checked against their sha256, to the buyer and to the signer.

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BUILTIN_ESIGN_PROVIDER,
  canSendForSignature,
  contractEsignState,
  contractSignedPath,
  contractTermsText,
  parseSigningRef,
  signingExpiry,
  signingPagePath,
  signingState,
  type ContractEsignStatus,
  type EsignProvider,
  type EsignSendResponse,
  type EsignSignInput,
  type SignResult,
  type SigningReview,
  type SigningTerms,
  type SigningUrlsResponse,
  type WhiteLabelPartner,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { getSession, requireSession } from '../../platform/access.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import { hasPermission, loadCrmActor, requireMarket, type CrmDeps } from '../../platform/crm-access.ts';
import { emailHtml, linkOrigin } from '../identity/identity.public.ts';
import { contractPdf, stampSignature } from './contract-pdf.ts';
import {
  completeRequest,
  documentsOf,
  enterpriseIdsOfUser,
  enterpriseUsersOf,
  filesOf,
  findDocumentScope,
  findEsignContract,
  findFile,
  findRequest,
  findRequestByTokenHash,
  insertDocument,
  insertFile,
  insertNotifications,
  insertRequest,
  isEnterpriseUser,
  latestRequest,
  latestSignedRequest,
  lockEsignContract,
  markDocumentSigned,
  markDocumentVoid,
  markViewed,
  openRequestsForEnterprises,
  setContractSigned,
  setEsignSent,
  setExternalId,
  voidOpenDocuments,
  voidOpenRequests,
  voidRequest,
  type EsignContract,
  type RequestRow,
} from './esign.repo.ts';

export type EsignDeps = CrmDeps & { provider: EsignProvider };

const bytesSha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The contract's current terms hash (the stored one; computed from the terms when a row has none yet). */
function currentTermsHash(c: EsignContract): string {
  return c.termsHash ?? sha256(contractTermsText(c));
}

function fullName(u: { firstName: string | null; lastName: string | null; email?: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || (u.email ?? '');
}

async function partnerOf(deps: CrmDeps, partnerId: string): Promise<WhiteLabelPartner> {
  const partner = await deps.partners.byId(partnerId);
  if (!partner) throw new AppError('not_found');
  return partner;
}

function termsOf(c: EsignContract, partner: WhiteLabelPartner): SigningTerms {
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
    currency: c.marketCountry === 'CAN' ? 'CAD' : c.marketCountry === 'AUS' ? 'AUD' : 'USD',
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

async function statusOf(db: Db, contract: EsignContract): Promise<ContractEsignStatus> {
  const [latest, signed, documents] = await Promise.all([
    latestRequest(db, contract.id),
    latestSignedRequest(db, contract.id),
    documentsOf(db, contract.id),
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
  return statusOf(deps.ctx.database.db, contract);
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
    const pdf = Buffer.from(await contractPdf(termsOf(contract, partner), { termsHash, createdAt: now }));
    const pdfSha = bytesSha256(pdf);
    const voided = await voidOpenRequests(tx, contract.id);
    const document = await insertDocument(tx, {
      contractId: contract.id,
      fileName: `contract-${contract.displayContractId}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'),
      sha256: pdfSha,
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
    await insertNotifications(
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
      const lines = [
        `Hi ${s.firstName ?? 'there'},`,
        body,
        `Review the contract and sign it with the button below. The link is yours alone and works until ${row.expiresAt.toISOString().slice(0, 10)}.`,
      ];
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: s.email,
        subject: title,
        text: `${lines.join('\n\n')}\n\nReview and sign: ${envelope.signingUrl}\n`,
        html: emailHtml(partner, lines, { label: 'Review and sign', url: envelope.signingUrl }),
        template: 'contract_signature',
        userId: s.id,
      });
    }
    return { voided, row, notified: signers.length };
  });

  for (const v of outcome.voided)
    if (v.externalId && v.provider === provider.name) await provider.voidEnvelope(v.externalId);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'contract_esign_sent',
    targetType: 'contract',
    targetId: String(contractId),
    details: {
      requestId: outcome.row.id,
      provider: provider.name,
      voided: outcome.voided.map((v) => v.id),
      notified: outcome.notified,
    },
  });
  const fresh = (await findEsignContract(db, read.id))!;
  return { status: await statusOf(db, fresh), notified: outcome.notified };
}

// ---------------------------------------------------------------------------------------------------
// The signer's side

/** The signed-in user's open signing links (signing/urls): requests of the clients onboarded as their enterprises. */
export async function signingUrls(deps: EsignDeps, request: FastifyRequest): Promise<SigningUrlsResponse> {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const rows = await openRequestsForEnterprises(db, await enterpriseIdsOfUser(db, user.id));
  return {
    rows: rows.map((r) => ({
      requestId: r.request.id,
      provider: r.request.provider,
      contractId: r.request.contractId,
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

// ---------------------------------------------------------------------------------------------------
// The stored PDFs (merchandising document/:documentId with Accept: application/pdf or format=pdf)

/** Whether a document call asks for the PDF rather than the JSON record. */
export function wantsPdf(request: FastifyRequest): boolean {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format === 'pdf') return true;
  return /(^|,)\s*application\/pdf\b/i.test(request.headers.accept ?? '');
}

async function sendFile(
  deps: CrmDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  documentId: number,
  kind: 'generated' | 'signed',
  fileName: string,
): Promise<FastifyReply> {
  const file = await findFile(deps.ctx.database.db, documentId, kind);
  if (!file) throw new AppError('not_found', `No ${kind} PDF is stored for document ${documentId}.`);
  const actual = bytesSha256(file.content);
  if (actual !== file.sha256) {
    request.log.error({ documentId, kind, stored: file.sha256, actual }, 'stored PDF does not match its sha256');
    throw new AppError('internal_error', 'The stored document failed its integrity check.');
  }
  return reply
    .type(file.contentType)
    .header('content-disposition', `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('x-content-sha256', file.sha256)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/**
 * A contract document's PDF, to a buyer of its partner holding contract_documents at its market, or to a user
 * onboarded on its client's enterprise (the signer); 404 to anyone else. `file`: 'generated' or 'signed' (by default
 * the signed one when there is one).
 */
export async function sendDocumentPdf(
  deps: CrmDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  documentId: number,
  file?: 'generated' | 'signed',
): Promise<FastifyReply> {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const doc = await findDocumentScope(db, documentId);
  if (!doc) throw new AppError('not_found', `No document ${documentId}.`);
  const isBuyer = user.experiences?.grain_buying === true && user.partnerId === doc.partnerId;
  if (isBuyer) {
    const actor = await loadCrmActor(deps, request);
    requireMarket(actor, doc.marketId, hasPermission('contract_documents'), 'contract documents');
  } else if (doc.clientEnterpriseId === null || !(await isEnterpriseUser(db, doc.clientEnterpriseId, user.id))) {
    throw new AppError('not_found', `No document ${documentId}.`);
  }
  const kind = file ?? (doc.status === 'signed' ? 'signed' : 'generated');
  const base = doc.fileName.replace(/\.pdf$/i, '');
  return sendFile(deps, request, reply, documentId, kind, `${base}${kind === 'signed' ? '-signed' : ''}.pdf`);
}
