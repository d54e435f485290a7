import { describe, expect, it } from 'vitest';
import {
  betaBodySchema,
  calendarQuerySchema,
  contractListParamSchema,
  hedgeTradeBodySchema,
  optionVolBodySchema,
  pricingToolRequestSchema,
  scsParametersRowSchema,
  skewBodySchema,
  solveZeroTableRequestSchema,
  structureInputSchema,
} from '../index.ts';

const accumulator = {
  kind: 'accumulator',
  side: 'sale',
  cropId: 1,
  optionMonth: '2026-12',
  start: '2026-12-01',
  end: '2027-06-30',
  quantity: '50000',
  fee: '0.05',
  frequency: 'daily',
  accumulationLevel: '4.65',
  knockOut: '3.95',
  doubleUp: 'daily',
};

/** The paths of the issues a refused value raises. */
function refusedPaths(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return ((result.error as { issues: { path: PropertyKey[] }[] }).issues ?? []).map((i) => i.path.join('.'));
}

describe('structure inputs', () => {
  it('accepts each kind with the engine’s field names', () => {
    expect(structureInputSchema.parse(accumulator)).toMatchObject({ kind: 'accumulator', accumulationLevel: '4.65' });
    const base = { side: 'purchase', cropId: 2, optionMonth: '2027-01', start: '2026-12-01', end: '2026-12-31' };
    const rest = { quantity: '10000', fee: '0' };
    expect(structureInputSchema.parse({ kind: 'minimum-price', ...base, ...rest, floor: '10.2' }).kind).toBe(
      'minimum-price',
    );
    expect(structureInputSchema.parse({ kind: 'hta', ...base, ...rest, futuresLevel: '10.5' }).kind).toBe('hta');
    expect(structureInputSchema.parse({ kind: 'average-price', ...base, ...rest }).kind).toBe('average-price');
  });

  it('refuses prices and quantities that are not decimal strings, and names the field', () => {
    expect(refusedPaths(structureInputSchema, { ...accumulator, accumulationLevel: 4.65 })).toEqual([
      'accumulationLevel',
    ]);
    expect(refusedPaths(structureInputSchema, { ...accumulator, quantity: '5e4' })).toEqual(['quantity']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, knockOut: '3.9x' })).toEqual(['knockOut']);
  });

  it('refuses zero or negative levels and quantities, negative fees and too many decimals', () => {
    expect(refusedPaths(structureInputSchema, { ...accumulator, quantity: '0' })).toEqual(['quantity']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, quantity: '100.125' })).toEqual(['quantity']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, accumulationLevel: '0' })).toEqual([
      'accumulationLevel',
    ]);
    expect(refusedPaths(structureInputSchema, { ...accumulator, fee: '-0.01' })).toEqual(['fee']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, fee: '0.12345' })).toEqual(['fee']);
  });

  it('refuses dates that are not calendar days and futures months that are not YYYY-MM', () => {
    expect(refusedPaths(structureInputSchema, { ...accumulator, end: '2027-02-30' })).toEqual(['end']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, start: '12/01/2026' })).toEqual(['start']);
    expect(refusedPaths(structureInputSchema, { ...accumulator, optionMonth: '2026-13' })).toEqual(['optionMonth']);
  });

  it('refuses an unknown kind', () => {
    expect(structureInputSchema.safeParse({ ...accumulator, kind: 'snowball' }).success).toBe(false);
  });
});

describe('pricing requests', () => {
  it('bounds the market overrides and the paths', () => {
    expect(pricingToolRequestSchema.parse({ input: accumulator, paths: 20_000, seed: 7 }).paths).toBe(20_000);
    expect(refusedPaths(pricingToolRequestSchema, { input: accumulator, paths: 999 })).toEqual(['paths']);
    expect(refusedPaths(pricingToolRequestSchema, { input: accumulator, paths: 1_000_001 })).toEqual(['paths']);
    expect(refusedPaths(pricingToolRequestSchema, { input: accumulator, market: { vol: 0 } })).toEqual(['market.vol']);
    expect(refusedPaths(pricingToolRequestSchema, { input: accumulator, market: { vol: 3 } })).toEqual(['market.vol']);
    expect(refusedPaths(pricingToolRequestSchema, { input: accumulator, market: { discountRate: -0.06 } })).toEqual([
      'market.discountRate',
    ]);
    expect(
      refusedPaths(pricingToolRequestSchema, { input: accumulator, market: { futures: '4.2' }, seed: -1 }),
    ).toEqual(['seed']);
  });

  it('caps the zero table at 8 × 8', () => {
    const ends = ['2027-01-29', '2027-02-26', '2027-03-31', '2027-04-30', '2027-05-28', '2027-06-30'];
    expect(solveZeroTableRequestSchema.safeParse({ input: accumulator, knockOuts: ['3.9'], ends }).success).toBe(true);
    const nine = Array.from({ length: 9 }, (_, i) => `3.${i + 1}`);
    expect(refusedPaths(solveZeroTableRequestSchema, { input: accumulator, knockOuts: nine, ends })).toEqual([
      'knockOuts',
    ]);
  });

  it('refuses a calendar whose end is before its start', () => {
    expect(calendarQuerySchema.safeParse({ from: '2026-12-01', to: '2027-01-31' }).success).toBe(true);
    expect(refusedPaths(calendarQuerySchema, { from: '2027-01-31', to: '2026-12-01' })).toEqual(['to']);
  });
});

describe('parameters', () => {
  const row = {
    cropId: 1,
    discountRate: 0.04,
    defaultFee: '0.05',
    paths: 100_000,
    solverPaths: 20_000,
    deltaBump: 0.01,
  };

  it('bounds vols, rates, paths and fees', () => {
    expect(scsParametersRowSchema.parse(row)).toEqual(row);
    expect(refusedPaths(scsParametersRowSchema, { ...row, discountRate: 0.6 })).toEqual(['discountRate']);
    expect(refusedPaths(scsParametersRowSchema, { ...row, paths: 500 })).toEqual(['paths']);
    expect(refusedPaths(scsParametersRowSchema, { ...row, defaultFee: '-0.01' })).toEqual(['defaultFee']);
    expect(refusedPaths(optionVolBodySchema, { rows: [{ cropId: 1, contract: 'Z', vol: -0.1 }] })).toEqual([
      'rows.0.vol',
    ]);
    expect(refusedPaths(optionVolBodySchema, { rows: [{ cropId: 1, contract: 'Q9', vol: 0.2 }] })).toEqual([
      'rows.0.contract',
    ]);
  });

  it('refuses a key twice in one body and a moneyness twice in one skew', () => {
    const twice = {
      rows: [
        { cropId: 1, contract: 'Z', beta: 1 },
        { cropId: 1, contract: 'Z', beta: 0.9 },
      ],
    };
    expect(refusedPaths(betaBodySchema, twice)).toEqual(['rows']);
    const skew = {
      rows: [
        {
          cropId: 1,
          points: [
            { moneyness: 1, volAdd: 0 },
            { moneyness: 1, volAdd: 0.01 },
          ],
        },
      ],
    };
    expect(refusedPaths(skewBodySchema, skew)).toEqual(['rows.0.points']);
  });

  it('reads a contract list of month codes and futures months', () => {
    expect(contractListParamSchema.parse('z,H,2027-12')).toEqual(['Z', 'H', '2027-12']);
    expect(contractListParamSchema.safeParse('Z,ZCZ26').success).toBe(false);
  });
});

describe('hedge trades', () => {
  const trade = {
    futuresSymbol: 'zcz26',
    instrument: 'futures',
    direction: 'sell',
    contracts: 2,
    price: '4.42',
    tradedOn: '2026-11-27',
  };

  it('wants a strike for an option and none for futures', () => {
    expect(hedgeTradeBodySchema.parse(trade).futuresSymbol).toBe('ZCZ26');
    expect(refusedPaths(hedgeTradeBodySchema, { ...trade, strike: '4.5' })).toEqual(['strike']);
    expect(refusedPaths(hedgeTradeBodySchema, { ...trade, instrument: 'call', price: '0.12' })).toEqual(['strike']);
    expect(refusedPaths(hedgeTradeBodySchema, { ...trade, contracts: 1.5 })).toEqual(['contracts']);
  });
});
