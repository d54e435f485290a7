// Where the checkout's errors show: a refused call's error in its section's card, the view's own errors (live), and
// the refused fields of a new address, contact or licence as one line.

import {
  CHECKOUT_SECTION_OF_ERROR,
  PAYMENT_FAILED_MESSAGE,
  errorSection,
  type CartErrorSection,
  type CheckoutSection,
  type CheckoutView,
} from '@granary/domain';
import { isApiError, type ApiError } from '../../../lib/api/api-error';
import type { useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { checkoutDetails } from './checkout-api';

export type SectionError = { section: CartErrorSection; message: string; partitionKey?: string | null };

const ONE_PER_THING: CartErrorSection[] = ['shipping', 'payment'];

/** A refused call's error and the card it shows in. */
export type PlacedError = { card: CheckoutSection | 'page'; error: SectionError };

/** Where a refused call's error shows: its cart error section, then the checkout card of that section ('page' on top). */
export function placeOfError(e: ApiError): PlacedError {
  const details = checkoutDetails(e);
  const section = errorSection(e.code, (details['section'] as string | undefined) ?? null) ?? 'startOverCheckout';
  const message = e.code === 'payment_failed' ? PAYMENT_FAILED_MESSAGE : e.message;
  return {
    card: CHECKOUT_SECTION_OF_ERROR[section],
    error: { section, message, partitionKey: (details['partitionKey'] as string | undefined) ?? null },
  };
}

/**
 * The errors each card shows: the refused calls' first, then the view's own errors of that card not already said.
 * What is still missing in the form (shipping, timing, billing, a licence) is said once the buyer tries to place, not
 * while they fill it in; problems they cannot see otherwise (changed prices, a refused code) are said at once.
 */
export function checkoutErrors(view: CheckoutView, errors: readonly PlacedError[], attempted: boolean) {
  const live: SectionError[] = view.errors
    .filter(
      (e) =>
        attempted ||
        !(['shipping', 'delivery', 'payment', 'ineligible_items'] as CartErrorSection[]).includes(e.section),
    )
    .map((e) => ({ section: e.section, message: e.message, partitionKey: e.partitionKey }))
    .filter((e, i, all) => all.findIndex((x) => x.section === e.section && x.message === e.message) === i);
  // Shipping and payment say one line per missing thing (the refused call's, then the view's others, the same words
  // once); another section's refusal stands for that section's view errors.
  const said = (e: SectionError) =>
    errors.some(
      (x) => x.error.section === e.section && (!ONE_PER_THING.includes(e.section) || x.error.message === e.message),
    );
  const errorsOf = (card: CheckoutSection | 'page') => [
    ...errors.filter((e) => e.card === card).map((e) => e.error),
    ...live.filter((e) => CHECKOUT_SECTION_OF_ERROR[e.section] === card && !said(e)),
  ];
  const needsAdjustment = [...errors.map((e) => e.error), ...live].some((e) => e.section === 'items_need_adjustment');
  return { errorsOf, needsAdjustment };
}

/** The refused fields of a new address, contact or licence, as one line (or the error's message). */
export function fieldProblems(t: ReturnType<typeof useT>, e: unknown): string {
  const fields =
    (isApiError(e) ? (checkoutDetails(e)['fields'] as { field: string; problem: string }[] | undefined) : undefined) ??
    [];
  return fields.length
    ? fields
        .map((x) =>
          t('store.checkout.fieldProblem', {
            field: t(`store.checkout.field.${x.field}` as MessageId),
            problem: x.problem,
          }),
        )
        .join(' · ')
    : (e as Error).message;
}
