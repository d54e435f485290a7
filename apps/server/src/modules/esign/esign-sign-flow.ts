// The one sign flow of the built-in signing page (docs/decisions/016-e-signing.md), for every document kind — a
// contract, a sustainability enrolment, a structure's confirmation: under the subject's lock the request must still
// be open and the subject's terms those sent (a change voids the request: 409 terms_changed), the kind's own checks
// pass; one conditional update decides between two tabs; the signature is stamped onto the generated PDF (checked
// against its sha256 first), the signed PDF stored, the request and document completed and the kind's "on completed"
// hook run in the same transaction; then the audit, the kind's hook after commit and the page's answer. What differs
// by kind is a SignKind (esign-signing.service.ts builds the contract's and the enrolment's, esign-structures-signing.ts
// the structure's).

import type { FastifyRequest } from 'fastify';
import { signingState, type EsignSignInput, type SignResult, type SigningReview } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
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
import { bytesSha256, fullName, type EsignDeps } from './esign.service.ts';

/** A signing link resolved (esign-signing.service.ts resolveRef): its request, the user, whether they may sign. */
export type SigningLink = { request: RequestRow; user: UserRow | null; signer: boolean };

/** The refusals every kind shares (a 409 with details.reason). */
type CommonRefusal = 'signed' | 'expired' | 'void' | 'terms_changed';

/** What was signed, as the kind's "on completed" hook gets it (inside the signing transaction). */
export type Signed = {
  request: RequestRow;
  signerUserId: string | null;
  name: string;
  ip: string | null;
  userAgent: string | null;
  signedAt: Date;
};

/** What one document kind brings to the sign flow; `S` is its subject as locked, `R` its own refusals. */
export type SignKind<S, R extends string = never> = {
  /** Locks the subject (and what its checks read) until the transaction ends; null when it is gone (404). */
  lock: (tx: Db) => Promise<S | null>;
  /** The terms hash the request must still carry (the subject's current one). */
  termsHash: (subject: S, request: RequestRow) => string | null;
  /** The kind's own refusal once the request is open, or null; may throw its own 400. */
  refuse?: (tx: Db, subject: S) => Promise<R | null>;
  /** The subject's completion in the same transaction (marked signed / enrolled / live); a refusal, or null. */
  onCompleted: (tx: Db, subject: S, signed: Signed) => Promise<R | null>;
  /** The message of each refusal. */
  refusals: Record<CommonRefusal | R, string>;
  /** The audit entry's action and target. */
  audit: (subject: S) => { action: string; targetType: string; targetId: string };
  /** Told after the transaction commits (another module's notices, passed in by app.ts). */
  afterCommit?: (request: FastifyRequest, subject: S) => Promise<void>;
  /** The page's answer of the kind: its subject's id and name, where the page goes next. */
  result: (
    subject: S,
    request: RequestRow,
  ) => Pick<SignResult, 'contractId' | 'enrolmentId' | 'structureId' | 'displayContractId' | 'redirectTo'>;
};

type Outcome<S, R extends string> =
  | { refused: CommonRefusal | R }
  | { refused: null; completed: RequestRow; subject: S; signedSha: string; signedAt: Date };

/** The refusals of a contract's link (a kind without wording of its own takes these). */
export const REFUSED_SIGN = {
  signed: 'This contract is already signed.',
  expired: 'This signing link has expired. Ask your merchandiser to send the contract again.',
  void: 'This signing link was replaced or withdrawn. Use the latest link you received.',
  terms_changed:
    'The terms of this contract changed after it was sent. Your merchandiser must send it again before you can sign.',
} as const;

export async function signRequest<S, R extends string>(
  deps: EsignDeps,
  request: FastifyRequest,
  link: SigningLink,
  input: EsignSignInput,
  kind: SignKind<S, R>,
): Promise<SignResult> {
  const db = deps.ctx.database.db;
  const ip = request.ip || null;
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500) || null;
  // pdf-lib is loaded with the first PDF (decision 049), before the transaction that holds the subject's lock.
  const { stampSignature } = await import('./contract-pdf.ts');
  const outcome = await db.transaction(async (tx): Promise<Outcome<S, R>> => {
    const subject = await kind.lock(tx);
    const row = await findRequest(tx, link.request.id);
    if (!subject || !row) throw new AppError('not_found', 'This signing link does not exist.');
    const state = signingState(row, kind.termsHash(subject, row));
    if (state === 'terms_changed') {
      await voidRequest(tx, row.id);
      await markDocumentVoid(tx, row.documentId);
      return { refused: 'terms_changed' };
    }
    if (state !== 'open') return { refused: state };
    const own = (await kind.refuse?.(tx, subject)) ?? null;
    if (own !== null) return { refused: own };
    const generated = await findFile(tx, row.documentId, 'generated');
    if (!generated || bytesSha256(generated.content) !== generated.sha256) {
      throw new AppError('internal_error', `The stored PDF of document ${row.documentId} does not match its sha256.`);
    }
    const signedAt = new Date();
    const signerUserId = link.signer && link.user ? link.user.id : row.signerUserId;
    const completed = await completeRequest(tx, row.id, {
      signerUserId,
      signerName: input.name,
      signerEmail: link.signer && link.user ? link.user.email : row.signerEmail,
      signedIp: ip,
      signedUserAgent: userAgent,
      completedAt: signedAt,
    });
    if (!completed) return { refused: 'signed' };
    const signedPdf = Buffer.from(
      await stampSignature(generated.content, { name: input.name, signedAt, ip, generatedSha256: generated.sha256 }),
    );
    const signedSha = bytesSha256(signedPdf);
    await insertFile(tx, { documentId: row.documentId, kind: 'signed', sha256: signedSha, content: signedPdf });
    await markDocumentSigned(tx, row.documentId, { sha256: signedSha, signedBy: signerUserId, signedAt, signedIp: ip });
    const signed = { request: completed, signerUserId, name: input.name, ip, userAgent, signedAt };
    const late = await kind.onCompleted(tx, subject, signed);
    if (late !== null) return { refused: late };
    return { refused: null, completed, subject, signedSha, signedAt };
  });
  if (!('completed' in outcome)) {
    throw new AppError('conflict', kind.refusals[outcome.refused], { reason: outcome.refused });
  }
  const { completed, subject } = outcome;
  await audit(db, request, {
    actorUserId: completed.signerUserId,
    ...kind.audit(subject),
    details: {
      requestId: completed.id,
      documentId: completed.documentId,
      sha256: outcome.signedSha,
      termsHash: completed.termsHash,
      viaToken: !link.signer,
    },
  });
  await kind.afterCommit?.(request, subject);
  return {
    requestId: completed.id,
    documentId: completed.documentId,
    provider: completed.provider,
    signerName: input.name,
    signedAt: outcome.signedAt.toISOString(),
    sha256: outcome.signedSha,
    ...kind.result(subject, completed),
  };
}

/**
 * What the signing page's review says of any kind's request: its state against the subject's current terms hash
 * (a first look marks an open request viewed), when it was sent and signed, and the name to suggest; the kind adds
 * its terms.
 */
export async function reviewOf(
  deps: EsignDeps,
  row: RequestRow,
  currentTermsHash: string | null,
  signerUser: UserRow | null,
): Promise<Omit<SigningReview, 'contractId' | 'terms'>> {
  const state = signingState(row, currentTermsHash);
  if (state === 'open' && row.status === 'sent') await markViewed(deps.ctx.database.db, row.id);
  return {
    requestId: row.id,
    provider: row.provider,
    state,
    documentId: row.documentId,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    signedAt: row.status === 'signed' && row.completedAt ? row.completedAt.toISOString() : null,
    signerName: row.status === 'signed' ? row.signerName : null,
    suggestedName: signerUser ? fullName(signerUser) : row.signerName,
  };
}
