// Writing a contract (issue 14; grain-marketing.md 3 'Contract list row', 4 'Contract types and lists'; decision 040):
// the terms of a new or edited contract of each type, the per-type rule table that says which fields a type needs,
// the splits between clients, the field errors (details.fields, platform.md 5.3) and the pricing events a contract
// starts with (decision 013: what is fixed when it is written).

import { z } from 'zod';
import {
  CONTRACT_DIRECTIONS,
  CONTRACT_TYPES,
  contractPricing,
  isContractType,
  type ContractPricing,
} from './contracts.ts';
import type { ContractType, PricingEventInput } from './contracts.ts';
import { decimalInSchema, decimalString, isIsoDate, toDecimal, toDecimalOrNull } from './exact.ts';
import { noNul } from './api-fields.ts';

/** The spec's words for a refused save (grain-marketing.md 8 'CRM'): the fields themselves say what is wrong. */
export const CONTRACT_SAVE_ERROR = 'Error saving contract. Please verify all fields are complete.';

/** How and when the farmer is paid (contracts.payment_terms). */
export const CONTRACT_PAYMENT_TERMS = ['on_settlement', 'net_10', 'net_30', 'deferred'] as const;
export type ContractPaymentTerms = (typeof CONTRACT_PAYMENT_TERMS)[number];

export const CONTRACT_QUANTITY_UNITS = ['bushels', 'tonnes'] as const;

/** A minimum-price-plus contract's added choice (contracts.mp_option, free text): the choices the form offers. */
export const MP_OPTION_CHOICES = ['Premium 10¢', 'Seasonal high', 'Average price', 'Re-own with calls'] as const;

/** How a type treats a field: the writer must give it, may give it, must not give it, or it follows from others. */
export type FieldRule = 'required' | 'optional' | 'forbidden' | 'derived';

/** The fields whose rule depends on the type. */
export const TYPED_FIELDS = [
  'optionMonth',
  'futuresPrice',
  'basis',
  'cashPrice',
  'strike',
  'callOptionFee',
  'expiration',
  'mpOption',
  'pricingPeriodStart',
  'pricingPeriodEnd',
  'paymentTerms',
] as const;
export type TypedField = (typeof TYPED_FIELDS)[number];

const R = 'required' as const;
const O = 'optional' as const;
const F = 'forbidden' as const;
const D = 'derived' as const;

/**
 * The per-type rule table (docs/grain-book.md 'Writing a contract', decision 040). What a type fixes at writing:
 * - flat: futures and basis, so cash = futures + basis (derived: a cash sent must be that sum);
 * - basic_cs (basic credit sale): priced like flat, paid later — payment terms required;
 * - spot: the cash price (futures and basis may be recorded beside it; both given → cash must be their sum);
 * - hta: futures only — the basis is set later (basis set); no cash;
 * - pp (pricing program): the basis, with futures priced in instalments over the pricing period — the "basis
 *   contract": basis fixed, futures open (price status basis_set); the expiration is the period's end;
 * - mp / mp_plus (minimum price): the call option (strike, fee, expiration); the basis may be fixed now or later;
 *   mp_plus adds its option choice and a pricing period.
 * Every type but spot names its futures month (optionMonth); a spot may.
 */
export const CONTRACT_TYPE_RULES: Readonly<Record<ContractType, Readonly<Record<TypedField, FieldRule>>>> = {
  flat: rules({ optionMonth: R, futuresPrice: R, basis: R, cashPrice: D, paymentTerms: O }),
  basic_cs: rules({ optionMonth: R, futuresPrice: R, basis: R, cashPrice: D, paymentTerms: R }),
  spot: rules({ optionMonth: O, futuresPrice: O, basis: O, cashPrice: R, paymentTerms: O }),
  hta: rules({ optionMonth: R, futuresPrice: R, paymentTerms: O }),
  pp: rules({ optionMonth: R, basis: R, pricingPeriodStart: R, pricingPeriodEnd: R, expiration: D, paymentTerms: O }),
  mp: rules({ optionMonth: R, basis: O, strike: R, callOptionFee: R, expiration: R, paymentTerms: O }),
  mp_plus: rules({
    optionMonth: R,
    basis: O,
    strike: R,
    callOptionFee: R,
    expiration: R,
    mpOption: R,
    pricingPeriodStart: R,
    pricingPeriodEnd: R,
    paymentTerms: O,
  }),
};

function rules(given: Partial<Record<TypedField, FieldRule>>): Record<TypedField, FieldRule> {
  return Object.fromEntries(TYPED_FIELDS.map((f) => [f, given[f] ?? F])) as Record<TypedField, FieldRule>;
}

/** Whether the form shows a field for a type (required, optional; a derived cash is shown as a preview only). */
export function contractFieldShown(type: ContractType, field: TypedField): boolean {
  const rule = CONTRACT_TYPE_RULES[type][field];
  return rule === 'required' || rule === 'optional';
}

// ---------------------------------------------------------------------------------------------------
// The request

const OPTION_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(noNul, 'Must not contain NUL characters')
    .nullish()
    .transform((v) => (v ? v : null));
const optionalDate = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isIsoDate(v), 'Enter a date');
const optionalDecimal = (schema: z.ZodType<string>) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v) => (v ? v : null));

const quantity = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: '99999999',
  scale: 4,
  messages: { notANumber: 'Enter a quantity', min: 'Enter a quantity above 0' },
});
const futures = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: '9999',
  scale: 4,
  messages: { notANumber: 'Enter a price', min: 'Enter a price above 0' },
});
/** A basis in currency per unit, within ±5.00 (section 5's ±500 cents). */
const basis = decimalInSchema({
  min: '-5',
  max: '5',
  scale: 4,
  messages: { notANumber: 'Enter a basis', min: 'At most 500 cents under', max: 'At most 500 cents over' },
});
const fee = decimalInSchema({ min: '0', max: '9999', scale: 4, messages: { notANumber: 'Enter an amount' } });
const pct = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: '100',
  scale: 2,
  messages: { notANumber: 'Enter a percentage', min: 'Above 0%', max: 'At most 100%' },
});

export const contractSplitSchema = z.object({ clientId: z.number().int().positive('Choose a client'), pct });
export type ContractSplit = z.output<typeof contractSplitSchema>;

/** Splits: none (the contract's client holds it all), or at least two distinct clients whose shares add up to 100%. */
export const MAX_CONTRACT_SPLITS = 10;

/**
 * The body of POST/PUT …/seller/:clientId/contract[/:contractId]: every field of every type; which must be there
 * and which must not is the type's (contractWriteIssues). Empty strings are "not given".
 */
export const contractWriteSchema = z
  .object({
    contractType: z.enum(CONTRACT_TYPES, 'Choose a contract type'),
    direction: z.enum(CONTRACT_DIRECTIONS, 'Choose purchase or sale'),
    marketId: z.number('Choose a market').int().positive('Choose a market'),
    cropId: z.number('Choose a crop').int().positive('Choose a crop'),
    cropYear: z.number('Choose a crop year').int().min(2000, 'Choose a crop year').max(2100, 'Choose a crop year'),
    quantity,
    quantityUnit: z.enum(CONTRACT_QUANTITY_UNITS).default('bushels'),
    deliveryStart: z.string().refine(isIsoDate, 'Enter a date'),
    deliveryEnd: z.string().refine(isIsoDate, 'Enter a date'),
    optionMonth: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || OPTION_MONTH.test(v), 'Choose a futures month'),
    futuresPrice: optionalDecimal(futures),
    basis: optionalDecimal(basis),
    cashPrice: optionalDecimal(futures),
    strike: optionalDecimal(futures),
    callOptionFee: optionalDecimal(fee),
    expiration: optionalDate,
    mpOption: optionalText(60),
    pricingPeriodStart: optionalDate,
    pricingPeriodEnd: optionalDate,
    paymentTerms: z
      .enum(CONTRACT_PAYMENT_TERMS, 'Choose payment terms')
      .nullish()
      .transform((v) => v ?? null),
    program: optionalText(100),
    description: optionalText(2000),
    splits: z.array(contractSplitSchema).max(MAX_CONTRACT_SPLITS, `At most ${MAX_CONTRACT_SPLITS} clients`).default([]),
    /** The day the contract is written (default the market's today). */
    contractDate: optionalDate,
  })
  .strict();
export type ContractWriteInput = z.input<typeof contractWriteSchema>;
export type ContractWrite = z.output<typeof contractWriteSchema>;

/** Field path → message: what details.fields carries (platform.md 5.3). */
export type ContractFieldErrors = Record<string, string>;

const FIELD_REQUIRED: Record<TypedField, string> = {
  optionMonth: 'Choose a futures month',
  futuresPrice: 'Enter the futures price',
  basis: 'Enter the basis',
  cashPrice: 'Enter the cash price',
  strike: 'Enter the strike',
  callOptionFee: 'Enter the call option fee',
  expiration: 'Enter the expiration',
  mpOption: 'Choose an option',
  pricingPeriodStart: 'Enter the pricing period start',
  pricingPeriodEnd: 'Enter the pricing period end',
  paymentTerms: 'Choose payment terms',
};

/**
 * The rules beyond each field's own shape, for the contract's client `clientId`: the type's table (required fields
 * present, forbidden ones absent, cash = futures + basis where derived), date order, the splits. Empty when valid.
 */
export function contractWriteIssues(clientId: number | null, w: ContractWrite): ContractFieldErrors {
  const out: ContractFieldErrors = typedFieldIssues(w.contractType, w);
  if (w.deliveryStart && w.deliveryEnd && w.deliveryStart > w.deliveryEnd)
    out.deliveryEnd = 'The delivery end must not be before its start';
  if (w.pricingPeriodStart && w.pricingPeriodEnd && w.pricingPeriodStart > w.pricingPeriodEnd)
    out.pricingPeriodEnd = 'The pricing period end must not be before its start';
  const sum = writtenCash(w);
  if (w.cashPrice !== null && sum !== null && !toDecimal(w.cashPrice).equals(toDecimal(sum)) && !out.cashPrice)
    out.cashPrice = `Cash must be futures + basis (${sum})`;
  if (sum !== null && !toDecimal(sum).greaterThan(0) && !out.basis) out.basis = 'Futures + basis must be above 0';
  Object.assign(out, splitIssues(clientId, w.splits));
  return out;
}

/**
 * The type's table on the typed fields: a required field missing, a forbidden one given (null, undefined and '' are
 * "not given"). Also run on a body whose other fields are malformed, so that every missing field shows at once.
 */
export function typedFieldIssues(
  type: ContractType,
  values: Partial<Record<TypedField, unknown>>,
): ContractFieldErrors {
  const out: ContractFieldErrors = {};
  const table = CONTRACT_TYPE_RULES[type];
  for (const field of TYPED_FIELDS) {
    const rule = table[field];
    const v = values[field];
    const given = v !== null && v !== undefined && v !== '';
    if (rule === 'required' && !given) out[field] = FIELD_REQUIRED[field];
    if (rule === 'forbidden' && given) out[field] = `A ${type} contract does not take this field`;
  }
  return out;
}

/** Splits: at least two, each client once (the contract's client among them), shares adding up to exactly 100%. */
export function splitIssues(clientId: number | null, splits: readonly ContractSplit[]): ContractFieldErrors {
  const out: ContractFieldErrors = {};
  if (splits.length === 0) return out;
  if (splits.length === 1) out.splits = 'A split needs at least two clients';
  const seen = new Set<number>();
  splits.forEach((s, i) => {
    if (seen.has(s.clientId)) out[`splits.${i}.clientId`] = 'Each client only once';
    seen.add(s.clientId);
  });
  if (clientId !== null && !seen.has(clientId)) out.splits = "The contract's client must be one of the split";
  const total = splits.reduce((acc, s) => acc.plus(toDecimal(s.pct)), toDecimal(0));
  if (!total.equals(100) && !out.splits) out.splits = `The shares add up to ${decimalString(total)}%, not 100%`;
  return out;
}

/** Validates a body: the parsed terms, or the field errors (zod's and the type's) keyed by dotted path. */
export function parseContractWrite(
  clientId: number | null,
  body: unknown,
): { ok: true; value: ContractWrite } | { ok: false; fields: ContractFieldErrors } {
  const parsed = contractWriteSchema.safeParse(body);
  if (!parsed.success) {
    const raw = (body ?? {}) as Record<string, unknown>;
    const fields: ContractFieldErrors = isContractType(raw.contractType)
      ? typedFieldIssues(raw.contractType, raw as Partial<Record<TypedField, unknown>>)
      : {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'body';
      fields[path] ??= issue.message;
    }
    return { ok: false, fields };
  }
  const fields = contractWriteIssues(clientId, parsed.data);
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: parsed.data };
}

// ---------------------------------------------------------------------------------------------------
// What the contract starts with

/** Futures + basis when the type fixes both (flat, basic_cs; a spot that records both), else null. */
export function writtenCash(w: Pick<ContractWrite, 'futuresPrice' | 'basis'>): string | null {
  const f = toDecimalOrNull(w.futuresPrice);
  const b = toDecimalOrNull(w.basis);
  return f === null || b === null ? null : decimalString(f.plus(b));
}

/** The cash price the contract is written at (the spot's own, else futures + basis), or null while it is open. */
export function contractWriteCash(w: Pick<ContractWrite, 'futuresPrice' | 'basis' | 'cashPrice'>): string | null {
  return w.cashPrice ?? writtenCash(w);
}

/**
 * The pricing events a contract starts with (decision 013): one event over the whole quantity carrying what the type
 * fixes at writing — flat / basic_cs futures, basis and cash; spot its cash (and futures / basis when recorded); hta
 * futures only; pp and a minimum price with a basis, the basis only. None when nothing is fixed (a minimum price
 * without basis).
 */
export function initialPricingEvents(
  w: Pick<ContractWrite, 'contractType' | 'quantity' | 'futuresPrice' | 'basis' | 'cashPrice'>,
): PricingEventInput[] {
  const futuresPrice = w.futuresPrice;
  const basis = w.basis;
  const cash = contractWriteCash(w);
  if (futuresPrice === null && basis === null && cash === null) return [];
  return [{ quantity: w.quantity, futuresPrice, basis, cashPrice: cash }];
}

/** The stored figures of a new contract (futures/basis/cash averages, priced quantity, price status). */
export function writtenPricing(
  w: Pick<ContractWrite, 'contractType' | 'quantity' | 'futuresPrice' | 'basis' | 'cashPrice'>,
  cancelledQuantity = '0',
): ContractPricing {
  return contractPricing({ quantity: w.quantity, cancelledQuantity }, initialPricingEvents(w));
}

/** The expiration stored for a type: a pricing program's is its period's end; the minimum prices' is typed. */
export function writtenExpiration(w: Pick<ContractWrite, 'contractType' | 'expiration' | 'pricingPeriodEnd'>) {
  return w.contractType === 'pp' ? w.pricingPeriodEnd : w.expiration;
}

// ---------------------------------------------------------------------------------------------------
// Responses

/** The writable terms of a contract as the edit form reads them back (GET …/contract/:contractId/terms). */
export const contractTermsResponseSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  displayContractId: z.string(),
  status: z.string(),
  version: z.number().int(),
  esignSent: z.boolean(),
  esignEligible: z.boolean(),
  terms: z.object({
    contractType: z.enum(CONTRACT_TYPES),
    direction: z.enum(CONTRACT_DIRECTIONS),
    marketId: z.number().int(),
    cropId: z.number().int(),
    cropYear: z.number().int(),
    quantity: z.string(),
    quantityUnit: z.enum(CONTRACT_QUANTITY_UNITS),
    deliveryStart: z.string(),
    deliveryEnd: z.string(),
    optionMonth: z.string().nullable(),
    futuresPrice: z.string().nullable(),
    basis: z.string().nullable(),
    cashPrice: z.string().nullable(),
    strike: z.string().nullable(),
    callOptionFee: z.string().nullable(),
    expiration: z.string().nullable(),
    mpOption: z.string().nullable(),
    pricingPeriodStart: z.string().nullable(),
    pricingPeriodEnd: z.string().nullable(),
    paymentTerms: z.enum(CONTRACT_PAYMENT_TERMS).nullable(),
    program: z.string().nullable(),
    description: z.string().nullable(),
    splits: z.array(z.object({ clientId: z.number().int(), clientName: z.string(), pct: z.string() })),
    contractDate: z.string(),
  }),
  priceStatus: z.string(),
  pricedQuantity: z.string(),
  /** The amendment an edit after sending for signature wrote (`<number>-A<n>`), else null. */
  amendment: z.object({ id: z.number().int(), displayContractAmendmentId: z.string() }).nullable(),
});
export type ContractTermsResponse = z.infer<typeof contractTermsResponseSchema>;

/**
 * A contract's terms and pricing as they stood right after an amendment (contract_amendments.terms_snapshot, written
 * in the amendment's transaction): an older amendment's PDF shows these, not today's terms. Decimals and days as text.
 * Null on amendments written before the snapshots existed (their PDF falls back to the current terms and says so).
 */
export type AmendmentTermsSnapshot = {
  contractType: ContractType;
  quantity: string;
  quantityUnit: string;
  cancelledQuantity: string;
  pricedQuantity: string;
  priceStatus: string;
  deliveryStart: string;
  deliveryEnd: string;
  optionMonth: string | null;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
  offerPrice: string | null;
  strike: string | null;
  callOptionFee: string | null;
  expiration: string | null;
  mpOption: string | null;
  paymentTerms: string | null;
  program: string | null;
  pricingPeriodStart: string | null;
  pricingPeriodEnd: string | null;
  deferredPaymentDate: string | null;
  termsHash: string | null;
};
