import { describe, expect, it } from 'vitest';
import {
  computeFeedEfficiency,
  costPerTonOfPack,
  feedWeightUnit,
  type FeedEfficiencyInput,
} from './feed-efficiency.ts';

const steers: FeedEfficiencyInput = {
  unit: 'lb',
  headCount: '100',
  startWeight: '600',
  targetWeight: '1000',
  averageDailyGain: '3.5',
  dryMatterIntake: '22',
  costPerTon: '200',
};

function result(input: FeedEfficiencyInput) {
  const outcome = computeFeedEfficiency(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.result;
}

function errorsOf(input: FeedEfficiencyInput) {
  const outcome = computeFeedEfficiency(input);
  return outcome.ok ? [] : outcome.errors.map((e) => `${e.field}:${e.code}`);
}

describe('feed efficiency', () => {
  it('works out conversion, days, feed and cost of gain for a pen of steers', () => {
    expect(result(steers)).toEqual({
      unit: 'lb',
      gainPerHead: '400.0',
      feedConversionRatio: '6.29',
      daysOnFeed: '114.3',
      dryMatterPerHead: '2514.3',
      feedPerHead: '2514.3',
      totalFeedTons: '125.71',
      feedCostPerHead: '251.43',
      totalFeedCost: '25142.86',
      costOfGain: '0.629',
    });
  });

  it('is exact where binary floating point is not', () => {
    // 0.1 + 0.2 style sums: 300.1 − 300 = 0.1 lb of gain at 0.1 lb/day is exactly 1 day.
    const r = result({
      ...steers,
      startWeight: '300',
      targetWeight: '300.1',
      averageDailyGain: '0.1',
      dryMatterIntake: '0.3',
      costPerTon: '2000',
      headCount: '3',
    });
    expect(r.daysOnFeed).toBe('1.0');
    expect(r.feedConversionRatio).toBe('3.00');
    expect(r.feedCostPerHead).toBe('0.30');
    expect(r.totalFeedCost).toBe('0.90');
    expect(r.costOfGain).toBe('3.000');
  });

  it('grosses the dry matter up to feed as fed', () => {
    const r = result({ ...steers, dryMatterPercent: '80' });
    expect(r.dryMatterPerHead).toBe('2514.3');
    expect(r.feedPerHead).toBe('3142.9');
    expect(r.feedCostPerHead).toBe('314.29');
    expect(r.costOfGain).toBe('0.786');
  });

  it('counts metric tonnes in kilograms', () => {
    const r = result({
      unit: 'kg',
      headCount: '50',
      startWeight: '270',
      targetWeight: '450',
      averageDailyGain: '1.5',
      dryMatterIntake: '10',
      costPerTon: '300',
    });
    expect(r.daysOnFeed).toBe('120.0');
    expect(r.feedPerHead).toBe('1200.0');
    expect(r.totalFeedTons).toBe('60.00');
    expect(r.feedCostPerHead).toBe('360.00');
    expect(r.costOfGain).toBe('2.000');
    expect(feedWeightUnit('US')).toBe('lb');
    expect(feedWeightUnit('CA')).toBe('kg');
  });

  it('names every bad field with a code and a message', () => {
    expect(
      errorsOf({ ...steers, headCount: '', startWeight: 'abc', averageDailyGain: '0', dryMatterIntake: '-2' }),
    ).toEqual([
      'headCount:required',
      'startWeight:not_a_number',
      'averageDailyGain:not_positive',
      'dryMatterIntake:not_positive',
    ]);
    expect(errorsOf({ ...steers, headCount: '10.5' })).toEqual(['headCount:not_whole']);
    expect(errorsOf({ ...steers, targetWeight: '600' })).toEqual(['targetWeight:target_not_above_start']);
    expect(errorsOf({ ...steers, targetWeight: '550' })).toEqual(['targetWeight:target_not_above_start']);
    expect(errorsOf({ ...steers, dryMatterPercent: '120' })).toEqual(['dryMatterPercent:above_100']);
    expect(errorsOf({ ...steers, costPerTon: '99999999999' })).toEqual(['costPerTon:too_large']);
    const outcome = computeFeedEfficiency({ ...steers, targetWeight: '500' });
    expect(outcome.ok ? null : outcome.errors[0]?.message).toBe(
      'The target weight must be more than the start weight.',
    );
  });

  it('accepts thousands commas as typed', () => {
    expect(result({ ...steers, headCount: '1,000' }).totalFeedTons).toBe('1257.14');
  });

  it('prices a catalogue pack per ton, converting pounds and kilograms exactly', () => {
    // A 50 lb bag at $14.49: $579.60 a short ton.
    expect(costPerTonOfPack({ amount: '14.49', size: '50', unit: 'lb', packCount: 1 }, 'lb')).toBe('579.60');
    // The same bag per tonne: 50 lb = 22.6796185 kg.
    expect(costPerTonOfPack({ amount: '14.49', size: '50', unit: 'lb', packCount: 1 }, 'kg')).toBe('638.90');
    expect(costPerTonOfPack({ amount: '500', size: '2000', unit: 'lb', packCount: 1 }, 'lb')).toBe('500.00');
    expect(costPerTonOfPack({ amount: '10', size: '25', unit: 'kg', packCount: 2 }, 'kg')).toBe('200.00');
    expect(costPerTonOfPack({ amount: '10', size: '1', unit: 'unit', packCount: 1 }, 'lb')).toBeNull();
  });
});
