import { formatMoney, formatNumber, type OfferStatus } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';

export function fmtPrice(value: string | null): string {
  return value === null ? '—' : formatMoney(value, { minFractionDigits: 2, maxFractionDigits: 4 });
}

export function fmtSigned(value: string | null): string {
  if (value === null) return '—';
  const text = formatNumber(value, { minFractionDigits: 2, maxFractionDigits: 4 });
  return value.startsWith('-') ? text : `+${text}`;
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
