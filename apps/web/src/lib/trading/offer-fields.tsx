import { isDecimalString, parsePrice, toDecimal } from '@granary/domain';
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../forms/form-fields';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';

/**
 * The fields an offer is placed and edited with (grain-marketing.md 4: quantity, target cash price, good through), on
 * the forms library (decision 032): their schema, the fields themselves, and the readings of what is typed, so the
 * place-offer dialog (place-offer-dialog.tsx) and the CRM's edit dialog read and check an amount the same way.
 */

const UNIT_SINGULAR: Record<string, string> = { bushels: 'bushel', tonnes: 'tonne' };

/** A positive decimal a person typed ('4.52', '$4.52', '5,000'), as a decimal string; otherwise null. */
function typedAmount(text: string): string | null {
  const v = text.trim().replace(/,/g, '').replace(/^\$/, '');
  return isDecimalString(v) && toDecimal(v).gt(0) ? v : null;
}

/**
 * A positive price a person typed, read by the domain's one price parser as the pages write prices ('4.52',
 * '$4.33½', '4.33 1/2', "433'4", '$612.50'), as the decimal string sent; otherwise null.
 */
export function typedPrice(text: string): string | null {
  const v = parsePrice(text);
  return v !== null && toDecimal(v).gt(0) ? v : null;
}

/** 'bushels' → 'bushel', for 'per bushel'. */
export function unitSingular(unit: string): string {
  return UNIT_SINGULAR[unit] ?? unit;
}

/** Whole cents the target stands above (negative: below) the cash price now; null when either is missing. */
function centsAboveCash(target: string | null, cashPrice: string | null): number | null {
  if (target === null || cashPrice === null) return null;
  return Math.round(toDecimal(target).minus(toDecimal(cashPrice)).times(100).toNumber());
}

/** A positive amount typed by a person (read by `read`), as the decimal string sent; otherwise the message id. */
function amount(message: MessageId, read: (text: string) => string | null = typedAmount) {
  return z.string().transform((text, ctx) => {
    const value = read(text);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/** The offer fields' schema, for a form's `z.object` (the place-offer form adds who the offer is for). */
export const offerFieldsShape = {
  quantity: amount('offers.field.invalidQuantity'),
  target: amount('offers.field.invalidPrice', typedPrice),
  expiresOn: z.string(),
};

/** The offer fields as typed. */
type OfferFieldValues = z.input<z.ZodObject<typeof offerFieldsShape>>;

/**
 * Quantity, target cash price and good-through date, inside the form's FormProvider (names `quantity`, `target`,
 * `expiresOn`). With `cashPrice` the target says how many cents it stands above (or below) the cash now;
 * `quantityHelp` is shown under a valid quantity (e.g. what is left under a bid's cap); `minDate` is the first day
 * the date picker offers. A field's message stays while it is typed in (the form re-checks it as typed).
 */
export function OfferFormFields({
  quantityUnit,
  cashPrice,
  quantityHelp,
  minDate,
  children,
}: {
  quantityUnit: string;
  cashPrice?: string | null;
  quantityHelp?: string | null;
  minDate?: string;
  /** Fields shown before the quantity (who the offer is for). */
  children?: ReactNode;
}) {
  const t = useT();
  const target = useWatch<OfferFieldValues, 'target'>({ name: 'target' });
  const cents = cashPrice === undefined ? null : centsAboveCash(typedPrice(target ?? ''), cashPrice);
  return (
    <Stack spacing={2}>
      {children}
      <FormTextField<OfferFieldValues>
        name="quantity"
        keepErrorOnChange
        label={t('offers.field.quantity', { unit: quantityUnit })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        helperText={quantityHelp ?? ' '}
      />
      <FormTextField<OfferFieldValues>
        name="target"
        keepErrorOnChange
        label={t('offers.field.target')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        helperText={
          cents === null
            ? ' '
            : cents >= 0
              ? t('offers.field.targetHelp', { cents })
              : t('offers.field.targetBelow', { cents: -cents })
        }
      />
      <FormTextField<OfferFieldValues>
        name="expiresOn"
        label={t('offers.field.expires')}
        type="date"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: minDate ? { min: minDate } : undefined }}
      />
    </Stack>
  );
}
