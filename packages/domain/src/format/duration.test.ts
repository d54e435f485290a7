import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('keeps a tenth of a second under ten seconds', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(850)).toBe('0.9 s');
    expect(formatDuration(1_440)).toBe('1.4 s');
    expect(formatDuration(9_990)).toBe('10 s');
  });

  it('says the two largest units', () => {
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(7_380_000)).toBe('2 h 3 min');
    expect(formatDuration(3_600_000)).toBe('1 h');
  });

  it('reads nothing for no value and 0 s for a clock a little behind', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(-500)).toBe('0 s');
  });
});
