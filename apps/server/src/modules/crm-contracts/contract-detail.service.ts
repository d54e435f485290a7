// One contract (CTRM seller/:clientId/contract/:contractId): its row as the lists show it, its pricing events,
// amendments, ticket applications, documents and the operations it allows.

import type { FastifyRequest } from 'fastify';
import {
  contractQuantities,
  hasEntitlement,
  toDecimal,
  type ContractAmendmentRow,
  type ContractDetail,
  type ContractOperation,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import {
  entitlementContext,
  loadCrmActor,
  marketToday,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { type ContractRowData } from './crm-contracts.repo.ts';
import {
  findContract,
  listAmendments,
  listPricingEvents,
  listTicketApplications,
  type AmendmentRow,
} from './contract-record.repo.ts';
import { documentsOfContract } from './contract-documents.repo.ts';
import { buildRows } from './crm-contracts.service.ts';
import { documentRow } from './contract-documents.service.ts';

function userName(first: string | null, last: string | null, email: string | null): string {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || email || 'Unknown user';
}

export function amendmentRow(a: AmendmentRow): ContractAmendmentRow {
  return {
    id: a.id,
    displayContractAmendmentId: a.displayContractAmendmentId,
    action: a.action,
    details: a.details,
    createdBy: a.createdById
      ? { id: a.createdById, name: userName(a.createdByFirst, a.createdByLast, a.createdByEmail) }
      : null,
    createdAt: a.createdAt.toISOString(),
  };
}

function allowedOperations(c: ContractRowData): ContractOperation[] {
  if (c.status !== 'open') return ['note'];
  const q = contractQuantities(c);
  const undelivered = toDecimal(q.undelivered).greaterThan(0);
  const unpriced = toDecimal(q.unpriced).greaterThan(0);
  const out: ContractOperation[] = [];
  if (undelivered) out.push('cancel', 'partial_cancel');
  out.push('note');
  if (unpriced) out.push('futures_roll');
  if (undelivered) out.push('basis_roll');
  if (undelivered && unpriced) out.push('roll');
  return out;
}

/** A contract of a client of the user's partner, at a market where the user may use contracts. */
export async function contractInScope(
  deps: CrmDeps,
  actor: CrmActor,
  clientId: number,
  contractId: number,
): Promise<{ contract: ContractRowData; market: CrmMarket }> {
  const contract = await findContract(deps.ctx.database.db, actor.partner.id, contractId);
  if (!contract || contract.clientId !== clientId)
    throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
  const market = requireMarket(
    actor,
    contract.marketId,
    (m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'),
    'contracts',
  );
  return { contract, market };
}

export async function detailOf(db: Db, contract: ContractRowData, market: CrmMarket): Promise<ContractDetail> {
  const today = marketToday(market);
  const [[row], events, amendments, applications, documents] = await Promise.all([
    buildRows(db, [{ kind: 'contract', ...contract }], market, today),
    listPricingEvents(db, contract.id),
    listAmendments(db, contract.id),
    listTicketApplications(db, contract.id),
    documentsOfContract(db, contract.id),
  ]);
  return {
    contract: row!,
    version: contract.version,
    direction: contract.direction,
    termsHash: contract.termsHash,
    signedTermsHash: contract.signedTermsHash,
    pricingEvents: events.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      futuresPrice: e.futuresPrice,
      basis: e.basis,
      cashPrice: e.cashPrice,
      pricedAt: e.pricedAt.toISOString(),
    })),
    amendments: amendments.map(amendmentRow),
    ticketApplications: applications,
    documents: documents.map(documentRow),
    allowedOperations: allowedOperations(contract),
  };
}

export async function contractDetail(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
): Promise<ContractDetail> {
  const actor = await loadCrmActor(deps, request);
  const { contract, market } = await contractInScope(deps, actor, clientId, contractId);
  return detailOf(deps.ctx.database.db, contract, market);
}
