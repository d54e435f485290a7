// The pricing operations of a contract (grain-marketing.md 4; docs/decisions/041): basis set, futures set (typed or at
// the live quote), pricing addenda trade, structured addendum, convert to credit sale, secondary obligation and its
// events. Each is planned here under the contract's lock (contract-operations.service.ts runs it: version check,
// writes, amendment and audit in one transaction); the arithmetic is the domain's.

import {
  PricingRuleError,
  baselineEvents,
  contractStatus,
  contractTermsText,
  creditSaleRefusal,
  decimalString,
  displayAddendumId,
  futuresProductForCrop,
  futuresSymbol,
  obligationStatusAfter,
  planBasisSet,
  planFuturesSet,
  planPricingAddendum,
  toDecimal,
  type PricingPlan,
  type StoredPricingEvent,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { type ContractRowData } from './crm-contracts.repo.ts';
import { listPricingEvents, type ContractTermsPatch } from './contract-record.repo.ts';
import {
  countAddenda,
  insertAddendum,
  insertObligation,
  insertObligationEvent,
  insertPricingEvent,
  lockObligation,
  setObligationStatus,
} from './pricing-operations.repo.ts';

export type PricingOperationInput =
  | { op: 'basis_set'; quantity: string; basis: string; reason?: string | undefined }
  | {
      op: 'futures_set';
      quantity: string;
      futuresPrice?: string | undefined;
      useLivePrice?: boolean | undefined;
      reason?: string | undefined;
    }
  | { op: 'pricing_addenda'; quantity: string; futuresPrice: string; basis: string; reason?: string | undefined }
  | { op: 'structured_addendum'; name: string; terms: Record<string, unknown>; reason?: string | undefined }
  | { op: 'credit_sale'; deferredPaymentDate: string; reason?: string | undefined }
  | {
      op: 'secondary_obligation';
      kind: 'delivery' | 'pricing';
      quantity: string;
      dueDate: string;
      description?: string | undefined;
    }
  | { op: 'obligation_event'; obligationId: number; action: 'fulfilled' | 'cancelled'; note?: string | undefined };

type PlannedEventUpdate = {
  id: number;
  quantity?: string;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
};

export type OperationPlan = {
  patch: ContractTermsPatch | null;
  eventUpdates: PlannedEventUpdate[];
  eventInserts: Omit<StoredPricingEvent, 'id'>[];
  details: Record<string, unknown>;
  /** Writes of the operation's own records, after the contract's (inside the transaction). */
  write?: (tx: Db, ctx: { userId: string; eventIds: number[] }) => Promise<void>;
};

const PRICING_OPS = new Set<string>([
  'basis_set',
  'futures_set',
  'pricing_addenda',
  'structured_addendum',
  'credit_sale',
  'secondary_obligation',
  'obligation_event',
]);

export function isPricingOperation(input: { op: string }): input is PricingOperationInput {
  return PRICING_OPS.has(input.op);
}

const reasonOf = (input: { reason?: string | undefined }) => (input.reason ? { reason: input.reason } : {});

function refuse(e: unknown): never {
  if (e instanceof PricingRuleError) {
    if (e.code === 'nothing_open') throw new AppError('conflict', e.message);
    throw new AppError('invalid_request', e.message, { fields: { quantity: e.message }, available: e.available });
  }
  throw e;
}

/** The live futures price of the contract's futures month; 409 when there is none. */
async function livePrice(db: Db, c: ContractRowData): Promise<{ price: string; symbol: string; quotedAt: string }> {
  const product = futuresProductForCrop(c.cropId);
  if (!product || !c.optionMonth)
    throw new AppError('conflict', 'This contract has no futures month with a live price: type the futures price.');
  const symbol = futuresSymbol(product.root, c.optionMonth);
  const quote = (await latestQuotes(db, [symbol])).get(symbol);
  if (!quote) throw new AppError('conflict', `No live price for ${symbol} right now: type the futures price.`);
  return { price: decimalString(toDecimal(quote.last)), symbol, quotedAt: quote.quotedAt };
}

/** The new stored figures after a pricing plan: averages, priced quantity, price status, status, terms hash. */
function pricingPatch(c: ContractRowData, plan: PricingPlan): ContractTermsPatch {
  const p = plan.pricing;
  const status = contractStatus({
    quantity: c.quantity,
    deliveredQuantity: c.deliveredQuantity,
    cancelledQuantity: c.cancelledQuantity,
    pricedQuantity: p.pricedQuantity,
  });
  const terms = {
    contractType: c.contractType,
    direction: c.direction,
    cropId: c.cropId,
    cropYear: c.cropYear,
    quantity: c.quantity,
    cancelledQuantity: c.cancelledQuantity,
    deliveryStart: c.deliveryStart,
    deliveryEnd: c.deliveryEnd,
    optionMonth: c.optionMonth,
    futuresPrice: p.averageFutures,
    basis: p.averageBasis,
    cashPrice: p.averageCash,
    offerPrice: c.offerPrice,
    strike: c.strike,
    callOptionFee: c.callOptionFee,
    expiration: c.expiration,
    mpOption: c.mpOption,
  };
  return {
    futuresPrice: p.averageFutures,
    basis: p.averageBasis,
    cashPrice: p.averageCash,
    pricedQuantity: p.pricedQuantity,
    priceStatus: p.priceStatus,
    status,
    termsHash: sha256(contractTermsText(terms)),
  };
}

async function currentEvents(db: Db, c: ContractRowData): Promise<StoredPricingEvent[]> {
  const stored = await listPricingEvents(db, c.id);
  if (stored.length > 0)
    return stored.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      futuresPrice: e.futuresPrice,
      basis: e.basis,
      cashPrice: e.cashPrice,
    }));
  return baselineEvents(c);
}

function pricingDetails(c: ContractRowData, plan: PricingPlan, extra: Record<string, unknown>) {
  return {
    ...extra,
    completedQuantity: plan.completedQuantity,
    averages: {
      futures: plan.pricing.averageFutures,
      basis: plan.pricing.averageBasis,
      cash: plan.pricing.averageCash,
      pricedQuantity: plan.pricing.pricedQuantity,
    },
    priceStatus: { from: c.priceStatus, to: plan.pricing.priceStatus },
  };
}

/** Basis set or futures set (typed, or at the live quote of the contract's month). */
async function planHalf(
  db: Db,
  c: ContractRowData,
  input: Extract<PricingOperationInput, { op: 'basis_set' | 'futures_set' }>,
): Promise<OperationPlan> {
  const quantities = { quantity: c.quantity, cancelledQuantity: c.cancelledQuantity };
  const events = await currentEvents(db, c);
  let plan: PricingPlan;
  const extra: Record<string, unknown> = { quantity: decimalString(toDecimal(input.quantity)), ...reasonOf(input) };
  try {
    if (input.op === 'basis_set') {
      plan = planBasisSet(quantities, events, input);
      extra.basis = decimalString(toDecimal(input.basis));
    } else {
      let futuresPrice = input.futuresPrice;
      if (input.useLivePrice) {
        const live = await livePrice(db, c);
        futuresPrice = live.price;
        extra.livePrice = { symbol: live.symbol, quotedAt: live.quotedAt };
      }
      plan = planFuturesSet(quantities, events, { quantity: input.quantity, futuresPrice: futuresPrice! });
      extra.futuresPrice = decimalString(toDecimal(futuresPrice!));
    }
  } catch (e) {
    refuse(e);
  }
  return {
    patch: pricingPatch(c, plan),
    eventUpdates: plan.updates,
    eventInserts: plan.inserts,
    details: pricingDetails(c, plan, extra),
  };
}

/** Plans a pricing operation on the locked contract (409 when its state refuses it, 400 when the input does not fit). */
export async function planPricingOperation(
  db: Db,
  c: ContractRowData,
  input: PricingOperationInput,
  today: string,
): Promise<OperationPlan> {
  if (c.status !== 'open' && input.op !== 'credit_sale' && input.op !== 'obligation_event')
    throw new AppError('conflict', `Contract ${c.displayContractId} is ${c.status}: it can no longer be changed.`);
  const quantities = { quantity: c.quantity, cancelledQuantity: c.cancelledQuantity };
  const none = { eventUpdates: [], eventInserts: [] };

  switch (input.op) {
    case 'basis_set':
    case 'futures_set':
      return planHalf(db, c, input);
    case 'pricing_addenda': {
      const events = await currentEvents(db, c);
      let plan: ReturnType<typeof planPricingAddendum>;
      try {
        plan = planPricingAddendum(quantities, events, input);
      } catch (e) {
        refuse(e);
      }
      const n = (await countAddenda(db, c.id)) + 1;
      const display = displayAddendumId(c.displayContractId, n);
      const fresh = plan.inserts[plan.inserts.length - 1]!;
      return {
        patch: pricingPatch(c, plan),
        eventUpdates: [],
        eventInserts: plan.inserts,
        details: pricingDetails(c, plan, {
          addendum: display,
          quantity: fresh.quantity,
          futuresPrice: fresh.futuresPrice,
          basis: fresh.basis,
          cashPrice: plan.cashPrice,
          ...reasonOf(input),
        }),
        write: async (tx, { userId, eventIds }) => {
          await insertAddendum(tx, {
            contractId: c.id,
            kind: 'pricing',
            displayAddendumId: display,
            quantity: fresh.quantity,
            futuresPrice: fresh.futuresPrice,
            basis: fresh.basis,
            cashPrice: plan.cashPrice,
            pricingEventId: eventIds[eventIds.length - 1] ?? null,
            createdBy: userId,
          });
        },
      };
    }
    case 'structured_addendum': {
      const n = (await countAddenda(db, c.id)) + 1;
      const display = displayAddendumId(c.displayContractId, n);
      return {
        patch: {},
        ...none,
        details: { addendum: display, name: input.name, terms: input.terms, ...reasonOf(input) },
        write: async (tx, { userId }) => {
          await insertAddendum(tx, {
            contractId: c.id,
            kind: 'structured',
            displayAddendumId: display,
            name: input.name,
            terms: input.terms,
            createdBy: userId,
          });
        },
      };
    }
    case 'credit_sale': {
      if (c.status === 'cancelled')
        throw new AppError('conflict', `Contract ${c.displayContractId} is cancelled: it can no longer be changed.`);
      const refusal = creditSaleRefusal(c, input.deferredPaymentDate, today);
      if (refusal) {
        if (refusal.status === 409) throw new AppError('conflict', refusal.message);
        throw new AppError('invalid_request', refusal.message, {
          fields: { deferredPaymentDate: refusal.message },
        });
      }
      return {
        patch: { deferredPaymentDate: input.deferredPaymentDate },
        ...none,
        details: { deferredPaymentDate: input.deferredPaymentDate, ...reasonOf(input) },
      };
    }
    case 'secondary_obligation': {
      const quantity = decimalString(toDecimal(input.quantity));
      return {
        patch: {},
        ...none,
        details: { kind: input.kind, quantity, dueDate: input.dueDate, description: input.description ?? null },
        write: async (tx, { userId }) => {
          const obligationId = await insertObligation(tx, {
            contractId: c.id,
            kind: input.kind,
            quantity,
            dueDate: input.dueDate,
            description: input.description ?? null,
            createdBy: userId,
          });
          await insertObligationEvent(tx, { obligationId, action: 'created', createdBy: userId });
        },
      };
    }
    case 'obligation_event': {
      const obligation = await lockObligation(db, c.id, input.obligationId);
      if (!obligation) throw new AppError('not_found', `No obligation ${input.obligationId} on this contract.`);
      const next = obligationStatusAfter(obligation.status, input.action);
      if (!next) throw new AppError('conflict', `The obligation is ${obligation.status} already.`);
      return {
        patch: {},
        ...none,
        details: {
          obligationId: obligation.id,
          kind: obligation.kind,
          action: input.action,
          status: { from: obligation.status, to: next },
          ...(input.note ? { note: input.note } : {}),
        },
        write: async (tx, { userId }) => {
          await setObligationStatus(tx, obligation.id, next);
          await insertObligationEvent(tx, {
            obligationId: obligation.id,
            action: input.action,
            note: input.note ?? null,
            createdBy: userId,
          });
        },
      };
    }
  }
}

export { insertPricingEvent };
