// The contract page (/crm/contracts/:contractId, issue 14, decision 042) opens a contract by its id alone: the same
// detail as seller/:clientId/contract/:contractId, its client found from the contract (another partner's id is 404).

import type { FastifyRequest } from 'fastify';
import type { ContractPageData } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { loadCrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import { findContract } from './contract-record.repo.ts';
import { contractInScope, detailOf } from './contract-detail.service.ts';
import { contractPageTerms } from './contract-page.repo.ts';

export async function contractById(
  deps: CrmDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<ContractPageData> {
  const actor = await loadCrmActor(deps, request);
  const found = await findContract(deps.ctx.database.db, actor.partner.id, contractId);
  if (!found) throw new AppError('not_found', `No contract ${contractId}.`);
  const { contract, market } = await contractInScope(deps, actor, found.clientId, contractId);
  const db = deps.ctx.database.db;
  const [detail, terms] = await Promise.all([detailOf(db, contract, market), contractPageTerms(db, contract.id)]);
  return { ...detail, terms };
}
