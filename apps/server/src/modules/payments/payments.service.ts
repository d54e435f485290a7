// Payment requests (issue 14; docs/decisions/045-payment-adapter.md). The farmer asks to be paid a finalized
// settlement's net (profit-center calls, their own legal entities only); the buyer (market permission `contracts`)
// approves — the payment adapter sends it — or rejects; a sent payment settles (ACH on its settlement day, a check when
// marked cashed) or comes back. Every status change is an event and an audit record in the same transaction; a change
// names the version it read (If-Match) and a request already decided answers 409.

import type { FastifyRequest } from 'fastify';
import {
  PAYMENT_SENT_STATUSES,
  PAYMENT_STATUSES,
  clampPage,
  clampPageSize,
  formatMoney,
  isoDateInZone,
  nextPaymentStatus,
  statusesOfTab,
  toDecimal,
  type PaymentAction,
  type PaymentEvent,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentRequestRow,
  type PaymentRequestsQuery,
  type PaymentStatus,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  hasPermission,
  ifMatchVersion,
  keysetPage,
  loadCrmActor,
  marketZone,
  partnerMarket,
  requireMarket,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import type { MailTemplateName } from '../../platform/mail/mail-templates.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { backgroundLinkOrigin, linkOrigin } from '../identity/identity.public.ts';
import type { PaymentProvider } from './adapter.ts';
import {
  clientFarmers,
  countRequests,
  insertEvent,
  insertPayment,
  listEvents,
  lockRequest,
  markSettlementsPaid,
  partnerVhostOf,
  paymentOf,
  releaseSettlements,
  requestIdPage,
  requestRows,
  requestSettlementIds,
  settlementDisplayIds,
  settlementsNoLongerFinal,
  updatePayment,
  updateRequestStatus,
  type EventRecord,
  type RequestListFilter,
  type RequestRecord,
  type RequestRowData,
} from './payments.repo.ts';

export type PaymentsDeps = CrmDeps & { provider: PaymentProvider };

const MAX_LISTED = 10_000;

// ---------------------------------------------------------------------------------------------------
// Rows

function fullName(first: string | null, last: string | null): string | null {
  const n = [first, last].filter(Boolean).join(' ');
  return n.length > 0 ? n : null;
}

/** Dollars and cents as the API writes money ('0.30'). */
export const money = (v: string) => toDecimal(v).toFixed(2);

export function requestRow(r: RequestRowData): PaymentRequestRow {
  const p = r.payment;
  return {
    id: r.id,
    status: r.status,
    method: r.method,
    amount: money(r.amount),
    source: r.source,
    marketId: r.marketId,
    market: r.marketLabel,
    clientId: r.clientId,
    clientName: r.clientName,
    settlementIds: r.settlementIds,
    contracts: r.contracts,
    requestedBy: fullName(r.requesterFirst, r.requesterLast),
    requestedAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    note: r.note,
    payment: p
      ? {
          provider: p.provider,
          reference: p.providerReference,
          status: p.status,
          method: p.method,
          amount: money(p.amount),
          checkNumber: p.checkNumber,
          sentAt: p.sentAt.toISOString(),
          settlesOn: p.settlesOn,
          settledAt: p.settledAt ? p.settledAt.toISOString() : null,
          returnedAt: p.returnedAt ? p.returnedAt.toISOString() : null,
          returnReason: p.returnReason,
        }
      : null,
    version: r.version,
  };
}

export function eventRow(e: EventRecord): PaymentEvent {
  return {
    id: e.id,
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actor: fullName(e.actorFirst, e.actorLast) ?? e.actorEmail,
    note: e.note,
    at: e.at.toISOString(),
  };
}

async function detailOf(db: Db, id: number): Promise<PaymentRequestDetail & { version: number }> {
  const [row] = await requestRows(db, [id]);
  if (!row) throw new AppError('not_found', `No payment request ${id}.`);
  const events = await listEvents(db, id);
  return { request: requestRow(row), events: events.map(eventRow), version: row.version };
}

export async function listPage(
  ctx: AppContext,
  f: RequestListFilter,
  q: PaymentRequestsQuery,
): Promise<PaymentRequestList> {
  const db = ctx.database.db;
  const page = clampPage(q.page);
  const paging = {
    page,
    pageSize: clampPageSize(q.pageSize),
    paginationToken: page > 1 ? (q.paginationToken ?? null) : null,
  };
  const out = await keysetPage<{ id: number }>(
    ctx,
    paging,
    { f, pageSize: paging.pageSize },
    {
      keyOf: (r) => String(r.id),
      fetch: (after, limit, offset) => requestIdPage(db, f, after ? after.id : null, limit, offset),
      count: () => countRequests(db, f, MAX_LISTED),
    },
  );
  const rows = await requestRows(
    db,
    out.rows.map((r) => r.id),
  );
  return {
    totalCount: out.totalCount,
    paginationToken: out.paginationToken,
    page: out.page,
    pageSize: out.pageSize,
    paymentRequests: rows.map(requestRow),
  };
}

export function statusFilter(q: PaymentRequestsQuery): readonly PaymentStatus[] | undefined {
  const asked = q.status ? [q.status] : q.tab ? statusesOfTab(q.tab) : undefined;
  // sent=true: the payment history — requests whose payment went out (on its way, paid or returned).
  if (q.sent !== 'true') return asked;
  return (asked ?? PAYMENT_STATUSES).filter((s) => PAYMENT_SENT_STATUSES.includes(s));
}

// ---------------------------------------------------------------------------------------------------
// Transitions, e-mails

type Actor = { userId: string | null; request: FastifyRequest | null };

const ALREADY: Partial<Record<PaymentStatus, string>> = {
  approved: 'This payment request is already approved.',
  sent: 'This payment request is already approved and sent.',
  settled: 'This payment request is already paid.',
  rejected: 'This payment request is already rejected.',
  returned: 'This payment was returned.',
};

/**
 * Moves a locked request by `action` at its version: 409 when the action is not allowed from its status, 412 when its
 * version moved; writes the event and the audit record in the same transaction.
 */
async function transition(
  tx: Db,
  req: RequestRecord,
  action: Exclude<PaymentAction, 'request'>,
  actor: Actor,
  note: string | null,
): Promise<RequestRecord> {
  const to = nextPaymentStatus(req.status, action);
  if (!to) {
    throw new AppError(
      'conflict',
      ALREADY[req.status] ??
        `A ${req.status} payment request cannot be ${action === 'settle' ? 'settled' : action + 'ed'}.`,
      { status: req.status },
    );
  }
  const decided = action === 'approve' || action === 'reject';
  if (!(await updateRequestStatus(tx, req.id, req.version, { status: to, decided, decidedBy: actor.userId }))) {
    throw new AppError('precondition_failed', undefined, { currentVersion: req.version + 1 });
  }
  await insertEvent(tx, {
    requestId: req.id,
    action,
    fromStatus: req.status,
    toStatus: to,
    actorUserId: actor.userId,
    note,
  });
  await audit(tx, actor.request, {
    actorUserId: actor.userId,
    action: `payment_${action}`,
    targetType: 'payment_request',
    targetId: String(req.id),
    details: { from: req.status, to, amount: req.amount, method: req.method, ...(note ? { note } : {}) },
  });
  return { ...req, status: to, version: req.version + 1 };
}

/** The in-app notice of each payment e-mail. */
const PAYMENT_NOTICES = {
  payment_approved: { topic: 'payments.approved', title: 'Your payment is on its way' },
  payment_paid: { topic: 'payments.paid', title: 'You were paid' },
  payment_returned: { topic: 'payments.returned', title: 'Your payment was returned' },
} as const;

type MailEnv = { partners: PartnerDirectory; env: AppContext['env']; origin: string | null };

/** Tells the client's farmer users by e-mail (queued in the transaction). */
async function mailFarmers(
  tx: Db,
  m: MailEnv,
  template: Extract<MailTemplateName, 'payment_approved' | 'payment_paid' | 'payment_returned'>,
  requestId: number,
): Promise<void> {
  const [row] = await requestRows(tx, [requestId]);
  if (!row) return;
  const partner: WhiteLabelPartner | null = await m.partners.byId(row.partnerId);
  if (!partner) return;
  const origin = m.origin ?? backgroundLinkOrigin(m.env, await partnerVhostOf(tx, row.partnerId));
  const ctx = mailContext(partner, origin);
  const settlementsText = await settlementNumbers(tx, row.settlementIds);
  const notice = PAYMENT_NOTICES[template];
  for (const u of await clientFarmers(tx, row.clientId)) {
    // In the app too (decision 055); each channel as the farmer's preferences say.
    await notifyUsers(tx, [
      {
        userId: u.id,
        topic: notice.topic,
        title: notice.title,
        body: `${formatMoney(row.amount)} from ${row.marketLabel} for settlement ${settlementsText}.`,
        link: '/my-sales-lite/payments',
      },
    ]);
    await sendMail(tx, {
      template,
      recipient: u.email,
      userId: u.id,
      ctx,
      data: {
        firstName: u.firstName,
        amount: money(row.amount),
        method: row.method,
        market: row.marketLabel,
        settlements: settlementsText,
        checkNumber: row.payment?.checkNumber ?? null,
        settlesOn: row.payment?.settlesOn ?? null,
        returnReason: row.payment?.returnReason ?? null,
      },
    });
  }
}

async function settlementNumbers(tx: Db, ids: number[]): Promise<string> {
  return (await settlementDisplayIds(tx, ids)).join(', ');
}

// ---------------------------------------------------------------------------------------------------
// Sending, settling (shared by the buyer's calls and the daily job)

/**
 * Sends an approved request through the provider and records the payment (approved → sent). The provider is called
 * outside the transaction (a bank is not rolled back); the request's id is the idempotency key a real provider gets.
 * A request already sent, or no longer approved, is left alone.
 */
export async function sendApproved(
  db: Db,
  provider: PaymentProvider,
  requestId: number,
  opts: { actor: Actor; today: string; checkNumber?: string | null; mail: MailEnv },
): Promise<void> {
  const [row] = await requestRows(db, [requestId]);
  if (!row || row.status !== 'approved' || row.payment) return;
  const sent = await provider.send({
    requestId,
    partnerId: row.partnerId,
    amount: money(row.amount),
    method: row.method,
    payeeName: row.clientName,
    checkNumber: opts.checkNumber ?? null,
    today: opts.today,
  });
  await db.transaction(async (tx) => {
    const locked = await lockRequest(tx, { partnerId: row.partnerId }, requestId);
    if (!locked || locked.status !== 'approved' || (await paymentOf(tx, requestId))) return;
    await insertPayment(tx, {
      requestId,
      provider: provider.name,
      providerReference: sent.reference,
      status: 'sent',
      amount: locked.amount,
      method: locked.method,
      checkNumber: sent.checkNumber,
      settlesOn: sent.settlesOn,
      sentAt: new Date(),
    });
    // The provider's reference (the settlement day shows formatted from the payment, never written into text here).
    const note = locked.method === 'ach' ? sent.reference : `Check no. ${sent.checkNumber ?? ''} (${sent.reference})`;
    await transition(tx, locked, 'send', opts.actor, note);
    await mailFarmers(tx, opts.mail, 'payment_approved', requestId);
  });
}

/** A sent payment is paid: the request settles, its settlements become paid, the farmer hears. */
async function settleLocked(tx: Db, locked: RequestRecord, actor: Actor, note: string | null, mail: MailEnv) {
  const out = await transition(tx, locked, 'settle', actor, note);
  await updatePayment(tx, locked.id, { status: 'settled', settledAt: new Date() });
  await markSettlementsPaid(tx, await requestSettlementIds(tx, locked.id));
  await mailFarmers(tx, mail, 'payment_paid', locked.id);
  return out;
}

/** The provider says an ACH payment settled (its settlement day came): the system settles the request. */
export async function settleByProvider(
  db: Db,
  provider: PaymentProvider,
  requestId: number,
  partnerId: string,
  today: string,
  mail: MailEnv,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockRequest(tx, { partnerId }, requestId);
    const payment = await paymentOf(tx, requestId);
    if (!locked || locked.status !== 'sent' || !payment || payment.provider !== provider.name) return false;
    const report = await provider.status(
      payment.providerReference,
      { status: payment.status, method: payment.method, settlesOn: payment.settlesOn },
      today,
    );
    if (report?.status !== 'settled') return false;
    await settleLocked(tx, locked, { userId: null, request: null }, `ACH settled (${provider.name} provider)`, mail);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------
// The buyer

const CONTRACTS = hasPermission('contracts');

/** The buyer's list: requests at the markets where they hold `contracts` (a market filter of another partner: 404). */
export async function buyerRequests(
  deps: PaymentsDeps,
  request: FastifyRequest,
  q: PaymentRequestsQuery,
): Promise<PaymentRequestList> {
  const actor = await loadCrmActor(deps, request);
  let marketIds = actor.markets.filter(CONTRACTS).map((m) => m.id);
  if (q.market_id !== undefined) {
    requireMarket(actor, q.market_id, CONTRACTS, 'payments');
    marketIds = [q.market_id];
  }
  return listPage(
    deps.ctx,
    {
      partnerId: actor.partner.id,
      marketIds,
      statuses: statusFilter(q),
      clientId: q.client_legal_entity_id,
      contractId: q.contract_id,
    },
    q,
  );
}

/** One request with its events, at a market where the buyer holds `contracts`; another partner's id: 404. */
export async function buyerRequest(
  deps: PaymentsDeps,
  request: FastifyRequest,
  requestId: number,
): Promise<PaymentRequestDetail & { version: number }> {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const [row] = await requestRows(db, [requestId]);
  if (!row || row.partnerId !== actor.partner.id) throw new AppError('not_found', `No payment request ${requestId}.`);
  requireMarket(actor, row.marketId, CONTRACTS, 'payments');
  return detailOf(db, requestId);
}

export type BuyerOperation =
  | { op: 'approve'; checkNumber?: string | undefined }
  | { op: 'reject'; reason: string }
  | { op: 'settle' }
  | { op: 'return'; reason: string };

/**
 * The buyer's decisions on a request (If-Match): approve (then sent through the adapter), reject with a reason, mark
 * paid (a check cashed, or an ACH the bank confirmed), mark returned with the bank's reason.
 */
export async function operateOnRequest(
  deps: PaymentsDeps,
  request: FastifyRequest,
  requestId: number,
  input: BuyerOperation,
): Promise<PaymentRequestDetail & { version: number }> {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const expected = ifMatchVersion(request.headers['if-match']);
  const who: Actor = { userId: actor.user.id, request };
  const partner = actor.partner;
  const mail: MailEnv = { partners: deps.partners, env: deps.ctx.env, origin: linkOrigin(deps.ctx, request, partner) };
  const marketIdRef = { id: 0 };
  await db.transaction(async (tx) => {
    const locked = await lockRequest(tx, { partnerId: actor.partner.id }, requestId);
    if (!locked) throw new AppError('not_found', `No payment request ${requestId}.`);
    requireMarket(actor, locked.marketId, CONTRACTS, 'payments');
    marketIdRef.id = locked.marketId;
    // The state first: of two buyers deciding at once, the second hears that it is decided (409), not a stale 412.
    const action = input.op;
    if (!nextPaymentStatus(locked.status, action)) await transition(tx, locked, action, who, null);
    if (locked.version !== expected)
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version });
    switch (input.op) {
      case 'approve': {
        // A settlement voided after the farmer asked is not paid: the buyer rejects the request instead.
        const gone = await settlementsNoLongerFinal(tx, locked.id);
        if (gone.length > 0)
          throw new AppError('conflict', `Settlement ${gone.join(', ')} is no longer final: reject this request.`, {
            reason: 'settlement_not_final',
          });
        await transition(tx, locked, 'approve', who, null);
        break;
      }
      case 'reject':
        await transition(tx, locked, 'reject', who, input.reason);
        await releaseSettlements(tx, locked.id);
        break;
      case 'settle':
        await settleLocked(
          tx,
          locked,
          who,
          locked.method === 'check' ? 'Check cashed' : 'ACH settlement confirmed',
          mail,
        );
        break;
      case 'return':
        await transition(tx, locked, 'return', who, input.reason);
        await updatePayment(tx, locked.id, { status: 'returned', returnedAt: new Date(), returnReason: input.reason });
        await releaseSettlements(tx, locked.id);
        await mailFarmers(tx, mail, 'payment_returned', locked.id);
        break;
    }
  });
  if (input.op === 'approve') {
    const market = partnerMarket(actor, marketIdRef.id);
    await sendApproved(db, deps.provider, requestId, {
      actor: who,
      today: isoDateInZone(new Date(), marketZone(market)),
      checkNumber: input.checkNumber ?? null,
      mail,
    });
  }
  return detailOf(db, requestId);
}
