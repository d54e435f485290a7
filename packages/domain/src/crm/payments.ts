// Payments (issue 14 'Settlements, advances and payments'; grain-marketing.md 4 'Payments and structures': a payment
// request has events; 7 profit-center payment-eligible-contracts, payment-eligible-summaries, payment-requests,
// payment-requests/:requestId/events). What is paid is a finalized settlement's net to the farmer; the farmer asks for
// it (a payment request), the buyer approves (the payment adapter sends it) or rejects, and the payment settles or
// comes back. docs/decisions/045-payment-adapter.md.

import { z } from 'zod';
import { pagedFields } from './api.ts';
import { id, instant, noNul } from './api-fields.ts';
import { decimalStringSchema, isoDateSchema } from './exact.ts';

// ---------------------------------------------------------------------------------------------------
// Statuses and transitions

/** A payment request's life: requested → approved → sent → settled, or rejected (by the buyer) / returned (by the bank). */
export const PAYMENT_STATUSES = ['requested', 'approved', 'sent', 'settled', 'rejected', 'returned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the farmer is paid: ACH (the client's ACH flag) or a paper check. */
export const PAYMENT_METHODS = ['ach', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What moves a request: each action is one event in its timeline. */
export const PAYMENT_ACTIONS = ['request', 'approve', 'reject', 'send', 'settle', 'return'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** Where each action may start and where it leads. 'request' creates the request (no from-status). */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<Exclude<PaymentAction, 'request'>, { from: readonly PaymentStatus[]; to: PaymentStatus }>
> = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested'], to: 'rejected' },
  send: { from: ['approved'], to: 'sent' },
  settle: { from: ['sent'], to: 'settled' },
  return: { from: ['sent'], to: 'returned' },
};

/** The statuses after which nothing more happens to a request. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['settled', 'rejected', 'returned'];

/**
 * The statuses of a request whose payment was sent (the farmer's payment history, `sent=true`): on its way, paid, or
 * returned by the bank. A request still waiting for the buyer, or rejected, has sent nothing.
 */
export const PAYMENT_SENT_STATUSES: readonly PaymentStatus[] = ['sent', 'settled', 'returned'];

/** The status an action leads to from `status`, or null when the action is not allowed there. */
export function nextPaymentStatus(
  status: PaymentStatus,
  action: Exclude<PaymentAction, 'request'>,
): PaymentStatus | null {
  const t = PAYMENT_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/**
 * Whether a request still holds the settlements it covers: a rejected or returned request lets them go (the farmer
 * may ask again); any other keeps them, so the same net is never requested or paid twice.
 */
export function holdsSettlements(status: PaymentStatus): boolean {
  return status !== 'rejected' && status !== 'returned';
}

/** The status tabs of the buyer's list, in order; the last groups the two ends that pay nothing. */
export const PAYMENT_STATUS_TABS = [
  { tab: 'requested', statuses: ['requested'] },
  { tab: 'approved', statuses: ['approved'] },
  { tab: 'sent', statuses: ['sent'] },
  { tab: 'settled', statuses: ['settled'] },
  { tab: 'rejected_returned', statuses: ['rejected', 'returned'] },
] as const satisfies readonly { tab: string; statuses: readonly PaymentStatus[] }[];
export type PaymentStatusTab = (typeof PAYMENT_STATUS_TABS)[number]['tab'];

export function statusesOfTab(tab: PaymentStatusTab): readonly PaymentStatus[] {
  return PAYMENT_STATUS_TABS.find((t) => t.tab === tab)!.statuses;
}

/** A client with the ACH flag is paid by ACH, anyone else by check; the farmer may always choose a check. */
export function paymentMethodFor(clientAch: boolean, asked?: PaymentMethod): PaymentMethod {
  if (asked === 'check') return 'check';
  return clientAch ? 'ach' : 'check';
}

/** The built-in provider settles an ACH payment this many business days after it is sent (the settlement day). */
export const ACH_SETTLEMENT_BUSINESS_DAYS = 1;

/** The ACH settlement day: `days` business days (Monday–Friday) after the day it was sent. */
export function achSettlementDay(sentOn: string, days: number = ACH_SETTLEMENT_BUSINESS_DAYS): string {
  const d = new Date(`${sentOn}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// Eligibility

export type EligibilityInput = {
  /** The settlement's status (task E): only a final one is paid. */
  settlementStatus: string;
  /** The settlement's net to the farmer (decimal string). */
  farmerNet: string;
  /** A request that holds it already (requested, approved, sent or settled). */
  held: boolean;
  /** The latest deferred payment date of its contracts (credit sale), if any. */
  deferredPaymentDate: string | null;
  /** The market's calendar day. */
  today: string;
};

export type Eligibility =
  | { eligible: true; payableOn: string }
  | {
      eligible: false;
      reason: 'not_final' | 'nothing_due' | 'already_requested' | 'deferred';
      payableOn: string | null;
    };

/**
 * Whether a settlement's net may be requested today: final, a positive net to the farmer, not held by a request, and
 * for a credit sale (a deferred payment date) not before that date.
 */
export function paymentEligibility(i: EligibilityInput): Eligibility {
  if (i.settlementStatus !== 'final') return { eligible: false, reason: 'not_final', payableOn: null };
  if (!/^\d+(\.\d+)?$/.test(i.farmerNet) || /^0+(\.0+)?$/.test(i.farmerNet))
    return { eligible: false, reason: 'nothing_due', payableOn: null };
  if (i.held) return { eligible: false, reason: 'already_requested', payableOn: null };
  if (i.deferredPaymentDate !== null && i.today < i.deferredPaymentDate)
    return { eligible: false, reason: 'deferred', payableOn: i.deferredPaymentDate };
  return { eligible: true, payableOn: i.deferredPaymentDate ?? i.today };
}

// ---------------------------------------------------------------------------------------------------
// Calls

export const PAYMENT_NOTE_MAX = 500;
export const PAYMENT_REQUEST_MAX_SETTLEMENTS = 100;

const note = z.string().trim().min(1, 'Required').max(PAYMENT_NOTE_MAX).refine(noNul, 'Not valid text');

/** POST profit-center/payment-requests: the settlements the farmer asks to be paid for, and how. */
export const paymentRequestCreateSchema = z.object({
  settlementIds: z
    .array(id.positive())
    .min(1, 'Choose at least one settlement')
    .max(PAYMENT_REQUEST_MAX_SETTLEMENTS)
    .refine((ids) => new Set(ids).size === ids.length, 'A settlement is listed twice'),
  method: z.enum(PAYMENT_METHODS).optional(),
  note: note.optional(),
});
export type PaymentRequestCreate = z.infer<typeof paymentRequestCreateSchema>;

/** POST merchandising/payment-requests/:id/reject, …/return: why. */
export const paymentReasonSchema = z.object({ reason: note });
export type PaymentReason = z.infer<typeof paymentReasonSchema>;

/** POST merchandising/payment-requests/:id/approve: the check number when paid by check (else the provider numbers it). */
export const paymentApproveSchema = z
  .object({
    checkNumber: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[0-9A-Za-z-]+$/, 'Letters, digits and -')
      .optional(),
  })
  .nullish();
export type PaymentApprove = z.infer<typeof paymentApproveSchema>;

export const paymentRequestsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  tab: z.enum(PAYMENT_STATUS_TABS.map((t) => t.tab) as [PaymentStatusTab, ...PaymentStatusTab[]]).optional(),
  /** 'true': only the requests whose payment was sent (PAYMENT_SENT_STATUSES), within `status` / `tab` when given. */
  sent: z.enum(['true', 'false']).optional(),
  market_id: z.coerce.number().int().positive().optional(),
  client_legal_entity_id: z.coerce.number().int().positive().optional(),
  contract_id: z.coerce.number().int().positive().optional(),
  page: z.string().max(20).optional(),
  pageSize: z.string().max(20).optional(),
  paginationToken: z.string().max(2048).optional(),
});
export type PaymentRequestsQuery = z.infer<typeof paymentRequestsQuerySchema>;

export const paymentContractRefSchema = z.object({ id, displayContractId: z.string() });

export const paymentSchema = z.object({
  provider: z.string(),
  reference: z.string(),
  status: z.enum(['sent', 'settled', 'returned']),
  method: z.enum(PAYMENT_METHODS),
  amount: decimalStringSchema,
  checkNumber: z.string().nullable(),
  sentAt: instant,
  settlesOn: isoDateSchema.nullable(),
  settledAt: instant.nullable(),
  returnedAt: instant.nullable(),
  returnReason: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentRequestRowSchema = z.object({
  id,
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amount: decimalStringSchema,
  /** 'farmer' when the farmer asked; 'credit_sale' when the deferred-date job paid a credit sale. */
  source: z.enum(['farmer', 'credit_sale']),
  marketId: id,
  market: z.string(),
  clientId: id,
  clientName: z.string(),
  settlementIds: z.array(id),
  contracts: z.array(paymentContractRefSchema),
  requestedBy: z.string().nullable(),
  requestedAt: instant,
  decidedAt: instant.nullable(),
  note: z.string().nullable(),
  payment: paymentSchema.nullable(),
  version: z.number().int(),
});
export type PaymentRequestRow = z.infer<typeof paymentRequestRowSchema>;

export const paymentRequestListSchema = z.object({ ...pagedFields, paymentRequests: z.array(paymentRequestRowSchema) });
export type PaymentRequestList = z.infer<typeof paymentRequestListSchema>;

export const paymentEventSchema = z.object({
  id,
  action: z.enum(PAYMENT_ACTIONS),
  fromStatus: z.enum(PAYMENT_STATUSES).nullable(),
  toStatus: z.enum(PAYMENT_STATUSES),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: instant,
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const paymentEventsSchema = z.object({ requestId: id, events: z.array(paymentEventSchema) });
export type PaymentEvents = z.infer<typeof paymentEventsSchema>;

/** A payment request with its events (the buyer's detail and the answer of every write). */
export const paymentRequestDetailSchema = z.object({
  request: paymentRequestRowSchema,
  events: z.array(paymentEventSchema),
});
export type PaymentRequestDetail = z.infer<typeof paymentRequestDetailSchema>;

/** A finalized settlement's net to the farmer, as the farmer may ask for it (payment-eligible-contracts). */
export const eligibleSettlementSchema = z.object({
  settlementId: id,
  settlementNumber: z.string(),
  settlementDate: isoDateSchema,
  marketId: id,
  market: z.string(),
  clientId: id,
  clientName: z.string(),
  cropId: id,
  crop: z.string(),
  cropYear: z.number().int(),
  contracts: z.array(paymentContractRefSchema),
  /** The net to the farmer (decimal string, dollars). */
  amount: decimalStringSchema,
  /** The client's ACH flag: the method a request gets unless the farmer chooses a check. */
  ach: z.boolean(),
  /** A credit sale's deferred payment date (null: pays on request). */
  deferredPaymentDate: isoDateSchema.nullable(),
  /** False for a credit sale before its date (it is paid on that day without a request). */
  eligible: z.boolean(),
  payableOn: isoDateSchema.nullable(),
});
export type EligibleSettlement = z.infer<typeof eligibleSettlementSchema>;

export const eligibleContractsSchema = z.object({ settlements: z.array(eligibleSettlementSchema) });
export type EligibleContracts = z.infer<typeof eligibleContractsSchema>;

export const eligibleSummarySchema = z.object({
  cropId: id,
  crop: z.string(),
  cropYear: z.number().int(),
  /** Requestable today. */
  eligibleAmount: decimalStringSchema,
  eligibleCount: z.number().int(),
  /** Credit sales waiting for their date. */
  deferredAmount: decimalStringSchema,
  deferredCount: z.number().int(),
});
export const eligibleSummariesSchema = z.object({ summaries: z.array(eligibleSummarySchema) });
export type EligibleSummaries = z.infer<typeof eligibleSummariesSchema>;
