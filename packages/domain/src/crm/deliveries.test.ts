import { describe, expect, it } from 'vitest';
import {
  fifoAllocate,
  netPounds,
  scaleTicketCreateSchema,
  splitAmounts,
  ticketFigures,
  type TicketWeighing,
} from './deliveries.ts';
import { DEFAULT_DISCOUNT_SCHEDULES } from './discount-schedules.ts';
import { toDecimal } from './exact.ts';

const corn = DEFAULT_DISCOUNT_SCHEDULES.corn!;
const load = (over: Partial<TicketWeighing> = {}): TicketWeighing => ({
  gross: '80000',
  tare: '28000',
  weightUnit: 'lb',
  moisture: null,
  testWeight: null,
  foreignMaterial: null,
  damage: null,
  ...over,
});

describe('ticketFigures', () => {
  it('counts a dry, clean load of corn at 56 lb a bushel with nothing taken off', () => {
    const f = ticketFigures(load({ moisture: '14.80', testWeight: '57.5' }), 56, corn);
    expect(f.netWeight).toBe('52000');
    expect(f.grossBushels).toBe('928.57'); // 52000 / 56 = 928.5714…
    expect(f.shrinkBushels).toBe('0.00');
    expect(f.netBushels).toBe('928.57');
    expect(f.dryingCharge).toBe('0.00');
    expect(f.discountAmount).toBe('0.00');
  });

  it('shrinks wet corn 1.4 % a point plus 0.5 % handling and charges drying on the wet bushels', () => {
    // 17.3 % moisture: 2.3 points → 2.3 × 1.4 + 0.5 = 3.72 % shrink; drying 928.57 × 2.3 × 0.045 = 96.107 → 96.11
    const f = ticketFigures(load({ moisture: '17.30' }), 56, corn);
    expect(f.shrinkPct).toBe('3.72');
    expect(f.shrinkBushels).toBe('34.54'); // 928.57 × 0.0372 = 34.542804
    expect(f.netBushels).toBe('894.03');
    expect(toDecimal(f.netBushels).plus(toDecimal(f.shrinkBushels)).toFixed(2)).toBe(f.grossBushels);
    expect(f.dryingCharge).toBe('96.11');
  });

  it('takes graduated test-weight, damage and FM discounts on the net bushels, each line to the cent', () => {
    // TW 52.5: 3.5 lb under 56 → 2 × 1¢ + 1.5 × 2¢ = 5¢; damage 7.3 %: 2.3 over 5 → 4.6¢; FM 3.7 %: 0.7 over 3 → 1.05¢
    const f = ticketFigures(load({ testWeight: '52.5', damage: '7.3', foreignMaterial: '3.7' }), 56, corn);
    expect(f.discountCentsPerBushel).toEqual({ testWeight: '5', damage: '4.6', foreignMaterial: '1.05' });
    expect(f.testWeightDiscount).toBe('46.43'); // 928.57 × 0.05 = 46.4285
    expect(f.damageDiscount).toBe('42.71'); // 928.57 × 0.046 = 42.71422
    expect(f.foreignMaterialDiscount).toBe('9.75'); // 928.57 × 0.0105 = 9.749985
    expect(f.discountAmount).toBe('98.89');
  });

  it('converts kilograms exactly (1 lb = 0.45359237 kg)', () => {
    expect(netPounds({ gross: '45.359237', tare: '0', weightUnit: 'kg' }).toFixed()).toBe('100');
    const f = ticketFigures(load({ gross: '36287.39', tare: '12700.59', weightUnit: 'kg' }), 60, null);
    expect(f.grossBushels).toBe('866.67'); // 23586.8 kg = 52000.00… lb / 60
  });

  it('takes nothing off without a schedule', () => {
    const f = ticketFigures(load({ moisture: '25', testWeight: '40', damage: '30' }), 56, null);
    expect(f.netBushels).toBe('928.57');
    expect(f.discountAmount).toBe('0.00');
  });
});

describe('splitAmounts', () => {
  it('gives each share its percentage to the cent and the first the rest, adding up exactly', () => {
    expect(splitAmounts('1000.01', ['33.33', '33.33', '33.34'])).toEqual(['333.31', '333.30', '333.40']);
    const parts = splitAmounts('894.03', ['60', '40']);
    expect(parts).toEqual(['536.42', '357.61']);
    expect(parts.reduce((s, p) => s.plus(toDecimal(p)), toDecimal(0)).toFixed(2)).toBe('894.03');
  });
});

describe('fifoAllocate', () => {
  const c = (id: number, deliveryStart: string, open: string, contractDate = '2026-01-01') => ({
    id,
    deliveryStart,
    deliveryEnd: '2026-12-31',
    contractDate,
    open,
  });
  it('fills the earliest delivery window first, then by contract date and id, never past a contract’s open bushels', () => {
    const out = fifoAllocate('1200.5', [
      c(3, '2026-10-01', '500'),
      c(1, '2026-11-01', '5000'),
      c(2, '2026-10-01', '300', '2025-12-01'),
    ]);
    expect(out.allocations).toEqual([
      { contractId: 2, quantity: '300' },
      { contractId: 3, quantity: '500' },
      { contractId: 1, quantity: '400.5' },
    ]);
    expect(out.unplaced).toBe('0');
  });
  it('reports what no contract could take, and shares the open bushels across several tickets', () => {
    const left = new Map();
    const contracts = [c(1, '2026-10-01', '700')];
    expect(fifoAllocate('500', contracts, left).unplaced).toBe('0');
    const second = fifoAllocate('500', contracts, left);
    expect(second.allocations).toEqual([{ contractId: 1, quantity: '200' }]);
    expect(second.unplaced).toBe('300');
  });
});

describe('scaleTicketCreateSchema', () => {
  const base = {
    marketId: 1,
    clientId: 2,
    cropId: 1,
    cropYear: 2026,
    deliveryDate: '2026-10-05',
    gross: '80000',
    tare: '28000',
  };
  it('refuses a tare at or above gross, and splits not adding to 100', () => {
    expect(scaleTicketCreateSchema.safeParse({ ...base, tare: '80000' }).success).toBe(false);
    const bad = scaleTicketCreateSchema.safeParse({
      ...base,
      splits: [
        { clientId: 2, splitPct: '60' },
        { clientId: 3, splitPct: '39.99' },
      ],
    });
    expect(bad.success).toBe(false);
    expect(
      scaleTicketCreateSchema.safeParse({
        ...base,
        splits: [
          { clientId: 2, splitPct: '60' },
          { clientId: 3, splitPct: '40' },
        ],
      }).success,
    ).toBe(true);
  });
});
