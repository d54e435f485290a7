// The signer's side of e-signing (docs/decisions/016-e-signing.md): their open signing links, a link's review and
// PDF, and signing in the built-in flow — one sign flow for every kind (esign-sign-flow.ts): the signature stamped
// onto the generated PDF, the signed PDF stored, and the kind's subject completed (the contract marked signed with the
// hash of the terms signed, the enrolment enrolled, the structure live).

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BUILTIN_ESIGN_PROVIDER,
  contractSignedPath,
  decimalString,
  parseSigningRef,
  signingPagePath,
  toDecimal,
  type EsignSignInput,
  type SignResult,
  type SigningReview,
  type SigningUrlsResponse,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { getSession, requireSession } from '../../platform/access.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import {
  enterpriseIdsOfUser,
  findEsignContract,
  findRequest,
  findRequestByTokenHash,
  isEnterpriseUser,
  lockEsignContract,
  openRequestsForEnterprises,
  setContractSigned,
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
import { currentTermsHash, partnerOf, termsOf, type EsignDeps } from './esign.service.ts';
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
import { REFUSED_SIGN, reviewOf, signRequest, type SignKind } from './esign-sign-flow.ts';
import { structureReview, structureSignKind } from './esign-structures-signing.ts';

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
  const signerUser = signer ? user : null;
  if (structure) return structureReview(deps, row, structure, signerUser);
  if (!contract) return enrolmentReview(deps, row, enrolment!, signerUser);
  const review = await reviewOf(deps, row, currentTermsHash(contract), signerUser);
  const partner = await partnerOf(deps, contract.partnerId);
  return { ...review, contractId: contract.id, terms: termsOf(contract, partner) };
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

/**
 * Signs a link's request through the one sign flow (esign-sign-flow.ts), by the kind of document it carries: a
 * contract, an enrolment or a structure's confirmation. An admin acting as the farmer is refused first.
 */
export async function signContract(
  deps: EsignDeps,
  request: FastifyRequest,
  ref: string,
  input: EsignSignInput,
): Promise<SignResult> {
  await refuseWhileActing(deps, request);
  const resolved = await resolveRef(deps, request, ref);
  if (resolved.structure)
    return signRequest(deps, request, resolved, input, structureSignKind(deps, resolved.structure));
  if (resolved.enrolment)
    return signRequest(deps, request, resolved, input, enrolmentSignKind(deps, resolved.enrolment));
  return signRequest(deps, request, resolved, input, contractSignKind(resolved.contract!));
}

/** The contract kind: under the contract's lock (contract operations take it too); signing marks it signed with the
 * hash of the terms signed. */
function contractSignKind(contract: EsignContract): SignKind<EsignContract> {
  return {
    lock: (tx) => lockEsignContract(tx, contract.id),
    termsHash: (c) => currentTermsHash(c),
    onCompleted: async (tx, c, signed) => {
      await setContractSigned(tx, c.id, signed.request.termsHash);
      return null;
    },
    refusals: REFUSED_SIGN,
    audit: (c) => ({ action: 'contract_esign_signed', targetType: 'contract', targetId: String(c.id) }),
    result: (c, row) => ({
      contractId: c.id,
      displayContractId: c.displayContractId,
      redirectTo: `${contractSignedPath(row.provider)}?contract=${encodeURIComponent(c.displayContractId)}`,
    }),
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
  const review = await reviewOf(deps, row, enrolmentTermsHash(enrolment), signerUser);
  const partner = await partnerOf(deps, enrolment.partnerId);
  return { ...review, contractId: null, terms: null, enrolment: enrolmentSigningTerms(enrolment, partner) };
}

const REFUSED_ENROLMENT = {
  ...REFUSED_SIGN,
  signed: 'This enrolment is already signed.',
  terms_changed: 'The enrolment changed since it was sent; send it again.',
  not_sent: 'This enrolment is not waiting for a signature.',
  enrolment_closed: 'Enrolment in this program is closed.',
} as const;

/**
 * The enrolment kind: under the program's and the enrolment's row locks the enrolment's terms must be those sent
 * (while it is sent), the enrolment still sent and its program open (409 not_sent / enrolment_closed) and its acres
 * within the program's cap (400 enrolment_over_cap); signing enrols it with the signer, time, IP and user agent, and
 * the sustainability module's notices follow the commit.
 */
function enrolmentSignKind(
  deps: EsignDeps,
  enrolment0: EsignEnrolment,
): SignKind<EsignEnrolment, 'not_sent' | 'enrolment_closed'> {
  return {
    lock: async (tx) => {
      await lockEnrolmentProgram(tx, enrolment0.programId);
      return lockEsignEnrolment(tx, enrolment0.id);
    },
    termsHash: (enrolment, row) => (enrolment.status === 'sent' ? enrolmentTermsHash(enrolment) : row.termsHash),
    refuse: async (tx, enrolment) => {
      const signable = enrolmentSignable(enrolment, new Date());
      if (signable !== 'ok') return signable;
      await refuseOverCap(tx, enrolment);
      return null;
    },
    onCompleted: async (tx, enrolment, signed) => {
      const { signerUserId: userId, name, ip, userAgent, signedAt } = signed;
      await setEnrolmentSigned(tx, enrolment.id, { userId, name, ip, userAgent, signedAt });
      return null;
    },
    refusals: REFUSED_ENROLMENT,
    audit: (enrolment) => ({
      action: 'sustainability_enrolment_signed',
      targetType: 'sustainability_enrolment',
      targetId: String(enrolment.id),
    }),
    afterCommit: async (request, enrolment) => deps.onEnrolmentSigned?.(request, enrolment.id),
    result: (enrolment) => ({
      contractId: null,
      enrolmentId: enrolment.id,
      displayContractId: enrolment.programName,
      redirectTo: '/profit-center/sustainability',
    }),
  };
}

/**
 * The cap is checked when the enrolment is sent, but the buyer may lower it, or other signatures land, meanwhile:
 * a signature that would take the enrolled acres past it is refused (400), nothing signed.
 */
async function refuseOverCap(tx: Db, enrolment: EsignEnrolment): Promise<void> {
  if (enrolment.maxAcres === null) return;
  const left = toDecimal(enrolment.maxAcres).minus(
    toDecimal(await enrolledAcresExcept(tx, enrolment.programId, enrolment.id)),
  );
  if (!toDecimal(enrolment.acres).greaterThan(left)) return;
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
