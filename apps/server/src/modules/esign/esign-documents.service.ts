// The stored contract PDFs (docs/decisions/016-e-signing.md; merchandising document/:documentId with Accept:
// application/pdf or format=pdf): served only after checking them against their sha256, to a buyer holding
// contract_documents at the contract's market or to a user onboarded on its client's enterprise.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/access.ts';
import { hasPermission, loadCrmActor, requireMarket, type CrmDeps } from '../../platform/crm-access.ts';
import { findDocumentScope, findFile, isEnterpriseUser } from './esign.repo.ts';
import { bytesSha256 } from './esign.service.ts';

/** Whether a document call asks for the PDF rather than the JSON record. */
export function wantsPdf(request: FastifyRequest): boolean {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format === 'pdf') return true;
  return /(^|,)\s*application\/pdf\b/i.test(request.headers.accept ?? '');
}

export async function sendFile(
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
