import { describe, expect, it } from 'vitest';
import {
  ACRE_PLANS,
  acrePlanLineCost,
  findAcrePlan,
  packsToCover,
  parseAcres,
  sumMoney,
  type PackOption,
} from './acre-plans.ts';

const jug: PackOption = { id: 'jug', label: '2.5 gal jug', size: '2.5', packCount: 1, amount: '30.00' };
const kase: PackOption = { id: 'case', label: '2 × 2.5 gal case', size: '2.5', packCount: 2, amount: '58.00' };
const drum: PackOption = { id: 'drum', label: '30 gal drum', size: '30', packCount: 1, amount: '330.00' };
const tote: PackOption = { id: 'tote', label: '265 gal tote', size: '265', packCount: 1, amount: '2650.00' };
const packs = [jug, kase, drum, tote];

const picked = (quantity: string, options = packs) =>
  packsToCover(quantity, options).map((p) => `${p.count}×${p.option.id}`);

describe('acre plans', () => {
  it('are named per-crop programs with unique slugs and positive rates', () => {
    expect(new Set(ACRE_PLANS.map((p) => p.slug)).size).toBe(ACRE_PLANS.length);
    expect(ACRE_PLANS.map((p) => p.crop)).toEqual(expect.arrayContaining(['corn', 'soybeans', 'canola', 'wheat']));
    for (const plan of ACRE_PLANS) {
      expect(plan.items.length).toBeGreaterThan(2);
      for (const item of plan.items) expect(Number(item.ratePerAcre)).toBeGreaterThan(0);
    }
    expect(findAcrePlan('corn-pre-post-fungicide')?.items.map((i) => i.productSlug)).toContain('hs-atrazine-4l');
    expect(findAcrePlan('nope')).toBeNull();
  });

  it('covers a quantity with the cheapest packs', () => {
    expect(picked('2')).toEqual(['1×jug']);
    expect(picked('5')).toEqual(['1×case']);
    // 40 gal: a drum and two cases (330 + 116 = 446) beat eight cases (464) and two drums (660).
    expect(picked('40')).toEqual(['1×drum', '2×case']);
    // 28 gal: one drum (330) beats six cases (348) and five cases with two jugs (350).
    expect(picked('28')).toEqual(['1×drum']);
    // 7 gal: a case and a jug (88) rather than two cases (116).
    expect(picked('7')).toEqual(['1×case', '1×jug']);
    expect(picked('300')).toEqual(['1×tote', '1×drum', '1×case']);
    expect(picked('0')).toEqual([]);
    expect(picked('10', [])).toEqual([]);
  });

  it('prices a line for N acres, exactly', () => {
    // Atrazine at 1 qt (0.25 gal) an acre on 160 acres: 40 gal.
    const line = acrePlanLineCost('0.25', '160', packs);
    expect(line.quantity).toBe('40');
    expect(line.bought).toBe('40');
    expect(line.cost).toBe('446.00');
    // The tote is the cheapest per gallon: $10.00; a quarter gallon costs $2.50 an acre.
    expect(line.bestUnitPrice).toBe('10.0000');
    expect(line.costPerAcre).toBe('2.50');
    expect(acrePlanLineCost('0.0234375', '100', packs).quantity).toBe('2.3438');
    expect(sumMoney(['0.10', '0.20', null])).toBe('0.30');
  });

  it('reads acres as typed, with codes for bad values', () => {
    expect(parseAcres('1,200')).toEqual({ ok: true, acres: '1200' });
    expect(parseAcres('80.5')).toEqual({ ok: true, acres: '80.5' });
    expect(parseAcres('')).toEqual({ ok: false, code: 'required' });
    expect(parseAcres('lots')).toEqual({ ok: false, code: 'not_a_number' });
    expect(parseAcres('0')).toEqual({ ok: false, code: 'not_positive' });
    expect(parseAcres('-5')).toEqual({ ok: false, code: 'not_positive' });
    expect(parseAcres('100001')).toEqual({ ok: false, code: 'too_large' });
  });
});
