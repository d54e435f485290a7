// Offers as the API shows them (grain-marketing.md 7 offer): the offer with its bid's cash now, the distance to the
// target and the actions the caller may take; the market's offer settings. Pure: no database.

import {
  DEFAULT_ROUNDING_MODE,
  availableOfferActions,
  bidCashPrice,
  isoDateInZone,
  isRoundingMode,
  offerDistanceToTarget,
  toDecimal,
  type Offer,
  type OfferMarket,
} from '@granary/domain';
import { marketZone } from '../../platform/crm-access.ts';
import type { OfferData } from './offers.repo.ts';
import type { MarketRow } from './offer-bids.repo.ts';
import type { Caller } from './offer-callers.ts';

export function marketName(m: { displayName: string | null; city: string; administrativeAreaLevel1: string }): string {
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
export const dec = (v: string | null) => (v === null ? null : toDecimal(v).toFixed(4));

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

export function offerMarketOf(m: MarketRow): OfferMarket {
  return {
    id: m.id,
    slug: m.slug,
    name: marketName(m),
    timezone: marketZone(m),
    offersEnabled: m.offersEnabled ?? true,
    offersRequireApproval: m.offersRequireApproval ?? false,
  };
}
