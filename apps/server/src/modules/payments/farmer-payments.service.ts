// The farmer's payment calls (My Sales Lite, profit-center; issue 14, docs/decisions/045): what may be requested
// (payment-eligible-contracts, -summaries), asking (payment-requests), their requests and each one's events. Only the
// farmer's own legal entities: anything else answers 404.

import type { FastifyRequest } from 'fastify';
import {
  FINANCIAL_ACCESS_PERMISSION,
  canUseMySalesLite,
  cropLabel,
  decimalString,
  isoDateInZone,
  paymentEligibility,
  paymentMethodFor,
  toDecimal,
  type EligibleContracts,
  type EligibleSettlement,
  type EligibleSummaries,
  type PaymentEvent,
  type PaymentRequestCreate,
  type PaymentRequestList,
  type PaymentRequestRow,
  type PaymentRequestsQuery,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { sqlStateOf } from '../../platform/db.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { marketZone } from '../../platform/crm-access.ts';
import { farmerClients, lacksAccessEverywhere } from '../profit-center/profit-center.public.ts';
import {
  insertEvent,
  insertRequest,
  listEvents,
  lockSettlementsToPay,
  openSettlementsOfClients,
  requestRows,
  type SettlementToPay,
} from './payments.repo.ts';
import { eventRow, listPage, money, requestRow, statusFilter, type PaymentsDeps } from './payments.service.ts';

type Farmer = { userId: string; clientIds: number[] };
const farmers = new WeakMap<FastifyRequest, Promise<Farmer>>();

/** My Sales Lite's gate (agronomics experience and the flag allowing it), else 403; the farmer's client ids. */
function farmerOf(ctx: AppContext, request: FastifyRequest): Promise<Farmer> {
  let cached = farmers.get(request);
  if (!cached) {
    cached = (async () => {
      const { user } = await requireSession(ctx, request);
      if (!canUseMySalesLite(user))
        throw new AppError(
          'forbidden',
          'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
        );
      // Payments are money: financial access (issue 16; the same rule billing uses, issue 17).
      const db = ctx.database.db;
      if (await lacksAccessEverywhere(db, user.id, FINANCIAL_ACCESS_PERMISSION))
        throw accessDenied(FINANCIAL_ACCESS_PERMISSION);
      const clients = await farmerClients(db, user.id, FINANCIAL_ACCESS_PERMISSION);
      return { userId: user.id, clientIds: clients.map((c) => c.id) };
    })();
    farmers.set(request, cached);
  }
  return cached;
}

function today(s: Pick<SettlementToPay, 'marketTimezone'>, now: Date = new Date()): string {
  return isoDateInZone(now, marketZone({ timezone: s.marketTimezone }));
}

function eligibleOf(s: SettlementToPay, now: Date): EligibleSettlement {
  const e = paymentEligibility({
    settlementStatus: s.status,
    farmerNet: s.amount,
    held: s.held,
    deferredPaymentDate: s.deferredPaymentDate,
    today: today(s, now),
  });
  return {
    settlementId: s.settlementId,
    settlementNumber: s.displaySettlementId,
    settlementDate: s.settlementDate,
    marketId: s.marketId,
    market: s.marketLabel,
    clientId: s.clientId,
    clientName: s.clientName,
    cropId: s.cropId,
    crop: cropLabel(s.cropId),
    cropYear: s.cropYear,
    contracts: s.contracts,
    amount: money(s.amount),
    ach: s.ach,
    deferredPaymentDate: s.deferredPaymentDate,
    eligible: e.eligible,
    payableOn: e.payableOn,
  };
}

/** payment-eligible-contracts: the farmer's final settlements not yet requested, credit sales before their date too. */
export async function eligibleContracts(deps: PaymentsDeps, request: FastifyRequest): Promise<EligibleContracts> {
  const farmer = await farmerOf(deps.ctx, request);
  const now = new Date();
  const rows = await openSettlementsOfClients(deps.ctx.database.db, farmer.clientIds);
  return { settlements: rows.map((s) => eligibleOf(s, now)) };
}

/** payment-eligible-summaries: per crop and crop year, what may be requested now and what waits for its date. */
export async function eligibleSummaries(deps: PaymentsDeps, request: FastifyRequest): Promise<EligibleSummaries> {
  const { settlements } = await eligibleContracts(deps, request);
  const byKey = new Map<string, EligibleSummaries['summaries'][number]>();
  for (const s of settlements) {
    const key = `${s.cropId}:${s.cropYear}`;
    const cur = byKey.get(key) ?? {
      cropId: s.cropId,
      crop: s.crop,
      cropYear: s.cropYear,
      eligibleAmount: '0.00',
      eligibleCount: 0,
      deferredAmount: '0.00',
      deferredCount: 0,
    };
    if (s.eligible) {
      cur.eligibleAmount = money(decimalString(toDecimal(cur.eligibleAmount).plus(toDecimal(s.amount))));
      cur.eligibleCount += 1;
    } else {
      cur.deferredAmount = money(decimalString(toDecimal(cur.deferredAmount).plus(toDecimal(s.amount))));
      cur.deferredCount += 1;
    }
    byKey.set(key, cur);
  }
  const summaries = [...byKey.values()].sort((a, b) => b.cropYear - a.cropYear || a.crop.localeCompare(b.crop));
  return { summaries };
}

const REFUSED: Record<'not_final' | 'nothing_due' | 'already_requested' | 'deferred', (s: SettlementToPay) => string> =
  {
    not_final: (s) => `Settlement ${s.displaySettlementId} is not final.`,
    nothing_due: (s) => `Settlement ${s.displaySettlementId} pays you nothing.`,
    already_requested: (s) => `Payment for settlement ${s.displaySettlementId} is already requested.`,
    deferred: (s) => `Settlement ${s.displaySettlementId} is a credit sale paid on ${s.deferredPaymentDate ?? ''}.`,
  };

/**
 * POST payment-requests: one request per market and legal entity among the settlements chosen (each the farmer's own,
 * else 404), each eligible today (else 409 and nothing is written). The method is ACH when the legal entity has the ACH
 * flag, unless the farmer asks for a check.
 */
export async function createRequests(
  deps: PaymentsDeps,
  request: FastifyRequest,
  body: PaymentRequestCreate,
): Promise<{ paymentRequests: PaymentRequestRow[] }> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const now = new Date();
  let ids: number[];
  try {
    ids = await db.transaction(async (tx) => {
      const found = await lockSettlementsToPay(tx, body.settlementIds);
      for (const id of body.settlementIds) {
        const s = found.find((f) => f.settlementId === id);
        if (!s || !farmer.clientIds.includes(s.clientId)) throw new AppError('not_found', `No settlement ${id}.`);
        const e = paymentEligibility({
          settlementStatus: s.status,
          farmerNet: s.amount,
          held: s.held,
          deferredPaymentDate: s.deferredPaymentDate,
          today: today(s, now),
        });
        if (!e.eligible) throw new AppError('conflict', REFUSED[e.reason](s), { settlementId: id, reason: e.reason });
      }
      const groups = new Map<string, SettlementToPay[]>();
      for (const s of found) {
        const key = `${s.marketId}:${s.clientId}`;
        groups.set(key, [...(groups.get(key) ?? []), s]);
      }
      const created: number[] = [];
      for (const group of groups.values()) {
        const first = group[0]!;
        const amount = money(decimalString(group.reduce((sum, s) => sum.plus(toDecimal(s.amount)), toDecimal('0'))));
        const method = paymentMethodFor(first.ach, body.method);
        const id = await insertRequest(tx, {
          partnerId: first.partnerId,
          marketId: first.marketId,
          clientId: first.clientId,
          requestedBy: farmer.userId,
          source: 'farmer',
          amount,
          method,
          note: body.note ?? null,
          items: group.map((s) => ({ settlementId: s.settlementId, payeeId: s.payeeId, amount: money(s.amount) })),
        });
        await insertEvent(tx, {
          requestId: id,
          action: 'request',
          fromStatus: null,
          toStatus: 'requested',
          actorUserId: farmer.userId,
          note: body.note ?? null,
        });
        await audit(tx, request, {
          actorUserId: farmer.userId,
          action: 'payment_request',
          targetType: 'payment_request',
          targetId: String(id),
          details: { amount, method, settlementIds: group.map((s) => s.settlementId) },
        });
        created.push(id);
      }
      return created;
    });
  } catch (err) {
    // Two requests for the same settlement at once: the held index lets one through.
    if (sqlStateOf(err) === '23505')
      throw new AppError('conflict', 'Payment for one of these settlements is already requested.');
    throw err;
  }
  return { paymentRequests: (await requestRows(db, ids)).map(requestRow) };
}

/** The farmer's requests, newest first. */
export async function farmerRequests(
  deps: Pick<PaymentsDeps, 'ctx'>,
  request: FastifyRequest,
  q: PaymentRequestsQuery,
): Promise<PaymentRequestList> {
  const farmer = await farmerOf(deps.ctx, request);
  return listPage(deps.ctx, { clientIds: farmer.clientIds, statuses: statusFilter(q), contractId: q.contract_id }, q);
}

/** A request's events, for the farmer who owns it (else 404). */
export async function farmerRequestEvents(
  deps: PaymentsDeps,
  request: FastifyRequest,
  requestId: number,
): Promise<{ requestId: number; events: PaymentEvent[] }> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const [row] = await requestRows(db, [requestId]);
  if (!row || !farmer.clientIds.includes(row.clientId))
    throw new AppError('not_found', `No payment request ${requestId}.`);
  return { requestId, events: (await listEvents(db, requestId)).map(eventRow) };
}
