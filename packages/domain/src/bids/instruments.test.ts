import { describe, expect, it } from 'vitest';
import {
  basisBoundDollars,
  defaultFuturesSymbol,
  defaultInstrumentName,
  instrumentProblems,
  normalizeInstrument,
  type InstrumentFields,
} from './instruments.ts';
import {
  applyInstrumentUpdate,
  bulkBasisRequestSchema,
  instrumentCreateSchema,
  previewBasisMove,
} from './instrument-writes.ts';
import { instrumentRowOf, publicBidRowOf, type StoredInstrument } from './instrument-reads.ts';

const corn: InstrumentFields = {
  cropId: 1,
  cropYear: 2026,
  name: 'Oct 2026',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-10-31',
  pricing: 'basis',
  futuresSymbol: 'ZCZ26',
  basis: '-0.3500',
  flatPrice: null,
  quantityCap: null,
  visibility: 'public',
  offersAllowed: true,
  notes: null,
};

const codes = (f: InstrumentFields, o?: Parameters<typeof instrumentProblems>[1]) =>
  instrumentProblems(f, o).map((p) => p.code);

describe('bid rules', () => {
  it('accepts a corn basis bid off December for October delivery', () => {
    expect(instrumentProblems(corn, { today: '2026-06-01' })).toEqual([]);
  });

  it('refuses a delivery that ends before it starts', () => {
    expect(codes({ ...corn, deliveryEnd: '2026-09-30' })).toContain('delivery_end_before_start');
  });

  it('wants the futures month of the crop’s own product, still trading when delivery starts', () => {
    expect(codes({ ...corn, futuresSymbol: 'ZSX26' })).toEqual(['symbol_not_of_crop']);
    expect(codes({ ...corn, futuresSymbol: 'ZCX26' })).toEqual(['symbol_invalid']); // corn has no November
    // September futures stop trading on 14 Sep, before an October delivery starts.
    expect(codes({ ...corn, futuresSymbol: 'ZCU26' })).toEqual(['symbol_expires_before_delivery']);
    expect(
      codes(
        { ...corn, futuresSymbol: 'ZCZ25', deliveryStart: '2025-10-01', deliveryEnd: '2025-10-31' },
        { today: '2026-01-10' },
      ),
    ).toEqual(['symbol_expired']);
  });

  it('holds the basis within ±$5 a bushel and ±$220 a tonne (section 5’s ±500)', () => {
    expect(codes({ ...corn, basis: '-5.0000' })).toEqual([]);
    expect(codes({ ...corn, basis: '-5.0001' })).toEqual(['basis_out_of_bound']);
    expect(codes({ ...corn, basis: null })).toEqual(['basis_required']);
    expect(basisBoundDollars('tonne').toFixed(0)).toBe('220');
    const canola = { ...corn, cropId: 11, futuresSymbol: 'RSX26', basis: '-32.50' };
    expect(codes(canola)).toEqual([]);
    expect(codes({ ...canola, basis: '-3250' })).toEqual(['basis_out_of_bound']);
  });

  it('bids a crop without futures flat, and any crop flat when chosen so', () => {
    const barley = { ...corn, cropId: 9, futuresSymbol: null, basis: '-0.20' };
    expect(codes(barley)).toContain('crop_without_futures');
    expect(codes({ ...barley, pricing: 'flat', basis: null, flatPrice: '4.85' })).toEqual([]);
    expect(codes({ ...corn, pricing: 'flat', futuresSymbol: null, basis: null, flatPrice: '4.10' })).toEqual([]);
    expect(codes({ ...corn, pricing: 'flat', futuresSymbol: null, basis: null, flatPrice: '0' })).toEqual([
      'flat_price_invalid',
    ]);
    expect(codes({ ...corn, pricing: 'flat', flatPrice: null })).toEqual([
      'flat_price_required',
      'flat_price_with_futures',
    ]);
  });

  it('keeps a cap at zero or more and not below what is contracted', () => {
    expect(codes({ ...corn, quantityCap: '0' })).toEqual([]);
    expect(codes({ ...corn, quantityCap: '-1' })).toEqual(['cap_negative']);
    expect(codes({ ...corn, quantityCap: '10000' }, { contracted: '12000' })).toEqual(['cap_below_contracted']);
  });

  it('defaults the futures month from the delivery (futuresMonthForDelivery)', () => {
    expect(defaultFuturesSymbol(1, '2026-10-31')).toBe('ZCZ26');
    expect(defaultFuturesSymbol(2, '2026-10-31')).toBe('ZSX26');
    expect(defaultFuturesSymbol(11, '2027-02-15')).toBe('RSH27');
    expect(defaultFuturesSymbol(9, '2026-10-31')).toBeNull();
    expect(defaultFuturesSymbol(1, '')).toBeNull();
    expect(normalizeInstrument({ ...corn, futuresSymbol: null, name: '  Oct  ' })).toMatchObject({
      futuresSymbol: 'ZCZ26',
      name: 'Oct',
    });
    expect(defaultInstrumentName('2026-11-01', '2026-12-31')).toBe('Nov–Dec 2026');
    expect(defaultInstrumentName('2026-12-01', '2027-01-31')).toBe('Dec 2026–Jan 2027');
  });
});

describe('write schemas', () => {
  it('parses a create with defaults and reports rule problems by field', () => {
    const ok = instrumentCreateSchema.parse({
      marketId: 3,
      cropId: 1,
      cropYear: 2026,
      name: 'Oct',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-10-31',
      basis: '-0.35',
    });
    expect(ok).toMatchObject({
      pricing: 'basis',
      futuresSymbol: null,
      visibility: 'public',
      offersAllowed: true,
      quantityCap: null,
    });
    const bad = instrumentCreateSchema.safeParse({
      marketId: 3,
      cropId: 1,
      cropYear: 2026,
      name: 'Oct',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-09-01',
      basis: '-6',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['deliveryEnd', 'delivery_end_before_start'],
      // The default month of a delivery ending 1 September is September, which stops trading before 1 October.
      ['futuresSymbol', 'symbol_expires_before_delivery'],
      ['basis', 'basis_out_of_bound'],
    ]);
    expect(
      instrumentCreateSchema.safeParse({
        marketId: 3,
        cropId: 1,
        cropYear: 2026,
        name: 'x',
        deliveryStart: '2026-10-01',
        deliveryEnd: '2026-10-31',
        basis: 0.35,
      }).success,
    ).toBe(false);
  });

  it('applies an edit; switching to flat clears the futures side', () => {
    expect(applyInstrumentUpdate(corn, { basis: '-0.30' })).toMatchObject({ basis: '-0.30', futuresSymbol: 'ZCZ26' });
    expect(applyInstrumentUpdate(corn, { pricing: 'flat', flatPrice: '4.2' })).toMatchObject({
      futuresSymbol: null,
      basis: null,
      flatPrice: '4.2',
    });
  });

  it('takes either instrument ids or a crop for a bulk move, never zero', () => {
    expect(bulkBasisRequestSchema.safeParse({ instrumentIds: [1, 2], adjustmentCents: '-5' }).success).toBe(true);
    expect(bulkBasisRequestSchema.safeParse({ cropId: 1, adjustmentCents: '2.5' }).success).toBe(true);
    expect(bulkBasisRequestSchema.safeParse({ instrumentIds: [1], cropId: 1, adjustmentCents: '-5' }).success).toBe(
      false,
    );
    expect(bulkBasisRequestSchema.safeParse({ adjustmentCents: '-5' }).success).toBe(false);
    expect(bulkBasisRequestSchema.safeParse({ cropId: 1, adjustmentCents: '0' }).success).toBe(false);
  });
});

const stored: StoredInstrument = {
  id: 7,
  marketId: 3,
  cropId: 1,
  cropYear: 2026,
  name: 'Oct 2026',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-10-31',
  futuresSymbol: 'ZCZ26',
  basis: '-0.3500',
  flatPrice: null,
  quantityCap: '50000',
  quantityContracted: '62000',
  quantityUnit: 'bushels',
  visibility: 'private',
  offersAllowed: true,
  notes: 'Truck only',
  deletedAt: null,
  version: 2,
  updatedAt: '2026-06-01T12:00:00.000Z',
};

describe('grid row', () => {
  it('computes cash, change and remaining exactly, with the market rounding mode', () => {
    const row = instrumentRowOf(
      stored,
      { last: '4.3525', previousSettle: '4.3300', quotedAt: '2026-06-01T15:00:00.000Z' },
      'down_cent',
      3,
    );
    expect(row).toMatchObject({
      futuresMonth: '2026-12',
      futuresLast: '4.3525',
      futuresChange: '0.0225',
      cashPrice: '4.0000', // 4.0025 rounded down to the cent
      quantityRemaining: '0.0000', // over-contracted: never negative
      priceUnit: 'bushel',
      currency: 'USD',
      workingOffers: 3,
      pricing: 'basis',
    });
    expect(
      instrumentRowOf(stored, { last: '4.3525', previousSettle: null, quotedAt: null }, 'up_cent', 0).cashPrice,
    ).toBe('4.0100');
    expect(instrumentRowOf(stored, null, 'nearest_cent', 0)).toMatchObject({
      cashPrice: null,
      futuresLast: null,
      futuresChange: null,
    });
  });

  it('previews a bulk move and flags a basis leaving the bound', () => {
    const row = instrumentRowOf(stored, { last: '4.3525', previousSettle: null, quotedAt: null }, 'nearest_cent', 0);
    expect(previewBasisMove([row], '-5')).toEqual([
      {
        id: 7,
        basis: '-0.3500',
        newBasis: '-0.4000',
        cashPrice: '4.0000',
        newCashPrice: '3.9500',
        outOfBound: false,
        flat: false,
      },
    ]);
    expect(previewBasisMove([row], '2.5')[0]).toMatchObject({ newBasis: '-0.3250', newCashPrice: '4.0300' });
    expect(previewBasisMove([row], '-466')[0]!.outOfBound).toBe(true);
  });

  it('keeps caps, contracted quantities and notes out of the public row', () => {
    const pub = publicBidRowOf(instrumentRowOf(stored, null, 'nearest_cent', 0));
    expect(pub).not.toHaveProperty('quantityCap');
    expect(pub).not.toHaveProperty('notes');
    expect(pub).not.toHaveProperty('quantityContracted');
  });
});
