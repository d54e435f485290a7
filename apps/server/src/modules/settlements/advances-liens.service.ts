// Advances paid on contracts and liens on a client (issue 14; docs/decisions/044): recorded with their audit record
// in one transaction; settlements recover the advances and pay the liens.

import type { FastifyRequest } from 'fastify';
import {
  decimalString,
  toDecimal,
  type Advance,
  type AdvanceCreateBody,
  type Lien,
  type LienWriteBody,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import {
  hasPermission,
  ifMatchVersion,
  loadCrmActor,
  requireClient,
  requireMarket,
  userMarkets,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import {
  type AdvanceRow,
  type LienRow,
  findLien,
  insertAdvance,
  insertLien,
  listAdvances,
  listLiens,
  updateLien,
} from './advances-liens.repo.ts';
import { contractMarketAndClient, lockContracts } from './settlements.repo.ts';

const canSettle = hasPermission('contracts');

// ---------------------------------------------------------------------------------------------------
// Advances

export function advanceOf(r: AdvanceRow): Advance {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

export async function createAdvance(deps: CrmDeps, request: FastifyRequest, body: AdvanceCreateBody): Promise<Advance> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  return db.transaction(async (tx) => {
    const [contract] = await lockContracts(tx, actor.partner.id, [body.contractId]);
    if (!contract) throw new AppError('not_found', `No contract ${body.contractId}.`);
    const c = await contractMarketAndClient(tx, body.contractId);
    requireMarket(actor, c.marketId, canSettle, 'advances');
    if (contract.status === 'cancelled') {
      throw new AppError(
        'conflict',
        `Contract ${contract.displayContractId} is cancelled: no advance can be paid on it.`,
      );
    }
    const id = await insertAdvance(tx, {
      partnerId: actor.partner.id,
      marketId: c.marketId,
      contractId: body.contractId,
      clientId: c.clientId,
      amount: body.amount,
      paidDate: body.paidDate,
      note: body.note ?? null,
      createdBy: actor.user.id,
    });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'advance_create',
      targetType: 'advance',
      targetId: String(id),
      details: { contractId: body.contractId, amount: body.amount, paidDate: body.paidDate },
    });
    const [row] = await listAdvances(tx, { partnerId: actor.partner.id, marketIds: [c.marketId], ids: [id] });
    return advanceOf(row!);
  });
}

export async function crmAdvances(
  deps: CrmDeps,
  request: FastifyRequest,
  q: { client_id?: number | undefined; contract_id?: number | undefined; status?: string | undefined },
): Promise<Advance[]> {
  const actor = await loadCrmActor(deps, request);
  const rows = await listAdvances(deps.ctx.database.db, {
    partnerId: actor.partner.id,
    marketIds: userMarkets(actor).map((m) => m.id),
    clientIds: q.client_id === undefined ? undefined : [q.client_id],
    contractId: q.contract_id,
    status: q.status,
  });
  return rows.map(advanceOf);
}

// ---------------------------------------------------------------------------------------------------
// Liens

function lienOf(r: LienRow): Lien {
  return {
    id: r.id,
    clientId: r.clientId,
    lienholder: r.lienholder,
    amount: r.amount,
    pct: r.pct === null ? null : decimalString(toDecimal(r.pct)),
    paidAmount: r.paidAmount,
    cropId: r.cropId,
    cropYear: r.cropYear,
    active: r.active,
    version: r.version,
  };
}

function requireLienWriter(actor: CrmActor): void {
  if (!actor.markets.some(canSettle)) {
    throw new AppError('forbidden', 'You do not have permissions for liens at any market.');
  }
}

export async function clientLiens(deps: CrmDeps, request: FastifyRequest, clientId: number): Promise<Lien[]> {
  const actor = await loadCrmActor(deps, request);
  await requireClient(deps, actor, clientId);
  return (await listLiens(deps.ctx.database.db, actor.partner.id, clientId)).map(lienOf);
}

export async function createLien(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  body: LienWriteBody,
): Promise<Lien> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  await requireClient(deps, actor, clientId);
  requireLienWriter(actor);
  return db.transaction(async (tx) => {
    const row = await insertLien(tx, {
      partnerId: actor.partner.id,
      clientId,
      lienholder: body.lienholder,
      amount: body.amount ?? null,
      pct: body.pct ?? null,
      cropId: body.cropId ?? null,
      cropYear: body.cropYear ?? null,
      active: body.active ?? true,
    });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'lien_create',
      targetType: 'lien',
      targetId: String(row.id),
      details: { clientId, lienholder: row.lienholder, amount: row.amount, pct: row.pct },
    });
    return lienOf(row);
  });
}

export async function editLien(
  deps: CrmDeps,
  request: FastifyRequest,
  lienId: number,
  body: LienWriteBody | { active: false },
): Promise<Lien> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const existing = await findLien(db, actor.partner.id, lienId);
  if (!existing) throw new AppError('not_found', `No lien ${lienId}.`);
  requireLienWriter(actor);
  return db.transaction(async (tx) => {
    const patch =
      'lienholder' in body
        ? {
            lienholder: body.lienholder,
            amount: body.amount ?? null,
            pct: body.pct ?? null,
            cropId: body.cropId ?? null,
            cropYear: body.cropYear ?? null,
            active: body.active ?? existing.active,
          }
        : { active: false };
    const row = await updateLien(tx, lienId, expected, patch);
    if (!row) throw new AppError('precondition_failed', undefined, { currentVersion: existing.version });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'lienholder' in body ? 'lien_update' : 'lien_deactivate',
      targetType: 'lien',
      targetId: String(lienId),
      details: { clientId: row.clientId, ...patch },
    });
    return lienOf(row);
  });
}
