// Settlements (issue 14; docs/decisions/044-settlement-arithmetic.md): generating a settlement for a client's applied,
// priced bushels (the domain computes, this checks who may, locks what it reads and writes it with its audit record in
// one transaction), the list and one settlement, finalize and void, the statement PDF; advances and liens.
// The farmer's calls (profit center) see only the settlements of their own clients, never a draft.

import type { FastifyRequest } from 'fastify';
import {
  computeSettlement,
  decimalString,
  isoDateInZone,
  toDecimal,
  type SettlementCreateBody,
  type SettlementDetail,
  type SettlementResult,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
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
import {
  type AppliedLineRow,
  addSettledQuantity,
  appliedLines,
  checkoffRatesOf,
  contractIdsOfApplications,
  cropName,
  insertSettlement,
  lockContracts,
  lockSettlement,
  nextSettlementNumber,
  storageRatesOf,
  updateSettlementStatus,
  voidLines,
} from './settlements.repo.ts';
import {
  addLienPaid,
  lockApplicableLiens,
  lockOpenAdvances,
  recordAdvanceRecoveries,
  reverseAdvanceRecoveries,
} from './advances-liens.repo.ts';
import { settlementPayeeRows } from './settlement-list.repo.ts';
import { standingRequestsOfSettlement } from '../payments/payments.public.ts';
import { splitApplication } from '../deliveries/deliveries.public.ts';
import { settleable, settlementDetail } from './settlement-read.service.ts';
import { ratesVersion } from './settlement-rates.repo.ts';

const canSettle = hasPermission('contracts');

/** 'S-000042': the partner's settlement number. */
function displaySettlementIdOf(n: number): string {
  return `S-${String(n).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------------
// Generating

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
  // The partner's own levies once it has saved them; else the seeded US programs (none outside the USA).
  const ownRates = (await ratesVersion(db, actor.partner.id)) !== null;
  const checkoffs =
    ownRates || market.countryCode === 'USA'
      ? await checkoffRatesOf(db, market.administrativeAreaLevel1, [cropId], ownRates ? actor.partner.id : null)
      : [];
  const advances = await lockOpenAdvances(
    db,
    locked.map((c) => c.id),
  );
  const liens = await lockApplicableLiens(db, client.id, cropId, cropYear);
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

      // An application only partly priced is split: its priced part is the line, the rest a new application waiting.
      const splits: { applicationId: number; settled: string; waiting: number }[] = [];
      for (const l of plan.lines) {
        if (l.appliedBushels === undefined) continue;
        const waiting = await splitApplication(tx, l.ticketApplicationId, l.bushels);
        splits.push({ applicationId: l.ticketApplicationId, settled: l.bushels, waiting });
      }
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
      const recoveries = plan.result.deductions.flatMap((d) =>
        d.advanceId === null ? [] : [{ advanceId: d.advanceId, amount: d.amount, balance: d.advanceBalance ?? null }],
      );
      await recordAdvanceRecoveries(tx, recoveries, id);
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
          advancesRecovered: recoveries,
          ...(splits.length ? { splitApplications: splits } : {}),
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
    deductions: plan.result.deductions.map((d) => ({
      kind: d.kind,
      description: d.description,
      amount: d.amount,
      ...(d.kind === 'advance' ? { advanceBalance: d.advanceBalance ?? null } : {}),
    })),
    payees: plan.result.payees.map((p) => ({ kind: p.kind, payeeName: p.payeeName, amount: p.amount })),
  };
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
    if (to === 'void') {
      // A standing payment request holds this settlement's net: the request must go first (rejected by the buyer, or
      // returned by the bank). Read under the settlement's lock, which a new request takes too (payments).
      const standing = await standingRequestsOfSettlement(tx, id);
      if (standing.length > 0) {
        const which = standing.map((r) => `${r.id} (${r.status})`).join(', ');
        throw new AppError(
          'conflict',
          `This settlement is held by payment request ${which}: reject the request before voiding the settlement.`,
          { reason: 'payment_requested', paymentRequestIds: standing.map((r) => r.id) },
        );
      }
    }
    if (!(await updateSettlementStatus(tx, id, locked.version, { status: to, voidReason: reason ?? null }))) {
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version + 1 });
    }
    const details: Record<string, unknown> = { from: locked.status, to };
    if (to === 'void') {
      const held = await voidLines(tx, id);
      for (const h of held) await addSettledQuantity(tx, h.contractId, decimalString(toDecimal(h.bushels).neg()));
      const recovered = await reverseAdvanceRecoveries(tx, id);
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
