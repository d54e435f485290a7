import { describe, expect, it } from 'vitest';
import { MAX_TRACE_ID, isTraceId, randomTraceId } from './trace-id.ts';

describe('randomTraceId', () => {
  it('is a decimal string of a non-negative integer below 2^63', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = randomTraceId();
      expect(id).toMatch(/^(0|[1-9]\d{0,18})$/);
      expect(BigInt(id)).toBeLessThan(2n ** 63n);
      expect(BigInt(id)).toBeGreaterThanOrEqual(0n);
    }
  });

  it('is not constant', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomTraceId()));
    expect(ids.size).toBe(50);
  });

  it('uses the high bits: most ids have 18 or 19 digits', () => {
    const long = Array.from({ length: 100 }, () => randomTraceId()).filter((id) => id.length >= 18);
    expect(long.length).toBeGreaterThan(90);
  });

  it('keeps only the low 63 bits of a bigint source', () => {
    expect(randomTraceId(() => 2n ** 64n - 1n)).toBe((2n ** 63n - 1n).toString());
    expect(randomTraceId(() => 2n ** 63n)).toBe('0');
    expect(randomTraceId(() => 42n)).toBe('42');
    expect(randomTraceId(() => -1n)).toBe((2n ** 63n - 1n).toString());
  });

  it('scales a Math.random-style fraction to [0, 2^63)', () => {
    expect(randomTraceId(() => 0)).toBe('0');
    expect(randomTraceId(() => 0.5)).toBe((2n ** 62n).toString());
    expect(BigInt(randomTraceId(() => 0.9999999999999999))).toBeLessThan(2n ** 63n);
  });

  it('uses an integer number as is', () => {
    expect(randomTraceId(() => 123456789)).toBe('123456789');
  });
});

describe('isTraceId', () => {
  it('accepts decimal ids up to 2^63-1 only', () => {
    expect(isTraceId('0')).toBe(true);
    expect(isTraceId(MAX_TRACE_ID.toString())).toBe(true);
    expect(isTraceId((MAX_TRACE_ID + 1n).toString())).toBe(false);
    expect(isTraceId('-1')).toBe(false);
    expect(isTraceId('12a')).toBe(false);
    expect(isTraceId('')).toBe(false);
    expect(isTraceId(randomTraceId())).toBe(true);
  });
});
