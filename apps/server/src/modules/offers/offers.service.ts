// Farmer offers as working orders (issue 5; grain-marketing.md 2 /crm/offers, 4 'Offers and instruments', 7 offer;
// offers; offers/reset-price-hit; crop-offers/:id; market/:marketId/request-make-offer). The state machine is the
// domain's (offerTransition); here every transition runs in one transaction that locks the offer (SELECT … FOR
// UPDATE), decides, writes the offer at (id, version, status) and an offer_events row — so two buyers accepting at
// once: the second waits on the lock, then finds the offer filled and gets 409. Filling creates a priced flat
// contract at the target, counts it against the bid's cap (the bid locked after the offer, always in that order),
// links the contract and notifies the farmer. The price watcher (checkOffers) marks working offers price-hit when
// the bid's cash reaches the target, and fills them where the market auto-fills. docs/decisions/019.

import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_ROUNDING_MODE,
  MAX_TOTAL_ROWS,
  availableOfferActions,
  bidCashPrice,
  canUseMySalesLite,
  contractTermsText,
  endOfDayInZone,
  fitsBidCap,
  isOfferExpiryAllowed,
  isoDateInZone,
  isOfferPriceHit,
  isRoundingMode,
  offerDistanceToTarget,
  offerFillTerms,
  offerTransition,
  placedOfferStatus,
  toDecimal,
  type ContractTerms,
  type FarmerOffersResponse,
  type Offer,
  type OfferAction,
  type OfferDetail,
  type OfferEditInput,
  type OfferListResponse,
  type OfferMarket,
  type OfferPlaceInput,
  type OfferRefusal,
  type OfferStatus,
  type OfferStatusFilter,
  type RequestMakeOfferResponse,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { registerJobHandler } from '../../platform/jobs.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import { backgroundLinkOrigin } from '../identity/identity.public.ts';
import {
  hasPermission,
  keysetPage,
  loadCrmActor,
  marketToday,
  marketZone,
  requireClient,
  requireMarket,
  userMarkets,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import {
  addContracted,
  clientEsignEligible,
  clientSellsTo,
  clientUsers,
  countOffers,
  countOffersByFilter,
  expireDueOffers,
  findBid,
  findMarket,
  findOffer,
  insertContract,
  nextContractNumber,
  partnerVhost,
  insertNotification,
  insertOffer,
  insertOfferEvent,
  lockBid,
  lockOffer,
  marketBids,
  marketsOfClients,
  offerEventRows,
  offerPage,
  offersByIds,
  offersOfClients,
  updateOffer,
  workingOffers,
  type BidData,
  type LockedOffer,
  type MarketRow,
  type OfferData,
  type OfferPatch,
} from './offers.repo.ts';
import { publishOfferChanges, type OfferChange } from './offer-events.ts';
import { farmerClients, type FarmerClient } from '../profit-center/profit-center.public.ts';

export type OffersDeps = CrmDeps;

type Buyer = { kind: 'buyer'; actor: CrmActor; userId: string };
type Farmer = { kind: 'farmer'; userId: string; clients: FarmerClient[]; clientIds: number[] };
type Caller = Buyer | Farmer | { kind: 'system'; userId: null };

// ---------------------------------------------------------------------------------------------------
// Callers

async function buyerOf(deps: OffersDeps, request: FastifyRequest): Promise<Buyer> {
  const actor = await loadCrmActor(deps, request);
  return { kind: 'buyer', actor, userId: actor.user.id };
}

const farmers = new WeakMap<FastifyRequest, Promise<Farmer>>();

/** The farmer of a request: My Sales Lite's rule (agronomics experience and the allowing flag), else 403. */
export function farmerOf(ctx: AppContext, request: FastifyRequest): Promise<Farmer> {
  let cached = farmers.get(request);
  if (!cached) {
    cached = (async () => {
      const { user } = await requireSession(ctx, request);
      if (!canUseMySalesLite(user))
        throw new AppError(
          'forbidden',
          'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
        );
      const clients = await farmerClients(ctx.database.db, user.id);
      return { kind: 'farmer' as const, userId: user.id, clients, clientIds: clients.map((c) => c.id) };
    })();
    farmers.set(request, cached);
  }
  return cached;
}

/** The buyer's market of an offer: their partner's (else 404, as an unknown offer), with the offers permission (else 403). */
function requireOffersMarket(actor: CrmActor, marketId: number) {
  return requireMarket(actor, marketId, hasPermission('offers'), 'offers');
}

// ---------------------------------------------------------------------------------------------------
// Rows

function marketName(m: { displayName: string | null; city: string; administrativeAreaLevel1: string }): string {
  return m.displayName ?? `${m.city}, ${m.administrativeAreaLevel1}`;
}

function roundingMode(v: string | null) {
  return v !== null && isRoundingMode(v) ? v : DEFAULT_ROUNDING_MODE;
}

/** The bid's cash price now: flat, or futures + basis by the market's rounding mode; null without a quote. */
export function currentCashOf(b: {
  futuresLast: string | null;
  basis: string | null;
  flatPrice: string | null;
  roundingMode: string | null;
}): string | null {
  return bidCashPrice(
    { futuresPrice: b.futuresLast, basis: b.basis, flatPrice: b.flatPrice },
    roundingMode(b.roundingMode),
  );
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const dec = (v: string | null) => (v === null ? null : toDecimal(v).toFixed(4));

export function offerOf(d: OfferData, caller: Caller, now: Date): Offer {
  const cash = currentCashOf(d);
  const facts = { status: d.status, expiresAt: d.expiresAt, targetCashPrice: d.targetCashPrice };
  const actions =
    caller.kind === 'buyer'
      ? availableOfferActions(facts, 'buyer', now, cash)
      : caller.kind === 'farmer'
        ? availableOfferActions(facts, 'farmer', now, cash, caller.clientIds.includes(d.clientId))
        : [];
  const placedName = [d.placedByFirstName, d.placedByLastName].filter(Boolean).join(' ') || d.placedByEmail;
  return {
    id: d.id,
    marketId: d.marketId,
    marketName: marketName({
      displayName: d.marketDisplayName,
      city: d.marketCity,
      administrativeAreaLevel1: d.marketState,
    }),
    instrumentId: d.instrumentId,
    clientId: d.clientId,
    clientName: d.clientName,
    cropId: d.cropId,
    crop: d.cropName,
    cropYear: d.cropYear,
    deliveryPeriod: d.deliveryPeriod,
    deliveryStart: d.deliveryStart,
    deliveryEnd: d.deliveryEnd,
    futuresSymbol: d.futuresSymbol,
    quantity: toDecimal(d.quantity).toFixed(4),
    quantityUnit: d.quantityUnit,
    targetCashPrice: toDecimal(d.targetCashPrice).toFixed(4),
    currentCashPrice: cash,
    distanceToTarget: offerDistanceToTarget(d.targetCashPrice, cash),
    status: d.status,
    expiresAt: d.expiresAt.toISOString(),
    // The day it ends: a minute before the end instant, in the market's zone.
    expiresOn: isoDateInZone(new Date(d.expiresAt.getTime() - 60_000), marketZone({ timezone: d.marketTimezone })),
    priceHitAt: iso(d.priceHitAt),
    priceHitCash: dec(d.priceHitCash),
    filledAt: iso(d.filledAt),
    contractId: d.contractId,
    displayContractId: d.displayContractId,
    cancelledAt: iso(d.cancelledAt),
    placedBy: d.placedBy && placedName ? { id: d.placedBy, name: placedName } : null,
    // A buyer works for a partner; a farmer does not.
    placedByFarmer: d.placedBy !== null && d.placedByPartnerId === null,
    note: d.note,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    version: d.version,
    actions,
  };
}

function offerMarketOf(m: MarketRow): OfferMarket {
  return {
    id: m.id,
    slug: m.slug,
    name: marketName(m),
    timezone: marketZone(m),
    offersEnabled: m.offersEnabled ?? true,
    offersRequireApproval: m.offersRequireApproval ?? false,
  };
}

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

function capError(bid: BidData): AppError {
  return new AppError(
    'conflict',
    `This bid has no room left for that quantity (it buys at most ${toDecimal(bid.quantityCap ?? '0').toFixed(0)} ${bid.quantityUnit}).`,
    {
      reason: 'bid_cap_exceeded',
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Notifications

type Notice = { topic: string; title: string; body: string; email: boolean };

function fmtMoney(v: string): string {
  return `$${toDecimal(v).toFixed(2)}`;
}

function fmtQty(v: string, unit: string): string {
  return `${Number(toDecimal(v).toFixed(0)).toLocaleString('en-US')} ${unit}`;
}

/** The server's settings the e-mailed links are built from (set when the offers routes register). */
let linkEnv: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'> | null = null;

async function notifyFarmer(db: Db, o: OfferData, notice: Notice, now: Date): Promise<void> {
  const people = await clientUsers(db, o.clientId);
  const link = `/my-sales-lite/bids`;
  // The e-mail needs the whole address (the in-app notification keeps the path).
  const mailedLink =
    notice.email && linkEnv ? `${backgroundLinkOrigin(linkEnv, await partnerVhost(db, o.partnerId))}${link}` : link;
  for (const p of people) {
    await insertNotification(db, {
      userId: p.id,
      topic: notice.topic,
      title: notice.title,
      body: notice.body,
      link,
      at: now,
    });
    if (notice.email) {
      await enqueueMessage(db, {
        channel: 'email',
        recipient: p.email,
        subject: notice.title,
        text: `${p.firstName ? `Hello ${p.firstName},\n\n` : ''}${notice.body}\n\nSee your offers: ${mailedLink}\n`,
        template: notice.topic.replace(/[.:]/g, '_'),
        userId: p.id,
      });
    }
  }
}

function describe(o: OfferData): string {
  return `${fmtQty(o.quantity, o.quantityUnit)} of ${o.cropName} (${o.deliveryPeriod}) at ${fmtMoney(o.targetCashPrice)}`;
}

function noticeFor(
  action: OfferAction,
  o: OfferData,
  caller: Caller,
  extra: { cash?: string | null; contract?: string | null },
): Notice | null {
  const market = marketName({
    displayName: o.marketDisplayName,
    city: o.marketCity,
    administrativeAreaLevel1: o.marketState,
  });
  switch (action) {
    case 'price_hit':
      return {
        topic: 'offers.price_hit',
        title: 'Your offer reached its target',
        body: `Your offer to sell ${describe(o)} at ${market} reached its target${extra.cash ? `: the bid is ${fmtMoney(extra.cash)}` : ''}.`,
        email: true,
      };
    case 'accept':
    case 'fill':
      return {
        topic: 'offers.filled',
        title: 'Your offer was filled',
        body: `Your offer to sell ${describe(o)} at ${market} was filled${extra.contract ? ` as contract ${extra.contract}` : ''}.`,
        email: true,
      };
    case 'approve':
      return {
        topic: 'offers.approved',
        title: 'Your offer is working',
        body: `${market} approved your offer to sell ${describe(o)}.`,
        email: false,
      };
    case 'reject':
      return {
        topic: 'offers.rejected',
        title: 'Your offer was declined',
        body: `${market} declined your offer to sell ${describe(o)}.`,
        email: true,
      };
    case 'cancel':
      return caller.kind === 'buyer'
        ? {
            topic: 'offers.cancelled',
            title: 'Your offer was cancelled',
            body: `${market} cancelled your offer to sell ${describe(o)}.`,
            email: true,
          }
        : null;
    case 'expire':
      return {
        topic: 'offers.expired',
        title: 'Your offer expired',
        body: `Your offer to sell ${describe(o)} at ${market} expired.`,
        email: false,
      };
    default:
      return null;
  }
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

type TransitionRequest = {
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
};

type TransitionResult = { offerId: number; status: OfferStatus; changed: boolean; changes: OfferChange[] };

/**
 * One transition in one transaction. The offer is locked first, then (to fill) its bid. A refusal throws (409 and
 * the reason), except for the system's own transitions, which answer `changed: false`.
 */
async function transition(db: Db, req: TransitionRequest): Promise<TransitionResult> {
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
    const patch: OfferPatch = { status: decision.to };
    const details: Record<string, unknown> = {};
    let notice: { action: OfferAction; cash?: string | null; contract?: string | null } | null = null;
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
    const version = await updateOffer(
      tx,
      locked.id,
      { version: locked.version, status: locked.status },
      patch,
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
      details: Object.keys(details).length ? details : null,
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
      const relocked = { ...locked, status: 'price_hit' as const, version };
      const bid = await findBid(tx, locked.instrumentId);
      if (bid && fitsBidCap(bid.quantityCap, bid.quantityContracted, locked.quantity)) {
        const filled = await fillLocked(tx, relocked, req.now);
        const v2 = await updateOffer(
          tx,
          locked.id,
          { version, status: 'price_hit' },
          { status: 'filled', filledAt: req.now, contractId: filled.contractId },
          req.now,
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
          at: req.now,
        });
        changes.push({
          marketId: locked.marketId,
          clientId: locked.clientId,
          offerId: locked.id,
          status: 'filled',
          action: 'fill',
        });
        notice = { action: 'fill', contract: filled.displayContractId };
        status = 'filled';
      }
    }
    if (notice) {
      const data = await findOffer(tx, locked.id);
      const n = data ? noticeFor(notice.action, data, req.caller, notice) : null;
      if (data && n) await notifyFarmer(tx, data, n, req.now);
    }
    await publishOfferChanges(tx, changes);
    return { offerId: locked.id, status, changed: true };
  });
  return { ...result, changes };
}

// ---------------------------------------------------------------------------------------------------
// The price watcher and expiry

export type CheckOffersOptions = {
  /** Only the offers on these bids / futures symbols (both: either); all working offers when neither. */
  instrumentIds?: number[];
  symbols?: string[];
  now?: Date;
  /**
   * Only offers whose bid was repriced since the offer last changed (its quote ticked, its basis moved): the recurring
   * sweep's view, so an offer a buyer reset stays working until the price moves again.
   */
  repricedOnly?: boolean;
};

export type CheckOffersResult = { expired: number[]; hit: number[]; filled: number[] };

/**
 * The price watcher: moves past-expiry offers to expired, then marks the working offers whose bid's cash is at or
 * above the target price-hit (priceHitCash), filling them where the market auto-fills, and notifies. Safe to run
 * twice at once (in one process or several): each offer's transition re-checks it under its lock, so an offer is hit
 * and filled once. Call it when quotes change (the futures module's onQuotesChanged) and after a bid's basis changes.
 */
export async function checkOffers(db: Db, options: CheckOffersOptions = {}): Promise<CheckOffersResult> {
  const now = options.now ?? new Date();
  const expired = await expireOffers(db, now);
  const candidates = await workingOffers(db, {
    instrumentIds: options.instrumentIds,
    symbols: options.symbols,
    repricedOnly: options.repricedOnly ?? false,
    now,
  });
  const hit: number[] = [];
  const filled: number[] = [];
  const settings = new Map<number, boolean>();
  for (const c of candidates) {
    if (!isOfferPriceHit(c.targetCashPrice, currentCashOf(c))) continue;
    let autoFill = settings.get(c.marketId);
    if (autoFill === undefined) {
      autoFill = (await findMarket(db, c.marketId))?.autoFillOffers ?? false;
      settings.set(c.marketId, autoFill);
    }
    let out: TransitionResult;
    try {
      out = await transition(db, {
        offerId: c.id,
        action: 'price_hit',
        caller: { kind: 'system', userId: null },
        authorize: () => {},
        now,
        autoFill,
      });
    } catch (err) {
      // One offer's failure (rolled back on its own) must not stop the others, nor fail the bid edit or tick that ran this.
      console.error(`[offers] price check of offer ${c.id} failed`, err);
      continue;
    }
    if (!out.changed) continue;
    hit.push(c.id);
    if (out.status === 'filled') filled.push(c.id);
  }
  return { expired, hit, filled };
}

/** Fills a price-hit offer as the system (what auto-fill does; the demo seed). False when it was not price-hit. */
export async function fillOffer(db: Db, offerId: number, now: Date = new Date()): Promise<boolean> {
  const out = await transition(db, {
    offerId,
    action: 'fill',
    caller: { kind: 'system', userId: null },
    authorize: () => {},
    now,
  });
  return out.changed;
}

/** The recurring job: the expiry sweep and the price check of repriced bids, every OFFERS_WATCH_EVERY_MS on some process. */
export const OFFERS_WATCH_JOB = 'offers.watch';
export const OFFERS_WATCH_EVERY_MS = 30_000;

let quotesHooked = false;

/**
 * The watcher's triggers in this process: the recurring job, and the futures module's quotes-changed hook (run once
 * per change across processes) — a tick checks the working offers on the symbols that moved.
 */
export function registerOfferJobs(env: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>): void {
  linkEnv = env;
  if (!quotesHooked) {
    quotesHooked = true;
    onQuotesChanged(async ({ db, symbols, now }) => {
      await checkOffers(db, { symbols, now });
    });
  }
  registerJobHandler(
    OFFERS_WATCH_JOB,
    async ({ db, now }) => {
      await checkOffers(db, { now, repricedOnly: true });
    },
    { everyMs: OFFERS_WATCH_EVERY_MS },
  );
}

/** The expiry sweep: every open offer past its expiry becomes expired (history, notices, events). */
export async function expireOffers(db: Db, now: Date = new Date()): Promise<number[]> {
  const moved = await db.transaction(async (tx) => {
    const rows = await expireDueOffers(tx, now);
    for (const data of await offersByIds(
      tx,
      rows.map((r) => r.id),
    )) {
      const n = noticeFor('expire', data, { kind: 'system', userId: null }, {});
      if (n) await notifyFarmer(tx, data, n, now);
    }
    await publishOfferChanges(
      tx,
      rows.map((r) => ({
        marketId: r.marketId,
        clientId: r.clientId,
        offerId: r.id,
        status: 'expired' as const,
        action: 'expire',
      })),
    );
    return rows;
  });
  return moved.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// Placing

async function placeOffer(
  db: Db,
  caller: Buyer | Farmer,
  input: OfferPlaceInput,
  bid: BidData,
  market: MarketRow,
  now: Date,
): Promise<number> {
  if (bid.deletedAt !== null) throw new AppError('not_found', `No bid ${bid.id}.`);
  if (!bid.offersAllowed || market.offersEnabled === false) {
    throw new AppError('conflict', 'This bid does not take offers.', { reason: 'offers_not_allowed' });
  }
  const today = marketToday(market, now);
  if (!isOfferExpiryAllowed(input.expiresOn, today)) {
    throw new AppError('invalid_request', 'The expiry date must be today or later, within a year.', {
      reason: 'expiry',
    });
  }
  if (!fitsBidCap(bid.quantityCap, bid.quantityContracted, input.quantity)) throw capError(bid);
  const status = placedOfferStatus(market.offersRequireApproval ?? false, caller.kind);
  const id = await db.transaction(async (tx) => {
    const offerId = await insertOffer(tx, {
      partnerId: bid.partnerId,
      marketId: bid.marketId,
      instrumentId: bid.id,
      clientId: input.clientId,
      placedBy: caller.userId,
      cropId: bid.cropId,
      cropYear: bid.cropYear,
      quantity: input.quantity,
      quantityUnit: bid.quantityUnit,
      targetCashPrice: input.targetCashPrice,
      status,
      expiresAt: endOfDayInZone(input.expiresOn, marketZone(market)),
      note: input.note ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await insertOfferEvent(tx, {
      offerId,
      action: 'place',
      fromStatus: null,
      toStatus: status,
      userId: caller.userId,
      details: {
        quantity: input.quantity,
        targetCashPrice: input.targetCashPrice,
        expiresOn: input.expiresOn,
        cash: currentCashOf(bid),
      },
      at: now,
    });
    await publishOfferChanges(tx, [
      { marketId: bid.marketId, clientId: input.clientId, offerId, status, action: 'place' },
    ]);
    return offerId;
  });
  // A target at or below the cash now is hit at once (a working order placed through the market).
  if (status === 'working') await checkOffers(db, { instrumentIds: [bid.id], now });
  return id;
}

async function offerFor(db: Db, id: number, caller: Caller, now: Date): Promise<Offer> {
  const data = await findOffer(db, id);
  if (!data) throw new AppError('not_found', `No offer ${id}.`);
  return offerOf(data, caller, now);
}

// ---------------------------------------------------------------------------------------------------
// Buyer calls (/api/commodities/merchandising: offers, offer, offers/reset-price-hit)

export type OfferListQuery = {
  marketId: number | null;
  status: OfferStatusFilter;
  instrumentId: number | null;
  clientId: number | null;
  page: number;
  pageSize: number;
  paginationToken: string | null;
};

export async function listOffers(
  deps: OffersDeps,
  request: FastifyRequest,
  q: OfferListQuery,
  now = new Date(),
): Promise<OfferListResponse> {
  const buyer = await buyerOf(deps, request);
  const { actor } = buyer;
  let marketId = q.marketId;
  if (marketId === null) {
    const first = userMarkets(actor).find(hasPermission('offers'));
    if (!first) throw new AppError('forbidden', 'You do not have permissions for offers at any market.');
    marketId = first.id;
  }
  requireOffersMarket(actor, marketId);
  const db = deps.ctx.database.db;
  const filter = { marketId, status: q.status, instrumentId: q.instrumentId, clientId: q.clientId, now };
  const [page, counts] = await Promise.all([
    keysetPage<OfferData>(
      deps.ctx,
      q,
      { marketId, status: q.status, instrumentId: q.instrumentId, clientId: q.clientId, pageSize: q.pageSize },
      {
        keyOf: (row) => String(row.id),
        fetch: (after, limit, offset) => offerPage(db, filter, after ? after.id : null, limit, offset),
        count: () => countOffers(db, filter, MAX_TOTAL_ROWS),
      },
    ),
    countOffersByFilter(db, filter),
  ]);
  return {
    rows: page.rows.map((r) => offerOf(r, buyer, now)),
    totalCount: page.totalCount,
    counts,
    paginationToken: page.paginationToken,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** An offer of the buyer's partner at a market where they hold offers, else 404 / 403. */
async function buyerOffer(deps: OffersDeps, buyer: Buyer, id: number): Promise<OfferData> {
  const data = await findOffer(deps.ctx.database.db, id);
  if (!data || data.partnerId !== buyer.actor.partner.id) throw new AppError('not_found', `No offer ${id}.`);
  requireOffersMarket(buyer.actor, data.marketId);
  return data;
}

async function detailOf(db: Db, data: OfferData, caller: Caller, now: Date): Promise<OfferDetail> {
  const events = await offerEventRows(db, data.id);
  return {
    offer: offerOf(data, caller, now),
    events: events.map((e) => ({
      id: e.id,
      action: e.action,
      fromStatus: (e.fromStatus as OfferStatus | null) ?? null,
      toStatus: e.toStatus as OfferStatus,
      userName: [e.firstName, e.lastName].filter(Boolean).join(' ') || e.email || null,
      details: e.details ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function getOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  now = new Date(),
): Promise<OfferDetail> {
  const buyer = await buyerOf(deps, request);
  const data = await buyerOffer(deps, buyer, id);
  return detailOf(deps.ctx.database.db, data, buyer, now);
}

export async function placeOfferAsBuyer(
  deps: OffersDeps,
  request: FastifyRequest,
  input: OfferPlaceInput,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const bid = await findBid(db, input.instrumentId);
  if (!bid || bid.partnerId !== buyer.actor.partner.id || bid.deletedAt !== null)
    throw new AppError('not_found', `No bid ${input.instrumentId}.`);
  requireOffersMarket(buyer.actor, bid.marketId);
  await requireClient(deps, buyer.actor, input.clientId);
  const market = await findMarket(db, bid.marketId);
  if (!market) throw new AppError('not_found', `No market ${bid.marketId}.`);
  const id = await placeOffer(db, buyer, input, bid, market, now);
  return offerFor(db, id, buyer, now);
}

function buyerAuthorize(buyer: Buyer): (locked: LockedOffer) => void {
  return (locked) => {
    if (locked.partnerId !== buyer.actor.partner.id) throw new AppError('not_found', `No offer ${locked.id}.`);
    requireOffersMarket(buyer.actor, locked.marketId);
  };
}

export type BuyerAction = 'accept' | 'cancel' | 'approve' | 'reject';

export async function actOnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  action: BuyerAction,
  ifMatch: number | null,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  // Checked before the lock too, so another partner's id answers 404 without waiting on anyone's lock.
  await buyerOffer(deps, buyer, id);
  await transition(db, { offerId: id, action, caller: buyer, authorize: buyerAuthorize(buyer), ifMatch, now });
  if (action === 'approve') await checkOffers(db, { instrumentIds: [(await findOffer(db, id))!.instrumentId], now });
  return offerFor(db, id, buyer, now);
}

export async function editOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  edit: OfferEditInput,
  ifMatch: number,
  now = new Date(),
): Promise<Offer> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const data = await buyerOffer(deps, buyer, id);
  await transition(db, {
    offerId: id,
    action: 'edit',
    caller: buyer,
    authorize: buyerAuthorize(buyer),
    ifMatch,
    edit,
    now,
  });
  await checkOffers(db, { instrumentIds: [data.instrumentId], now });
  return offerFor(db, id, buyer, now);
}

/** offers/reset-price-hit: each price-hit offer back to working (all of them or none: one transaction each, checked first). */
export async function resetPriceHit(
  deps: OffersDeps,
  request: FastifyRequest,
  ids: number[],
  now = new Date(),
): Promise<Offer[]> {
  const buyer = await buyerOf(deps, request);
  const db = deps.ctx.database.db;
  const unique = [...new Set(ids)];
  for (const id of unique) await buyerOffer(deps, buyer, id);
  for (const id of unique) {
    await transition(db, {
      offerId: id,
      action: 'reset_price_hit',
      caller: buyer,
      authorize: buyerAuthorize(buyer),
      now,
    });
  }
  const rows = await offersByIds(db, unique);
  return rows.map((r) => offerOf(r, buyer, now));
}

// ---------------------------------------------------------------------------------------------------
// Farmer calls (/api/commodities/profit-center: offer, crop-offers/:id, market/:marketId/request-make-offer)

const FARMER_OFFER_LIMIT = 200;

export async function farmerOffers(
  deps: OffersDeps,
  request: FastifyRequest,
  cropId?: number,
  now = new Date(),
): Promise<FarmerOffersResponse> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const [markets, rows] = await Promise.all([
    marketsOfClients(db, farmer.clientIds),
    offersOfClients(db, farmer.clientIds, FARMER_OFFER_LIMIT, cropId),
  ]);
  return { markets: markets.map(offerMarketOf), offers: rows.map((r) => offerOf(r, farmer, now)) };
}

async function farmerOwnOffer(db: Db, farmer: Farmer, id: number): Promise<OfferData> {
  const data = await findOffer(db, id);
  if (!data || !farmer.clientIds.includes(data.clientId)) throw new AppError('not_found', `No offer ${id}.`);
  return data;
}

export async function farmerOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  now = new Date(),
): Promise<OfferDetail> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  return detailOf(db, await farmerOwnOffer(db, farmer, id), farmer, now);
}

export async function requestMakeOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  marketId: number,
  now = new Date(),
): Promise<RequestMakeOfferResponse> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const market = (await marketsOfClients(db, farmer.clientIds)).find((m) => m.id === marketId);
  if (!market) throw new AppError('not_found', `No market ${marketId}.`);
  const bids = await marketBids(db, marketId);
  return {
    market: offerMarketOf(market),
    today: marketToday(market, now),
    clients: farmer.clients.filter((c) => market.clientIds.includes(c.id)).map((c) => ({ id: c.id, name: c.name })),
    bids: bids.map((b) => ({
      instrumentId: b.id,
      cropId: b.cropId,
      crop: b.cropName,
      cropYear: b.cropYear,
      deliveryPeriod: b.name,
      deliveryStart: b.deliveryStart,
      deliveryEnd: b.deliveryEnd,
      futuresSymbol: b.futuresSymbol,
      futuresPrice: dec(b.futuresLast),
      basis: dec(b.basis),
      cashPrice: currentCashOf(b),
      quantityUnit: b.quantityUnit,
      offersAllowed: b.offersAllowed && (market.offersEnabled ?? true),
      remainingQuantity:
        b.quantityCap === null ? null : toDecimal(b.quantityCap).minus(toDecimal(b.quantityContracted)).toFixed(4),
    })),
  };
}

export async function placeOfferAsFarmer(
  deps: OffersDeps,
  request: FastifyRequest,
  input: OfferPlaceInput,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const client = farmer.clients.find((c) => c.id === input.clientId);
  if (!client) throw new AppError('not_found', `No client ${input.clientId}.`);
  const bid = await findBid(db, input.instrumentId);
  // A bid of a market the farm sells to (public or private), of the same partner; any other answers 404.
  if (
    !bid ||
    bid.deletedAt !== null ||
    bid.partnerId !== client.partnerId ||
    !(await clientSellsTo(db, client.id, bid.marketId))
  ) {
    throw new AppError('not_found', `No bid ${input.instrumentId}.`);
  }
  const market = await findMarket(db, bid.marketId);
  if (!market) throw new AppError('not_found', `No market ${bid.marketId}.`);
  const id = await placeOffer(db, farmer, input, bid, market, now);
  return offerFor(db, id, farmer, now);
}

function farmerAuthorize(farmer: Farmer): (locked: LockedOffer) => void {
  return (locked) => {
    if (!farmer.clientIds.includes(locked.clientId)) throw new AppError('not_found', `No offer ${locked.id}.`);
  };
}

export async function cancelOwnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  ifMatch: number | null,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  await farmerOwnOffer(db, farmer, id);
  await transition(db, {
    offerId: id,
    action: 'cancel',
    caller: farmer,
    authorize: farmerAuthorize(farmer),
    ifMatch,
    now,
  });
  return offerFor(db, id, farmer, now);
}

export async function editOwnOffer(
  deps: OffersDeps,
  request: FastifyRequest,
  id: number,
  edit: OfferEditInput,
  ifMatch: number,
  now = new Date(),
): Promise<Offer> {
  const farmer = await farmerOf(deps.ctx, request);
  const db = deps.ctx.database.db;
  const data = await farmerOwnOffer(db, farmer, id);
  await transition(db, {
    offerId: id,
    action: 'edit',
    caller: farmer,
    authorize: farmerAuthorize(farmer),
    ifMatch,
    edit,
    now,
  });
  await checkOffers(db, { instrumentIds: [data.instrumentId], now });
  return offerFor(db, id, farmer, now);
}
