import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalInSchema, decimalStringSchema, toDecimal } from './exact.ts';
import { bulkBasisRequestSchema, instrumentCreateSchema } from '../bids/instrument-writes.ts';
import { basisAdjustmentCentsSchema, basisSchema } from '../bids/pricing.ts';
import { offerQuantitySchema, offerTargetSchema } from '../bids/offers.ts';
import { clientSummaryPatchSchema } from './client-api.ts';
import { contractPartialCancelSchema, contractFuturesRollSchema } from './contract-api.ts';
import { placeOrderRequestSchema } from '../store/checkout-api.ts';
import { storeListingQuerySchema } from '../store/api.ts';

/** Strings that are not decimal numbers as the API writes them: each must be refused, never thrown on. */
const NOT_NUMBERS = [
  '',
  ' ',
  'abc',
  '1e999',
  '1e3',
  'NaN',
  'Infinity',
  '-',
  '.',
  '1.',
  '.5',
  '+1',
  ' 1',
  '1 ',
  '1,5',
  '0x1F',
  '1\u0000',
  '\ud800',
  '9'.repeat(61),
];

describe('decimalStringSchema', () => {
  it('takes plain decimal strings', () => {
    for (const v of ['0', '-0', '5000', '-0.3500', '4.1275', '12345678901234567.891', '9'.repeat(60)]) {
      expect(decimalStringSchema.safeParse(v).success, v).toBe(true);
    }
  });

  it('refuses anything else with one issue', () => {
    for (const v of NOT_NUMBERS) {
      const r = decimalStringSchema.safeParse(v);
      expect(r.success, JSON.stringify(v)).toBe(false);
      expect(r.error?.issues).toHaveLength(1);
    }
    for (const v of [1, 1.5, null, undefined, [], {}, true])
      expect(decimalStringSchema.safeParse(v).success).toBe(false);
  });

  it('stops at a non-number, so refinements chained after it only ever see decimals (toDecimal would throw)', () => {
    const nonZero = decimalStringSchema.refine((v) => !toDecimal(v).isZero(), 'not zero');
    const inObject = z.object({ a: decimalStringSchema, b: z.string() }).superRefine((v, ctx) => {
      if (toDecimal(v.a).isZero()) ctx.addIssue({ code: 'custom', message: 'zero' });
    });
    for (const v of NOT_NUMBERS) {
      expect(() => nonZero.safeParse(v)).not.toThrow();
      expect(nonZero.safeParse(v).success).toBe(false);
      expect(() => inObject.safeParse({ a: v, b: 'x' })).not.toThrow();
      expect(inObject.safeParse({ a: v, b: 'x' }).success).toBe(false);
    }
    expect(nonZero.safeParse('0').success).toBe(false);
    expect(nonZero.safeParse('0.01').success).toBe(true);
  });
});

describe('decimalInSchema', () => {
  const quantity = decimalInSchema({ min: '0', minExclusive: true, max: '1000', scale: 2 });
  const messages = (v: unknown) => quantity.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('takes decimals within its bounds and scale', () => {
    for (const v of ['0.01', '1', '999.99', '1000', '1000.00']) expect(quantity.safeParse(v).success, v).toBe(true);
  });

  it('refuses what is out of bounds or too precise, saying why', () => {
    expect(messages('0')).toEqual(['Must be above 0']);
    expect(messages('-1')).toEqual(['Must be above 0']);
    expect(messages('1000.01')).toEqual(['At most 1000']);
    expect(messages('1.125')).toEqual(['At most 2 decimals']);
    expect(messages('-0.001')).toEqual(['At most 2 decimals', 'Must be above 0']);
    expect(decimalInSchema({ min: '-5' }).safeParse('-5').success).toBe(true);
    expect(decimalInSchema({ nonZero: true }).safeParse('0.000').success).toBe(false);
    expect(
      decimalInSchema({ nonZero: true, messages: { nonZero: 'No zero' } }).safeParse('0').error?.issues[0]?.message,
    ).toBe('No zero');
  });

  it('refuses non-numbers with its own message, without throwing', () => {
    const amount = decimalInSchema({ min: '0', messages: { notANumber: 'Expected an amount' } });
    for (const v of NOT_NUMBERS) {
      expect(() => quantity.safeParse(v)).not.toThrow();
      expect(messages(v)).toEqual(['Expected a decimal number as a string']);
      expect(amount.safeParse(v).error?.issues.map((i) => i.message)).toEqual(['Expected an amount']);
    }
  });

  it('keeps the pattern in the JSON Schema (OpenAPI)', () => {
    expect(z.toJSONSchema(quantity, { io: 'input' })).toMatchObject({
      type: 'string',
      maxLength: 60,
      pattern: '^-?\\d+(\\.\\d+)?$',
    });
  });
});

describe('request schemas with numeric strings refuse non-numbers (a 400, never a thrown 500)', () => {
  const instrument = {
    marketId: 1,
    cropId: 1,
    cropYear: 2026,
    name: 'Spot',
    deliveryStart: '2026-06-01',
    deliveryEnd: '2026-06-30',
    basis: '-0.35',
  };
  const cases: [string, z.ZodType, (v: string) => unknown][] = [
    ['bulk basis move: adjustmentCents', bulkBasisRequestSchema, (v) => ({ cropId: 1, adjustmentCents: v })],
    ['instrument: basis', instrumentCreateSchema, (v) => ({ ...instrument, basis: v })],
    [
      'instrument: flatPrice',
      instrumentCreateSchema,
      (v) => ({ ...instrument, pricing: 'flat', basis: null, flatPrice: v }),
    ],
    ['instrument: quantityCap', instrumentCreateSchema, (v) => ({ ...instrument, quantityCap: v })],
    ['basis', basisSchema, (v) => v],
    ['basis adjustment', basisAdjustmentCentsSchema, (v) => v],
    ['offer quantity', offerQuantitySchema, (v) => v],
    ['offer target', offerTargetSchema, (v) => v],
    ['client summary', clientSummaryPatchSchema, (v) => ({ area: v })],
    ['partial cancel', contractPartialCancelSchema, (v) => ({ quantity: v })],
    ['futures roll spread', contractFuturesRollSchema, (v) => ({ optionMonth: '2026-07', spread: v })],
    [
      'place order expectedTotal',
      placeOrderRequestSchema,
      (v) => ({ cartId: '00000000-0000-4000-8000-000000000000', serial: 1, expectedTotal: v }),
    ],
    ['store listing minPrice', storeListingQuerySchema, (v) => ({ minPrice: v })],
  ];
  for (const [name, schema, input] of cases) {
    it(name, () => {
      for (const v of NOT_NUMBERS) {
        expect(() => schema.safeParse(input(v)), JSON.stringify(v)).not.toThrow();
        expect(schema.safeParse(input(v)).success, JSON.stringify(v)).toBe(false);
      }
    });
  }

  it('the bulk basis move still takes a move and refuses zero', () => {
    expect(bulkBasisRequestSchema.safeParse({ cropId: 1, adjustmentCents: '-2.5' }).success).toBe(true);
    expect(bulkBasisRequestSchema.safeParse({ cropId: 1, adjustmentCents: '0.00' }).error?.issues[0]?.message).toBe(
      'The adjustment must not be zero',
    );
  });
});
