// The pricing reads (grain-marketing.md 7; docs/decisions/041): a contract's addenda and obligations with what is still
// open to each operation, the open positions of the user's markets, related contracts, the partner's structured addenda
// names, and the farmer's own pricing events and addenda (profit center).

import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  baselineEvents,
  basisOpenQuantity,
  canUseMySalesLite,
  contractQuantities,
  decimalString,
  futuresOpenQuantity,
  hasEntitlement,
  toDecimal,
  unfixedQuantity,
  type ContractAddendum,
  type ContractPricingExtras,
  type OpenPositions,
  type StoredPricingEvent,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { contracts } from '../../db/schema/index.ts';
import {
  entitlementContext,
  loadCrmActor,
  requireMarket,
  userMarkets,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { farmerClients } from '../profit-center/profit-center.public.ts';
import { contractInScope } from './contract-detail.service.ts';
import { findContract, listAmendments, listPricingEvents } from './contract-record.repo.ts';
import {
  addendaOf,
  addendaOfClients,
  obligationsOf,
  openPositions,
  pricingEventsOfClients,
  sameCropYearContracts,
  structuredAddendaNamesOf,
  type AddendumRecord,
} from './pricing-operations.repo.ts';

const norm = (v: string | null): string | null => (v === null ? null : decimalString(toDecimal(v)));

function addendumRow(a: AddendumRecord): ContractAddendum {
  return {
    id: a.id,
    contractId: a.contractId,
    displayContractId: a.displayContractId,
    displayAddendumId: a.displayAddendumId,
    kind: a.kind,
    name: a.name,
    terms: a.terms,
    quantity: norm(a.quantity),
    futuresPrice: norm(a.futuresPrice),
    basis: norm(a.basis),
    cashPrice: norm(a.cashPrice),
    createdAt: a.createdAt.toISOString(),
  };
}

const contractsMarkets = (actor: CrmActor) =>
  userMarkets(actor).filter((m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'));

export async function contractPricingExtras(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
): Promise<ContractPricingExtras> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const { contract } = await contractInScope(deps, actor, clientId, contractId);
  const [stored, addenda, obligations, [extra]] = await Promise.all([
    listPricingEvents(db, contractId),
    addendaOf(db, [contractId]),
    obligationsOf(db, contractId),
    db.select({ d: contracts.deferredPaymentDate }).from(contracts).where(eq(contracts.id, contractId)),
  ]);
  const events: StoredPricingEvent[] =
    stored.length > 0
      ? stored.map((e) => ({
          id: e.id,
          quantity: e.quantity,
          futuresPrice: e.futuresPrice,
          basis: e.basis,
          cashPrice: e.cashPrice,
        }))
      : baselineEvents(contract);
  const open = contract.status === 'open';
  return {
    addenda: addenda.map(addendumRow),
    obligations: obligations.map((o) => ({
      id: o.id,
      contractId: o.contractId,
      kind: o.kind,
      quantity: decimalString(toDecimal(o.quantity)),
      dueDate: o.dueDate,
      description: o.description,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      events: o.events.map((e) => ({
        id: e.id,
        action: e.action,
        note: e.note,
        createdAt: e.createdAt.toISOString(),
      })),
    })),
    deferredPaymentDate: extra?.d ?? null,
    basisOpenQuantity: open ? basisOpenQuantity(contract, events) : '0',
    futuresOpenQuantity: open ? futuresOpenQuantity(contract, events) : '0',
    unfixedQuantity: open ? unfixedQuantity(contract, events) : '0',
  };
}

/** Open positions of a direction: at `market_id` (404/403 as the lists), else every market the user may use contracts at. */
export async function openPositionsOf(
  deps: CrmDeps,
  request: FastifyRequest,
  direction: 'purchase' | 'sale',
  marketId: number | undefined,
): Promise<OpenPositions> {
  const actor = await loadCrmActor(deps, request);
  const markets =
    marketId !== undefined
      ? [
          requireMarket(
            actor,
            marketId,
            (m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'),
            'contracts',
          ),
        ]
      : contractsMarkets(actor);
  const marketIds = markets.map((m) => m.id);
  const rows = await openPositions(deps.ctx.database.db, actor.partner.id, marketIds, direction);
  return {
    direction,
    marketIds,
    rows: rows.map((r) => ({
      cropId: r.cropId,
      cropYear: r.cropYear,
      optionMonth: r.optionMonth,
      contracts: Number(r.contracts),
      undeliveredQuantity: decimalString(toDecimal(r.undelivered ?? '0')),
      unpricedQuantity: decimalString(toDecimal(r.unpriced ?? '0')),
    })),
  };
}

const ROLL_ACTIONS = ['futures_roll', 'basis_roll', 'roll'] as const;
type RollAction = (typeof ROLL_ACTIONS)[number];
const isRollAction = (action: string): action is RollAction => (ROLL_ACTIONS as readonly string[]).includes(action);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Contracts related to one: the same client's contracts of the same crop and crop year at markets the user may use,
 * and the contract's own rolls from its amendments. Rolls move a contract in place (decision 013), so no contract is
 * rolled from or to another: its roll history is where it came from.
 */
export async function relatedContracts(deps: CrmDeps, request: FastifyRequest, contractId: number) {
  const actor = await loadCrmActor(deps, request);
  const contract = await findContract(deps.ctx.database.db, actor.partner.id, contractId);
  if (!contract) throw new AppError('not_found', `No contract ${contractId}.`);
  requireMarket(
    actor,
    contract.marketId,
    (m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'),
    'contracts',
  );
  const [rows, amendments] = await Promise.all([
    sameCropYearContracts(
      deps.ctx.database.db,
      actor.partner.id,
      contract,
      contractsMarkets(actor).map((m) => m.id),
    ),
    listAmendments(deps.ctx.database.db, contract.id),
  ]);
  const rolls = amendments.flatMap((a) =>
    isRollAction(a.action)
      ? [
          {
            amendmentId: a.id,
            displayContractAmendmentId: a.displayContractAmendmentId,
            action: a.action,
            fromOptionMonth: textOrNull(a.details.fromOptionMonth),
            toOptionMonth: textOrNull(a.details.toOptionMonth),
            fromDelivery: textOrNull(a.details.fromDelivery),
            toDelivery: textOrNull(a.details.toDelivery),
            rolledAt: a.createdAt.toISOString(),
          },
        ]
      : [],
  );
  return {
    contractId,
    rolls,
    rows: rows.map((r) => {
      const q = contractQuantities(r);
      return {
        id: r.id,
        clientId: r.clientId,
        displayContractId: r.displayContractId,
        relation: 'same_crop_year' as const,
        contractType: r.contractType,
        direction: r.direction,
        cropId: r.cropId,
        cropYear: r.cropYear,
        optionMonth: r.optionMonth,
        status: r.status,
        priceStatus: r.priceStatus,
        quantity: q.quantity,
        undeliveredQuantity: q.undelivered,
        unpricedQuantity: q.unpriced,
        cashPrice: norm(r.cashPrice),
      };
    }),
  };
}

export async function structuredAddendaNames(deps: CrmDeps, request: FastifyRequest) {
  const actor = await loadCrmActor(deps, request);
  return { names: await structuredAddendaNamesOf(deps.ctx.database.db, actor.partner.id) };
}

// ---------------------------------------------------------------------------------------------------
// The farmer's reads (profit center): only their own legal entities' contracts.

async function farmerClientIds(ctx: AppContext, request: FastifyRequest): Promise<number[]> {
  const { user } = await requireSession(ctx, request);
  if (!canUseMySalesLite(user))
    throw new AppError(
      'forbidden',
      'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
    );
  return (await farmerClients(ctx.database.db, user.id)).map((c) => c.id);
}

export async function farmerPricingEvents(ctx: AppContext, request: FastifyRequest, contractId: number | null) {
  const clientIds = await farmerClientIds(ctx, request);
  const rows = await pricingEventsOfClients(ctx.database.db, clientIds, contractId);
  return {
    rows: rows.map((e) => ({
      id: e.id,
      contractId: e.contractId,
      displayContractId: e.displayContractId,
      quantity: decimalString(toDecimal(e.quantity)),
      futuresPrice: norm(e.futuresPrice),
      basis: norm(e.basis),
      cashPrice: norm(e.cashPrice),
      pricedAt: e.pricedAt.toISOString(),
    })),
  };
}

export async function farmerAddenda(ctx: AppContext, request: FastifyRequest, contractId: number | null) {
  const clientIds = await farmerClientIds(ctx, request);
  const rows = await addendaOfClients(ctx.database.db, clientIds, contractId);
  return { rows: rows.map(addendumRow) };
}

/** One pricing event or addendum of the farmer's (404 when it is not theirs). */
export async function farmerPricingEvent(ctx: AppContext, request: FastifyRequest, id: number) {
  const clientIds = await farmerClientIds(ctx, request);
  const [row] = await pricingEventsOfClients(ctx.database.db, clientIds, null, id);
  if (!row) throw new AppError('not_found', `No pricing event ${id}.`);
  return {
    id: row.id,
    contractId: row.contractId,
    displayContractId: row.displayContractId,
    quantity: decimalString(toDecimal(row.quantity)),
    futuresPrice: norm(row.futuresPrice),
    basis: norm(row.basis),
    cashPrice: norm(row.cashPrice),
    pricedAt: row.pricedAt.toISOString(),
  };
}

export async function farmerAddendum(ctx: AppContext, request: FastifyRequest, id: number) {
  const clientIds = await farmerClientIds(ctx, request);
  const [row] = await addendaOfClients(ctx.database.db, clientIds, null, id);
  if (!row) throw new AppError('not_found', `No addendum ${id}.`);
  return addendumRow(row);
}
