// Pricing operations on a contract (grain-marketing.md 4 'Contract operations'; behaviour: docs/decisions/041): basis
// set, futures set, pricing addenda trade, structured addendum, convert to credit sale and secondary obligations with
// their events. Request schemas, and the pure rules that turn a contract's pricing events and an operation into the
// new events (decision 013: events are disjoint portions of the contract; the stored averages are contractPricing's).
// Prices are dollars per unit as decimal strings (basis too: the web reads it in cents with parseBasis, then sends
// dollars); quantities in the contract's unit.

import { z } from 'zod';
import { contractPricing, type ContractPricing, type PriceStatus } from './contracts.ts';
import {
  CrmDecimal,
  decimalInSchema,
  decimalString,
  isoDateSchema,
  maxDecimal,
  minDecimal,
  toDecimal,
} from './exact.ts';
import { decimal, id, instant, noNul } from './api-fields.ts';
import { decimalStringSchema } from './exact.ts';

export const PRICING_OPERATIONS = [
  'basis_set',
  'futures_set',
  'pricing_addenda',
  'structured_addendum',
  'credit_sale',
  'secondary_obligation',
  'obligation_event',
] as const;
export type PricingOperation = (typeof PRICING_OPERATIONS)[number];

// ---------------------------------------------------------------------------------------------------
// Requests

const reason = z.string().trim().max(500).refine(noNul, 'Must not contain NUL characters').optional();
const positiveQuantity = decimalInSchema({ min: '0', minExclusive: true, max: '100000000', scale: 4 });
/** Futures and cash: positive, at most 10,000 a unit (canola is quoted per tonne), 4 decimals. */
const priceValue = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: '10000',
  scale: 4,
  messages: { min: 'Must be more than 0', max: 'At most 10,000' },
});
/** A basis in dollars a unit, within ±5 (±500¢, parseBasis's bound). */
const basisValue = decimalInSchema({
  min: '-5',
  max: '5',
  scale: 4,
  messages: { min: 'At most 500¢ either way', max: 'At most 500¢ either way' },
});

export const basisSetSchema = z.object({ quantity: positiveQuantity, basis: basisValue, reason }).strict();
export type BasisSetInput = z.output<typeof basisSetSchema>;

/** Futures fixed at a typed price, or (useLivePrice) at the live quote of the contract's futures month. */
export const futuresSetSchema = z
  .object({
    quantity: positiveQuantity,
    futuresPrice: priceValue.optional(),
    useLivePrice: z.boolean().optional(),
    reason,
  })
  .strict()
  .refine((x) => (x.useLivePrice === true) !== (x.futuresPrice !== undefined), {
    message: 'Type a futures price or use the live price',
    path: ['futuresPrice'],
  });
export type FuturesSetInput = z.output<typeof futuresSetSchema>;

export const pricingAddendaSchema = z
  .object({ quantity: positiveQuantity, futuresPrice: priceValue, basis: basisValue, reason })
  .strict();
export type PricingAddendaInput = z.output<typeof pricingAddendaSchema>;

const termValue = z.union([
  z.string().max(500).refine(noNul, 'Must not contain NUL characters'),
  z.number(),
  z.boolean(),
]);
export const structuredAddendumSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    /** The addendum's terms as recorded (e.g. { "premium": "0.05", "window": "Jan–Mar" }); at most 30 entries. */
    terms: z
      .record(z.string().trim().min(1).max(60), termValue)
      .refine((t) => Object.keys(t).length <= 30, 'At most 30 terms')
      .default({}),
    reason,
  })
  .strict();
export type StructuredAddendumInput = z.output<typeof structuredAddendumSchema>;

export const creditSaleSchema = z.object({ deferredPaymentDate: isoDateSchema, reason }).strict();
export type CreditSaleInput = z.output<typeof creditSaleSchema>;

export const SECONDARY_OBLIGATION_KINDS = ['delivery', 'pricing'] as const;
export const SECONDARY_OBLIGATION_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export const OBLIGATION_EVENT_ACTIONS = ['created', 'fulfilled', 'cancelled'] as const;
export type ObligationEventAction = (typeof OBLIGATION_EVENT_ACTIONS)[number];

export const secondaryObligationSchema = z
  .object({
    kind: z.enum(SECONDARY_OBLIGATION_KINDS),
    quantity: positiveQuantity,
    dueDate: isoDateSchema,
    description: z.string().trim().max(500).refine(noNul, 'Must not contain NUL characters').optional(),
  })
  .strict();
export type SecondaryObligationInput = z.output<typeof secondaryObligationSchema>;

/** An event on an obligation: 'created' is written by the obligation itself. */
export const obligationEventSchema = z.object({ action: z.enum(['fulfilled', 'cancelled']), note: reason }).strict();
export type ObligationEventInput = z.output<typeof obligationEventSchema>;

// ---------------------------------------------------------------------------------------------------
// Responses

export const contractAddendumSchema = z.object({
  id,
  contractId: id,
  displayContractId: z.string(),
  displayAddendumId: z.string(),
  kind: z.enum(['pricing', 'structured']),
  name: z.string().nullable(),
  terms: z.record(z.string(), z.unknown()),
  quantity: decimal,
  futuresPrice: decimal,
  basis: decimal,
  cashPrice: decimal,
  createdAt: instant,
});
export type ContractAddendum = z.infer<typeof contractAddendumSchema>;

export const obligationEventRowSchema = z.object({
  id,
  action: z.enum(OBLIGATION_EVENT_ACTIONS),
  note: z.string().nullable(),
  createdAt: instant,
});
export const secondaryObligationRowSchema = z.object({
  id,
  contractId: id,
  kind: z.enum(SECONDARY_OBLIGATION_KINDS),
  quantity: decimalStringSchema,
  dueDate: isoDateSchema,
  description: z.string().nullable(),
  status: z.enum(SECONDARY_OBLIGATION_STATUSES),
  events: z.array(obligationEventRowSchema),
  createdAt: instant,
});
export type SecondaryObligationRow = z.infer<typeof secondaryObligationRowSchema>;

/** The contract's pricing extras (GET …/contract/:id/pricing): addenda and secondary obligations. */
export const contractPricingExtrasSchema = z.object({
  addenda: z.array(contractAddendumSchema),
  obligations: z.array(secondaryObligationRowSchema),
  deferredPaymentDate: isoDateSchema.nullable(),
  /** Quantities still open to each operation. */
  basisOpenQuantity: decimalStringSchema,
  futuresOpenQuantity: decimalStringSchema,
  unfixedQuantity: decimalStringSchema,
});
export type ContractPricingExtras = z.infer<typeof contractPricingExtrasSchema>;

export const structuredAddendaNamesSchema = z.object({
  names: z.array(z.object({ id, name: z.string(), description: z.string().nullable() })),
});

export const openPositionRowSchema = z.object({
  cropId: z.number().int(),
  cropYear: z.number().int(),
  optionMonth: z.string().nullable(),
  contracts: z.number().int(),
  undeliveredQuantity: decimalStringSchema,
  unpricedQuantity: decimalStringSchema,
});
export const openPositionsResponseSchema = z.object({
  direction: z.enum(['purchase', 'sale']),
  marketIds: z.array(id),
  rows: z.array(openPositionRowSchema),
});
export type OpenPositions = z.infer<typeof openPositionsResponseSchema>;

export const RELATED_CONTRACT_RELATIONS = ['same_crop_year', 'rolled_from', 'rolled_to'] as const;
export const relatedContractsResponseSchema = z.object({
  contractId: id,
  rows: z.array(
    z.object({
      id,
      clientId: id,
      displayContractId: z.string(),
      relation: z.enum(RELATED_CONTRACT_RELATIONS),
      contractType: z.string(),
      direction: z.enum(['purchase', 'sale']),
      cropId: z.number().int(),
      cropYear: z.number().int(),
      optionMonth: z.string().nullable(),
      status: z.string(),
      priceStatus: z.string(),
      quantity: decimalStringSchema,
      undeliveredQuantity: decimalStringSchema,
      unpricedQuantity: decimalStringSchema,
      cashPrice: decimal,
    }),
  ),
  /**
   * The contract's own rolls, oldest first: a roll moves the contract in place (decision 013), so it links to no other
   * contract; its amendment records the months and windows it moved between ("Rolled futures from H26 to K26").
   */
  rolls: z.array(
    z.object({
      amendmentId: id,
      displayContractAmendmentId: z.string(),
      action: z.enum(['futures_roll', 'basis_roll', 'roll']),
      fromOptionMonth: z.string().nullable(),
      toOptionMonth: z.string().nullable(),
      /** 'YYYY-MM-DD/YYYY-MM-DD' windows, as the amendment records them. */
      fromDelivery: z.string().nullable(),
      toDelivery: z.string().nullable(),
      rolledAt: instant,
    }),
  ),
});

export const farmerPricingEventsSchema = z.object({
  rows: z.array(
    z.object({
      id,
      contractId: id,
      displayContractId: z.string(),
      quantity: decimalStringSchema,
      futuresPrice: decimal,
      basis: decimal,
      cashPrice: decimal,
      pricedAt: instant,
    }),
  ),
});
export const farmerAddendaSchema = z.object({ rows: z.array(contractAddendumSchema) });
export const farmerPricingQuerySchema = z.object({ contractId: z.coerce.number().int().positive().optional() });

// ---------------------------------------------------------------------------------------------------
// Rules

type Dec = string | number;

/** A pricing event as stored (id null: not stored yet). */
export type StoredPricingEvent = {
  id: number | null;
  quantity: string;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
};

export type PricingContract = {
  quantity: Dec;
  cancelledQuantity: Dec;
  pricedQuantity: Dec;
  priceStatus: PriceStatus;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
};

const zero = () => new CrmDecimal(0);
const openOf = (c: { quantity: Dec; cancelledQuantity: Dec }) =>
  maxDecimal(toDecimal(c.quantity).minus(toDecimal(c.cancelledQuantity)), zero());
const fixesFutures = (e: StoredPricingEvent) => e.futuresPrice !== null || e.cashPrice !== null;
const fixesBasis = (e: StoredPricingEvent) => e.basis !== null || e.cashPrice !== null;
const sumOf = (events: readonly StoredPricingEvent[]) =>
  events.reduce((acc, e) => acc.plus(toDecimal(e.quantity)), zero());

/**
 * The events a contract recorded without events stands for (an imported or seeded contract keeps only its stored
 * figures): its priced bushels at its stored futures, basis and cash; the rest of a futures-set contract at its
 * futures, of a basis-set one at its basis. An operation stores these first, so the averages stay what they were.
 */
export function baselineEvents(c: PricingContract): StoredPricingEvent[] {
  const open = openOf(c);
  const priced = minDecimal(toDecimal(c.pricedQuantity), open);
  const out: StoredPricingEvent[] = [];
  if (priced.greaterThan(0) && (c.cashPrice !== null || (c.futuresPrice !== null && c.basis !== null))) {
    out.push({
      id: null,
      quantity: decimalString(priced),
      futuresPrice: c.futuresPrice,
      basis: c.basis,
      cashPrice: c.cashPrice,
    });
  }
  const rest = open.minus(priced);
  if (rest.greaterThan(0)) {
    if (c.priceStatus === 'futures_set' && c.futuresPrice !== null)
      out.push({ id: null, quantity: decimalString(rest), futuresPrice: c.futuresPrice, basis: null, cashPrice: null });
    else if (c.priceStatus === 'basis_set' && c.basis !== null)
      out.push({ id: null, quantity: decimalString(rest), futuresPrice: null, basis: c.basis, cashPrice: null });
  }
  return out;
}

/** Open quantity whose basis is not fixed yet (neither by a basis nor by a cash price). */
export function basisOpenQuantity(c: { quantity: Dec; cancelledQuantity: Dec }, events: readonly StoredPricingEvent[]) {
  return decimalString(maxDecimal(openOf(c).minus(sumOf(events.filter(fixesBasis))), zero()));
}

/** Open quantity whose futures are not fixed yet. */
export function futuresOpenQuantity(
  c: { quantity: Dec; cancelledQuantity: Dec },
  events: readonly StoredPricingEvent[],
) {
  return decimalString(maxDecimal(openOf(c).minus(sumOf(events.filter(fixesFutures))), zero()));
}

/** Open quantity on which nothing is fixed (what a pricing addendum may price). */
export function unfixedQuantity(c: { quantity: Dec; cancelledQuantity: Dec }, events: readonly StoredPricingEvent[]) {
  return decimalString(maxDecimal(openOf(c).minus(sumOf(events)), zero()));
}

export type PricingPlan = {
  /** Stored events whose quantity or prices change. */
  updates: {
    id: number;
    quantity: string;
    futuresPrice: string | null;
    basis: string | null;
    cashPrice: string | null;
  }[];
  /** New events to store (in order). */
  inserts: Omit<StoredPricingEvent, 'id'>[];
  /** All events after the operation (for the averages). */
  events: StoredPricingEvent[];
  pricing: ContractPricing;
  /** For the amendment: how much of the quantity priced bushels that already had the other half. */
  completedQuantity: string;
};

export class PricingRuleError extends Error {
  readonly code: 'over_open' | 'nothing_open';
  /** How much was open to the operation. */
  readonly available: string;
  constructor(code: 'over_open' | 'nothing_open', message: string, available: string) {
    super(message);
    this.code = code;
    this.available = available;
  }
}

/**
 * Fixes one half of the price (futures or basis) on `quantity` bushels: first on the bushels whose other half is
 * already fixed (oldest first; an event is split when only part of it is needed), which become priced (cash = F + B),
 * then on a new event for the rest. More than the quantity whose half is open → PricingRuleError.
 */
function fixHalf(
  contract: { quantity: Dec; cancelledQuantity: Dec },
  events: readonly StoredPricingEvent[],
  half: 'futures' | 'basis',
  quantity: string,
  value: string,
): PricingPlan {
  const open = toDecimal(
    half === 'basis' ? basisOpenQuantity(contract, events) : futuresOpenQuantity(contract, events),
  );
  let left = toDecimal(quantity);
  const what = half === 'basis' ? 'basis' : 'futures';
  if (!open.greaterThan(0))
    throw new PricingRuleError('nothing_open', `The ${what} is already fixed on the whole quantity.`, '0');
  if (left.greaterThan(open))
    throw new PricingRuleError(
      'over_open',
      `At most ${decimalString(open)} can have the ${what} fixed: the rest is fixed already.`,
      decimalString(open),
    );
  const updates: PricingPlan['updates'] = [];
  const inserts: PricingPlan['inserts'] = [];
  const after: StoredPricingEvent[] = [];
  let completed = zero();
  for (const e of events) {
    const waiting =
      e.cashPrice === null &&
      (half === 'basis' ? e.futuresPrice !== null && e.basis === null : e.basis !== null && e.futuresPrice === null);
    if (!waiting || !left.greaterThan(0)) {
      after.push(e);
      if (e.id === null) inserts.push(withoutId(e));
      continue;
    }
    const q = toDecimal(e.quantity);
    const take = minDecimal(q, left);
    left = left.minus(take);
    completed = completed.plus(take);
    const filled = { ...e, [half === 'basis' ? 'basis' : 'futuresPrice']: value };
    if (take.equals(q)) {
      if (e.id !== null) updates.push({ ...filled, id: e.id });
      else inserts.push(withoutId(filled));
      after.push(filled);
    } else {
      // Split: the event keeps what stays half-fixed, a new event carries the priced part.
      const rest = { ...e, quantity: decimalString(q.minus(take)) };
      const part = { ...filled, id: null, quantity: decimalString(take) };
      if (e.id !== null) updates.push({ ...rest, id: e.id });
      else inserts.push(withoutId(rest));
      inserts.push(withoutId(part));
      after.push(rest, part);
    }
  }
  if (left.greaterThan(0)) {
    const fresh = {
      id: null,
      quantity: decimalString(left),
      futuresPrice: half === 'futures' ? value : null,
      basis: half === 'basis' ? value : null,
      cashPrice: null,
    };
    inserts.push(withoutId(fresh));
    after.push(fresh);
  }
  return {
    updates,
    inserts,
    events: after,
    pricing: contractPricing(contract, after),
    completedQuantity: decimalString(completed),
  };
}

function withoutId(e: StoredPricingEvent): Omit<StoredPricingEvent, 'id'> {
  return { quantity: e.quantity, futuresPrice: e.futuresPrice, basis: e.basis, cashPrice: e.cashPrice };
}

/** Basis set: the basis fixed on `quantity` bushels (≤ the quantity whose basis is open). */
export function planBasisSet(
  contract: { quantity: Dec; cancelledQuantity: Dec },
  events: readonly StoredPricingEvent[],
  input: { quantity: string; basis: string },
): PricingPlan {
  return fixHalf(contract, events, 'basis', input.quantity, decimalString(toDecimal(input.basis)));
}

/** Futures set: the futures fixed on `quantity` bushels (≤ the quantity whose futures are open). */
export function planFuturesSet(
  contract: { quantity: Dec; cancelledQuantity: Dec },
  events: readonly StoredPricingEvent[],
  input: { quantity: string; futuresPrice: string },
): PricingPlan {
  return fixHalf(contract, events, 'futures', input.quantity, decimalString(toDecimal(input.futuresPrice)));
}

/** Pricing addenda trade: `quantity` unfixed bushels priced at futures + basis, as one new event. */
export function planPricingAddendum(
  contract: { quantity: Dec; cancelledQuantity: Dec },
  events: readonly StoredPricingEvent[],
  input: { quantity: string; futuresPrice: string; basis: string },
): PricingPlan & { cashPrice: string } {
  const open = toDecimal(unfixedQuantity(contract, events));
  if (!open.greaterThan(0))
    throw new PricingRuleError('nothing_open', 'Every bushel already has futures or basis fixed.', '0');
  if (toDecimal(input.quantity).greaterThan(open))
    throw new PricingRuleError(
      'over_open',
      `At most ${decimalString(open)} can be priced by an addendum: the rest has futures or basis fixed.`,
      decimalString(open),
    );
  const futuresPrice = decimalString(toDecimal(input.futuresPrice));
  const basis = decimalString(toDecimal(input.basis));
  const cashPrice = decimalString(toDecimal(futuresPrice).plus(toDecimal(basis)));
  const fresh = { quantity: decimalString(toDecimal(input.quantity)), futuresPrice, basis, cashPrice };
  const after = [...events, { id: null, ...fresh }];
  return {
    updates: [],
    inserts: [...events.filter((e) => e.id === null).map(withoutId), fresh],
    events: after,
    pricing: contractPricing(contract, after),
    completedQuantity: fresh.quantity,
    cashPrice,
  };
}

/** Convert to credit sale: a priced purchase contract, paid on a day after today. null when allowed, else why not. */
export function creditSaleRefusal(
  c: { direction: 'purchase' | 'sale'; priceStatus: PriceStatus },
  deferredPaymentDate: string,
  today: string,
): { status: 409 | 400; message: string } | null {
  if (c.direction !== 'purchase') return { status: 409, message: 'Only a purchase contract can become a credit sale.' };
  if (c.priceStatus !== 'priced')
    return { status: 409, message: 'Only a priced contract can become a credit sale: price it first.' };
  if (deferredPaymentDate <= today) return { status: 400, message: `The payment date must be after ${today}.` };
  return null;
}

/** An obligation's status after an event; null when the event is not allowed from its status. */
export function obligationStatusAfter(
  status: (typeof SECONDARY_OBLIGATION_STATUSES)[number],
  action: 'fulfilled' | 'cancelled',
): 'fulfilled' | 'cancelled' | null {
  return status === 'open' ? action : null;
}

/** `<contract number>-P<n>` for the n-th addendum (pricing and structured share the sequence). */
export function displayAddendumId(displayContractId: string, n: number): string {
  return `${displayContractId}-P${n}`;
}

/** The cash a futures + basis gives, exact ('4.1275' + '-0.3525' = '3.775'); for previews. */
export function previewCash(futures: string | null, basis: string | null): string | null {
  if (futures === null || basis === null) return null;
  return decimalString(toDecimal(futures).plus(toDecimal(basis)));
}
