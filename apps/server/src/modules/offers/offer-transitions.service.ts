// Offer transitions (issue 5; docs/decisions/019). The state machine is the domain's (offerTransition); here every
// transition runs in one transaction that locks the offer (SELECT … FOR UPDATE), decides, writes the offer at (id,
// version, status) and an offer_events row — so two buyers accepting at once: the second waits on the lock, then finds
// the offer filled and gets 409. Filling creates a priced flat contract at the target, counts it against the bid's
// cap (the bid locked after the offer, always in that order), links the contract and notifies the farmer.

import {
  contractTermsText,
  endOfDayInZone,
  fitsBidCap,
  isOfferExpiryAllowed,
  offerFillTerms,
  offerTransition,
  toDecimal,
  type ContractTerms,
  type OfferAction,
  type OfferEditInput,
  type OfferRefusal,
  type OfferStatus,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import { marketToday, marketZone } from '../../platform/crm-access.ts';
import {
  findOffer,
  insertOfferEvent,
  lockOffer,
  updateOffer,
  type LockedOffer,
  type OfferPatch,
} from './offers.repo.ts';
import { addContracted, findBid, findMarket, lockBid, type BidData } from './offer-bids.repo.ts';
import { nextContractNumber } from '../contract-writing/contract-writing.public.ts';
import { clientEsignEligible, insertContract } from './offer-contracts.repo.ts';
import { publishOfferChanges, type OfferChange } from './offer-events.ts';
import type { Caller } from './offer-callers.ts';
import { noticeFor, notifyFarmer } from './offer-notices.service.ts';
import { currentCashOf } from './offer-view.ts';

// ---------------------------------------------------------------------------------------------------
// Refusals → errors

const VERBS: Partial<Record<OfferAction, string>> = {
  accept: 'accepted',
  cancel: 'cancelled',
  approve: 'approved',
  reject: 'rejected',
  edit: 'edited',
  reset_price_hit: 'reset',
};

const STATUS_WORDS: Record<OfferStatus, string> = {
  pending_approval: 'waiting for approval',
  working: 'working',
  price_hit: 'price hit',
  filled: 'filled',
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
};

function refusalError(action: OfferAction, refusal: OfferRefusal, status: OfferStatus): AppError {
  const verb = VERBS[action] ?? action;
  switch (refusal) {
    case 'not_allowed':
      return new AppError('forbidden', `You may not do this with an offer.`, { reason: refusal, action });
    case 'price_not_hit':
      return new AppError(
        'conflict',
        `The bid's cash price has not reached this offer's target: it cannot be ${verb} yet.`,
        { reason: refusal, action, status },
      );
    case 'expired':
      return new AppError('conflict', `This offer has expired: it can no longer be ${verb}.`, {
        reason: refusal,
        action,
        status,
      });
    default:
      return new AppError('conflict', `This offer is ${STATUS_WORDS[status]}: it can no longer be ${verb}.`, {
        reason: refusal,
        action,
        status,
      });
  }
}

export function capError(bid: BidData): AppError {
  return new AppError(
    'conflict',
    `This bid has no room left for that quantity (it buys at most ${toDecimal(bid.quantityCap ?? '0').toFixed(0)} ${bid.quantityUnit}).`,
    {
      reason: 'bid_cap_exceeded',
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Transitions

/** Fills a locked offer into a contract (inside the transaction): cap, contract, bid's contracted quantity. */
async function fillLocked(
  tx: Db,
  locked: LockedOffer,
  now: Date,
): Promise<{ contractId: number; displayContractId: string; bid: BidData; terms: ReturnType<typeof offerFillTerms> }> {
  const bid = await lockBid(tx, locked.instrumentId);
  if (!bid) throw new AppError('not_found', `No bid ${locked.instrumentId}.`);
  if (!fitsBidCap(bid.quantityCap, bid.quantityContracted, locked.quantity)) throw capError(bid);
  const market = await findMarket(tx, locked.marketId);
  if (!market) throw new AppError('not_found', `No market ${locked.marketId}.`);
  const terms = offerFillTerms(locked.targetCashPrice, bid);
  const contractTerms: ContractTerms = {
    contractType: 'flat',
    direction: 'purchase',
    cropId: locked.cropId,
    cropYear: locked.cropYear,
    quantity: locked.quantity,
    cancelledQuantity: '0',
    deliveryStart: bid.deliveryStart,
    deliveryEnd: bid.deliveryEnd,
    optionMonth: bid.optionMonth,
    futuresPrice: terms.futuresPrice,
    basis: terms.basis,
    cashPrice: terms.cashPrice,
    offerPrice: locked.targetCashPrice,
    strike: null,
    callOptionFee: null,
    expiration: null,
    mpOption: null,
  };
  const contract = await insertContract(
    tx,
    {
      partnerId: locked.partnerId,
      marketId: locked.marketId,
      clientId: locked.clientId,
      displayContractId: await nextContractNumber(tx, locked.partnerId),
      contractType: 'flat',
      direction: 'purchase',
      cropId: locked.cropId,
      cropYear: locked.cropYear,
      status: 'open',
      quantity: locked.quantity,
      quantityUnit: locked.quantityUnit,
      pricedQuantity: locked.quantity,
      deliveryStart: bid.deliveryStart,
      deliveryEnd: bid.deliveryEnd,
      optionMonth: bid.optionMonth,
      futuresPrice: terms.futuresPrice,
      basis: terms.basis,
      cashPrice: terms.cashPrice,
      priceStatus: 'priced',
      offerPrice: locked.targetCashPrice,
      description: `Filled offer ${locked.id}`,
      esignEligible: await clientEsignEligible(tx, locked.clientId),
      termsHash: sha256(contractTermsText(contractTerms)),
      contractDate: marketToday(market, now),
      createdAt: now,
      updatedAt: now,
    },
    {
      quantity: locked.quantity,
      futuresPrice: terms.futuresPrice,
      basis: terms.basis,
      cashPrice: terms.cashPrice,
      at: now,
    },
  );
  await addContracted(tx, locked.instrumentId, locked.quantity, now);
  return { contractId: contract.id, displayContractId: contract.displayContractId, bid, terms };
}

export type TransitionRequest = {
  offerId: number;
  action: Exclude<OfferAction, 'place' | 'expire'>;
  caller: Caller;
  /** Checks the caller may touch this offer (404 / 403), on the locked row. */
  authorize: (locked: LockedOffer) => void;
  ifMatch?: number | null;
  edit?: OfferEditInput;
  now: Date;
  /** Auto-fill after a price hit (the watcher, when the market says so). */
  autoFill?: boolean;
  /**
   * The origin of the request that caused it (none for the watcher's ticks): a farmer's becomes the offer's
   * link origin; otherwise it is the e-mail links' host only for an offer no farmer placed or edited.
   */
  origin?: string | null;
};

export type TransitionResult = { offerId: number; status: OfferStatus; changed: boolean; changes: OfferChange[] };

/**
 * One transition in one transaction. The offer is locked first, then (to fill) its bid. A refusal throws (409 and
 * the reason), except for the system's own transitions, which answer `changed: false`.
 */
export async function transition(db: Db, req: TransitionRequest): Promise<TransitionResult> {
  const changes: OfferChange[] = [];
  const result = await db.transaction(async (tx) => {
    const locked = await lockOffer(tx, req.offerId);
    if (!locked) throw new AppError('not_found', `No offer ${req.offerId}.`);
    req.authorize(locked);
    const actor = req.caller.kind;
    const needsCash = req.action === 'accept' || req.action === 'price_hit';
    const bidNow = needsCash ? await findBid(tx, locked.instrumentId) : null;
    const cash = bidNow ? currentCashOf(bidNow) : null;
    const decision = offerTransition({ action: req.action, actor, offer: locked, now: req.now, currentCash: cash });
    if (!decision.ok) {
      if (actor === 'system') return { offerId: locked.id, status: locked.status, changed: false };
      throw refusalError(req.action, decision.refusal, locked.status);
    }
    if (req.ifMatch != null && req.ifMatch !== locked.version) {
      throw new AppError('precondition_failed', undefined, { reason: 'version', version: locked.version });
    }
    const userId = req.caller.userId;
    const change = await changeOf(tx, req, locked, decision.to, cash);
    // A farmer's own action records the host they are on: the offer's later e-mails link there.
    if (actor === 'farmer' && req.origin) change.patch.linkOrigin = req.origin;
    let notice = change.notice;
    const version = await updateOffer(
      tx,
      locked.id,
      { version: locked.version, status: locked.status },
      change.patch,
      req.now,
    );
    if (version === null)
      throw new AppError('conflict', 'The offer was changed by someone else.', { reason: 'changed' });
    await insertOfferEvent(tx, {
      offerId: locked.id,
      action: req.action,
      fromStatus: locked.status,
      toStatus: decision.to,
      userId,
      details: Object.keys(change.details).length ? change.details : null,
      at: req.now,
    });
    changes.push({
      marketId: locked.marketId,
      clientId: locked.clientId,
      offerId: locked.id,
      status: decision.to,
      action: req.action,
    });
    let status = decision.to;
    // Auto-fill: the watcher's hit goes straight on to a contract, in the same transaction, unless the bid is full.
    if (req.action === 'price_hit' && req.autoFill) {
      const contract = await autoFill(tx, locked, version, cash, req.now, changes);
      if (contract !== null) {
        notice = { action: 'fill', contract };
        status = 'filled';
      }
    }
    if (notice) {
      const data = await findOffer(tx, locked.id);
      const n = data ? noticeFor(notice.action, data, req.caller, notice) : null;
      if (data && n) await notifyFarmer(tx, data, n, req.now, req.origin);
    }
    await publishOfferChanges(tx, changes);
    return { offerId: locked.id, status, changed: true };
  });
  return { ...result, changes };
}

type Change = {
  patch: OfferPatch;
  details: Record<string, unknown>;
  notice: { action: OfferAction; cash?: string | null; contract?: string | null } | null;
};

/** What the action writes on the offer (filling first makes the contract), what its event records, and whom it tells. */
async function changeOf(
  tx: Db,
  req: TransitionRequest,
  locked: LockedOffer,
  to: OfferStatus,
  cash: string | null,
): Promise<Change> {
  const userId = req.caller.userId;
  const patch: OfferPatch = { status: to };
  const details: Record<string, unknown> = {};
  let notice: Change['notice'] = null;
  switch (req.action) {
    case 'approve':
      Object.assign(patch, { approvedAt: req.now, approvedBy: userId });
      notice = { action: 'approve' };
      break;
    case 'reject':
      Object.assign(patch, { cancelledAt: req.now, cancelledBy: userId });
      notice = { action: 'reject' };
      break;
    case 'cancel':
      Object.assign(patch, { cancelledAt: req.now, cancelledBy: userId });
      notice = { action: 'cancel' };
      break;
    case 'reset_price_hit':
      Object.assign(patch, { priceHitAt: null, priceHitCash: null });
      break;
    case 'edit': {
      const e = req.edit ?? {};
      if (e.quantity !== undefined) patch.quantity = e.quantity;
      if (e.targetCashPrice !== undefined) patch.targetCashPrice = e.targetCashPrice;
      if (e.note !== undefined) patch.note = e.note ?? null;
      if (e.expiresOn !== undefined) {
        const market = await findMarket(tx, locked.marketId);
        if (!market) throw new AppError('not_found', `No market ${locked.marketId}.`);
        if (!isOfferExpiryAllowed(e.expiresOn, marketToday(market, req.now))) {
          throw new AppError('invalid_request', 'The expiry date must be today or later, within a year.', {
            reason: 'expiry',
          });
        }
        patch.expiresAt = endOfDayInZone(e.expiresOn, marketZone(market));
      }
      Object.assign(details, {
        before: {
          quantity: locked.quantity,
          targetCashPrice: locked.targetCashPrice,
          expiresAt: locked.expiresAt.toISOString(),
        },
        after: e,
      });
      break;
    }
    case 'price_hit':
      Object.assign(patch, { priceHitAt: req.now, priceHitCash: cash });
      details.cash = cash;
      notice = { action: 'price_hit', cash };
      break;
    case 'accept':
    case 'fill': {
      if (locked.status === 'working') {
        // Taken by the buyer before the watcher marked it: record the hit too.
        Object.assign(patch, { priceHitAt: req.now, priceHitCash: cash });
      }
      const filled = await fillLocked(tx, locked, req.now);
      Object.assign(patch, {
        filledAt: req.now,
        contractId: filled.contractId,
        acceptedBy: req.action === 'accept' ? userId : null,
      });
      Object.assign(details, {
        contractId: filled.contractId,
        displayContractId: filled.displayContractId,
        cashPrice: filled.terms.cashPrice,
        futuresPrice: filled.terms.futuresPrice,
        basis: filled.terms.basis,
        marketFutures: filled.bid.futuresLast,
        marketCash: currentCashOf(filled.bid),
      });
      notice = { action: req.action, contract: filled.displayContractId };
      break;
    }
  }
  return { patch, details, notice };
}

/**
 * The watcher's auto-fill of the offer it just marked price-hit (at `version`): the contract, unless the bid is full.
 * Answers the contract's number, or null when the bid had no room.
 */
async function autoFill(
  tx: Db,
  locked: LockedOffer,
  version: number,
  cash: string | null,
  now: Date,
  changes: OfferChange[],
): Promise<string | null> {
  const bid = await findBid(tx, locked.instrumentId);
  if (!bid || !fitsBidCap(bid.quantityCap, bid.quantityContracted, locked.quantity)) return null;
  const relocked = { ...locked, status: 'price_hit' as const, version };
  const filled = await fillLocked(tx, relocked, now);
  const v2 = await updateOffer(
    tx,
    locked.id,
    { version, status: 'price_hit' },
    { status: 'filled', filledAt: now, contractId: filled.contractId },
    now,
  );
  if (v2 === null) throw new AppError('conflict', 'The offer was changed by someone else.');
  await insertOfferEvent(tx, {
    offerId: locked.id,
    action: 'fill',
    fromStatus: 'price_hit',
    toStatus: 'filled',
    userId: null,
    details: {
      contractId: filled.contractId,
      displayContractId: filled.displayContractId,
      cashPrice: filled.terms.cashPrice,
      futuresPrice: filled.terms.futuresPrice,
      basis: filled.terms.basis,
      marketFutures: filled.bid.futuresLast,
      marketCash: cash,
      auto: true,
    },
    at: now,
  });
  changes.push({
    marketId: locked.marketId,
    clientId: locked.clientId,
    offerId: locked.id,
    status: 'filled',
    action: 'fill',
  });
  return filled.displayContractId;
}
