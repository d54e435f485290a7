import {
  basisSetSchema,
  creditSaleSchema,
  futuresSetSchema,
  parseBasis,
  parsePrice,
  pricingAddendaSchema,
  secondaryObligationSchema,
  structuredAddendumSchema,
  toDecimal,
} from '@granary/domain';
import { z } from 'zod';
import type { MessageId } from '../../../lib/i18n/messages';
import type { PricingAction } from './pricing-api';

export type PricingField =
  | 'quantity'
  | 'futuresPrice'
  | 'basis'
  | 'name'
  | 'terms'
  | 'deferredPaymentDate'
  | 'kind'
  | 'dueDate'
  | 'description'
  | 'reason';

/** The fields each operation asks for, in order. */
export const PRICING_FIELDS: Readonly<Record<PricingAction, readonly PricingField[]>> = {
  futures_set: ['quantity', 'futuresPrice', 'reason'],
  basis_set: ['quantity', 'basis', 'reason'],
  pricing_addenda: ['quantity', 'futuresPrice', 'basis', 'reason'],
  structured_addendum: ['name', 'terms', 'reason'],
  credit_sale: ['deferredPaymentDate', 'reason'],
  secondary_obligation: ['kind', 'quantity', 'dueDate', 'description'],
};

/** The request schemas the server validates with (packages/domain), one an operation. */
const REQUEST_SCHEMAS: Readonly<Record<PricingAction, z.ZodType<Record<string, unknown>, Record<string, unknown>>>> = {
  futures_set: futuresSetSchema,
  basis_set: basisSetSchema,
  pricing_addenda: pricingAddendaSchema,
  structured_addendum: structuredAddendumSchema,
  credit_sale: creditSaleSchema,
  secondary_obligation: secondaryObligationSchema,
};

/** What the dialog holds: the typed text of every field, and whether the futures go at the live quote. */
const formShape = {
  quantity: z.string(),
  futuresPrice: z.string(),
  basis: z.string(),
  name: z.string(),
  terms: z.string(),
  deferredPaymentDate: z.string(),
  kind: z.string(),
  dueDate: z.string(),
  description: z.string(),
  reason: z.string(),
  useLive: z.boolean(),
};
export type PricingFormValues = { [K in keyof typeof formShape]: z.input<(typeof formShape)[K]> };

export function pricingFormDefaults(action: PricingAction): PricingFormValues {
  return {
    quantity: '',
    futuresPrice: '',
    basis: '',
    name: '',
    terms: '',
    deferredPaymentDate: '',
    kind: action === 'secondary_obligation' ? 'delivery' : '',
    dueDate: '',
    description: '',
    reason: '',
    useLive: false,
  };
}

/** Terms typed one a line, 'name: value' → a record; null when a line has no name. */
function parseTerms(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf(':');
    const name = (at < 0 ? trimmed : trimmed.slice(0, at)).trim();
    if (!name) return null;
    out[name] = at < 0 ? '' : trimmed.slice(at + 1).trim();
  }
  return out;
}

/** A typed quantity ('4,000' → '4000'), or null when it is not a positive number with at most 4 decimals. */
function typedQuantity(text: string): string | null {
  const cleaned = text.trim().replace(/,/g, '');
  return /^\d+(\.\d{1,4})?$/.test(cleaned) && !toDecimal(cleaned).isZero() ? cleaned : null;
}

/**
 * The operation's form: what was typed, read in the partner's notation (prices with parsePrice, the basis with
 * parseBasis), becomes the request body, which the domain's request schema then checks as the server does. Messages
 * are catalogue ids (the form's own) or the domain schema's words.
 */
export function pricingFormSchema(action: PricingAction, basisNotation: 'cents' | 'dollars') {
  const fields = PRICING_FIELDS[action];
  return z
    .object(formShape)
    .transform((values, ctx) => {
      const fail = (field: PricingField, message: MessageId) =>
        ctx.addIssue({ code: 'custom', message, path: [field] });
      const body: Record<string, unknown> = {};
      for (const field of fields) {
        const raw = values[field].trim();
        if (field === 'reason' || field === 'description') {
          if (raw) body[field] = raw;
        } else if (field === 'futuresPrice') {
          if (action === 'futures_set' && values.useLive) body.useLivePrice = true;
          else {
            const price = raw ? parsePrice(raw) : null;
            if (price === null) fail(field, raw ? 'crm.pricing.invalidPrice' : 'crm.pricing.required');
            else body.futuresPrice = price;
          }
        } else if (field === 'basis') {
          const parsed = parseBasis(raw, { notation: basisNotation });
          if (!parsed.ok) fail(field, raw ? 'crm.pricing.invalidBasis' : 'crm.pricing.required');
          else body.basis = parsed.value;
        } else if (field === 'quantity') {
          const quantity = typedQuantity(raw);
          if (quantity === null) fail(field, 'crm.pricing.invalidQuantity');
          else body.quantity = quantity;
        } else if (field === 'terms') {
          const terms = parseTerms(raw);
          if (terms === null) fail(field, 'crm.pricing.invalidTerms');
          else body.terms = terms;
        } else if (!raw) fail(field, 'crm.pricing.required');
        else body[field] = raw;
      }
      return body;
    })
    .pipe(REQUEST_SCHEMAS[action]);
}
