// Contract documents (merchandising documents, document/:documentId): the partner's documents at the markets where
// the user holds contract_documents, paged with signed keyset tokens, and one document with its content.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  canonicalJson,
  decodePaginationToken,
  encodePaginationToken,
  fnv1a32,
  hasPageAfter,
  pageWindow,
  type ContractDocumentRow,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import {
  hasPermission,
  loadCrmActor,
  requireClient,
  requireMarket,
  tokenSigner,
  userMarkets,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { countDocuments, findDocument, listDocuments, type DocumentRow } from './contract-documents.repo.ts';

export function documentRow(d: DocumentRow): ContractDocumentRow {
  return { ...d, createdAt: d.createdAt.toISOString(), signedAt: d.signedAt ? d.signedAt.toISOString() : null };
}

export async function listContractDocuments(
  deps: CrmDeps,
  request: FastifyRequest,
  query: {
    marketId: number | null;
    clientId: number | null;
    contractId: number | null;
    status: string | null;
    page: number;
    pageSize: number;
    paginationToken: string | null;
  },
): Promise<{
  rows: ContractDocumentRow[];
  totalCount: number;
  paginationToken: string | null;
  page: number;
  pageSize: number;
}> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const allowed = hasPermission('contract_documents');
  const marketIds =
    query.marketId !== null
      ? [requireMarket(actor, query.marketId, allowed, 'contract documents').id]
      : userMarkets(actor)
          .filter(allowed)
          .map((m) => m.id);
  if (marketIds.length === 0)
    throw new AppError('forbidden', 'You do not have permissions for contract documents at any market.');
  if (query.clientId !== null) await requireClient(deps, actor, query.clientId);
  const fingerprint = fnv1a32(
    canonicalJson({
      list: 'documents',
      marketIds,
      c: query.clientId,
      k: query.contractId,
      s: query.status,
      size: query.pageSize,
    }),
  );
  const sign = tokenSigner(deps.ctx);
  const window = pageWindow(query.page, query.pageSize);
  let afterId: number | null = null;
  if (query.page > 1 && query.paginationToken) {
    const decoded = decodePaginationToken(query.paginationToken, { fingerprint, page: query.page }, sign);
    if (decoded.ok) afterId = decoded.cursor.id;
  }
  const { rows, where } = await listDocuments(db, {
    partnerId: actor.partner.id,
    marketIds,
    clientId: query.clientId,
    contractId: query.contractId,
    status: query.status,
    afterId,
    limit: window.limit,
    offset: afterId !== null ? 0 : window.offset,
  });
  const totalCount = await countDocuments(db, where, MAX_TOTAL_ROWS);
  const last = rows.at(-1);
  const paginationToken =
    last && rows.length === window.limit && hasPageAfter(query.page, query.pageSize, totalCount)
      ? encodePaginationToken({ fingerprint, page: query.page + 1, cursor: { value: null, id: last.id } }, sign)
      : null;
  return { rows: rows.map(documentRow), totalCount, paginationToken, page: query.page, pageSize: query.pageSize };
}

export async function contractDocument(deps: CrmDeps, request: FastifyRequest, documentId: number) {
  const actor = await loadCrmActor(deps, request);
  const doc = await findDocument(deps.ctx.database.db, actor.partner.id, documentId);
  if (!doc) throw new AppError('not_found', `No document ${documentId}.`);
  requireMarket(actor, doc.marketId, hasPermission('contract_documents'), 'contract documents');
  return { ...documentRow(doc), content: doc.content };
}
