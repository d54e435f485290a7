// Settlements (issue 14 'Settlements, advances and payments'; docs/decisions/044-settlement-arithmetic.md): what a
// buyer pays a farmer for applied, priced bushels, line by line, exactly. Pure arithmetic on decimal strings (the
// server reads the rows, this computes, the server writes what it returns), and the call shapes of the API.
//
// Rounding rule: every money figure is in cents. Each column (gross, drying, discounts, storage, each checkoff
// program) is computed exactly per line, its total is the exact sum rounded half away from zero to the cent, and the
// total's cents are allocated to the lines by the largest-remainder method (each line its exact value cut to the
// cent, then the remaining cents one each to the lines with the largest cut-off fractions, ties to the earlier line).
// So each line is within a cent of its exact value and the lines add up to the total to the cent. A percent lien is
// rounded half away from zero; the farmer is paid what is left (the remainder is the farmer's, explicitly).

import { z } from 'zod';
import { pagedFields } from './api.ts';
import { id, instant, noNul } from './api-fields.ts';
import { cropById } from './crops.ts';
import {
  CrmDecimal,
  daysBetween,
  decimalInSchema,
  decimalString,
  decimalStringSchema,
  isoDateSchema,
  maxDecimal,
  minDecimal,
  toDecimal,
} from './exact.ts';

// ---------------------------------------------------------------------------------------------------
// Inputs and results

export const SETTLEMENT_STATUSES = ['draft', 'final', 'paid', 'void'] as const;
export type SettlementStatusName = (typeof SETTLEMENT_STATUSES)[number];

/** One applied ticket line offered for settlement: bushels of one application at its contract's cash price. */
export type SettlementLineInput = {
  ticketApplicationId: number;
  contractId: number;
  scaleTicketId: number;
  cropId: number;
  /** Applied bushels of this application (numeric(18,4)). */
  bushels: string;
  /** The contract's cash price per bushel. */
  price: string;
  /** The ticket's net bushels, drying charge and grade discounts (prorated to the applied bushels). */
  ticketQuantity: string;
  dryingCharge: string;
  discountAmount: string;
  deliveryDate: string;
};

export type CheckoffRateInput = {
  id: number;
  cropId: number;
  name: string;
  basis: 'per_bushel' | 'pct_of_value';
  /** Dollars per bushel, or a fraction of value (0.005 = 0.5%). */
  rate: string;
};

export type StorageRateInput = { freeDays: number; ratePerBushelPerDay: string };

/** An advance paid on a contract: `balance` is what is left to recover of it (its amount less earlier recoveries). */
export type AdvanceInput = { id: number; contractId: number; balance: string; paidDate: string };

/** A lien: a balance still owed (amount − paid so far), or a percent of each settlement's net. */
export type LienInput = { id: number; lienholder: string; balance: string | null; pct: string | null };

export type SettlementInput = {
  settlementDate: string;
  lines: SettlementLineInput[];
  /** The storage rate of each line's crop at the market (null: no storage charged). */
  storageRate: (cropId: number) => StorageRateInput | null;
  /** The checkoff programs of the market's state (and national ones) for a crop. */
  checkoffRates: (cropId: number) => CheckoffRateInput[];
  advances: AdvanceInput[];
  liens: LienInput[];
  farmer: { clientId: number; name: string };
};

export type SettlementLineResult = {
  ticketApplicationId: number;
  contractId: number;
  scaleTicketId: number;
  bushels: string;
  price: string;
  amount: string;
  drying: string;
  discounts: string;
  storage: string;
  storageDays: number;
  checkoff: string;
  net: string;
};

export type SettlementDeductionResult = {
  kind: 'drying' | 'discounts' | 'storage' | 'checkoff' | 'advance';
  description: string;
  amount: string;
  advanceId: number | null;
  checkoffRateId: number | null;
  /** An advance's balance left to recover after this settlement (0.00 when recovered whole). */
  advanceBalance?: string;
};

export type SettlementPayeeResult = {
  kind: 'farmer' | 'lienholder';
  payeeName: string;
  clientId: number | null;
  lienId: number | null;
  amount: string;
};

export type SettlementResult = {
  bushels: string;
  gross: string;
  deductionsTotal: string;
  net: string;
  lines: SettlementLineResult[];
  deductions: SettlementDeductionResult[];
  payees: SettlementPayeeResult[];
};

export type SettlementProblem = { kind: 'nothing_to_settle' };

export class SettlementArithmeticError extends Error {
  // A plain field, not a parameter property: the domain runs under Node's type stripping (vite.config loads it).
  readonly problem: SettlementProblem;
  constructor(problem: SettlementProblem) {
    super(problem.kind);
    this.problem = problem;
  }
}

// ---------------------------------------------------------------------------------------------------
// Cents

const ZERO = new CrmDecimal(0);
const CENT = new CrmDecimal('0.01');

/** Rounded half away from zero to the cent. */
export function roundCents(d: CrmDecimal): CrmDecimal {
  return d.toDecimalPlaces(2, CrmDecimal.ROUND_HALF_UP);
}

/**
 * Allocates the cents of Σ exact (rounded half away from zero) to the values by the largest-remainder method: each
 * gets its value cut to the cent (toward zero; the values must be ≥ 0), then the cents left over go one each to the
 * values with the largest cut-off fractions (ties: the earlier). The result adds up to round(Σ exact) exactly and
 * each entry is within a cent of its exact value.
 */
export function allocateCents(exact: readonly CrmDecimal[]): CrmDecimal[] {
  if (exact.length === 0) return [];
  for (const e of exact) if (e.isNegative() && !e.isZero()) throw new RangeError('allocateCents takes values ≥ 0');
  const total = roundCents(exact.reduce((a, b) => a.plus(b), ZERO));
  const floors = exact.map((e) => e.toDecimalPlaces(2, CrmDecimal.ROUND_DOWN));
  let left = total
    .minus(floors.reduce((a, b) => a.plus(b), ZERO))
    .div(CENT)
    .toNumber();
  const order = exact
    .map((e, i) => ({ i, frac: e.minus(floors[i]!) }))
    .sort((a, b) => b.frac.comparedTo(a.frac) || a.i - b.i);
  const out = floors.slice();
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = out[i]!.plus(CENT);
    left -= 1;
  }
  return out;
}

const sum = (values: readonly CrmDecimal[]) => values.reduce((a, b) => a.plus(b), ZERO);
const money = (d: CrmDecimal) => d.toFixed(2);

// ---------------------------------------------------------------------------------------------------
// The settlement

/** What settling a contract's priced bushels reads from it (its row, its priced events, its standing lines). */
export type ContractSettlePricing = {
  cashPrice: string | null;
  pricedQuantity: string;
  settledQuantity: string;
  /** Σ quantity and Σ quantity × cash of its pricing events that have a cash price (futures and basis, or cash). */
  pricedEventQuantity: string;
  pricedEventValue: string;
  /** Σ bushels × price of its lines on settlements not void. */
  settledValue: string;
};

/**
 * The cash price of a contract's priced bushels not settled yet: what its priced events are worth less what its
 * standing settlement lines paid, per priced bushel left, to 4 decimals (half away from zero). A contract priced in
 * steps (3,000 bu at $4.00, then 2,000 at $4.20) settles its later bushels at the later price, not at the average of
 * both ($4.08). The stored cash price when the events do not account for the priced quantity (a contract stored
 * without events, or whose events cover more than is open) or nothing priced is left; null when it has none.
 */
export function unsettledCashPrice(c: ContractSettlePricing): string | null {
  if (c.cashPrice === null) return null;
  const priced = toDecimal(c.pricedQuantity);
  const left = priced.minus(toDecimal(c.settledQuantity));
  if (!left.gt(0) || !toDecimal(c.pricedEventQuantity).eq(priced)) return c.cashPrice;
  const price = toDecimal(c.pricedEventValue)
    .minus(toDecimal(c.settledValue))
    .div(left)
    .toDecimalPlaces(4, CrmDecimal.ROUND_HALF_UP);
  return price.gt(0) ? decimalString(price) : c.cashPrice;
}

/**
 * The settlement of `lines`: per line, bushels × price less the ticket's drying and grade discounts prorated to the
 * applied bushels, storage (rate × bushels × days after the free days, from delivery to the settlement date) and the
 * crop's checkoff programs; then the advances on the contracts recovered, oldest first, up to what the grain nets (the
 * last one in part when it does not cover it whole); then the liens paid to their holders before the farmer, who is
 * paid the rest. Throws SettlementArithmeticError when there is nothing to settle.
 */
export function computeSettlement(input: SettlementInput): SettlementResult {
  const { lines } = input;
  if (lines.length === 0) throw new SettlementArithmeticError({ kind: 'nothing_to_settle' });

  const exactAmount: CrmDecimal[] = [];
  const exactDrying: CrmDecimal[] = [];
  const exactDiscounts: CrmDecimal[] = [];
  const exactStorage: CrmDecimal[] = [];
  const storageDays: number[] = [];
  for (const l of lines) {
    const bushels = toDecimal(l.bushels);
    const amount = bushels.times(toDecimal(l.price));
    const ticketQty = toDecimal(l.ticketQuantity);
    const share = ticketQty.isZero() ? ZERO : minDecimal(bushels.div(ticketQty), new CrmDecimal(1));
    exactAmount.push(amount);
    exactDrying.push(toDecimal(l.dryingCharge).times(share));
    exactDiscounts.push(toDecimal(l.discountAmount).times(share));
    const rate = input.storageRate(l.cropId);
    const days = rate ? Math.max(0, daysBetween(l.deliveryDate, input.settlementDate) - rate.freeDays) : 0;
    storageDays.push(days);
    exactStorage.push(rate && days > 0 ? bushels.times(toDecimal(rate.ratePerBushelPerDay)).times(days) : ZERO);
  }
  if (exactAmount.some((a) => a.isNegative())) throw new RangeError('A settlement line has a negative amount');
  const amount = allocateCents(exactAmount);
  const drying = allocateCents(exactDrying);
  const discounts = allocateCents(exactDiscounts);
  const storage = allocateCents(exactStorage);

  // Checkoff: each program of each line's crop, exactly per line, then allocated per program.
  const programs = new Map<number, { rate: CheckoffRateInput; exact: CrmDecimal[] }>();
  lines.forEach((l, i) => {
    for (const rate of input.checkoffRates(l.cropId)) {
      let p = programs.get(rate.id);
      if (!p) {
        p = { rate, exact: lines.map(() => ZERO) };
        programs.set(rate.id, p);
      }
      const r = toDecimal(rate.rate);
      p.exact[i] = rate.basis === 'per_bushel' ? toDecimal(l.bushels).times(r) : exactAmount[i]!.times(r);
    }
  });
  const checkoff = lines.map(() => ZERO);
  const deductions: SettlementDeductionResult[] = [];
  const push = (kind: SettlementDeductionResult['kind'], description: string, value: CrmDecimal, extra = {}) => {
    if (!value.isZero())
      deductions.push({ kind, description, amount: money(value), advanceId: null, checkoffRateId: null, ...extra });
  };
  push('drying', 'Drying', sum(drying));
  push('discounts', 'Grade discounts', sum(discounts));
  push('storage', 'Storage', sum(storage));
  for (const p of [...programs.values()].sort((a, b) => a.rate.id - b.rate.id)) {
    const cents = allocateCents(p.exact);
    cents.forEach((c, i) => (checkoff[i] = checkoff[i]!.plus(c)));
    push('checkoff', p.rate.name, sum(cents), { checkoffRateId: p.rate.id });
  }

  const lineResults: SettlementLineResult[] = lines.map((l, i) => ({
    ticketApplicationId: l.ticketApplicationId,
    contractId: l.contractId,
    scaleTicketId: l.scaleTicketId,
    bushels: decimalString(toDecimal(l.bushels)),
    price: toDecimal(l.price).toFixed(4),
    amount: money(amount[i]!),
    drying: money(drying[i]!),
    discounts: money(discounts[i]!),
    storage: money(storage[i]!),
    storageDays: storageDays[i]!,
    checkoff: money(checkoff[i]!),
    net: money(amount[i]!.minus(drying[i]!).minus(discounts[i]!).minus(storage[i]!).minus(checkoff[i]!)),
  }));
  const gross = sum(amount);
  const grainNet = sum(lineResults.map((l) => toDecimal(l.net)));

  // Advances on these contracts, oldest first, each recovered up to what the grain still nets: whole while it lasts,
  // then in part (the advance keeps the rest as its balance), then not at all. Balances and the net are whole cents,
  // so every recovery is too and nothing needs allocating.
  const advances = [...input.advances].sort((a, b) => a.paidDate.localeCompare(b.paidDate) || a.id - b.id);
  let available = grainNet;
  let advanceTotal = ZERO;
  for (const a of advances) {
    const balance = toDecimal(a.balance);
    const recovered = minDecimal(balance, maxDecimal(available, ZERO));
    if (!recovered.gt(ZERO)) continue;
    // An advance's description is the day it was paid (ISO): pages and the statement write it in the locale's form.
    push('advance', a.paidDate, recovered, { advanceId: a.id, advanceBalance: money(balance.minus(recovered)) });
    available = available.minus(recovered);
    advanceTotal = advanceTotal.plus(recovered);
  }
  const net = grainNet.minus(advanceTotal);
  const deductionsTotal = gross.minus(net);

  // Liens first, in their order, each capped at what is left; the farmer gets the rest.
  const payees: SettlementPayeeResult[] = [];
  let left = net;
  for (const lien of input.liens) {
    let due = ZERO;
    if (lien.balance !== null) due = toDecimal(lien.balance);
    else if (lien.pct !== null) due = roundCents(net.times(toDecimal(lien.pct)).div(100));
    const paid = minDecimal(due, left);
    if (paid.lte(ZERO)) continue;
    payees.push({
      kind: 'lienholder',
      payeeName: lien.lienholder,
      clientId: null,
      lienId: lien.id,
      amount: money(paid),
    });
    left = left.minus(paid);
  }
  payees.unshift({
    kind: 'farmer',
    payeeName: input.farmer.name,
    clientId: input.farmer.clientId,
    lienId: null,
    amount: money(left),
  });

  return {
    bushels: decimalString(sum(lines.map((l) => toDecimal(l.bushels)))),
    gross: money(gross),
    deductionsTotal: money(deductionsTotal),
    net: money(net),
    lines: lineResults,
    deductions,
    payees,
  };
}

/** Σ of decimal strings as a cent string (the checks the tests and the server make on a stored settlement). */
export function sumCents(values: readonly string[]): string {
  return money(sum(values.map((v) => toDecimal(v))));
}

// ---------------------------------------------------------------------------------------------------
// The API's call shapes

const money2 = (what: string) =>
  decimalInSchema({
    min: '0',
    minExclusive: true,
    max: '999999999999',
    scale: 2,
    messages: { min: `${what} must be more than 0`, scale: `${what} is in dollars and cents` },
  });

/** POST merchandising/settlements: a client's contracts (all their settleable lines) or chosen applications. */
export const settlementCreateSchema = z
  .object({
    clientId: id.positive(),
    contractIds: z.array(id.positive()).max(50).optional(),
    ticketApplicationIds: z.array(id.positive()).max(1000).optional(),
    settlementDate: isoDateSchema.optional(),
    /** true: compute and answer without saving (the New settlement preview). */
    preview: z.boolean().optional(),
  })
  .refine((b) => (b.contractIds?.length ?? 0) + (b.ticketApplicationIds?.length ?? 0) > 0, {
    message: 'Choose at least one contract or applied ticket',
    path: ['contractIds'],
  });
export type SettlementCreateBody = z.infer<typeof settlementCreateSchema>;

export const settlementVoidSchema = z.object({ reason: z.string().max(500).refine(noNul).optional() }).nullish();

export const advanceCreateSchema = z.object({
  contractId: id.positive(),
  amount: money2('The advance'),
  paidDate: isoDateSchema,
  note: z.string().max(500).refine(noNul).optional(),
});
export type AdvanceCreateBody = z.infer<typeof advanceCreateSchema>;

export const lienWriteSchema = z
  .object({
    lienholder: z.string().trim().min(1, 'Name the lienholder').max(200).refine(noNul),
    amount: money2('The lien amount').nullish(),
    pct: decimalInSchema({
      min: '0',
      minExclusive: true,
      max: '100',
      scale: 4,
      messages: { min: 'The percent must be more than 0', max: 'The percent is at most 100' },
    }).nullish(),
    // A crop of the catalogue (an unknown id would otherwise reach the database's foreign key: a 500).
    cropId: id
      .positive()
      .refine((cropId) => cropById(cropId) !== null, 'No such crop')
      .nullish(),
    cropYear: z.number().int().min(2000).max(2100).nullish(),
    active: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const n = (b.amount ? 1 : 0) + (b.pct ? 1 : 0);
    if (n !== 1) ctx.addIssue({ code: 'custom', message: 'Give an amount or a percent, not both', path: ['amount'] });
  });
export type LienWriteBody = z.infer<typeof lienWriteSchema>;

const moneyString = decimalStringSchema;

export const settlementLineSchema = z.object({
  id: id.nullable(),
  ticketApplicationId: id,
  contractId: id,
  displayContractId: z.string(),
  scaleTicketId: id,
  displayScaleTicketId: z.string(),
  deliveryDate: z.string(),
  bushels: moneyString,
  price: moneyString,
  amount: moneyString,
  drying: moneyString,
  discounts: moneyString,
  storage: moneyString,
  storageDays: z.number().int(),
  checkoff: moneyString,
  net: moneyString,
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const settlementDeductionSchema = z.object({
  kind: z.enum(['drying', 'discounts', 'storage', 'checkoff', 'advance', 'lien']),
  description: z.string(),
  amount: moneyString,
  /** An advance's balance left to recover after this settlement ('0.00': recovered whole). Advances only. */
  advanceBalance: moneyString.nullable().optional(),
});
export const settlementPayeeSchema = z.object({
  kind: z.enum(['farmer', 'lienholder']),
  payeeName: z.string(),
  amount: moneyString,
});

export const settlementSummarySchema = z.object({
  id: id.nullable(),
  displaySettlementId: z.string().nullable(),
  status: z.enum(SETTLEMENT_STATUSES),
  marketId: id,
  marketName: z.string(),
  clientId: id,
  clientName: z.string(),
  cropName: z.string(),
  cropYear: z.number().int(),
  settlementDate: z.string(),
  bushels: moneyString,
  gross: moneyString,
  deductionsTotal: moneyString,
  net: moneyString,
  contracts: z.array(z.object({ id, displayContractId: z.string() })),
  version: z.number().int(),
  createdAt: instant.nullable(),
});
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;

export const settlementDetailSchema = settlementSummarySchema.extend({
  lines: z.array(settlementLineSchema),
  deductions: z.array(settlementDeductionSchema),
  payees: z.array(settlementPayeeSchema),
  voidReason: z.string().nullable(),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

export const settlementListResponseSchema = z.object({ ...pagedFields, rows: z.array(settlementSummarySchema) });
export type SettlementListResponse = z.infer<typeof settlementListResponseSchema>;

export const advanceSchema = z.object({
  id,
  contractId: id,
  displayContractId: z.string(),
  clientId: id,
  clientName: z.string(),
  marketId: id,
  amount: moneyString,
  paidDate: z.string(),
  /** What settlements have recovered of it so far; the balance left is amount − this (status paid until none is). */
  recoveredAmount: moneyString,
  status: z.enum(['paid', 'recovered', 'void']),
  recoveredBySettlementId: id.nullable(),
  recoveredByDisplaySettlementId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: instant,
});
export type Advance = z.infer<typeof advanceSchema>;

/** Where an advance stands: nothing recovered yet, recovered in part (a balance left), recovered whole, or void. */
export type AdvanceRecoveryState = 'open' | 'partly_recovered' | 'recovered' | 'void';

/** An advance's balance left to recover (amount − recovered so far, never below 0.00) and where it stands. */
export function advanceRecovery(a: Pick<Advance, 'amount' | 'recoveredAmount' | 'status'>): {
  balance: string;
  state: AdvanceRecoveryState;
} {
  const balance = maxDecimal(toDecimal(a.amount).minus(toDecimal(a.recoveredAmount)), ZERO);
  const state: AdvanceRecoveryState =
    a.status === 'void'
      ? 'void'
      : a.status === 'recovered' || !balance.gt(ZERO)
        ? 'recovered'
        : toDecimal(a.recoveredAmount).gt(ZERO)
          ? 'partly_recovered'
          : 'open';
  return { balance: money(balance), state };
}
export const advanceListResponseSchema = z.object({ rows: z.array(advanceSchema) });

export const lienSchema = z.object({
  id,
  clientId: id,
  lienholder: z.string(),
  amount: moneyString.nullable(),
  pct: moneyString.nullable(),
  paidAmount: moneyString,
  cropId: id.nullable(),
  cropYear: z.number().int().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Lien = z.infer<typeof lienSchema>;
export const lienListResponseSchema = z.object({ rows: z.array(lienSchema) });

/** The settleable applied lines of a client (the New settlement dialog's choices). */
export const settleableLineSchema = z.object({
  ticketApplicationId: id,
  contractId: id,
  displayContractId: z.string(),
  scaleTicketId: id,
  displayScaleTicketId: z.string(),
  deliveryDate: z.string(),
  cropName: z.string(),
  cropYear: z.number().int(),
  bushels: moneyString,
  price: moneyString.nullable(),
  /** Why the line can't be settled yet (unpriced), or null. */
  blockedBy: z.enum(['unpriced']).nullable(),
});
export type SettleableLine = z.infer<typeof settleableLineSchema>;
export const settleableLinesResponseSchema = z.object({ rows: z.array(settleableLineSchema) });
