import { formatNumber, toDecimal, type Offer } from '@granary/domain';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import type { PriceFormat } from '../../../../lib/trading/use-price-format';
import type { MessageId } from '../../../../lib/i18n/messages';

// How an offer reads: prices in the partner's notation with their unit ('$4.33½/bu': the offers of several crops
// share a list), quantities whole; dates through lib/i18n/use-dates.

export function fmtOfferPrice(value: string | null, offer: Pick<Offer, 'quantityUnit'>, price: PriceFormat): string {
  return value === null ? '' : price.withUnit(value, priceUnitOf(offer.quantityUnit));
}

export function fmtOfferQuantity(value: string): string {
  return formatNumber(value, { maxFractionDigits: 0 });
}

/** The distance to target in words, in the partner's notation: '$0.03 to target', '$0.01½ over target', 'At target'. */
export function distanceOf(
  offer: Pick<Offer, 'distanceToTarget' | 'quantityUnit'>,
  price: PriceFormat,
): { id: MessageId; amount: string; hit: boolean } | null {
  if (offer.distanceToTarget === null) return null;
  const d = toDecimal(offer.distanceToTarget);
  const amount = price.cash(d.abs().toFixed(4), priceUnitOf(offer.quantityUnit));
  if (d.isZero()) return { id: 'offers.distance.at', amount, hit: true };
  return d.gt(0)
    ? { id: 'offers.distance.above', amount, hit: true }
    : { id: 'offers.distance.below', amount, hit: false };
}
