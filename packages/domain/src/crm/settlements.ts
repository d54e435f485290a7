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

export type AdvanceInput = { id: number; contractId: number; amount: string; paidDate: string };

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

export type SettlementProblem =
  { kind: 'nothing_to_settle' } | { kind: 'advances_exceed'; advances: string; available: string };

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

/**
 * The settlement of `lines`: per line, bushels × price less the ticket's drying and grade discounts prorated to the
 * applied bushels, storage (rate × bushels × days after the free days, from delivery to the settlement date) and the
 * crop's checkoff programs; then the advances on the contracts recovered; then the liens paid to their holders before
 * the farmer, who is paid the rest. Throws SettlementArithmeticError when there is nothing to settle or the advances
 * exceed what the grain pays.
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

  // Advances on these contracts, recovered whole (oldest first).
  const advances = [...input.advances].sort((a, b) => a.paidDate.localeCompare(b.paidDate) || a.id - b.id);
  const advanceTotal = sum(advances.map((a) => toDecimal(a.amount)));
  if (advanceTotal.gt(grainNet)) {
    throw new SettlementArithmeticError({
      kind: 'advances_exceed',
      advances: money(advanceTotal),
      available: money(grainNet),
    });
  }
  for (const a of advances) {
    // An advance's description is the day it was paid (ISO): pages and the statement write it in the locale's form.
    push('advance', a.paidDate, toDecimal(a.amount), { advanceId: a.id });
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
  status: z.enum(['paid', 'recovered', 'void']),
  recoveredBySettlementId: id.nullable(),
  recoveredByDisplaySettlementId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: instant,
});
export type Advance = z.infer<typeof advanceSchema>;
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
