// Contract operations (grain-marketing.md 4 'Contract operations'; behaviour: docs/decisions/013): cancel, partial
// cancel, note, futures roll, basis roll and roll, each an amendment; the terms change under the contract's lock and
// at the version the caller read (If-Match).

import type { FastifyRequest } from 'fastify';
import {
  contractPricing,
  contractQuantities,
  contractStatus,
  contractTermsText,
  decimalString,
  exchangeToday,
  priceStatus,
  rollOptionMonthRefusal,
  toDecimal,
  type ContractAmendmentRow,
  type ContractDetail,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { ifMatchVersion, loadCrmActor, marketToday, partnerMarket, type CrmDeps } from '../../platform/crm-access.ts';
import { type ContractRowData } from './crm-contracts.repo.ts';
import {
  countAmendments,
  findContract,
  insertAmendment,
  listPricingEvents,
  lockContract,
  updateContractTerms,
  updatePricingEvent,
  type ContractTermsPatch,
} from './contract-record.repo.ts';
import { amendmentRow, contractInScope, detailOf } from './contract-detail.service.ts';
import {
  insertPricingEvent,
  isPricingOperation,
  planPricingOperation,
  type OperationPlan,
  type PricingOperationInput,
} from './pricing-operations.service.ts';

export type OperationInput =
  | PricingOperationInput
  | { op: 'cancel'; reason?: string | undefined }
  | { op: 'partial_cancel'; quantity: string; reason?: string | undefined }
  | { op: 'note'; note: string }
  | { op: 'futures_roll'; optionMonth: string; spread: string; reason?: string | undefined }
  | {
      op: 'basis_roll';
      deliveryStart: string;
      deliveryEnd: string;
      basisAdjustment: string;
      reason?: string | undefined;
    }
  | {
      op: 'roll';
      optionMonth: string;
      spread: string;
      deliveryStart: string;
      deliveryEnd: string;
      basisAdjustment: string;
      reason?: string | undefined;
    };

const plus = (a: string | null, b: string): string | null =>
  a === null ? null : decimalString(toDecimal(a).plus(toDecimal(b)));

/**
 * What an operation changes: the new terms (for the row) and the amendment's details. Throws 409 when
 * the contract's state does not allow it, 400 when the input does not fit the contract.
 */
async function planOperation(db: Db, c: ContractRowData, input: OperationInput, today: string): Promise<OperationPlan> {
  if (input.op === 'note') return { patch: null, eventUpdates: [], eventInserts: [], details: { note: input.note } };
  if (isPricingOperation(input)) return planPricingOperation(db, c, input, today);
  if (c.status !== 'open')
    throw new AppError('conflict', `Contract ${c.displayContractId} is ${c.status}: it can no longer be changed.`);
  const change = termsChangeOf(c, input);
  const { cancelled, optionMonth, deliveryStart, deliveryEnd, details } = change;

  const events = await listPricingEvents(db, c.id);
  const eventUpdates = movedPricingEvents(events, change);
  const updatedEvents = events.map((e) => ({ ...e, ...eventUpdates.find((u) => u.id === e.id) }));
  const cancelledQuantity = decimalString(cancelled);
  const pricing = pricingAfter(c, updatedEvents, change, cancelledQuantity);
  const status = contractStatus({
    quantity: c.quantity,
    deliveredQuantity: c.deliveredQuantity,
    cancelledQuantity,
    pricedQuantity: pricing.pricedQuantity ?? c.pricedQuantity,
  });
  const terms = {
    contractType: c.contractType,
    direction: c.direction,
    cropId: c.cropId,
    cropYear: c.cropYear,
    quantity: c.quantity,
    cancelledQuantity,
    deliveryStart,
    deliveryEnd,
    optionMonth,
    futuresPrice: pricing.futuresPrice ?? null,
    basis: pricing.basis ?? null,
    cashPrice: pricing.cashPrice ?? null,
    offerPrice: c.offerPrice,
    strike: c.strike,
    callOptionFee: c.callOptionFee,
    expiration: c.expiration,
    mpOption: c.mpOption,
  };
  details.status = { from: c.status, to: status };
  return {
    patch: {
      ...pricing,
      cancelledQuantity,
      status,
      optionMonth,
      deliveryStart,
      deliveryEnd,
      termsHash: sha256(contractTermsText(terms)),
    },
    eventUpdates,
    eventInserts: [],
    details,
  };
}

type TermsChange = {
  cancelled: ReturnType<typeof toDecimal>;
  optionMonth: string | null;
  deliveryStart: string;
  deliveryEnd: string;
  /** A futures roll's spread: added to the futures of the bushels whose futures are fixed but not yet priced. */
  spread: string;
  /** A basis roll's adjustment: added to every fixed basis and every explicit cash price. */
  basisAdjustment: string;
  details: Record<string, unknown>;
};

/** What a cancel or a roll moves on an open contract, checked against what is left undelivered and unpriced. */
function termsChangeOf(
  c: ContractRowData,
  input: Exclude<OperationInput, { op: 'note' } | PricingOperationInput>,
): TermsChange {
  const q = contractQuantities(c);
  const undelivered = toDecimal(q.undelivered);
  const unpriced = toDecimal(q.unpriced);
  const reason = 'reason' in input && input.reason ? { reason: input.reason } : {};
  let cancelled = toDecimal(c.cancelledQuantity);
  let optionMonth = c.optionMonth;
  let deliveryStart = c.deliveryStart;
  let deliveryEnd = c.deliveryEnd;
  let spread = '0';
  let basisAdjustment = '0';
  const details: Record<string, unknown> = { ...reason };

  switch (input.op) {
    case 'cancel':
      if (!undelivered.greaterThan(0))
        throw new AppError('conflict', 'Nothing is left to cancel: the contract is fully delivered.');
      cancelled = cancelled.plus(undelivered);
      details.cancelledQuantity = decimalString(undelivered);
      break;
    case 'partial_cancel': {
      const amount = toDecimal(input.quantity);
      if (!undelivered.greaterThan(0))
        throw new AppError('conflict', 'Nothing is left to cancel: the contract is fully delivered.');
      if (amount.greaterThan(undelivered))
        throw new AppError(
          'invalid_request',
          `At most the undelivered ${decimalString(undelivered)} can be cancelled.`,
        );
      cancelled = cancelled.plus(amount);
      details.cancelledQuantity = decimalString(amount);
      break;
    }
    default: {
      const rollsFutures = input.op === 'futures_roll' || input.op === 'roll';
      const rollsBasis = input.op === 'basis_roll' || input.op === 'roll';
      if (rollsFutures) {
        if (!unpriced.greaterThan(0))
          throw new AppError('conflict', 'Nothing is left to roll: the contract is fully priced.');
        // Only a month the dialogs offer: the crop's listed futures months after the current one, still trading.
        const refusal = rollOptionMonthRefusal(c.cropId, c.optionMonth, input.optionMonth, exchangeToday());
        if (refusal !== null) throw new AppError('invalid_request', refusal, { fields: { optionMonth: refusal } });
        details.fromOptionMonth = c.optionMonth;
        details.toOptionMonth = input.optionMonth;
        details.spread = input.spread;
        optionMonth = input.optionMonth;
        spread = input.spread;
      }
      if (rollsBasis) {
        if (!undelivered.greaterThan(0))
          throw new AppError('conflict', 'Nothing is left to roll: the contract is fully delivered.');
        if (input.deliveryEnd <= c.deliveryEnd)
          throw new AppError('invalid_request', `A basis roll moves the delivery end past ${c.deliveryEnd}.`);
        details.fromDelivery = `${c.deliveryStart}/${c.deliveryEnd}`;
        details.toDelivery = `${input.deliveryStart}/${input.deliveryEnd}`;
        details.basisAdjustment = input.basisAdjustment;
        deliveryStart = input.deliveryStart;
        deliveryEnd = input.deliveryEnd;
        basisAdjustment = input.basisAdjustment;
      }
    }
  }
  return { cancelled, optionMonth, deliveryStart, deliveryEnd, spread, basisAdjustment, details };
}

type PricingEvent = Awaited<ReturnType<typeof listPricingEvents>>[number];

/**
 * The pricing events the change moves: a futures roll adds the spread to the futures of the bushels whose futures
 * are fixed but not yet priced (an HTA); a basis roll adds the adjustment to every fixed basis and every explicit cash
 * price (cash = futures + basis follows). Priced events keep their futures.
 */
function movedPricingEvents(events: PricingEvent[], { spread, basisAdjustment }: TermsChange) {
  return events
    .map((e) => {
      const futuresOnly = e.futuresPrice !== null && e.basis === null && e.cashPrice === null;
      const futuresPrice = futuresOnly ? plus(e.futuresPrice, spread) : e.futuresPrice;
      const basis = plus(e.basis, basisAdjustment);
      const cashPrice = plus(e.cashPrice, basisAdjustment);
      return {
        id: e.id,
        futuresPrice,
        basis,
        cashPrice,
        changed: futuresPrice !== e.futuresPrice || basis !== e.basis || cashPrice !== e.cashPrice,
      };
    })
    .filter((e) => e.changed)
    .map(({ changed: _changed, ...e }) => e);
}

type Pricing = Pick<ContractTermsPatch, 'futuresPrice' | 'basis' | 'cashPrice' | 'pricedQuantity' | 'priceStatus'>;

/** The contract's pricing after the change: averaged over its pricing events, or its stored figures moved alike. */
function pricingAfter(
  c: ContractRowData,
  updatedEvents: PricingEvent[],
  { cancelled, spread, basisAdjustment }: TermsChange,
  cancelledQuantity: string,
): Pricing {
  if (updatedEvents.length > 0) {
    const p = contractPricing({ quantity: c.quantity, cancelledQuantity }, updatedEvents);
    return {
      futuresPrice: p.averageFutures,
      basis: p.averageBasis,
      cashPrice: p.averageCash,
      pricedQuantity: p.pricedQuantity,
      priceStatus: p.priceStatus,
    };
  } else {
    // A contract recorded without its pricing events (imported): its stored figures move the same way.
    const open = toDecimal(c.quantity).minus(cancelled);
    const futuresOnly = c.priceStatus === 'futures_set';
    return {
      futuresPrice: futuresOnly ? plus(c.futuresPrice, spread) : c.futuresPrice,
      basis: plus(c.basis, basisAdjustment),
      cashPrice: plus(c.cashPrice, basisAdjustment),
      pricedQuantity: c.pricedQuantity,
      priceStatus: priceStatus({
        quantity: c.quantity,
        cancelledQuantity,
        pricedQuantity: c.pricedQuantity,
        futuresOnlyQuantity: futuresOnly ? decimalString(open) : '0',
        basisOnlyQuantity: c.priceStatus === 'basis_set' ? decimalString(open) : '0',
      }),
    };
  }
}

export async function operateOnContract(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
  input: OperationInput,
): Promise<{ contract: ContractDetail; amendment: ContractAmendmentRow; version: number }> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  await contractInScope(deps, actor, clientId, contractId);
  // A note only adds to the record; everything else changes the terms and must name the version it read.
  const expected = input.op === 'note' ? null : ifMatchVersion(request.headers['if-match']);
  // The change, its amendment and its audit record commit together: a refused or failed write leaves none of them.
  const amendment = await db.transaction(async (tx) => {
    const locked = await lockContract(tx, actor.partner.id, contractId);
    if (!locked || locked.clientId !== clientId)
      throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
    if (expected !== null && locked.version !== expected) {
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version });
    }
    const plan = await planOperation(tx, locked, input, marketToday(partnerMarket(actor, locked.marketId)));
    const eventIds: number[] = [];
    if (plan.patch) {
      for (const e of plan.eventUpdates) await updatePricingEvent(tx, e.id, e);
      for (const e of plan.eventInserts) eventIds.push(await insertPricingEvent(tx, { contractId: locked.id, ...e }));
      if (!(await updateContractTerms(tx, locked.id, locked.version, plan.patch))) {
        throw new AppError('precondition_failed', undefined, { currentVersion: locked.version + 1 });
      }
    }
    if (plan.write) await plan.write(tx, { userId: actor.user.id, eventIds });
    const n = (await countAmendments(tx, locked.id)) + 1;
    const inserted = await insertAmendment(tx, {
      contractId: locked.id,
      displayContractAmendmentId: `${locked.displayContractId}-A${n}`,
      action: input.op,
      details: plan.details,
      createdBy: actor.user.id,
    });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: `contract_${input.op}`,
      targetType: 'contract',
      targetId: String(contractId),
      details: { amendment: inserted.displayContractAmendmentId, ...inserted.details },
    });
    return inserted;
  });
  const fresh = await findContract(db, actor.partner.id, contractId);
  if (!fresh) throw new AppError('not_found');
  const market = partnerMarket(actor, fresh.marketId);
  const detail = await detailOf(db, fresh, market);
  return { contract: detail, amendment: amendmentRow(amendment), version: fresh.version };
}
