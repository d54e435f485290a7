// Farmer offers as working orders (grain-marketing.md 2 /crm/offers, 4 'Offers and instruments', 7 offer; offers;
// offers/reset-price-hit, 8 'Unable to … offer'). An offer is a farmer's order to sell a quantity against a bid at a
// target cash price until it expires. It works until the bid's cash price reaches the target (price hit), then it is
// filled into a contract — by a buyer's accept, or on its own when the market auto-fills. One state machine serves
// the server (every transition) and the web (which buttons a row shows). docs/decisions/019-offers-as-working-orders.md.

import { z } from 'zod';
import { decimalInSchema, decimalStringSchema, isIsoDate, isoDateSchema, toDecimal, addDays } from '../crm/exact.ts';
import { isOfferPriceHit } from './pricing.ts';

export const OFFER_STATUSES = [
  'pending_approval',
  'working',
  'price_hit',
  'filled',
  'cancelled',
  'expired',
  'rejected',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const offerStatusSchema = z.enum(OFFER_STATUSES);

/** The states an offer still works in (it can be edited, cancelled, hit, filled or expire). */
export const OPEN_OFFER_STATUSES = [
  'pending_approval',
  'working',
  'price_hit',
] as const satisfies readonly OfferStatus[];

export function isOpenOfferStatus(status: OfferStatus): boolean {
  return (OPEN_OFFER_STATUSES as readonly string[]).includes(status);
}

export const OFFER_ACTIONS = [
  'place',
  'approve',
  'reject',
  'edit',
  'cancel',
  'accept',
  'reset_price_hit',
  'price_hit',
  'fill',
  'expire',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Who acts: the farmer (their own offers), a buyer with the market's offers permission, or the system (price watcher, expiry). */
export type OfferActor = 'farmer' | 'buyer' | 'system';

/** The actions a person may take from a screen (the system's are not buttons). */
export const OFFER_USER_ACTIONS = [
  'approve',
  'reject',
  'edit',
  'cancel',
  'accept',
  'reset_price_hit',
] as const satisfies readonly OfferAction[];
export type OfferUserAction = (typeof OFFER_USER_ACTIONS)[number];

type Rule = { from: readonly OfferStatus[]; actors: readonly OfferActor[] };

/**
 * The transitions. `place` starts an offer (working, or pending_approval where the market wants approval).
 * accept: a buyer fills a price-hit offer, or a working one whose bid's cash is at or above the target right now
 * (the watcher may not have ticked yet; the buyer takes it at the target all the same). A price-hit offer cannot be
 * edited: its target was reached, the buyer accepts, resets or cancels it.
 */
const RULES: Record<Exclude<OfferAction, 'place'>, Rule> = {
  approve: { from: ['pending_approval'], actors: ['buyer'] },
  reject: { from: ['pending_approval'], actors: ['buyer'] },
  edit: { from: ['pending_approval', 'working'], actors: ['farmer', 'buyer'] },
  cancel: { from: ['pending_approval', 'working', 'price_hit'], actors: ['farmer', 'buyer'] },
  accept: { from: ['price_hit', 'working'], actors: ['buyer'] },
  reset_price_hit: { from: ['price_hit'], actors: ['buyer'] },
  price_hit: { from: ['working'], actors: ['system'] },
  fill: { from: ['price_hit'], actors: ['system'] },
  expire: { from: ['pending_approval', 'working', 'price_hit'], actors: ['system'] },
};

/** Why a transition is refused: the server's error details.reason, the web's message choice. */
export const OFFER_REFUSALS = [
  'not_allowed',
  'not_open',
  'wrong_state',
  'expired',
  'not_expired',
  'price_not_hit',
] as const;
export type OfferRefusal = (typeof OFFER_REFUSALS)[number];

export type OfferFacts = {
  status: OfferStatus;
  /** ISO instant or Date. */
  expiresAt: string | Date;
  targetCashPrice: string;
};

export type OfferTransitionInput = {
  action: Exclude<OfferAction, 'place'>;
  actor: OfferActor;
  offer: OfferFacts;
  now: Date;
  /** The bid's cash price now (accept of a working offer, price_hit); null when unknown (no quote). */
  currentCash?: string | null;
};

export type OfferTransition = { ok: true; to: OfferStatus } | { ok: false; refusal: OfferRefusal };

function instant(v: string | Date): number {
  return typeof v === 'string' ? Date.parse(v) : v.getTime();
}

/** Whether the offer's expiry has passed (it expires at expiresAt). */
export function isOfferPastExpiry(offer: Pick<OfferFacts, 'expiresAt'>, now: Date): boolean {
  return instant(offer.expiresAt) <= now.getTime();
}

/** The state an offer starts in. */
export function placedOfferStatus(requiresApproval: boolean, actor: OfferActor): OfferStatus {
  // A buyer placing on a farmer's behalf needs no approval: they would be approving their own order.
  return requiresApproval && actor === 'farmer' ? 'pending_approval' : 'working';
}

/** Decides one transition: where it leads, or why it is refused. */
export function offerTransition(input: OfferTransitionInput): OfferTransition {
  const { action, actor, offer, now } = input;
  const rule = RULES[action];
  if (!rule.actors.includes(actor)) return { ok: false, refusal: 'not_allowed' };
  if (!rule.from.includes(offer.status))
    return { ok: false, refusal: isOpenOfferStatus(offer.status) ? 'wrong_state' : 'not_open' };
  const past = isOfferPastExpiry(offer, now);
  if (action === 'expire') return past ? { ok: true, to: 'expired' } : { ok: false, refusal: 'not_expired' };
  if (past) return { ok: false, refusal: 'expired' };
  switch (action) {
    case 'approve':
      return { ok: true, to: 'working' };
    case 'reject':
      return { ok: true, to: 'rejected' };
    case 'edit':
      return { ok: true, to: offer.status };
    case 'cancel':
      return { ok: true, to: 'cancelled' };
    case 'reset_price_hit':
      return { ok: true, to: 'working' };
    case 'fill':
      return { ok: true, to: 'filled' };
    case 'price_hit':
      return isOfferPriceHit(offer.targetCashPrice, input.currentCash ?? null)
        ? { ok: true, to: 'price_hit' }
        : { ok: false, refusal: 'price_not_hit' };
    case 'accept':
      if (offer.status === 'price_hit') return { ok: true, to: 'filled' };
      return isOfferPriceHit(offer.targetCashPrice, input.currentCash ?? null)
        ? { ok: true, to: 'filled' }
        : { ok: false, refusal: 'price_not_hit' };
  }
}

/**
 * The buttons of an offer for a user: the user actions whose transition is allowed now. A working offer's accept
 * shows only when the current cash reaches the target. A farmer acts only on their own offers (`own`).
 */
export function availableOfferActions(
  offer: OfferFacts,
  actor: Exclude<OfferActor, 'system'>,
  now: Date,
  currentCash: string | null,
  own = true,
): OfferUserAction[] {
  if (actor === 'farmer' && !own) return [];
  return OFFER_USER_ACTIONS.filter((action) => offerTransition({ action, actor, offer, now, currentCash }).ok);
}

// ---------------------------------------------------------------------------------------------------
// The status filters of /crm/offers (section 2 list parameter `status`)

export const OFFER_STATUS_FILTERS = ['open', 'price_hit', 'filled', 'canceled', 'expired', 'all'] as const;
export type OfferStatusFilter = (typeof OFFER_STATUS_FILTERS)[number];
export const DEFAULT_OFFER_STATUS_FILTER: OfferStatusFilter = 'open';
export const offerStatusFilterSchema = z.enum(OFFER_STATUS_FILTERS);

export function parseOfferStatusFilter(value: unknown): OfferStatusFilter {
  return typeof value === 'string' && (OFFER_STATUS_FILTERS as readonly string[]).includes(value)
    ? (value as OfferStatusFilter)
    : DEFAULT_OFFER_STATUS_FILTER;
}

/**
 * Which filter shows an offer. Section 4: "A cancelled offer moves to the canceled filter until it expires" — a
 * cancelled (or rejected) offer is under canceled while its expiry is ahead, under expired after. An open offer past
 * its expiry that the sweep has not reached yet is already shown as expired.
 */
export function offerMatchesFilter(
  filter: OfferStatusFilter,
  offer: Pick<OfferFacts, 'status' | 'expiresAt'>,
  now: Date,
): boolean {
  const past = isOfferPastExpiry(offer, now);
  switch (filter) {
    case 'all':
      return true;
    case 'open':
      return isOpenOfferStatus(offer.status) && !past;
    case 'price_hit':
      return offer.status === 'price_hit' && !past;
    case 'filled':
      return offer.status === 'filled';
    case 'canceled':
      return (offer.status === 'cancelled' || offer.status === 'rejected') && !past;
    case 'expired':
      return offer.status === 'expired' || (offer.status !== 'filled' && past);
  }
}

// ---------------------------------------------------------------------------------------------------
// Prices

/** How far the bid's cash is from the target (current − target; ≥ 0 means hit), or null without a cash price. */
export function offerDistanceToTarget(targetCashPrice: string, currentCash: string | null): string | null {
  return currentCash === null ? null : toDecimal(currentCash).minus(toDecimal(targetCashPrice)).toFixed(4);
}

/** The target the farmer's dialog proposes: a nickel above the current cash (an offer below it would fill at once). */
export const SUGGESTED_TARGET_CENTS_ABOVE = 5;

export function suggestedTargetCash(currentCash: string | null): string {
  if (currentCash === null) return '';
  return toDecimal(currentCash)
    .plus(SUGGESTED_TARGET_CENTS_ABOVE / 100)
    .toFixed(2);
}

/**
 * The priced terms of the contract an offer fills into: a flat-price contract at the target cash. On a futures bid
 * the basis is the bid's basis at fill and the futures is what makes futures + basis = target (the futures level the
 * order was filled at, as an elevator books a hit cash offer); on a flat-price bid, cash only.
 */
export function offerFillTerms(
  targetCashPrice: string,
  bid: { basis: string | null; flatPrice: string | null; futuresSymbol: string | null },
): {
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string;
} {
  const cash = toDecimal(targetCashPrice);
  if (bid.flatPrice !== null || bid.futuresSymbol === null || bid.basis === null)
    return { futuresPrice: null, basis: null, cashPrice: cash.toFixed(4) };
  const basis = toDecimal(bid.basis);
  return { futuresPrice: cash.minus(basis).toFixed(4), basis: basis.toFixed(4), cashPrice: cash.toFixed(4) };
}

/** Whether `quantity` more fits under a bid's cap (null: no cap). */
export function fitsBidCap(cap: string | null, contracted: string, quantity: string): boolean {
  return cap === null || toDecimal(contracted).plus(toDecimal(quantity)).lte(toDecimal(cap));
}

// ---------------------------------------------------------------------------------------------------
// Expiry: an offer is good through the end of the expiry date in the market's time zone.

/** Most days ahead an offer may be placed for. */
export const OFFER_MAX_DAYS = 366;

function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a date ends in a zone (23:59:59.999 local), DST-aware. */
export function endOfDayInZone(date: string, timeZone: string): Date {
  if (!isIsoDate(date)) throw new Error(`not a date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  return new Date(guess);
}

/** Whether an expiry date is allowed: today or later, at most OFFER_MAX_DAYS ahead (`today` in the market's zone). */
export function isOfferExpiryAllowed(expiresOn: string, today: string): boolean {
  return isIsoDate(expiresOn) && expiresOn >= today && expiresOn <= addDays(today, OFFER_MAX_DAYS);
}

// ---------------------------------------------------------------------------------------------------
// Calls (zod)

/** Most bushels (or tonnes) in one offer. */
export const OFFER_MAX_QUANTITY = '10000000';
export const OFFER_NOTE_MAX_LENGTH = 500;

const positive = (max: string, what: string) => {
  const outside = `${what} must be above 0 and at most ${max}`;
  return decimalInSchema({ min: '0', minExclusive: true, max, scale: 4, messages: { min: outside, max: outside } });
};

export const offerQuantitySchema = positive(OFFER_MAX_QUANTITY, 'Quantity');
/** A target cash price in the bid's currency per unit: above 0, under 10,000 (canola is quoted per tonne), at most 4 decimals. */
export const offerTargetSchema = positive('9999', 'Target cash price');
const noteSchema = z
  .string()
  .max(OFFER_NOTE_MAX_LENGTH)
  .refine((v) => !v.includes('\u0000'), 'Must not contain NUL characters');

/** Place an offer (POST offer): against a bid, for a client, good through expiresOn (the market's day). */
export const offerPlaceSchema = z.object({
  instrumentId: z.number().int().positive(),
  clientId: z.number().int().positive(),
  quantity: offerQuantitySchema,
  targetCashPrice: offerTargetSchema,
  expiresOn: isoDateSchema,
  note: noteSchema.nullish(),
});
export type OfferPlaceInput = z.infer<typeof offerPlaceSchema>;

/** Edit an open offer (quantity, target, expiry, note); at least one of them. */
export const offerEditSchema = z
  .object({
    quantity: offerQuantitySchema.optional(),
    targetCashPrice: offerTargetSchema.optional(),
    expiresOn: isoDateSchema.optional(),
    note: noteSchema.nullish(),
  })
  .refine(
    (v) =>
      v.quantity !== undefined || v.targetCashPrice !== undefined || v.expiresOn !== undefined || v.note !== undefined,
    {
      message: 'Nothing to change',
    },
  );
export type OfferEditInput = z.infer<typeof offerEditSchema>;

/** offers/reset-price-hit: price-hit offers back to working. */
export const offerResetPriceHitSchema = z.object({ offerIds: z.array(z.number().int().positive()).min(1).max(100) });
export type OfferResetPriceHitInput = z.infer<typeof offerResetPriceHitSchema>;

/** An optional reason on cancel / reject. */
export const offerReasonSchema = z.object({ reason: noteSchema.optional() }).nullish();

const decimal = decimalStringSchema;

export const offerSchema = z.object({
  id: z.number(),
  marketId: z.number(),
  marketName: z.string(),
  instrumentId: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  cropId: z.number(),
  crop: z.string(),
  cropYear: z.number(),
  /** The bid's delivery period label ('Dec 2026'). */
  deliveryPeriod: z.string(),
  deliveryStart: isoDateSchema,
  deliveryEnd: isoDateSchema,
  futuresSymbol: z.string().nullable(),
  quantity: decimal,
  quantityUnit: z.string(),
  targetCashPrice: decimal,
  /** The bid's cash price now (null: no quote). */
  currentCashPrice: decimal.nullable(),
  /** current − target. */
  distanceToTarget: decimal.nullable(),
  status: offerStatusSchema,
  expiresAt: z.string(),
  /** The market's calendar day the offer is good through (it expires at that day's end in the market's zone). */
  expiresOn: isoDateSchema,
  priceHitAt: z.string().nullable(),
  priceHitCash: decimal.nullable(),
  filledAt: z.string().nullable(),
  contractId: z.number().nullable(),
  displayContractId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  placedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  placedByFarmer: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  /** What the caller may do with it now. */
  actions: z.array(z.enum(OFFER_USER_ACTIONS)),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerEventSchema = z.object({
  id: z.number(),
  action: z.string(),
  fromStatus: offerStatusSchema.nullable(),
  toStatus: offerStatusSchema,
  userName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type OfferEvent = z.infer<typeof offerEventSchema>;

export const offerDetailSchema = z.object({ offer: offerSchema, events: z.array(offerEventSchema) });
export type OfferDetail = z.infer<typeof offerDetailSchema>;

export const offerListResponseSchema = z.object({
  rows: z.array(offerSchema),
  totalCount: z.number(),
  /** Counts per filter for the chips. */
  counts: z.record(offerStatusFilterSchema, z.number()),
  paginationToken: z.string().nullable(),
  page: z.number(),
  pageSize: z.number(),
});
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;

export const offerResetResponseSchema = z.object({ offers: z.array(offerSchema) });

/** A bid as the farmer's make-offer dialog sees it. */
export const offerBidSchema = z.object({
  instrumentId: z.number(),
  cropId: z.number(),
  crop: z.string(),
  cropYear: z.number(),
  deliveryPeriod: z.string(),
  deliveryStart: isoDateSchema,
  deliveryEnd: isoDateSchema,
  futuresSymbol: z.string().nullable(),
  futuresPrice: decimal.nullable(),
  basis: decimal.nullable(),
  cashPrice: decimal.nullable(),
  quantityUnit: z.string(),
  offersAllowed: z.boolean(),
  /** What is left under the bid's cap (null: no cap). */
  remainingQuantity: decimal.nullable(),
});
export type OfferBid = z.infer<typeof offerBidSchema>;

export const offerMarketSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  offersEnabled: z.boolean(),
  offersRequireApproval: z.boolean(),
});
export type OfferMarket = z.infer<typeof offerMarketSchema>;

/** GET profit-center/market/:marketId/request-make-offer: what the farmer may offer on at a market. */
export const requestMakeOfferResponseSchema = z.object({
  market: offerMarketSchema,
  today: isoDateSchema,
  clients: z.array(z.object({ id: z.number(), name: z.string() })),
  bids: z.array(offerBidSchema),
});
export type RequestMakeOfferResponse = z.infer<typeof requestMakeOfferResponseSchema>;

/** GET profit-center/offers: the farmer's markets (where their farms sell) and their offers, newest first. */
export const farmerOffersResponseSchema = z.object({
  markets: z.array(offerMarketSchema),
  offers: z.array(offerSchema),
});
export type FarmerOffersResponse = z.infer<typeof farmerOffersResponseSchema>;

/** A default expiry for the dialog: two weeks out. */
export function defaultOfferExpiry(today: string): string {
  return addDays(today, 14);
}
