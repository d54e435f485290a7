// Deliveries (issue 14, decision 043): a load weighed at the scale becomes net bushels after moisture and handling
// shrink, with the drying charge and grade discounts of the market's discount schedule; a load hauled for several
// clients splits into one ticket each; tickets are applied to contracts first-in-first-out by delivery window.
//
// Rounding, as elevators print tickets:
// - net weight = gross − tare; kilograms become pounds exactly (1 lb = 0.45359237 kg);
// - gross bushels = net lb ÷ the crop's bushel weight, to 2 decimals (half up);
// - shrink % = points above base × shrink a point + handling (only when above base); shrink bushels = gross
//   bushels × shrink % to 2 decimals; net bushels = gross bushels − shrink bushels (so the three always add up);
// - drying $ = gross (wet) bushels × points above base × drying a point, to the cent;
// - each grade discount $ = net bushels × its cents a bushel ÷ 100, to the cent; the discount total is the sum of
//   the three rounded lines (so the printed lines add up to it).

import { z } from 'zod';
import { CrmDecimal, decimalInSchema, decimalString, decimalStringSchema, isoDateSchema, toDecimal } from './exact.ts';
import { bandedCents, type DiscountScheduleTerms } from './discount-schedules.ts';
import { decimal, id } from './api-fields.ts';

/** Pounds in one kilogram's definition: 1 lb = 0.45359237 kg exactly. */
const KG_PER_LB = '0.45359237';

/**
 * Legal bushel weights (lb) by crop name (USDA / Canada Grain Act): the weight a bushel is counted at, not the
 * test-weight par of the discount schedule (soybeans count 60 lb a bushel, par test weight is 54).
 */
export const BUSHEL_WEIGHT_LB: Readonly<Record<string, number>> = {
  corn: 56,
  popcorn: 56,
  sorghum: 56,
  rye: 56,
  soybeans: 60,
  wheat: 60,
  spring_wheat: 60,
  winter_wheat: 60,
  durum_wheat: 60,
  barley: 48,
  oats: 32,
  canola: 50,
  sunflowers: 100,
  millet: 50,
  lupins: 60,
  canary_seed: 50,
  safflower: 40,
};

/** The bushel weight of a crop, or null when it is not traded in bushels by weight. */
export function bushelWeightLb(cropName: string): number | null {
  return BUSHEL_WEIGHT_LB[cropName] ?? null;
}

export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export type TicketWeighing = {
  gross: string;
  tare: string;
  weightUnit: WeightUnit;
  /** Percentages and lb/bu as decimal strings; null when not measured (no shrink or discount for it). */
  moisture: string | null;
  testWeight: string | null;
  foreignMaterial: string | null;
  damage: string | null;
};

export type TicketFigures = {
  /** Net weight in the ticket's unit (gross − tare). */
  netWeight: string;
  grossBushels: string;
  shrinkPct: string;
  shrinkBushels: string;
  netBushels: string;
  dryingCharge: string;
  testWeightDiscount: string;
  damageDiscount: string;
  foreignMaterialDiscount: string;
  /** Sum of the three grade discounts. */
  discountAmount: string;
  /** Cents a bushel of each grade discount (before multiplying by the net bushels). */
  discountCentsPerBushel: { testWeight: string; damage: string; foreignMaterial: string };
};

const ZERO = () => toDecimal(0);
const round2 = (d: CrmDecimal) => d.toDecimalPlaces(2, CrmDecimal.ROUND_HALF_UP);
const positive = (d: CrmDecimal) => (d.greaterThan(0) ? d : ZERO());

/** Net weight in pounds (kg converted exactly). */
export function netPounds(w: Pick<TicketWeighing, 'gross' | 'tare' | 'weightUnit'>): CrmDecimal {
  const net = toDecimal(w.gross).minus(toDecimal(w.tare));
  return w.weightUnit === 'kg' ? net.div(toDecimal(KG_PER_LB)) : net;
}

/** The ticket's bushels, shrink, drying and discounts under `schedule` (null: no schedule, nothing taken off). */
export function ticketFigures(
  w: TicketWeighing,
  bushelWeight: number,
  schedule: DiscountScheduleTerms | null,
): TicketFigures {
  const netWeight = toDecimal(w.gross).minus(toDecimal(w.tare));
  const grossBushels = round2(netPounds(w).div(bushelWeight));
  const points =
    schedule && w.moisture !== null ? positive(toDecimal(w.moisture).minus(toDecimal(schedule.baseMoisture))) : ZERO();
  const shrinkPct =
    schedule && points.greaterThan(0)
      ? points.times(toDecimal(schedule.shrinkPerPoint)).plus(toDecimal(schedule.handlingShrink))
      : ZERO();
  const shrinkBushels = round2(grossBushels.times(shrinkPct).div(100));
  const netBushels = grossBushels.minus(shrinkBushels);
  const drying = schedule ? round2(grossBushels.times(points).times(toDecimal(schedule.dryingPerPoint))) : ZERO();

  const cents = (value: string | null, threshold: string | undefined, bands: DiscountScheduleTerms['damageBands']) =>
    schedule && value !== null && threshold !== undefined
      ? bandedCents(bands, positive(toDecimal(value).minus(toDecimal(threshold))))
      : ZERO();
  const twCents =
    schedule && w.testWeight !== null
      ? bandedCents(
          schedule.testWeightBands,
          positive(toDecimal(schedule.testWeightPar).minus(toDecimal(w.testWeight))),
        )
      : ZERO();
  const damageCents = cents(w.damage, schedule?.damageAllowance, schedule?.damageBands ?? []);
  const fmCents = cents(w.foreignMaterial, schedule?.foreignMaterialAllowance, schedule?.foreignMaterialBands ?? []);
  const money = (c: CrmDecimal) => round2(netBushels.times(c).div(100));
  const tw = money(twCents);
  const dmg = money(damageCents);
  const fm = money(fmCents);
  return {
    netWeight: decimalString(netWeight),
    grossBushels: grossBushels.toFixed(2),
    shrinkPct: decimalString(shrinkPct),
    shrinkBushels: shrinkBushels.toFixed(2),
    netBushels: netBushels.toFixed(2),
    dryingCharge: drying.toFixed(2),
    testWeightDiscount: tw.toFixed(2),
    damageDiscount: dmg.toFixed(2),
    foreignMaterialDiscount: fm.toFixed(2),
    discountAmount: tw.plus(dmg).plus(fm).toFixed(2),
    discountCentsPerBushel: {
      testWeight: decimalString(twCents),
      damage: decimalString(damageCents),
      foreignMaterial: decimalString(fmCents),
    },
  };
}

/**
 * Shares `total` (2 decimals) by percentages summing to 100: each share but the first is total × pct ÷ 100 to 2
 * decimals; the first takes the rest, so the shares add up to the total exactly.
 */
export function splitAmounts(total: string, pcts: readonly string[]): string[] {
  const t = toDecimal(total);
  const others = pcts.slice(1).map((p) => round2(t.times(toDecimal(p)).div(100)));
  const first = others.reduce((rest, s) => rest.minus(s), t);
  return [first, ...others].map((d) => d.toFixed(2));
}

/** The percentages sum to exactly 100. */
export function sharesSumTo100(pcts: readonly string[]): boolean {
  return pcts.reduce((s, p) => s.plus(toDecimal(p)), ZERO()).equals(100);
}

// ---------------------------------------------------------------------------------------------------
// Applying tickets to contracts

export type OpenContract = {
  id: number;
  deliveryStart: string;
  deliveryEnd: string;
  contractDate: string;
  /** Bushels still to deliver: quantity − cancelled − delivered. */
  open: string;
};

/** First-in-first-out order: delivery window (start, then end), then contract date, then id. */
export function fifoOrder<C extends Omit<OpenContract, 'open'>>(contracts: readonly C[]): C[] {
  return [...contracts].sort(
    (a, b) =>
      a.deliveryStart.localeCompare(b.deliveryStart) ||
      a.deliveryEnd.localeCompare(b.deliveryEnd) ||
      a.contractDate.localeCompare(b.contractDate) ||
      a.id - b.id,
  );
}

/**
 * Fills `quantity` bushels into the contracts first-in-first-out, never more than a contract's open bushels.
 * Mutates nothing: returns the allocations (contract id, bushels) and what could not be placed. The contracts'
 * `open` is read from `openLeft` when given (several tickets filling the same contracts in turn).
 */
export function fifoAllocate(
  quantity: string,
  contracts: readonly OpenContract[],
  openLeft: Map<number, CrmDecimal> = new Map(),
): { allocations: { contractId: number; quantity: string }[]; unplaced: string } {
  let left = toDecimal(quantity);
  const allocations: { contractId: number; quantity: string }[] = [];
  for (const c of fifoOrder(contracts)) {
    if (!left.greaterThan(0)) break;
    const open = openLeft.get(c.id) ?? toDecimal(c.open);
    if (!open.greaterThan(0)) continue;
    const take = open.lessThan(left) ? open : left;
    allocations.push({ contractId: c.id, quantity: decimalString(take) });
    openLeft.set(c.id, open.minus(take));
    left = left.minus(take);
  }
  return { allocations, unplaced: decimalString(left) };
}

// ---------------------------------------------------------------------------------------------------
// Calls

const bushelsSchema = decimalInSchema({ min: '0', minExclusive: true, max: '99999999', scale: 4 });
const weightSchema = decimalInSchema({ min: '0', max: '9999999', scale: 2 });
const gradePct = decimalInSchema({ min: '0', max: '100', scale: 2 });

export const TICKET_SOURCES = ['scale', 'manual'] as const;

export const scaleTicketSplitSchema = z.object({
  clientId: id.positive(),
  splitPct: decimalInSchema({ min: '0', minExclusive: true, max: '100', scale: 2 }),
});

/** POST scale-tickets: one load; `splits` (two or more clients, % summing to 100) replaces `clientId`. */
export const scaleTicketCreateSchema = z
  .object({
    marketId: id.positive(),
    clientId: id.positive(),
    cropId: id.positive(),
    cropYear: z.number().int().min(2000).max(2100),
    deliveryDate: isoDateSchema,
    gross: weightSchema,
    tare: weightSchema,
    weightUnit: z.enum(WEIGHT_UNITS).default('lb'),
    moisture: gradePct.nullable().default(null),
    testWeight: decimalInSchema({ min: '0', max: '100', scale: 2 }).nullable().default(null),
    foreignMaterial: gradePct.nullable().default(null),
    damage: gradePct.nullable().default(null),
    source: z.enum(TICKET_SOURCES).default('manual'),
    splits: z.array(scaleTicketSplitSchema).max(10).default([]),
  })
  .superRefine((v, ctx) => {
    if (!toDecimal(v.gross).greaterThan(toDecimal(v.tare)))
      ctx.addIssue({ code: 'custom', path: ['tare'], message: 'Tare must be less than gross' });
    if (v.splits.length === 1)
      ctx.addIssue({ code: 'custom', path: ['splits'], message: 'A split needs two or more clients' });
    if (v.splits.length > 1) {
      if (!sharesSumTo100(v.splits.map((s) => s.splitPct)))
        ctx.addIssue({ code: 'custom', path: ['splits'], message: 'Split shares must add up to 100%' });
      if (new Set(v.splits.map((s) => s.clientId)).size !== v.splits.length)
        ctx.addIssue({ code: 'custom', path: ['splits'], message: 'Each client appears once in a split' });
    }
  });
export type ScaleTicketCreate = z.input<typeof scaleTicketCreateSchema>;

export const scaleTicketRowSchema = z.object({
  id,
  displayScaleTicketId: z.string(),
  marketId: id,
  clientId: id,
  clientName: z.string(),
  cropId: id,
  cropYear: z.number().int(),
  deliveryDate: z.string(),
  quantity: decimalStringSchema,
  appliedQuantity: decimalStringSchema,
  unappliedQuantity: decimalStringSchema,
  grossWeight: decimal,
  tareWeight: decimal,
  weight: decimal,
  weightUnit: z.enum(WEIGHT_UNITS),
  grossQuantity: decimal,
  shrinkQuantity: decimalStringSchema,
  dryingCharge: decimalStringSchema,
  discountAmount: decimalStringSchema,
  moisture: decimal,
  testWeight: decimal,
  foreignMaterial: decimal,
  damage: decimal,
  source: z.string(),
  version: z.number().int(),
});
export type ScaleTicketRow = z.infer<typeof scaleTicketRowSchema>;

export const scaleTicketCreateResponseSchema = z.object({ tickets: z.array(scaleTicketRowSchema) });

/** POST scale-tickets/preview: the figures the form shows while typing (no write). */
export const scaleTicketPreviewSchema = z.object({
  marketId: id.positive(),
  cropId: id.positive(),
  gross: weightSchema,
  tare: weightSchema,
  weightUnit: z.enum(WEIGHT_UNITS).default('lb'),
  moisture: gradePct.nullable().default(null),
  testWeight: decimalInSchema({ min: '0', max: '100', scale: 2 }).nullable().default(null),
  foreignMaterial: gradePct.nullable().default(null),
  damage: gradePct.nullable().default(null),
});

/**
 * POST scale-tickets/apply: each ticket's bushels (`quantity`, default all its unapplied) to the client's open
 * contracts first-in-first-out, or to the `allocations` chosen.
 */
export const applyTicketsSchema = z.object({
  tickets: z
    .array(
      z.object({
        ticketId: id.positive(),
        quantity: bushelsSchema.optional(),
        allocations: z
          .array(z.object({ contractId: id.positive(), quantity: bushelsSchema }))
          .max(50)
          .optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ApplyTicketsRequest = z.input<typeof applyTicketsSchema>;

export const ticketApplicationRowSchema = z.object({
  id,
  scaleTicketId: id,
  displayScaleTicketId: z.string(),
  contractId: id,
  displayContractId: z.string(),
  quantity: decimalStringSchema,
});

export const applyTicketsResponseSchema = z.object({
  applications: z.array(ticketApplicationRowSchema),
  /** Tickets with bushels left that no open contract could take (FIFO). */
  unplaced: z.array(z.object({ ticketId: id, quantity: decimalStringSchema })),
});

/** The FIFO proposal for the Apply dialog: each ticket, the client's open contracts, and what would go where. */
export const applyProposalSchema = z.object({
  tickets: z.array(
    z.object({
      ticket: scaleTicketRowSchema,
      contracts: z.array(
        z.object({
          id,
          displayContractId: z.string(),
          contractType: z.string(),
          deliveryStart: z.string(),
          deliveryEnd: z.string(),
          open: decimalStringSchema,
          cashPrice: decimal,
        }),
      ),
      allocations: z.array(z.object({ contractId: id, quantity: decimalStringSchema })),
      unplaced: decimalStringSchema,
    }),
  ),
});
export type ApplyProposal = z.infer<typeof applyProposalSchema>;

export const unapplyTicketsSchema = z.object({ applicationIds: z.array(id.positive()).min(1).max(5000) });

export const spotSaleQuoteSchema = z.object({
  ticket: scaleTicketRowSchema,
  quantity: decimalStringSchema,
  bid: z
    .object({
      id,
      optionMonth: z.string().nullable(),
      futuresPrice: decimal,
      basis: decimal,
      cashPrice: decimalStringSchema,
      deliveryStart: z.string(),
      deliveryEnd: z.string(),
    })
    .nullable(),
});

export const spotSaleResponseSchema = z.object({
  contractId: id,
  displayContractId: z.string(),
  quantity: decimalStringSchema,
  cashPrice: decimalStringSchema,
});
