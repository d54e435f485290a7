import { futuresMonthLetter } from '@granary/domain';
import { useT } from '../../../../lib/i18n/t';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import {
  basisBoundText,
  basisInputText,
  basisMeaning,
  readBasis,
  type BasisReading,
  type BasisUnit,
} from './basis-input';

export type BasisTarget = { unit: BasisUnit; currency: string; futuresSymbol: string | null };

/**
 * A basis input in the partner's basis notation: reads what is typed, says what is wrong in the trade's terms (the
 * bound in cents) or what it means ('-$0.45 · 45 under Z'), and gives a stored basis's text to edit.
 */
export function useBasisInput() {
  const t = useT();
  const notation = usePriceFormat().notation.basis;
  const inCents = (unit: BasisUnit) => unit === 'bushel' && notation === 'cents';
  return {
    read: (text: string, target: BasisTarget): BasisReading => readBasis(text, { ...target, notation }),
    textOf: (basis: string | null, unit: BasisUnit) => basisInputText(basis, unit, notation),
    label: (unitWord: string, currency: string) =>
      notation === 'cents'
        ? t('crm.bids.dialog.basisCents', { unit: unitWord })
        : t('crm.bids.dialog.basis', { currency, unit: unitWord }),
    help: () => t(notation === 'cents' ? 'crm.bids.dialog.basisHelpCents' : 'crm.bids.dialog.basisHelp'),
    /** The message of a reading that cannot be saved; null when it can (or nothing was typed). */
    errorOf: (reading: BasisReading, target: BasisTarget): string | null => {
      switch (reading.state) {
        case 'out_of_range':
          return inCents(target.unit)
            ? t('crm.bids.basis.outOfRangeCents', basisBoundText('bushel'))
            : t('crm.bids.basisEdit.invalid', basisBoundText(target.unit));
        case 'invalid':
          return t(inCents(target.unit) ? 'crm.bids.basis.invalidCents' : 'crm.bids.basis.invalidDollars');
        case 'other_month':
          return t('crm.bids.basis.otherMonth', {
            month: futuresMonthLetter(target.futuresSymbol),
            typed: reading.month,
          });
        default:
          return null;
      }
    },
    meaningOf: (reading: BasisReading, target: BasisTarget): string | null =>
      reading.state === 'ok' ? basisMeaning(reading.value, target) : null,
  };
}
