// Reading settlements: the CRM's list and one settlement, the statement PDF, a client's settleable lines; and the
// farmer's own settlements and advances (profit center: their clients only, never a draft).

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  canUseMySalesLite,
  clampPage,
  clampPageSize,
  decimalString,
  intlLocaleOfCountry,
  pageWindow,
  toDecimal,
  unsettledCashPrice,
  type ContractSettlePricing,
  type Advance,
  type SettleableLine,
  type SettlementDetail,
  type SettlementListResponse,
  type SettlementSummary,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Db } from '../../platform/db.ts';
import { loadCrmActor, requireClient, requireMarket, userMarkets, type CrmDeps } from '../../platform/crm-access.ts';
import { farmerClients } from '../profit-center/profit-center.public.ts';
import {
  type SettlementFilter,
  type SettlementRow,
  countSettlements,
  findSettlement,
  settlementDeductionRows,
  settlementLineRows,
  settlementPage,
  settlementPayeeRows,
} from './settlement-list.repo.ts';
import { appliedLines, cropName, lockContracts } from './settlements.repo.ts';
import { listClientAdvances } from './advances-liens.repo.ts';
import { advanceOf } from './advances-liens.service.ts';
import type { AppliedLineRow } from './settlements.repo.ts';
import { contractOfClients } from './settlements.repo.ts';

/**
 * Which applied lines can be settled now, oldest application first: those whose contract has priced bushels not yet
 * settled to cover them, at the price of those bushels (`unsettledCashPrice`). An application only partly covered is
 * split (decision 044, addendum): its priced part settles now (`appliedBushels` keeps its whole quantity), the rest
 * waits for pricing as an unpriced line of the same application.
 */
export function settleable(
  lines: AppliedLineRow[],
  contracts: Map<number, ContractSettlePricing>,
): { ok: AppliedLineRow[]; unpriced: AppliedLineRow[] } {
  const room = new Map<number, ReturnType<typeof toDecimal>>();
  const ok: AppliedLineRow[] = [];
  const unpriced: AppliedLineRow[] = [];
  for (const l of lines) {
    const c = contracts.get(l.contractId);
    const price = c ? unsettledCashPrice(c) : null;
    if (!c || price === null) {
      unpriced.push(l);
      continue;
    }
    const left = room.get(l.contractId) ?? toDecimal(c.pricedQuantity).minus(toDecimal(c.settledQuantity));
    const bushels = toDecimal(l.bushels);
    if (bushels.lte(left)) {
      room.set(l.contractId, left.minus(bushels));
      ok.push({ ...l, cashPrice: price });
      continue;
    }
    room.set(l.contractId, toDecimal(0));
    if (left.gt(0)) {
      ok.push({ ...l, bushels: decimalString(left), appliedBushels: l.bushels, cashPrice: price });
      unpriced.push({ ...l, bushels: decimalString(bushels.minus(left)) });
    } else unpriced.push(l);
  }
  return { ok, unpriced };
}

// ---------------------------------------------------------------------------------------------------
// Reading

function summaryOf(r: SettlementRow): SettlementSummary {
  return {
    id: r.id,
    displaySettlementId: r.displaySettlementId,
    status: r.status,
    marketId: r.marketId,
    marketName: r.marketName,
    clientId: r.clientId,
    clientName: r.clientName,
    cropName: r.cropName,
    cropYear: r.cropYear,
    settlementDate: r.settlementDate,
    bushels: decimalString(toDecimal(r.bushels)),
    gross: r.gross,
    deductionsTotal: r.deductionsTotal,
    net: r.net,
    contracts: r.contracts,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function settlementDetail(db: Db, id: number, f: SettlementFilter): Promise<SettlementDetail | null> {
  const row = await findSettlement(db, id, f);
  if (!row) return null;
  return detailOfRow(db, row);
}

async function detailOfRow(db: Db, row: SettlementRow): Promise<SettlementDetail> {
  // One after the other: inside a transaction the queries share one connection.
  const lines = await settlementLineRows(db, row.id);
  const deductions = await settlementDeductionRows(db, row.id);
  const payees = await settlementPayeeRows(db, row.id);
  return {
    ...summaryOf(row),
    voidReason: row.voidReason,
    lines: lines.map((l) => ({ ...l, bushels: decimalString(toDecimal(l.bushels)) })),
    deductions: deductions.map((d) => ({
      kind: d.kind,
      description: d.description,
      amount: d.amount,
      ...(d.kind === 'advance' ? { advanceBalance: d.advanceBalance } : {}),
    })),
    payees: payees.map((p) => ({ kind: p.kind, payeeName: p.payeeName, amount: p.amount })),
  };
}

export type SettlementListQuery = {
  market_id?: number | undefined;
  client_id?: number | undefined;
  contract_id?: number | undefined;
  status?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  page?: string | undefined;
  pageSize?: string | undefined;
};

async function pageOf(db: Db, f: SettlementFilter, q: SettlementListQuery): Promise<SettlementListResponse> {
  const page = clampPage(q.page);
  const pageSize = clampPageSize(q.pageSize);
  const window = pageWindow(page, pageSize);
  const [rows, totalCount] = await Promise.all([
    window.limit > 0 ? settlementPage(db, f, window.limit, window.offset) : Promise.resolve([]),
    countSettlements(db, f, MAX_TOTAL_ROWS),
  ]);
  return { rows: rows.map(summaryOf), totalCount, paginationToken: null, page, pageSize };
}

function statusFilter(status: string | undefined): string[] | undefined {
  return status ? status.split(',').filter((s) => ['draft', 'final', 'paid', 'void'].includes(s)) : undefined;
}

export async function listSettlements(
  deps: CrmDeps,
  request: FastifyRequest,
  q: SettlementListQuery,
): Promise<SettlementListResponse> {
  const actor = await loadCrmActor(deps, request);
  let marketIds = userMarkets(actor).map((m) => m.id);
  if (q.market_id !== undefined) {
    requireMarket(actor, q.market_id, (m) => m.permissions.length > 0, 'settlements');
    marketIds = [q.market_id];
  }
  return pageOf(
    deps.ctx.database.db,
    {
      partnerId: actor.partner.id,
      marketIds,
      clientIds: q.client_id === undefined ? undefined : [q.client_id],
      contractId: q.contract_id,
      status: statusFilter(q.status),
      dateFrom: q.date_from,
      dateTo: q.date_to,
    },
    q,
  );
}

async function crmSettlement(deps: CrmDeps, request: FastifyRequest, id: number): Promise<SettlementRow> {
  const actor = await loadCrmActor(deps, request);
  const row = await findSettlement(deps.ctx.database.db, id, {
    partnerId: actor.partner.id,
    marketIds: userMarkets(actor).map((m) => m.id),
  });
  if (!row) throw new AppError('not_found', `No settlement ${id}.`);
  return row;
}

export async function getSettlement(deps: CrmDeps, request: FastifyRequest, id: number): Promise<SettlementDetail> {
  return detailOfRow(deps.ctx.database.db, await crmSettlement(deps, request, id));
}

export async function settlementStatement(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const row = await crmSettlement(deps, request, id);
  return statementOf(deps, row);
}

async function statementOf(deps: CrmDeps, row: SettlementRow): Promise<{ pdf: Uint8Array; fileName: string }> {
  const detail = await detailOfRow(deps.ctx.database.db, row);
  const partner = await deps.partners.byId(row.partnerId);
  const canadian = row.marketCountry === 'CAN';
  // pdf-lib is loaded with the first PDF (decision 049): a server that draws none need not hold it.
  const { statementPdf } = await import('./statement-pdf.ts');
  const pdf = await statementPdf(detail, {
    partnerName: partner?.displayName ?? row.partnerId,
    currency: canadian ? 'CAD' : row.marketCountry === 'AUS' ? 'AUD' : 'USD',
    locale: intlLocaleOfCountry(row.marketCountry),
    ...(partner ? { priceNotation: partner.priceNotation } : {}),
  });
  return { pdf, fileName: `settlement-${row.displaySettlementId}.pdf` };
}

/** The settleable applied lines of a client (the New settlement dialog), with the unpriced ones marked. */
export async function settleableLines(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractIds: number[] | undefined,
): Promise<SettleableLine[]> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  await requireClient(deps, actor, clientId);
  const mine = new Set(userMarkets(actor).map((m) => m.id));
  const lines = (await appliedLines(db, actor.partner.id, clientId, { contractIds, unsettledOnly: true })).filter((l) =>
    mine.has(l.marketId),
  );
  const contracts = await readContracts(db, actor.partner.id, [...new Set(lines.map((l) => l.contractId))]);
  // In the order read; an application only partly priced is two rows: its priced part, then what waits.
  const { ok, unpriced } = settleable(lines, contracts);
  const cropNames = await cropNamesOf(db, [...new Set(lines.map((l) => l.cropId))]);
  const row = (l: AppliedLineRow, blockedBy: 'unpriced' | null): SettleableLine => ({
    ticketApplicationId: l.ticketApplicationId,
    contractId: l.contractId,
    displayContractId: l.displayContractId,
    scaleTicketId: l.scaleTicketId,
    displayScaleTicketId: l.displayScaleTicketId,
    deliveryDate: l.deliveryDate,
    cropName: cropNames.get(l.cropId) ?? '',
    cropYear: l.cropYear,
    bushels: decimalString(toDecimal(l.bushels)),
    price: l.cashPrice,
    blockedBy,
  });
  return lines.flatMap((l) => [
    ...ok.filter((x) => x.ticketApplicationId === l.ticketApplicationId).map((x) => row(x, null)),
    ...unpriced.filter((x) => x.ticketApplicationId === l.ticketApplicationId).map((x) => row(x, 'unpriced')),
  ]);
}

async function readContracts(db: Db, partnerId: string, ids: number[]) {
  // Read without a lock (a preview of choices); the write locks them.
  const rows = ids.length ? await db.transaction(async (tx) => lockContracts(tx, partnerId, ids)) : [];
  return new Map(rows.map((c) => [c.id, c]));
}

async function cropNamesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of ids) out.set(id, await cropName(db, id));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The farmer's calls (profit center)

async function farmerClientIds(deps: CrmDeps, request: FastifyRequest): Promise<number[]> {
  const { user } = await requireSession(deps.ctx, request);
  if (!canUseMySalesLite(user)) {
    throw new AppError(
      'forbidden',
      'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
    );
  }
  return (await farmerClients(deps.ctx.database.db, user.id)).map((c) => c.id);
}

/** What the farmer sees: their clients' settlements once final (never a draft). */
const FARMER_STATUSES = ['final', 'paid', 'void'];

export async function farmerSettlements(
  deps: CrmDeps,
  request: FastifyRequest,
  q: SettlementListQuery,
): Promise<SettlementListResponse> {
  const clientIds = await farmerClientIds(deps, request);
  const asked = statusFilter(q.status)?.filter((s) => FARMER_STATUSES.includes(s));
  return pageOf(
    deps.ctx.database.db,
    {
      clientIds,
      contractId: q.contract_id,
      status: asked?.length ? asked : FARMER_STATUSES,
      dateFrom: q.date_from,
      dateTo: q.date_to,
    },
    q,
  );
}

async function farmerSettlementRow(deps: CrmDeps, request: FastifyRequest, id: number): Promise<SettlementRow> {
  const clientIds = await farmerClientIds(deps, request);
  const row = await findSettlement(deps.ctx.database.db, id, { clientIds, status: FARMER_STATUSES });
  if (!row) throw new AppError('not_found', `No settlement ${id}.`);
  return row;
}

export async function farmerSettlement(deps: CrmDeps, request: FastifyRequest, id: number): Promise<SettlementDetail> {
  return detailOfRow(deps.ctx.database.db, await farmerSettlementRow(deps, request, id));
}

export async function farmerStatement(deps: CrmDeps, request: FastifyRequest, id: number) {
  return statementOf(deps, await farmerSettlementRow(deps, request, id));
}

export async function farmerAdvances(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: number[] | undefined,
): Promise<Advance[]> {
  const clientIds = await farmerClientIds(deps, request);
  return (await listClientAdvances(deps.ctx.database.db, clientIds, ids)).map(advanceOf);
}

/**
 * profit-center contract/:contractId/associated-items: what hangs off one of the farmer's contracts — its settlements
 * (final, paid or void) and the advances paid on it. Another farmer's contract answers 404.
 */
export async function farmerContractItems(
  deps: CrmDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<{ settlements: SettlementSummary[]; advances: Advance[] }> {
  const db = deps.ctx.database.db;
  const clientIds = await farmerClientIds(deps, request);
  if (!(await contractOfClients(db, contractId, clientIds)))
    throw new AppError('not_found', `No contract ${contractId}.`);
  const rows = await settlementPage(db, { clientIds, contractId, status: FARMER_STATUSES }, 100, 0);
  const advances = (await listClientAdvances(db, clientIds)).filter((a) => a.contractId === contractId);
  return { settlements: rows.map(summaryOf), advances: advances.map(advanceOf) };
}
