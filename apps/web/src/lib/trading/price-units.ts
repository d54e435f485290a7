import type { PriceUnit } from '@granary/domain';
import type { MessageId } from '../i18n/messages';

/**
 * The unit a price is quoted per, from the unit a row carries: a bid's price unit ('bushel', 'tonne') or a contract's
 * quantity unit ('bushels', 'tonnes'). Per-tonne crops (canola) keep dollars and cents; bushels take the notation.
 */
export function priceUnitOf(unit: string | null | undefined): PriceUnit {
  const u = (unit ?? '').trim().toLowerCase();
  return u === 'tonne' || u === 'tonnes' || u === 't' || u === 'mt' ? 'tonne' : 'bushel';
}

/** The unit of a row's quantities as grids and pages write it: 'bu', 't' (an unknown unit as it came). */
export function quantityUnitText(
  unit: string,
  t: (id: MessageId, values?: Record<string, string | number>) => string,
): string {
  if (unit === 'bushels') return t('crm.lists.unit.bushels');
  if (unit === 'tonnes') return t('crm.lists.unit.tonnes');
  return unit;
}
