import { describe, expect, it } from 'vitest';
import { basisBoundText, basisInputText, basisMeaning, readBasis } from './basis-input';

const corn = { unit: 'bushel' as const, notation: 'cents' as const, futuresSymbol: 'ZCZ26' };

describe('a basis as the merchandiser types it', () => {
  it('reads cents as the trade says them, and keeps dollars for the API', () => {
    expect(readBasis('-45', corn)).toEqual({ state: 'ok', value: '-0.4500' });
    expect(readBasis('+12', corn)).toEqual({ state: 'ok', value: '0.1200' });
    expect(readBasis('45 under', corn)).toEqual({ state: 'ok', value: '-0.4500' });
    expect(readBasis('-45 Z', corn)).toEqual({ state: 'ok', value: '-0.4500' });
    expect(readBasis('', corn)).toEqual({ state: 'empty' });
  });

  it('refuses beyond ±500 cents, words it cannot read, and another futures month', () => {
    expect(readBasis('-501', corn)).toEqual({ state: 'out_of_range' });
    expect(readBasis('lots', corn)).toEqual({ state: 'invalid' });
    expect(readBasis('-45 H', corn)).toEqual({ state: 'other_month', month: 'H' });
    expect(basisBoundText('bushel')).toEqual({ min: '-500', max: '500' });
  });

  it('reads dollars when the partner writes basis in dollars, and dollars a tonne for canola', () => {
    expect(readBasis('-0.45', { ...corn, notation: 'dollars' })).toEqual({ state: 'ok', value: '-0.4500' });
    const canola = { unit: 'tonne' as const, notation: 'cents' as const, futuresSymbol: 'RSF27' };
    expect(readBasis('-32.5', canola)).toEqual({ state: 'ok', value: '-32.5' });
    expect(readBasis('-300', canola)).toEqual({ state: 'out_of_range' });
    expect(basisInputText('-32.5000', 'tonne', 'cents')).toBe('-32.5');
  });

  it('says what a basis means and edits a stored one in the notation', () => {
    expect(basisMeaning('-0.4500', { unit: 'bushel', currency: 'USD', futuresSymbol: 'ZCZ26' })).toBe(
      '-$0.45 · 45 under Z',
    );
    expect(basisInputText('-0.3400', 'bushel', 'cents')).toBe('-34');
    expect(basisInputText('-0.3400', 'bushel', 'dollars')).toBe('-$0.34');
  });
});
