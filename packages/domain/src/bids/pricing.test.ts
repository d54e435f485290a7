import { describe, expect, it } from 'vitest';
import {
  adjustBasis,
  basisAdjustmentCentsSchema,
  basisSchema,
  bidCashPrice,
  isBasisWithinBound,
  isOfferPriceHit,
  priceChange,
  roundPrice,
} from './pricing.ts';

describe('cash price', () => {
  it('is futures plus basis, exactly', () => {
    expect(bidCashPrice({ futuresPrice: '4.3525', basis: '-0.3500', flatPrice: null }, 'none')).toBe('4.0025');
    // 0.1 + 0.2 style float error would show here.
    expect(bidCashPrice({ futuresPrice: '0.1000', basis: '0.2000', flatPrice: null }, 'none')).toBe('0.3000');
  });

  it('rounds by the market mode', () => {
    const bid = { futuresPrice: '4.3525', basis: '-0.3400', flatPrice: null }; // 4.0125
    expect(bidCashPrice(bid, 'nearest_cent')).toBe('4.0100');
    expect(bidCashPrice({ ...bid, futuresPrice: '4.3550' }, 'nearest_cent')).toBe('4.0200'); // 4.015 → half up
    expect(bidCashPrice(bid, 'down_cent')).toBe('4.0100');
    expect(bidCashPrice(bid, 'up_cent')).toBe('4.0200');
    expect(bidCashPrice(bid, 'nearest_quarter_cent')).toBe('4.0125');
    expect(bidCashPrice(bid, 'nearest_half_cent')).toBe('4.0150');
    expect(roundPrice('-0.0150', 'nearest_cent')).toBe('-0.0200');
    expect(roundPrice('-0.0150', 'down_cent')).toBe('-0.0200');
    expect(roundPrice('-0.0150', 'up_cent')).toBe('-0.0100');
  });

  it('uses the flat price when the bid has one, and is unknown without a quote', () => {
    expect(bidCashPrice({ futuresPrice: null, basis: null, flatPrice: '7.255' }, 'nearest_cent')).toBe('7.2600');
    expect(bidCashPrice({ futuresPrice: null, basis: '-0.3000', flatPrice: null })).toBeNull();
  });
});

describe('basis bound (-500..500 cents)', () => {
  it('accepts a basis within ±$5.00 and refuses beyond', () => {
    expect(isBasisWithinBound('-5.0000')).toBe(true);
    expect(isBasisWithinBound('5.0001')).toBe(false);
    expect(basisSchema.safeParse('-0.35').success).toBe(true);
    expect(basisSchema.safeParse('-35').success).toBe(false);
    expect(basisSchema.safeParse('abc').success).toBe(false);
  });

  it('bulk adjustments are cents within the bound', () => {
    expect(adjustBasis('-0.3500', '5')).toBe('-0.3000');
    expect(adjustBasis('-0.3500', '-2.5')).toBe('-0.3750');
    expect(basisAdjustmentCentsSchema.safeParse('500').success).toBe(true);
    expect(basisAdjustmentCentsSchema.safeParse('-501').success).toBe(false);
  });
});

describe('offers and quotes', () => {
  it('an offer to sell is hit when cash reaches the target', () => {
    expect(isOfferPriceHit('4.2000', '4.1900')).toBe(false);
    expect(isOfferPriceHit('4.2000', '4.2000')).toBe(true);
    expect(isOfferPriceHit('4.2000', '4.2500')).toBe(true);
    expect(isOfferPriceHit('4.2000', null)).toBe(false);
  });

  it('change is last minus the previous settlement', () => {
    expect(priceChange('4.3525', '4.3300')).toBe('0.0225');
    expect(priceChange('4.3525', null)).toBeNull();
  });
});
