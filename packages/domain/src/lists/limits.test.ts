import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_TOTAL_ROWS,
  MIN_PAGE,
  NUMERIC_BOUND,
  PAGE_SIZES,
  clampPage,
  clampPageSize,
} from './limits.ts';

describe('list constants', () => {
  it('match the spec', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 25, 50, 80, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(100);
    expect(MAX_TOTAL_ROWS).toBe(10000);
    expect(MIN_PAGE).toBe(1);
    expect(NUMERIC_BOUND).toEqual({ min: -500, max: 500 });
  });
});

describe('clampPageSize', () => {
  it('keeps every allowed size', () => {
    for (const size of PAGE_SIZES) {
      expect(clampPageSize(size)).toBe(size);
      expect(clampPageSize(String(size))).toBe(size);
    }
  });

  it('takes the largest allowed size not above the value', () => {
    expect(clampPageSize(6)).toBe(5);
    expect(clampPageSize(9)).toBe(5);
    expect(clampPageSize(11)).toBe(10);
    expect(clampPageSize(24)).toBe(20);
    expect(clampPageSize(30)).toBe(25);
    expect(clampPageSize(49.9)).toBe(25);
    expect(clampPageSize(79)).toBe(50);
    expect(clampPageSize(99)).toBe(80);
    expect(clampPageSize('60')).toBe(50);
  });

  it('is at least 5', () => {
    expect(clampPageSize(4)).toBe(5);
    expect(clampPageSize(1)).toBe(5);
    expect(clampPageSize(0)).toBe(5);
    expect(clampPageSize(-10)).toBe(5);
    expect(clampPageSize('0')).toBe(5);
    expect(clampPageSize(-Infinity)).toBe(5);
  });

  it('is at most 100', () => {
    expect(clampPageSize(101)).toBe(100);
    expect(clampPageSize(10000)).toBe(100);
    expect(clampPageSize('1e6')).toBe(100);
    expect(clampPageSize(Infinity)).toBe(100);
  });

  it('is 100 when missing or not numeric', () => {
    expect(clampPageSize(undefined)).toBe(100);
    expect(clampPageSize(null)).toBe(100);
    expect(clampPageSize('')).toBe(100);
    expect(clampPageSize('  ')).toBe(100);
    expect(clampPageSize('abc')).toBe(100);
    expect(clampPageSize('20abc')).toBe(100);
    expect(clampPageSize(NaN)).toBe(100);
    expect(clampPageSize(true)).toBe(100);
    expect(clampPageSize({})).toBe(100);
    expect(clampPageSize([])).toBe(100);
  });

  it('takes the first value of a repeated query key and trims strings', () => {
    expect(clampPageSize(['20', '50'])).toBe(20);
    expect(clampPageSize(' 50 ')).toBe(50);
    expect(clampPageSize(25n)).toBe(25);
  });
});

describe('clampPage', () => {
  it('keeps integers from 1', () => {
    expect(clampPage(1)).toBe(1);
    expect(clampPage(7)).toBe(7);
    expect(clampPage('3')).toBe(3);
    expect(clampPage(['4', '9'])).toBe(4);
  });

  it('gives 1 for anything else', () => {
    expect(clampPage(0)).toBe(1);
    expect(clampPage(-2)).toBe(1);
    expect(clampPage(2.5)).toBe(1);
    expect(clampPage('2.5')).toBe(1);
    expect(clampPage('x')).toBe(1);
    expect(clampPage('')).toBe(1);
    expect(clampPage(undefined)).toBe(1);
    expect(clampPage(null)).toBe(1);
    expect(clampPage(NaN)).toBe(1);
    expect(clampPage(Infinity)).toBe(1);
    expect(clampPage(2 ** 60)).toBe(1);
  });
});
