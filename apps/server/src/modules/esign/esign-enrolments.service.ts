// The second document kind of e-signing (decision 016's addendum, decision 059's e-sign addendum): a sustainability
// enrolment sent for signature becomes a generated PDF stored with its sha256 and a signing request carrying the
// enrolment instead of a contract; the built-in signing page reviews, serves and signs it as it does a contract, and
// signing marks the enrolment enrolled under its row lock with the hash of the terms signed.

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  currencyForCountry,
  SUSTAINABILITY_PROGRAM_ZONE,
  decimalString,
  enrolmentTerms,
  enrolmentWindowOpen,
  isoDateInZone,
  signingExpiry,
  signingPagePath,
  signingState,
  toDecimal,
  type EnrolmentSigningTerms,
  type WhiteLabelPartner,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { linkOrigin } from '../identity/identity.public.ts';
import { insertFile, insertRequest, setExternalId } from './esign.repo.ts';
import {
  findEsignEnrolment,
  insertEnrolmentDocument,
  lockEsignEnrolment,
  openRequestsOfEnrolments,
  voidOpenEnrolmentRequests,
  type EsignEnrolment,
} from './esign-enrolments.repo.ts';
import { bytesSha256, partnerOf, type EsignDeps } from './esign.service.ts';

/** The enrolment's current terms hash (what signing compares with the hash recorded when it was sent). */
export function enrolmentTermsHash(e: Pick<EsignEnrolment, 'programId' | 'clientId' | 'acres' | 'answers'>): string {
  return sha256(enrolmentTerms(e));
}

const currencyOf = (e: EsignEnrolment) => currencyForCountry(e.marketCountry);

/** What the signing page shows and the PDF prints: the program, the farm business, acres, the survey's answers. */
export function enrolmentSigningTerms(e: EsignEnrolment, partner: WhiteLabelPartner): EnrolmentSigningTerms {
  const yesNo = (v: string) => (v === 'yes' ? 'Yes' : v === 'no' ? 'No' : v);
  return {
    enrolmentId: e.id,
    partnerName: partner.branding.legalName,
    marketName: e.marketName,
    clientName: e.clientName,
    programName: e.programName,
    crop: e.cropName,
    cropYear: e.cropYear,
    premium: decimalString(toDecimal(e.premium)),
    premiumUnit: e.premiumUnit,
    practices: e.practices,
    acres: decimalString(toDecimal(e.acres)),
    answers: e.questions.flatMap((q) => {
      const a = e.answers.find((x) => x.questionId === q.id);
      return a ? [{ question: q.label, answer: q.kind === 'yes_no' ? yesNo(a.value) : a.value }] : [];
    }),
  };
}

/** Whether signing may complete today: the enrolment sent, its program open and inside its window. */
export function enrolmentSignable(e: EsignEnrolment, now: Date): 'ok' | 'not_sent' | 'enrolment_closed' {
  if (e.status !== 'sent') return 'not_sent';
  const program = { status: e.programStatus, enrolmentOpens: e.enrolmentOpens, enrolmentCloses: e.enrolmentCloses };
  if (!enrolmentWindowOpen(program, isoDateInZone(now, SUSTAINABILITY_PROGRAM_ZONE))) return 'enrolment_closed';
  return 'ok';
}

/**
 * Sends a sent enrolment for signature through the e-sign module: under the enrolment's lock, its earlier open
 * requests (and their unsigned documents) are voided, its PDF generated and stored with its sha256, and a signing
 * request (a one-time token, only its hash kept; the signer the farmer who sent it) created with the provider.
 * Answers the request id and the in-app signing page path. Runs inside the caller's transaction (`tx`).
 */
export async function sendEnrolmentForSignature(
  deps: EsignDeps,
  request: FastifyRequest,
  tx: Db,
  enrolmentId: number,
  signer: { id: string; email: string; name: string },
): Promise<{ requestId: number; signingPath: string; signingUrl: string; expiresAt: string }> {
  // pdf-lib is loaded with the first PDF (decision 049's addendum).
  const { enrolmentPdf } = await import('./contract-pdf.ts');
  const enrolment = await lockEsignEnrolment(tx, enrolmentId);
  if (!enrolment) throw new AppError('not_found', `No enrolment ${enrolmentId}.`);
  const partner = await partnerOf(deps, enrolment.partnerId);
  const termsHash = enrolmentTermsHash(enrolment);
  const now = new Date();
  const pdf = Buffer.from(
    await enrolmentPdf(enrolmentSigningTerms(enrolment, partner), {
      termsHash,
      createdAt: now,
      currency: currencyOf(enrolment),
    }),
  );
  const pdfSha = bytesSha256(pdf);
  const voided = await voidOpenEnrolmentRequests(tx, enrolment.id);
  const document = await insertEnrolmentDocument(tx, {
    enrolmentId: enrolment.id,
    fileName: `enrolment-${enrolment.id}.pdf`,
    sha256: pdfSha,
  });
  await insertFile(tx, { documentId: document.id, kind: 'generated', sha256: pdfSha, content: pdf });
  const token = randomBytes(32).toString('hex');
  const row = await insertRequest(tx, {
    documentId: document.id,
    enrolmentId: enrolment.id,
    provider: deps.provider.name,
    tokenHash: sha256(token),
    termsHash,
    sentBy: signer.id,
    expiresAt: signingExpiry(now),
    signerUserId: signer.id,
    signerEmail: signer.email,
    signerName: signer.name,
  });
  const envelope = await deps.provider.createEnvelope({
    requestId: row.id,
    contractId: 0,
    displayContractId: `enrolment-${enrolment.id}`,
    pdf,
    signers: [{ name: signer.name, email: signer.email }],
    origin: linkOrigin(deps.ctx, request, partner),
    token,
  });
  await setExternalId(tx, row.id, envelope.externalId);
  for (const v of voided)
    if (v.externalId && v.provider === deps.provider.name) await deps.provider.voidEnvelope(v.externalId);
  return {
    requestId: row.id,
    signingPath: signingPagePath(row.provider, row.id),
    signingUrl: envelope.signingUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Voids an enrolment's open requests (the farmer withdrew it); runs inside the caller's transaction. */
export async function voidEnrolmentSigning(deps: EsignDeps, tx: Db, enrolmentId: number): Promise<void> {
  const voided = await voidOpenEnrolmentRequests(tx, enrolmentId);
  for (const v of voided)
    if (v.externalId && v.provider === deps.provider.name) await deps.provider.voidEnvelope(v.externalId);
}

/** The signing page paths of some enrolments' open requests whose terms are those sent (enrolment id → path). */
export async function enrolmentSigningPaths(db: Db, enrolmentIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const r of await openRequestsOfEnrolments(db, enrolmentIds)) {
    if (r.enrolmentId === null || out.has(r.enrolmentId)) continue;
    const enrolment = await findEsignEnrolment(db, r.enrolmentId);
    if (!enrolment || signingState(r, enrolmentTermsHash(enrolment)) !== 'open') continue;
    out.set(r.enrolmentId, signingPagePath(r.provider, r.id));
  }
  return out;
}
