// Amendments as documents (issue 14, docs/decisions/042-contract-page-and-amendments.md): each amendment has its own
// PDF — the contract PDF with the amended terms, titled "Amendment <displayContractAmendmentId>" and listing what
// changed — and the farmer's views of a contract and an amendment (contracts/:contractId/seller,
// contract-amendments/:amendmentId/seller), with their signing state.

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  amendmentSignatureOf,
  farmerAmendmentChanges,
  intlLocaleOfCountry,
  signingPagePath,
  signingState,
  type ContractEsignState,
  type SellerAmendment,
  type SellerContract,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/access.ts';
import { hasPermission, loadCrmActor, requireMarket } from '../../platform/crm-access.ts';
import { amendmentPdfLabel } from './amendment-text.ts';
import { sendFile } from './esign-documents.service.ts';
import {
  amendmentsOf,
  documentsOf,
  filesOf,
  findAmendment,
  findEsignContract,
  isEnterpriseUser,
  latestRequest,
  signingSettingsOf,
  type AmendmentRecord,
  type DocumentRow,
  type EsignContract,
} from './esign.repo.ts';
import { contractEsignStatusOf, currentTermsHash, partnerOf, termsOf, type EsignDeps } from './esign.service.ts';

type Viewer = 'buyer' | 'signer';

/**
 * The contract as the caller may see it: the buyer of its partner holding contract_documents at its market, or a
 * user onboarded on its client's enterprise (the farmer). Anyone else, another partner's buyer included, gets 404.
 */
async function visibleContract(
  deps: EsignDeps,
  request: FastifyRequest,
  contractId: number,
  allow: readonly Viewer[],
): Promise<{ contract: EsignContract; viewer: Viewer }> {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const contract = await findEsignContract(db, contractId);
  if (!contract) throw new AppError('not_found', `No contract ${contractId}.`);
  if (
    allow.includes('signer') &&
    contract.clientEnterpriseId !== null &&
    (await isEnterpriseUser(db, contract.clientEnterpriseId, user.id))
  )
    return { contract, viewer: 'signer' };
  if (allow.includes('buyer')) {
    const actor = await loadCrmActor(deps, request).catch(() => null);
    if (actor && actor.partner.id === contract.partnerId) {
      requireMarket(actor, contract.marketId, hasPermission('contract_documents'), 'contract documents');
      return { contract, viewer: 'buyer' };
    }
  }
  throw new AppError('not_found', `No contract ${contractId}.`);
}

async function visibleAmendment(deps: EsignDeps, request: FastifyRequest, amendmentId: number, allow: Viewer[]) {
  const amendment = await findAmendment(deps.ctx.database.db, amendmentId);
  if (!amendment) throw new AppError('not_found', `No amendment ${amendmentId}.`);
  const seen = await visibleContract(deps, request, amendment.contractId, allow).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found')
      throw new AppError('not_found', `No amendment ${amendmentId}.`);
    throw e;
  });
  // A note is the buyer's own record: never an amendment the farmer sees.
  if (seen.viewer === 'signer' && amendment.action === 'note')
    throw new AppError('not_found', `No amendment ${amendmentId}.`);
  return { amendment, ...seen };
}

function sellerAmendment(
  a: AmendmentRecord,
  c: EsignContract,
  required: boolean,
  documents: DocumentRow[],
  openUrl: { amendmentId: number | null; url: string } | null,
): SellerAmendment {
  // Newest first: the amendment's latest document that is not void.
  const doc = documents.find((d) => d.amendmentId === a.id && d.status !== 'void') ?? null;
  return {
    id: a.id,
    contractId: c.id,
    displayContractAmendmentId: a.displayContractAmendmentId,
    action: a.action,
    createdAt: a.createdAt.toISOString(),
    changes: farmerAmendmentChanges(a.details),
    signature: amendmentSignatureOf(doc?.status ?? null, required),
    signedAt: doc?.signedAt?.toISOString() ?? null,
    documentId: doc?.id ?? null,
    signingUrl: openUrl && openUrl.amendmentId === a.id ? openUrl.url : null,
  };
}

/** The open signing link of the contract for its signer (the latest request, when still open on these terms). */
async function openLink(deps: EsignDeps, c: EsignContract, documents: DocumentRow[]) {
  const latest = await latestRequest(deps.ctx.database.db, c.id);
  if (!latest || signingState(latest, currentTermsHash(c)) !== 'open') return null;
  const doc = documents.find((d) => d.id === latest.documentId);
  return {
    amendmentId: doc?.amendmentId ?? null,
    url: signingPagePath(latest.provider, latest.id),
    requestId: latest.id,
  };
}

/** GET contracts/:contractId/seller: the farmer's view of their contract's terms, signature and amendments. */
export async function sellerContract(
  deps: EsignDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<SellerContract> {
  const { contract } = await visibleContract(deps, request, contractId, ['signer']);
  const db = deps.ctx.database.db;
  const [partner, amendments, documents, status] = await Promise.all([
    partnerOf(deps, contract.partnerId),
    amendmentsOf(db, contract.id),
    documentsOf(db, contract.id),
    contractEsignStatusOf(db, contract),
  ]);
  const link = await openLink(deps, contract, documents);
  return {
    contractId: contract.id,
    displayContractId: contract.displayContractId,
    terms: termsOf(contract, partner),
    state: status.state as ContractEsignState,
    signingUrl: link?.url ?? null,
    signingAmendmentId: link?.amendmentId ?? null,
    amendments: amendments
      .filter((a) => a.action !== 'note')
      .map((a) => sellerAmendment(a, contract, status.amendmentsRequireSignature, documents, link)),
  };
}

/** GET contract-amendments/:amendmentId/seller: the farmer's view of one amendment. */
export async function sellerAmendmentView(
  deps: EsignDeps,
  request: FastifyRequest,
  amendmentId: number,
): Promise<SellerAmendment> {
  const { amendment, contract } = await visibleAmendment(deps, request, amendmentId, ['signer']);
  const [documents, settings] = await Promise.all([
    documentsOf(deps.ctx.database.db, contract.id),
    signingSettingsOf(deps.ctx.database.db, contract.partnerId),
  ]);
  return sellerAmendment(
    amendment,
    contract,
    settings.amendmentsRequireSignature,
    documents,
    await openLink(deps, contract, documents),
  );
}

/**
 * The contract as it stood right after the amendment: its terms snapshot over today's row (the parties, crop and
 * market do not change). An amendment written before the snapshots (migration 0030) has none: today's terms.
 */
function contractAsOf(c: EsignContract, a: AmendmentRecord): EsignContract {
  const s = a.termsSnapshot;
  if (!s) return c;
  return {
    ...c,
    contractType: s.contractType,
    quantity: s.quantity,
    quantityUnit: s.quantityUnit,
    cancelledQuantity: s.cancelledQuantity,
    deliveryStart: s.deliveryStart,
    deliveryEnd: s.deliveryEnd,
    optionMonth: s.optionMonth,
    futuresPrice: s.futuresPrice,
    basis: s.basis,
    cashPrice: s.cashPrice,
    offerPrice: s.offerPrice,
    strike: s.strike,
    callOptionFee: s.callOptionFee,
    expiration: s.expiration,
    mpOption: s.mpOption,
    program: s.program,
    termsHash: s.termsHash,
  };
}

/**
 * GET contract-amendments/:amendmentId/pdf: the amendment's PDF for the buyer or the farmer, generated from the terms
 * as they stood right after it (its snapshot; the copy sent for signature is stored and served by
 * document/:documentId). An amendment older than the snapshots shows today's terms and says so.
 */
export async function sendAmendmentPdf(
  deps: EsignDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  amendmentId: number,
): Promise<FastifyReply> {
  const { amendment, contract: today } = await visibleAmendment(deps, request, amendmentId, ['buyer', 'signer']);
  const partner = await partnerOf(deps, today.partnerId);
  const contract = contractAsOf(today, amendment);
  // pdf-lib is loaded with the first PDF (decision 049): a server that draws none need not hold it.
  const { contractPdf } = await import('./contract-pdf.ts');
  const pdf = await contractPdf(
    termsOf(contract, partner),
    {
      termsHash: currentTermsHash(contract),
      createdAt: amendment.createdAt,
      amendment: amendmentPdfLabel(amendment, contract, partner.priceNotation, new Date()),
      locale: intlLocaleOfCountry(contract.marketCountry),
    },
    partner.priceNotation,
  );
  const name = `amendment-${amendment.displayContractAmendmentId}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

/**
 * GET contracts/:contractId/pdf: the contract's PDF for the buyer or the farmer (the page's Download PDF, the
 * documents tab's file name): the stored copy of its latest document (the signed one once signed), else the contract
 * PDF generated from its terms as they stand (contracts that have never been sent).
 */
export async function sendContractPdf(
  deps: EsignDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  contractId: number,
): Promise<FastifyReply> {
  const { contract } = await visibleContract(deps, request, contractId, ['buyer', 'signer']);
  const db = deps.ctx.database.db;
  const documents = await documentsOf(db, contract.id);
  const stored = await filesOf(
    db,
    documents.filter((d) => d.status !== 'void').map((d) => d.id),
  );
  const latest = documents.find((d) => d.status !== 'void' && stored.some((f) => f.documentId === d.id));
  if (latest) {
    const kind = stored.some((f) => f.documentId === latest.id && f.kind === 'signed') ? 'signed' : 'generated';
    const base = latest.fileName.replace(/\.pdf$/i, '');
    return sendFile(deps, request, reply, latest.id, kind, `${base}${kind === 'signed' ? '-signed' : ''}.pdf`);
  }
  const partner = await partnerOf(deps, contract.partnerId);
  const { contractPdf } = await import('./contract-pdf.ts');
  const pdf = await contractPdf(
    termsOf(contract, partner),
    {
      termsHash: currentTermsHash(contract),
      createdAt: new Date(),
      locale: intlLocaleOfCountry(contract.marketCountry),
    },
    partner.priceNotation,
  );
  const name = `contract-${contract.displayContractId}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}
