import { describeAmendment, type HistoryContract, type HistoryEntry } from '@granary/domain';
import { useCallback } from 'react';
import { useT } from '../i18n/t';
import { useDates } from '../i18n/use-dates';
import { priceUnitOf } from './price-units';
import { usePriceFormat } from './use-price-format';

/**
 * A contract's history as sentences (the domain's describeAmendment, which the amendment PDFs use too): 'Basis set to
 * -45 Z on 3,000 bu', 'Futures set at $4.33½ on 2,000 bu', 'Delivered 1,200 bu (ticket T-500123)'. Words from the
 * catalogue (the locale's spelling), prices through the partner's notation (usePriceFormat), days through the
 * locale's (useDates).
 */
export function useContractHistoryText(contract: HistoryContract): (entry: HistoryEntry) => string {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const { optionMonth, quantityUnit } = contract;
  return useCallback(
    (entry: HistoryEntry) =>
      describeAmendment(
        entry,
        { optionMonth, quantityUnit },
        {
          message: (id, values) => t(id, values),
          priceUnit: priceUnitOf(quantityUnit),
          futures: prices.futures,
          cash: prices.cash,
          basis: prices.basis,
          change: prices.change,
          day: dates.day,
        },
      ),
    [t, prices, dates, optionMonth, quantityUnit],
  );
}
