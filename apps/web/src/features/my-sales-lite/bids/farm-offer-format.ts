import { formatNumber, type OfferStatus } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';
import { priceUnitOf } from '../../../lib/trading/price-units';
import type { PriceFormat } from '../../../lib/trading/use-price-format';

// The farmer's bids and offers in the partner's trade notation (usePriceFormat): cash and targets with their unit
// ('$4.33½/bu'), futures '$4.35¼', basis in cents against the bid's futures month ('-45 Z'); '—' when there is none.

export function fmtPrice(value: string | null, quantityUnit: string, price: PriceFormat): string {
  return value === null ? '—' : price.withUnit(value, priceUnitOf(quantityUnit));
}

export function fmtFutures(value: string | null, quantityUnit: string, price: PriceFormat): string {
  return value === null ? '—' : price.futures(value, priceUnitOf(quantityUnit));
}

/** The basis against the bid's futures symbol ('ZCZ26' → Z). */
export function fmtBasis(
  value: string | null,
  futuresSymbol: string | null,
  quantityUnit: string,
  price: PriceFormat,
): string {
  return value === null ? '—' : price.basis(value, futuresSymbol, priceUnitOf(quantityUnit));
}

export function fmtQuantity(value: string): string {
  return formatNumber(value, { maxFractionDigits: 0 });
}

/** The toast a status change earns the farmer (null: none). */
export const STATUS_TOAST: Partial<Record<OfferStatus, MessageId>> = {
  price_hit: 'offers.toast.price_hit',
  filled: 'offers.toast.filled',
  rejected: 'offers.toast.rejected',
  expired: 'offers.toast.expired',
  working: 'offers.toast.approved',
};
