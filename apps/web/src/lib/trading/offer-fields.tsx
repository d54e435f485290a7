import { isDecimalString, toDecimal } from '@granary/domain';
import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n/t';

/**
 * The fields an offer is edited with (grain-marketing.md 4: quantity, target cash price, good through), and the
 * readings of what is typed that the place-offer dialog (place-offer-dialog.tsx, on the forms library) shares, so both
 * read and check an amount the same way. The edit dialog moves onto the forms library next (decision 032).
 */

const UNIT_SINGULAR: Record<string, string> = { bushels: 'bushel', tonnes: 'tonne' };

/** A positive decimal a person typed ('4.52', '$4.52', '5,000'), as a decimal string; otherwise null. */
export function typedAmount(text: string): string | null {
  const v = text.trim().replace(/,/g, '').replace(/^\$/, '');
  return isDecimalString(v) && toDecimal(v).gt(0) ? v : null;
}

/** 'bushels' → 'bushel', for 'per bushel'. */
export function unitSingular(unit: string): string {
  return UNIT_SINGULAR[unit] ?? unit;
}

/** Whole cents the target stands above (negative: below) the cash price now; null when either is missing. */
export function centsAboveCash(target: string | null, cashPrice: string | null): number | null {
  if (target === null || cashPrice === null) return null;
  return Math.round(toDecimal(target).minus(toDecimal(cashPrice)).times(100).toNumber());
}

export type OfferFieldsState = {
  quantity: string;
  setQuantity: (v: string) => void;
  target: string;
  setTarget: (v: string) => void;
  expiresOn: string;
  setExpiresOn: (v: string) => void;
  /** Set on the first submit: the fields then say what is wrong. */
  touched: boolean;
  setTouched: (v: boolean) => void;
  /** The quantity and target as decimals, null while not valid. */
  quantityValue: string | null;
  targetValue: string | null;
};

/** The offer fields' state, from their first values. */
export function useOfferFields(initial: { quantity: string; target: string; expiresOn: string }): OfferFieldsState {
  const [quantity, setQuantity] = useState(initial.quantity);
  const [target, setTarget] = useState(initial.target);
  const [expiresOn, setExpiresOn] = useState(initial.expiresOn);
  const [touched, setTouched] = useState(false);
  return {
    quantity,
    setQuantity,
    target,
    setTarget,
    expiresOn,
    setExpiresOn,
    touched,
    setTouched,
    quantityValue: typedAmount(quantity),
    targetValue: typedAmount(target),
  };
}

/**
 * Quantity, target cash price and good-through date. With `cashPrice` the target says how many cents it stands
 * above (or below) the cash now; `quantityHelp` is shown under a valid quantity (e.g. what is left under a bid's cap).
 */
export function OfferFields({
  fields,
  quantityUnit,
  cashPrice,
  quantityHelp,
  minDate,
  autoFocus,
}: {
  fields: OfferFieldsState;
  quantityUnit: string;
  cashPrice?: string | null;
  quantityHelp?: string | null;
  minDate?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const { touched, quantityValue: q, targetValue: p } = fields;
  const cents = cashPrice === undefined ? null : centsAboveCash(p, cashPrice);
  return (
    <Stack spacing={2}>
      <TextField
        label={t('offers.field.quantity', { unit: quantityUnit })}
        value={fields.quantity}
        onChange={(e) => fields.setQuantity(e.target.value)}
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={touched && q === null}
        helperText={touched && q === null ? t('offers.field.invalidQuantity') : (quantityHelp ?? ' ')}
      />
      <TextField
        label={t('offers.field.target')}
        value={fields.target}
        onChange={(e) => fields.setTarget(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={touched && p === null}
        helperText={
          touched && p === null
            ? t('offers.field.invalidPrice')
            : cents === null
              ? ' '
              : cents >= 0
                ? t('offers.field.targetHelp', { cents })
                : t('offers.field.targetBelow', { cents: -cents })
        }
      />
      <TextField
        label={t('offers.field.expires')}
        type="date"
        value={fields.expiresOn}
        onChange={(e) => fields.setExpiresOn(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: minDate ? { min: minDate } : undefined }}
      />
    </Stack>
  );
}
