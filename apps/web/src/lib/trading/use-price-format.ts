import {
  DEFAULT_PRICE_NOTATION,
  describeBasis,
  formatBasis,
  formatPrice,
  formatPriceChange,
  type NumberValue,
  type PriceNotationSettings,
  type PriceUnit,
} from '@granary/domain';
import { useMemo } from 'react';
import { usePartner } from '../brand/partner-context';
import { useRegion } from '../i18n/locale';

export type PriceFormat = {
  notation: PriceNotationSettings;
  /** A futures price in the partner's notation ('$4.33½'); '' when missing. */
  futures: (value: NumberValue, unit?: PriceUnit) => string;
  /** A cash price (same notation as futures). */
  cash: (value: NumberValue, unit?: PriceUnit) => string;
  /** A price with its unit: '$4.33½/bu', '$612.50/t'. */
  withUnit: (value: NumberValue, unit?: PriceUnit) => string;
  /** A basis against its futures month: '-45 Z' (cents) or '-$0.45 Z' (dollars). */
  basis: (value: NumberValue, month?: string | null, unit?: PriceUnit) => string;
  /** A basis in words: '45 under Z'. */
  basisWords: (value: NumberValue, month?: string | null) => string;
  /** A signed change: '+3½', 'unch'. */
  change: (value: NumberValue, unit?: PriceUnit) => string;
};

/**
 * Prices as the grain trade writes them, in the notation the partner chose on /crm/administrator and the page's
 * currency (DESIGN.md convention 10). Every page shows futures, cash, basis and change through this hook.
 */
export function usePriceFormat(): PriceFormat {
  const { currency } = useRegion();
  const notation = usePartner().priceNotation ?? DEFAULT_PRICE_NOTATION;
  return useMemo(
    () => ({
      notation,
      futures: (value, unit = 'bushel') => formatPrice(value, { notation: notation.price, currency, unit }),
      cash: (value, unit = 'bushel') => formatPrice(value, { notation: notation.price, currency, unit }),
      withUnit: (value, unit = 'bushel') =>
        formatPrice(value, { notation: notation.price, currency, unit, showUnit: true }),
      basis: (value, month, unit = 'bushel') => formatBasis(value, { notation: notation.basis, month, currency, unit }),
      basisWords: (value, month) => describeBasis(value, month),
      change: (value, unit = 'bushel') => formatPriceChange(value, { notation: notation.price, unit }),
    }),
    [notation, currency],
  );
}
