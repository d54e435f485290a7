import { describe, expect, it } from 'vitest';
import { dailyBasisSeries, seasonalBasisAverages } from './basis-analysis.ts';

const close = (day: string, basis: string | null) => ({ day, basis, futuresSymbol: 'ZCZ26' });

describe('dailyBasisSeries', () => {
  it('carries the last close forward a day a point, from the close before the range', () => {
    const s = dailyBasisSeries([close('2026-01-01', '-0.3'), close('2026-01-04', '-0.25')], '2026-01-02', '2026-01-05');
    expect(s.map((p) => [p.day, p.basis])).toEqual([
      ['2026-01-02', '-0.3'],
      ['2026-01-03', '-0.3'],
      ['2026-01-04', '-0.25'],
      ['2026-01-05', '-0.25'],
    ]);
  });

  it('starts at the first close when the range begins before it; nothing without closes', () => {
    expect(dailyBasisSeries([close('2026-01-03', '-0.3')], '2026-01-01', '2026-01-04').map((p) => p.day)).toEqual([
      '2026-01-03',
      '2026-01-04',
    ]);
    expect(dailyBasisSeries([], '2026-01-01', '2026-01-04')).toEqual([]);
  });
});

describe('seasonalBasisAverages', () => {
  it('averages the same weeks of earlier years, and says how many years', () => {
    const series = [
      ...dailyBasisSeries([close('2024-11-01', '-0.4')], '2024-11-01', '2024-11-30'),
      ...dailyBasisSeries([close('2025-11-01', '-0.2')], '2025-11-01', '2025-11-30'),
      ...dailyBasisSeries([close('2026-11-01', '-0.1')], '2026-11-01', '2026-11-30'),
    ];
    const [today] = seasonalBasisAverages(series, ['2026-11-15']);
    expect(today).toEqual({ day: '2026-11-15', seasonalAverage: '-0.3', seasonalYears: 2 });
  });

  it('is null where no earlier year is recorded (a first season)', () => {
    const series = dailyBasisSeries([close('2026-10-01', '-0.3')], '2026-10-01', '2026-11-28');
    expect(seasonalBasisAverages(series).every((p) => p.seasonalAverage === null && p.seasonalYears === 0)).toBe(true);
  });

  it('takes 28 February for 29 February of a year before', () => {
    const series = [close('2027-02-28', '-0.5')];
    expect(seasonalBasisAverages(series, ['2028-02-29'])[0]!.seasonalAverage).toBe('-0.5');
  });
});
