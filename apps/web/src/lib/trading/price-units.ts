import type { PriceUnit } from '@granary/domain';

/**
 * The unit a price is quoted per, from the unit a row carries: a bid's price unit ('bushel', 'tonne') or a contract's
 * quantity unit ('bushels', 'tonnes'). Per-tonne crops (canola) keep dollars and cents; bushels take the notation.
 */
export function priceUnitOf(unit: string | null | undefined): PriceUnit {
  const u = (unit ?? '').trim().toLowerCase();
  return u === 'tonne' || u === 'tonnes' || u === 't' || u === 'mt' ? 'tonne' : 'bushel';
}
