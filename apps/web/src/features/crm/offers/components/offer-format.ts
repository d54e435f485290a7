import { formatMoney, formatNumber, toDecimal, type Offer } from '@granary/domain';
import type { MessageId } from '../../../../lib/i18n/messages';

// How an offer reads: prices to the cent (4 decimals when a quarter cent matters), quantities whole; dates through lib/i18n/use-dates.

export function fmtOfferPrice(value: string | null): string {
  return value === null ? '' : formatMoney(value, { minFractionDigits: 2, maxFractionDigits: 4 });
}

export function fmtOfferQuantity(value: string): string {
  return formatNumber(value, { maxFractionDigits: 0 });
}

/** The distance to target in words: '$0.03 to target', '$0.01 over target', 'At target'. */
export function distanceOf(
  offer: Pick<Offer, 'distanceToTarget'>,
): { id: MessageId; amount: string; hit: boolean } | null {
  if (offer.distanceToTarget === null) return null;
  const d = toDecimal(offer.distanceToTarget);
  const amount = formatMoney(d.abs().toFixed(4), { minFractionDigits: 2, maxFractionDigits: 4 });
  if (d.isZero()) return { id: 'offers.distance.at', amount, hit: true };
  return d.gt(0)
    ? { id: 'offers.distance.above', amount, hit: true }
    : { id: 'offers.distance.below', amount, hit: false };
}
