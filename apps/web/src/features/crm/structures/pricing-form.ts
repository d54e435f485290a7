import {
  STRUCTURE_TERMS_FIELDS,
  addDays,
  isoDateInZone,
  structureInputSchema,
  type DOUBLE_UP_KINDS,
  type Structure,
  type StructureInput,
  type StructureKindName,
  type StructureSide,
} from '@granary/domain';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import type { PickedClient } from '../contract-writing/client-picker';
import { STRUCTURE_CROP_IDS, structureMonths } from './structure-crops';

/**
 * The pricing tool's form (decision 032's one forms library): the builder input's fields under the engine's names, so
 * that the domain's schema, the engine's refusals (400 `details.field`) and the form's fields share their names, plus
 * the client, the crop year and the quote's label that saving needs. Levels are typed as the trade writes them in
 * dollars ('4.80'); an empty knock-out, trigger, floor or barrier means none.
 */
export type PricingFormValues = {
  client: PickedClient | null;
  name: string;
  cropYear: string;
  kind: StructureKindName;
  side: StructureSide;
  cropId: number;
  optionMonth: string;
  start: string;
  end: string;
  frequency: 'daily' | 'weekly';
  quantity: string;
  accumulationLevel: string;
  knockOut: string;
  doubleUp: (typeof DOUBLE_UP_KINDS)[number];
  doubleUpTrigger: string;
  floor: string;
  futuresLevel: string;
  pricingBarrier: { level: string; protectionLevel: string };
  fee: string;
};

/** The fields a server refusal can name and the form shows ('pricingBarrier' is the barrier's level). */
type PricingField =
  | 'client'
  | 'cropYear'
  | 'side'
  | 'cropId'
  | 'optionMonth'
  | 'start'
  | 'end'
  | 'quantity'
  | 'accumulationLevel'
  | 'knockOut'
  | 'doubleUpTrigger'
  | 'floor'
  | 'futuresLevel'
  | 'pricingBarrier.level'
  | 'pricingBarrier.protectionLevel'
  | 'fee';

const text = (value: string) => value.trim().replace(/^\$/, '').replace(/,/g, '');
const optional = (value: string) => (text(value) === '' ? null : text(value));

/** The builder input the form's values describe (not yet checked). */
function inputOf(v: PricingFormValues): StructureInput {
  const period = {
    side: v.side,
    cropId: v.cropId,
    optionMonth: v.optionMonth,
    start: v.start,
    end: v.end,
    quantity: text(v.quantity),
    fee: text(v.fee),
  };
  switch (v.kind) {
    case 'accumulator': {
      const barrier = optional(v.pricingBarrier.level);
      const protection = optional(v.pricingBarrier.protectionLevel);
      return {
        kind: 'accumulator',
        ...period,
        frequency: v.frequency,
        accumulationLevel: text(v.accumulationLevel),
        knockOut: optional(v.knockOut),
        doubleUp: v.doubleUp,
        doubleUpTrigger: v.doubleUp === 'none' ? null : optional(v.doubleUpTrigger),
        floor: optional(v.floor),
        pricingBarrier:
          barrier === null && protection === null ? null : { level: barrier ?? '', protectionLevel: protection ?? '' },
      };
    }
    case 'minimum-price':
      return { kind: 'minimum-price', ...period, floor: text(v.floor) };
    case 'hta':
      return { kind: 'hta', ...period, futuresLevel: text(v.futuresLevel) };
    case 'average-price':
      return { kind: 'average-price', ...period, frequency: v.frequency };
  }
}

/** The form checked by the domain's input schema (its messages on the form's fields); the output is the input. */
export const pricingFormSchema = z
  .custom<PricingFormValues>()
  .transform((v, ctx): { input: StructureInput; values: PricingFormValues } => {
    const parsed = structureInputSchema.safeParse(inputOf(v));
    if (parsed.success) return { input: parsed.data, values: v };
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
    return z.NEVER;
  });

/**
 * The form field a server refusal names: the engine's `details.field` (400 invalid_structure_terms), or the request
 * validation's paths ('input.knockOut'); null when it names none the form shows.
 */
export function pricingFieldOf(error: unknown): { field: PricingField; message: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const details = error.details as { field?: unknown } | unknown[] | null | undefined;
  const named = (raw: string): PricingField | null => {
    const path = raw.replace(/^input\./, '');
    if (path === 'pricingBarrier') return 'pricingBarrier.level';
    if (path === 'clientLegalEntityId') return 'client';
    const known: readonly string[] = [
      ...STRUCTURE_TERMS_FIELDS,
      'client',
      'cropYear',
      'pricingBarrier.level',
      'pricingBarrier.protectionLevel',
    ];
    if (path === 'observations') return 'end';
    return known.includes(path) && path !== 'observations' ? (path as PricingField) : null;
  };
  if (Array.isArray(details)) {
    for (const d of details) {
      const { path, message } = (d ?? {}) as { path?: unknown; message?: unknown };
      const field = typeof path === 'string' ? named(path) : null;
      if (field) return { field, message: typeof message === 'string' ? message : error.message };
    }
    return null;
  }
  const raw = details && typeof details === 'object' && 'field' in details ? details.field : undefined;
  const field = typeof raw === 'string' ? named(raw) : null;
  return field ? { field, message: error.message } : null;
}

/** The default period: from the next day to six months on. */
function defaultPeriod(today: string): { start: string; end: string } {
  return { start: addDays(today, 1), end: addDays(today, 182) };
}

/** The exchange's day today (CBOT, Chicago). */
export function exchangeToday(now: Date = new Date()): string {
  return isoDateInZone(now, 'America/Chicago');
}

/** A blank form: a sale accumulator of corn on its nearest December (or first listed) month, daily, 50,000 bu. */
export function blankPricingForm(today: string): PricingFormValues {
  const cropId = STRUCTURE_CROP_IDS[0]!;
  const months = structureMonths(cropId, today);
  const month = months.find((m) => m.optionMonth.endsWith('-12')) ?? months[0];
  const optionMonth = month?.optionMonth ?? '';
  return {
    client: null,
    name: '',
    cropYear: optionMonth ? optionMonth.slice(0, 4) : today.slice(0, 4),
    kind: 'accumulator',
    side: 'sale',
    cropId,
    optionMonth,
    ...defaultPeriod(today),
    frequency: 'daily',
    quantity: '50000',
    accumulationLevel: '',
    knockOut: '',
    doubleUp: 'daily',
    doubleUpTrigger: '',
    floor: '',
    futuresLevel: '',
    pricingBarrier: { level: '', protectionLevel: '' },
    fee: '0.05',
  };
}

/** A saved quote back in the form (to price again, edit and save, or trade). */
export function formOfStructure(s: Structure): PricingFormValues {
  const input = s.input;
  const blank = blankPricingForm(s.startDate);
  const base: PricingFormValues = {
    ...blank,
    client: { id: s.clientLegalEntityId, name: s.clientName },
    name: s.name ?? '',
    cropYear: String(s.cropYear),
    kind: input.kind,
    side: input.side,
    cropId: input.cropId,
    optionMonth: input.optionMonth,
    start: input.start,
    end: input.end,
    quantity: input.quantity,
    fee: input.fee,
  };
  switch (input.kind) {
    case 'accumulator':
      return {
        ...base,
        frequency: input.frequency,
        accumulationLevel: input.accumulationLevel,
        knockOut: input.knockOut ?? '',
        doubleUp: input.doubleUp,
        doubleUpTrigger: input.doubleUpTrigger ?? '',
        floor: input.floor ?? '',
        pricingBarrier: {
          level: input.pricingBarrier?.level ?? '',
          protectionLevel: input.pricingBarrier?.protectionLevel ?? '',
        },
      };
    case 'minimum-price':
      return { ...base, floor: input.floor };
    case 'hta':
      return { ...base, futuresLevel: input.futuresLevel };
    case 'average-price':
      return { ...base, frequency: input.frequency ?? 'daily' };
  }
}
