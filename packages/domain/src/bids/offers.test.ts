import { describe, expect, it } from 'vitest';
import {
  OFFER_STATUSES,
  availableOfferActions,
  endOfDayInZone,
  fitsBidCap,
  isOfferExpiryAllowed,
  offerDistanceToTarget,
  offerEditSchema,
  offerFillTerms,
  offerMatchesFilter,
  offerPlaceSchema,
  offerResetPriceHitSchema,
  offerTransition,
  parseOfferStatusFilter,
  placedOfferStatus,
  suggestedTargetCash,
  type OfferAction,
  type OfferActor,
  type OfferStatus,
} from './offers.ts';

const now = new Date('2026-11-20T15:00:00Z');
const future = '2026-12-01T05:59:59.999Z';
const past = '2026-11-20T14:59:59.999Z';
const offer = (status: OfferStatus, expiresAt = future, targetCashPrice = '4.5000') => ({
  status,
  expiresAt,
  targetCashPrice,
});
const go = (
  action: Exclude<OfferAction, 'place'>,
  actor: OfferActor,
  status: OfferStatus,
  extra: { currentCash?: string | null; expiresAt?: string } = {},
) =>
  offerTransition({
    action,
    actor,
    offer: offer(status, extra.expiresAt),
    now,
    currentCash: extra.currentCash ?? null,
  });

describe('offer state machine', () => {
  it('places working, or pending approval when the market wants it (a buyer placing for a farmer needs none)', () => {
    expect(placedOfferStatus(false, 'farmer')).toBe('working');
    expect(placedOfferStatus(true, 'farmer')).toBe('pending_approval');
    expect(placedOfferStatus(true, 'buyer')).toBe('working');
  });

  it('lets a buyer approve or reject a pending offer, nobody else, and nothing else', () => {
    expect(go('approve', 'buyer', 'pending_approval')).toEqual({ ok: true, to: 'working' });
    expect(go('reject', 'buyer', 'pending_approval')).toEqual({ ok: true, to: 'rejected' });
    expect(go('approve', 'farmer', 'pending_approval')).toEqual({ ok: false, refusal: 'not_allowed' });
    expect(go('reject', 'farmer', 'pending_approval')).toEqual({ ok: false, refusal: 'not_allowed' });
    expect(go('approve', 'buyer', 'working')).toEqual({ ok: false, refusal: 'wrong_state' });
    expect(go('approve', 'buyer', 'filled')).toEqual({ ok: false, refusal: 'not_open' });
  });

  it('edits pending or working offers (farmer or buyer), never a price-hit or closed one', () => {
    expect(go('edit', 'farmer', 'working')).toEqual({ ok: true, to: 'working' });
    expect(go('edit', 'buyer', 'pending_approval')).toEqual({ ok: true, to: 'pending_approval' });
    expect(go('edit', 'buyer', 'price_hit')).toEqual({ ok: false, refusal: 'wrong_state' });
    for (const s of ['filled', 'cancelled', 'expired', 'rejected'] as const)
      expect(go('edit', 'buyer', s)).toEqual({ ok: false, refusal: 'not_open' });
  });

  it('cancels any open offer (farmer or buyer); a closed one is refused', () => {
    for (const s of ['pending_approval', 'working', 'price_hit'] as const) {
      expect(go('cancel', 'farmer', s)).toEqual({ ok: true, to: 'cancelled' });
      expect(go('cancel', 'buyer', s)).toEqual({ ok: true, to: 'cancelled' });
    }
    expect(go('cancel', 'buyer', 'filled')).toEqual({ ok: false, refusal: 'not_open' });
    expect(go('cancel', 'buyer', 'cancelled')).toEqual({ ok: false, refusal: 'not_open' });
    expect(go('cancel', 'system', 'working')).toEqual({ ok: false, refusal: 'not_allowed' });
  });

  it('accepts a price-hit offer, or a working one only when the cash reaches the target now; buyers only', () => {
    expect(go('accept', 'buyer', 'price_hit')).toEqual({ ok: true, to: 'filled' });
    expect(go('accept', 'buyer', 'working', { currentCash: '4.5000' })).toEqual({ ok: true, to: 'filled' });
    expect(go('accept', 'buyer', 'working', { currentCash: '4.4900' })).toEqual({
      ok: false,
      refusal: 'price_not_hit',
    });
    expect(go('accept', 'buyer', 'working', { currentCash: null })).toEqual({ ok: false, refusal: 'price_not_hit' });
    expect(go('accept', 'farmer', 'price_hit')).toEqual({ ok: false, refusal: 'not_allowed' });
    expect(go('accept', 'buyer', 'pending_approval', { currentCash: '9' })).toEqual({
      ok: false,
      refusal: 'wrong_state',
    });
    expect(go('accept', 'buyer', 'filled')).toEqual({ ok: false, refusal: 'not_open' });
  });

  it('resets a price hit back to working (buyer)', () => {
    expect(go('reset_price_hit', 'buyer', 'price_hit')).toEqual({ ok: true, to: 'working' });
    expect(go('reset_price_hit', 'buyer', 'working')).toEqual({ ok: false, refusal: 'wrong_state' });
    expect(go('reset_price_hit', 'farmer', 'price_hit')).toEqual({ ok: false, refusal: 'not_allowed' });
  });

  it('marks price hit when the cash reaches the target (the watcher), and fills a hit offer (auto-fill)', () => {
    expect(go('price_hit', 'system', 'working', { currentCash: '4.5000' })).toEqual({ ok: true, to: 'price_hit' });
    expect(go('price_hit', 'system', 'working', { currentCash: '4.6000' })).toEqual({ ok: true, to: 'price_hit' });
    expect(go('price_hit', 'system', 'working', { currentCash: '4.4999' })).toEqual({
      ok: false,
      refusal: 'price_not_hit',
    });
    expect(go('price_hit', 'system', 'pending_approval', { currentCash: '5' })).toEqual({
      ok: false,
      refusal: 'wrong_state',
    });
    expect(go('price_hit', 'buyer', 'working', { currentCash: '5' })).toEqual({ ok: false, refusal: 'not_allowed' });
    expect(go('fill', 'system', 'price_hit')).toEqual({ ok: true, to: 'filled' });
    expect(go('fill', 'system', 'working')).toEqual({ ok: false, refusal: 'wrong_state' });
  });

  it('expires open offers past their expiry only; past expiry nothing else may happen', () => {
    for (const s of ['pending_approval', 'working', 'price_hit'] as const) {
      expect(go('expire', 'system', s, { expiresAt: past })).toEqual({ ok: true, to: 'expired' });
      expect(go('expire', 'system', s)).toEqual({ ok: false, refusal: 'not_expired' });
    }
    expect(go('expire', 'system', 'filled', { expiresAt: past })).toEqual({ ok: false, refusal: 'not_open' });
    expect(go('accept', 'buyer', 'price_hit', { expiresAt: past })).toEqual({ ok: false, refusal: 'expired' });
    expect(go('cancel', 'farmer', 'working', { expiresAt: past })).toEqual({ ok: false, refusal: 'expired' });
    expect(go('expire', 'buyer', 'working', { expiresAt: past })).toEqual({ ok: false, refusal: 'not_allowed' });
  });

  it('lists the buttons of a row per actor and state', () => {
    expect(availableOfferActions(offer('pending_approval'), 'buyer', now, null)).toEqual([
      'approve',
      'reject',
      'edit',
      'cancel',
    ]);
    expect(availableOfferActions(offer('working'), 'buyer', now, '4.00')).toEqual(['edit', 'cancel']);
    expect(availableOfferActions(offer('working'), 'buyer', now, '4.60')).toEqual(['edit', 'cancel', 'accept']);
    expect(availableOfferActions(offer('price_hit'), 'buyer', now, '4.60')).toEqual([
      'cancel',
      'accept',
      'reset_price_hit',
    ]);
    expect(availableOfferActions(offer('working'), 'farmer', now, '4.60')).toEqual(['edit', 'cancel']);
    expect(availableOfferActions(offer('working'), 'farmer', now, '4.60', false)).toEqual([]);
    expect(availableOfferActions(offer('filled'), 'buyer', now, '4.60')).toEqual([]);
  });
});

describe('status filters', () => {
  it('open = pending, working, price hit (not yet past expiry)', () => {
    const hits = OFFER_STATUSES.filter((s) => offerMatchesFilter('open', offer(s), now));
    expect(hits).toEqual(['pending_approval', 'working', 'price_hit']);
    expect(offerMatchesFilter('open', offer('working', past), now)).toBe(false);
  });

  it('keeps a cancelled offer under canceled until it expires, then under expired', () => {
    expect(offerMatchesFilter('canceled', offer('cancelled'), now)).toBe(true);
    expect(offerMatchesFilter('expired', offer('cancelled'), now)).toBe(false);
    expect(offerMatchesFilter('canceled', offer('cancelled', past), now)).toBe(false);
    expect(offerMatchesFilter('expired', offer('cancelled', past), now)).toBe(true);
    expect(offerMatchesFilter('canceled', offer('rejected'), now)).toBe(true);
  });

  it('filled stays filled; expired holds expired and overdue open ones; all holds everything', () => {
    expect(offerMatchesFilter('filled', offer('filled', past), now)).toBe(true);
    expect(offerMatchesFilter('expired', offer('filled', past), now)).toBe(false);
    expect(offerMatchesFilter('expired', offer('expired'), now)).toBe(true);
    expect(offerMatchesFilter('expired', offer('working', past), now)).toBe(true);
    expect(offerMatchesFilter('price_hit', offer('price_hit'), now)).toBe(true);
    expect(OFFER_STATUSES.every((s) => offerMatchesFilter('all', offer(s), now))).toBe(true);
    expect(parseOfferStatusFilter('canceled')).toBe('canceled');
    expect(parseOfferStatusFilter('bogus')).toBe('open');
  });
});

describe('prices, cap, expiry', () => {
  it('fills at the target: basis from the bid, futures what makes the target; flat bids cash only', () => {
    expect(offerFillTerms('4.5000', { basis: '-0.3500', flatPrice: null, futuresSymbol: 'ZCZ26' })).toEqual({
      futuresPrice: '4.8500',
      basis: '-0.3500',
      cashPrice: '4.5000',
    });
    expect(offerFillTerms('7.25', { basis: null, flatPrice: '7.10', futuresSymbol: null })).toEqual({
      futuresPrice: null,
      basis: null,
      cashPrice: '7.2500',
    });
  });

  it('measures the distance to target and proposes a target a nickel above the cash', () => {
    expect(offerDistanceToTarget('4.50', '4.47')).toBe('-0.0300');
    expect(offerDistanceToTarget('4.50', null)).toBeNull();
    expect(suggestedTargetCash('4.4700')).toBe('4.52');
    expect(suggestedTargetCash(null)).toBe('');
  });

  it('counts against the cap', () => {
    expect(fitsBidCap(null, '999999', '5000')).toBe(true);
    expect(fitsBidCap('10000', '5000', '5000')).toBe(true);
    expect(fitsBidCap('10000', '5000', '5000.0001')).toBe(false);
  });

  it('ends the expiry day in the market zone, across DST', () => {
    expect(endOfDayInZone('2026-12-01', 'America/Chicago').toISOString()).toBe('2026-12-02T05:59:59.999Z');
    expect(endOfDayInZone('2026-07-01', 'America/Chicago').toISOString()).toBe('2026-07-02T04:59:59.999Z');
    expect(endOfDayInZone('2026-12-01', 'America/Regina').toISOString()).toBe('2026-12-02T05:59:59.999Z');
    expect(isOfferExpiryAllowed('2026-11-20', '2026-11-20')).toBe(true);
    expect(isOfferExpiryAllowed('2026-11-19', '2026-11-20')).toBe(false);
    expect(isOfferExpiryAllowed('2027-11-22', '2026-11-20')).toBe(false);
  });
});

describe('call schemas', () => {
  it('takes a well-formed offer and refuses bad numbers', () => {
    const ok = { instrumentId: 1, clientId: 2, quantity: '5000', targetCashPrice: '4.52', expiresOn: '2026-12-01' };
    expect(offerPlaceSchema.safeParse(ok).success).toBe(true);
    expect(offerPlaceSchema.safeParse({ ...ok, quantity: '0' }).success).toBe(false);
    expect(offerPlaceSchema.safeParse({ ...ok, quantity: '-5' }).success).toBe(false);
    expect(offerPlaceSchema.safeParse({ ...ok, quantity: '1e5' }).success).toBe(false);
    expect(offerPlaceSchema.safeParse({ ...ok, targetCashPrice: '4.52001' }).success).toBe(false);
    expect(offerPlaceSchema.safeParse({ ...ok, targetCashPrice: '10000' }).success).toBe(false);
    expect(offerPlaceSchema.safeParse({ ...ok, expiresOn: '2026-13-01' }).success).toBe(false);
    expect(offerEditSchema.safeParse({}).success).toBe(false);
    expect(offerEditSchema.safeParse({ targetCashPrice: '4.60' }).success).toBe(true);
    expect(offerResetPriceHitSchema.safeParse({ offerIds: [] }).success).toBe(false);
  });
});
