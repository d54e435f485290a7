import { describe, expect, it } from 'vitest';
import { hedgeTradeBodySchema, optionExpiry, positionProduct, positionsQuerySchema } from './positions.ts';

describe('optionExpiry', () => {
  it('is the last Friday at least two business days before the last business day of the month before', () => {
    // Nov 2026 ends on Monday the 30th; two business days before is Thursday the 26th; the Friday before, the 20th.
    expect(optionExpiry('2026-12')).toBe('2026-11-20');
    expect(optionExpiry('2027-03')).toBe('2027-02-19');
    expect(optionExpiry('2027-07')).toBe('2027-06-25');
  });

  it('steps over the exchange holidays the calendar passes', () => {
    // Thanksgiving (Thursday 2026-11-26) closed: two business days before Monday the 30th is Tuesday the 24th.
    const closed = new Set(['2026-11-26']);
    const open = (d: string) => !closed.has(d) && ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
    expect(optionExpiry('2026-12', open)).toBe('2026-11-20');
    // A Friday the exchange is closed moves to the Thursday before.
    const goodFriday = (d: string) => d !== '2027-03-26' && ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
    expect(optionExpiry('2027-05', goodFriday)).toBe('2027-04-23');
    expect(optionExpiry('2027-04', goodFriday)).toBe('2027-03-25');
  });
});

describe('positionProduct', () => {
  it('keeps the crops hedged in 5,000-bu contracts and leaves canola (tonnes) out', () => {
    expect(positionProduct(1)?.root).toBe('ZC');
    expect(positionProduct(2)?.root).toBe('ZS');
    expect(positionProduct(11)).toBeNull();
  });
});

describe('the hedge trade body', () => {
  const base = {
    futuresSymbol: 'zch27',
    instrument: 'futures',
    direction: 'sell',
    contracts: 2,
    price: '4.625',
    tradedOn: '2026-11-20',
  };
  it('reads a futures trade, the symbol upper-cased', () => {
    expect(hedgeTradeBodySchema.parse(base)).toMatchObject({ futuresSymbol: 'ZCH27', contracts: 2 });
  });
  it('names the field of a bad trade', () => {
    const field = (extra: object) =>
      hedgeTradeBodySchema.safeParse({ ...base, ...extra }).error?.issues.map((i) => i.path.join('.'));
    expect(field({ instrument: 'put' })).toEqual(['strike']);
    expect(field({ strike: '4.5' })).toEqual(['strike']);
    expect(field({ price: '0' })).toEqual(['price']);
    expect(field({ contracts: 0 })).toEqual(['contracts']);
  });
  it('reads the positions filters', () => {
    expect(positionsQuerySchema.parse({ cropId: '1', marketIds: '3,4' })).toEqual({ cropId: 1, marketIds: '3,4' });
    expect(positionsQuerySchema.safeParse({ marketIds: '3,x' }).success).toBe(false);
  });
});
