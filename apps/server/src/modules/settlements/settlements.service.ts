// Settlements (issue 14; docs/decisions/044-settlement-arithmetic.md): generating a settlement for a client's applied,
// priced bushels (the domain computes, this checks who may, locks what it reads and writes it with its audit record in
// one transaction), the list and one settlement, finalize and void, the statement PDF; advances and liens.
// The farmer's calls (profit center) see only the settlements of their own clients, never a draft.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  SettlementArithmeticError,
  canUseMySalesLite,
  clampPage,
  clampPageSize,
  computeSettlement,
  decimalString,
  formatMoney,
  isoDateInZone,
  pageWindow,
  toDecimal,
  type Advance,
  type AdvanceCreateBody,
  type Lien,
  type LienWriteBody,
  type SettleableLine,
  type SettlementCreateBody,
  type SettlementDetail,
  type SettlementListResponse,
  type SettlementResult,
  type SettlementSummary,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { sqlStateOf, type Db } from '../../platform/db.ts';
import {
  hasPermission,
  ifMatchVersion,
  loadCrmActor,
  marketZone,
  requireClient,
  requireMarket,
  userMarkets,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { farmerClients } from '../profit-center/profit-center.public.ts';
import {
  addLienPaid,
  addSettledQuantity,
  advancesRecoveredBy,
  appliedLines,
  checkoffRatesOf,
  contractIdsOfApplications,
  contractMarketAndClient,
  countSettlements,
  cropName,
  findLien,
  findSettlement,
  insertAdvance,
  insertLien,
  insertSettlement,
  listAdvances,
  listClientAdvances,
  listLiens,
  lockApplicableLiens,
  lockContracts,
  lockOpenAdvances,
  lockSettlement,
  markAdvancesRecovered,
  nextSettlementNumber,
  settlementDeductionRows,
  settlementLineRows,
  settlementPage,
  settlementPayeeRows,
  storageRatesOf,
  updateLien,
  updateSettlementStatus,
  voidLines,
  type AdvanceRow,
  type AppliedLineRow,
  type LienRow,
  type SettlementFilter,
  type SettlementRow,
} from './settlements.repo.ts';
import { statementPdf } from './statement-pdf.ts';

const canSettle = hasPermission('contracts');

/** 'S-000042': the partner's settlement number. */
export function displaySettlementIdOf(n: number): string {
  return `S-${String(n).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------------
// Generating

/** Which applied lines can be settled now: priced (the contract has a cash price and priced bushels not yet settled). */
function settleable(
  lines: AppliedLineRow[],
  contracts: Map<number, { cashPrice: string | null; pricedQuantity: string; settledQuantity: string }>,
): { ok: AppliedLineRow[]; unpriced: AppliedLineRow[] } {
  const room = new Map<number, ReturnType<typeof toDecimal>>();
  const ok: AppliedLineRow[] = [];
  const unpriced: AppliedLineRow[] = [];
  for (const l of lines) {
    const c = contracts.get(l.contractId);
    if (!c || c.cashPrice === null) {
      unpriced.push(l);
      continue;
    }
    const left = room.get(l.contractId) ?? toDecimal(c.pricedQuantity).minus(toDecimal(c.settledQuantity));
    const bushels = toDecimal(l.bushels);
    if (bushels.gt(left)) {
      unpriced.push(l);
      room.set(l.contractId, left);
      continue;
    }
    room.set(l.contractId, left.minus(bushels));
    ok.push({ ...l, cashPrice: c.cashPrice });
  }
  return { ok, unpriced };
}

type Plan = { result: SettlementResult; lines: AppliedLineRow[]; marketId: number; cropId: number; cropYear: number };

async function planSettlement(
  db: Db,
  actor: CrmActor,
  client: { id: number; name: string },
  body: SettlementCreateBody,
  settlementDate: string,
): Promise<Plan> {
  const partnerId = actor.partner.id;
  const askedApps = body.ticketApplicationIds ?? [];
  const askedContracts = body.contractIds ?? [];
  // Lock the contracts first (in id order), then read their applied lines once: nothing read can change under us.
  const contractIds = [
    ...new Set([...askedContracts, ...(await contractIdsOfApplications(db, partnerId, askedApps))]),
  ].sort((x, y) => x - y);
  const locked = await lockContracts(db, partnerId, contractIds);
  const missingContract = askedContracts.find((id) => !locked.some((c) => c.id === id && c.clientId === client.id));
  if (missingContract !== undefined) throw new AppError('not_found', `No contract ${missingContract} for this client.`);
  const candidates = await appliedLines(db, partnerId, client.id, body);
  const foundApps = new Set(candidates.map((l) => l.ticketApplicationId));
  const missingApp = askedApps.find((id) => !foundApps.has(id));
  if (missingApp !== undefined) throw new AppError('not_found', `No applied ticket ${missingApp} for this client.`);
  const already = candidates.filter((l) => l.settledBy !== null && askedApps.includes(l.ticketApplicationId));
  if (already.length > 0) {
    throw new AppError(
      'conflict',
      `These bushels are already settled: ticket ${already.map((l) => l.displayScaleTicketId).join(', ')}.`,
    );
  }
  const open = candidates.filter((l) => l.settledBy === null);
  if (open.length === 0) {
    throw new AppError(
      'conflict',
      candidates.length === 0
        ? 'Nothing to settle: no bushels are applied to these contracts yet.'
        : 'Nothing to settle: every applied bushel of these contracts is settled already.',
    );
  }
  const marketIds = new Set(open.map((l) => l.marketId));
  if (marketIds.size > 1) {
    throw new AppError('invalid_request', 'A settlement is for one market: choose contracts of the same market.', {
      fields: { contractIds: 'Contracts of one market' },
    });
  }
  const crops = new Set(open.map((l) => `${l.cropId}/${l.cropYear}`));
  if (crops.size > 1) {
    throw new AppError(
      'invalid_request',
      'A settlement is for one crop and crop year: choose contracts of the same crop.',
      {
        fields: { contractIds: 'Contracts of one crop and crop year' },
      },
    );
  }
  const marketId = open[0]!.marketId;
  const market = requireMarket(actor, marketId, canSettle, 'settlements');
  const { ok, unpriced } = settleable(open, new Map(locked.map((c) => [c.id, c])));
  if (ok.length === 0) {
    throw new AppError(
      'conflict',
      unpriced.length > 0
        ? 'Nothing to settle: the applied bushels are not priced yet (set the futures and basis first).'
        : 'Nothing to settle: every applied bushel of these contracts is settled already.',
    );
  }
  const cropId = ok[0]!.cropId;
  const cropYear = ok[0]!.cropYear;
  const storage = await storageRatesOf(db, marketId);
  const storageRate = (crop: number) => {
    const r = storage.find((s) => s.cropId === crop) ?? storage.find((s) => s.cropId === null);
    return r ? { freeDays: r.freeDays, ratePerBushelPerDay: r.ratePerBushelPerDay } : null;
  };
  const checkoffs = await checkoffRatesOf(db, market.administrativeAreaLevel1, [cropId]);
  const advances = await lockOpenAdvances(
    db,
    locked.map((c) => c.id),
  );
  const liens = await lockApplicableLiens(db, client.id, cropId, cropYear);
  try {
    const result = computeSettlement({
      settlementDate,
      lines: ok.map((l) => ({
        ticketApplicationId: l.ticketApplicationId,
        contractId: l.contractId,
        scaleTicketId: l.scaleTicketId,
        cropId: l.cropId,
        bushels: l.bushels,
        price: l.cashPrice!,
        ticketQuantity: l.ticketQuantity,
        dryingCharge: l.dryingCharge,
        discountAmount: l.discountAmount,
        deliveryDate: l.deliveryDate,
      })),
      storageRate,
      checkoffRates: (crop) => checkoffs.filter((r) => r.cropId === crop),
      advances,
      liens: liens
        .map((l) => ({
          id: l.id,
          lienholder: l.lienholder,
          balance: l.amount === null ? null : decimalString(toDecimal(l.amount).minus(toDecimal(l.paidAmount))),
          pct: l.pct,
        }))
        .filter((l) => l.balance === null || toDecimal(l.balance).gt(0)),
      farmer: { clientId: client.id, name: client.name },
    });
    return { result, lines: ok, marketId, cropId, cropYear };
  } catch (e) {
    if (e instanceof SettlementArithmeticError && e.problem.kind === 'advances_exceed') {
      throw new AppError(
        'conflict',
        `The advances on these contracts (${formatMoney(e.problem.advances)}) exceed what this settlement pays (${formatMoney(e.problem.available)}).`,
      );
    }
    throw e;
  }
}

export async function createSettlement(
  deps: CrmDeps,
  request: FastifyRequest,
  body: SettlementCreateBody,
): Promise<{ detail: SettlementDetail; created: boolean }> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const client = await requireClient(deps, actor, body.clientId);
  try {
    return await db.transaction(async (tx) => {
      const market0 = userMarkets(actor)[0];
      const today = isoDateInZone(new Date(), market0 ? marketZone(market0) : 'America/Chicago');
      const settlementDate = body.settlementDate ?? today;
      const plan = await planSettlement(tx, actor, client, body, settlementDate);
      const contractNames = new Map(plan.lines.map((l) => [l.contractId, l.displayContractId]));
      if (body.preview)
        return { detail: previewDetail(plan, client, actor, settlementDate, contractNames), created: false };

      const n = await nextSettlementNumber(tx, actor.partner.id);
      const displaySettlementId = displaySettlementIdOf(n);
      const id = await insertSettlement(
        tx,
        {
          partnerId: actor.partner.id,
          marketId: plan.marketId,
          clientId: client.id,
          displaySettlementId,
          settlementDate,
          createdBy: actor.user.id,
        },
        plan.result,
      );
      const perContract = new Map<number, ReturnType<typeof toDecimal>>();
      for (const l of plan.result.lines) {
        perContract.set(l.contractId, (perContract.get(l.contractId) ?? toDecimal(0)).plus(toDecimal(l.bushels)));
      }
      for (const [contractId, bushels] of perContract) await addSettledQuantity(tx, contractId, decimalString(bushels));
      const recovered = plan.result.deductions.flatMap((d) => (d.advanceId === null ? [] : [d.advanceId]));
      await markAdvancesRecovered(tx, recovered, id);
      for (const p of plan.result.payees) if (p.lienId !== null) await addLienPaid(tx, p.lienId, p.amount);
      await audit(tx, request, {
        actorUserId: actor.user.id,
        action: 'settlement_create',
        targetType: 'settlement',
        targetId: String(id),
        details: {
          displaySettlementId,
          clientId: client.id,
          contracts: [...perContract.keys()],
          lines: plan.result.lines.length,
          gross: plan.result.gross,
          deductionsTotal: plan.result.deductionsTotal,
          net: plan.result.net,
          advancesRecovered: recovered,
        },
      });
      // The answer is built from what was written (no second read of 200 lines).
      const written = previewDetail(plan, client, actor, settlementDate, contractNames);
      return {
        detail: {
          ...written,
          id,
          displaySettlementId,
          cropName: await cropName(tx, plan.cropId),
          version: 1,
          createdAt: new Date().toISOString(),
          lines: written.lines.map((l) => ({ ...l, id: null })),
        },
        created: true,
      };
    });
  } catch (e) {
    // Two settlements of the same bushels at once: the second meets the unique line index.
    if (sqlStateOf(e) === '23505') throw new AppError('conflict', 'These bushels were just settled by someone else.');
    throw e;
  }
}

function previewDetail(
  plan: Plan,
  client: { id: number; name: string },
  actor: CrmActor,
  settlementDate: string,
  contractNames: Map<number, string>,
): SettlementDetail {
  const market = actor.markets.find((m) => m.id === plan.marketId)!;
  const byApp = new Map(plan.lines.map((l) => [l.ticketApplicationId, l]));
  return {
    id: null,
    displaySettlementId: null,
    status: 'draft',
    marketId: plan.marketId,
    marketName: market.displayName ?? `${market.city}, ${market.administrativeAreaLevel1}`,
    clientId: client.id,
    clientName: client.name,
    cropName: '',
    cropYear: plan.cropYear,
    settlementDate,
    bushels: plan.result.bushels,
    gross: plan.result.gross,
    deductionsTotal: plan.result.deductionsTotal,
    net: plan.result.net,
    contracts: [...contractNames].map(([id, displayContractId]) => ({ id, displayContractId })),
    version: 0,
    createdAt: null,
    voidReason: null,
    lines: plan.result.lines.map((l) => {
      const src = byApp.get(l.ticketApplicationId)!;
      return {
        ...l,
        id: null,
        displayContractId: src.displayContractId,
        displayScaleTicketId: src.displayScaleTicketId,
        deliveryDate: src.deliveryDate,
      };
    }),
    deductions: plan.result.deductions.map((d) => ({ kind: d.kind, description: d.description, amount: d.amount })),
    payees: plan.result.payees.map((p) => ({ kind: p.kind, payeeName: p.payeeName, amount: p.amount })),
  };
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

async function settlementDetail(db: Db, id: number, f: SettlementFilter): Promise<SettlementDetail | null> {
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
    deductions: deductions.map((d) => ({ kind: d.kind, description: d.description, amount: d.amount })),
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
  const pdf = await statementPdf(detail, {
    partnerName: partner?.displayName ?? row.partnerId,
    currency: canadian ? 'CAD' : row.marketCountry === 'AUS' ? 'AUD' : 'USD',
    locale: canadian ? 'en-CA' : row.marketCountry === 'AUS' ? 'en-AU' : 'en-US',
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
  const { ok } = settleable(lines, contracts);
  const okIds = new Set(ok.map((l) => l.ticketApplicationId));
  const cropNames = await cropNamesOf(db, [...new Set(lines.map((l) => l.cropId))]);
  return lines.map((l) => ({
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
    blockedBy: okIds.has(l.ticketApplicationId) ? null : 'unpriced',
  }));
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
// Finalize, void

export async function changeSettlementStatus(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  to: 'final' | 'void',
  reason?: string,
): Promise<SettlementDetail> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  return db.transaction(async (tx) => {
    const locked = await lockSettlement(tx, actor.partner.id, id);
    if (!locked || !userMarkets(actor).some((m) => m.id === locked.marketId)) {
      throw new AppError('not_found', `No settlement ${id}.`);
    }
    requireMarket(actor, locked.marketId, canSettle, 'settlements');
    if (locked.version !== expected)
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version });
    const allowed = to === 'final' ? locked.status === 'draft' : locked.status === 'draft' || locked.status === 'final';
    if (!allowed) {
      throw new AppError(
        'conflict',
        to === 'final'
          ? `This settlement is ${locked.status}: only a draft can be finalized.`
          : `This settlement is ${locked.status}: it can no longer be voided.`,
      );
    }
    if (!(await updateSettlementStatus(tx, id, locked.version, { status: to, voidReason: reason ?? null }))) {
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version + 1 });
    }
    const details: Record<string, unknown> = { from: locked.status, to };
    if (to === 'void') {
      const held = await voidLines(tx, id);
      for (const h of held) await addSettledQuantity(tx, h.contractId, decimalString(toDecimal(h.bushels).neg()));
      const recovered = await advancesRecoveredBy(tx, id);
      await markAdvancesRecovered(tx, recovered, null);
      for (const p of await settlementPayeeRows(tx, id)) {
        if (p.lienId !== null) await addLienPaid(tx, p.lienId, decimalString(toDecimal(p.amount).neg()));
      }
      Object.assign(details, { reason: reason ?? null, advancesReopened: recovered });
    }
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: to === 'final' ? 'settlement_finalize' : 'settlement_void',
      targetType: 'settlement',
      targetId: String(id),
      details,
    });
    const detail = await settlementDetail(tx, id, { partnerId: actor.partner.id });
    if (!detail) throw new AppError('not_found');
    return detail;
  });
}

// ---------------------------------------------------------------------------------------------------
// Advances

function advanceOf(r: AdvanceRow): Advance {
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
