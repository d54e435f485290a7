import { describe, expect, it } from 'vitest';
import { canUseMySalesLite } from './access.ts';
import { cropParamSchema, cropYearParamSchema, farmerContractsQuerySchema } from './api.ts';
import {
  commodityBalances,
  cropYearSummary,
  farmerTasks,
  salesBalances,
  salesSummary,
  sharePercent,
  type TaskContract,
} from './sales.ts';

const contract = (extra: Partial<TaskContract> = {}): TaskContract => ({
  cropId: 1,
  cropYear: 2026,
  quantityUnit: 'bushels',
  status: 'open',
  quantity: '5000',
  cancelledQuantity: '0',
  deliveredQuantity: '0',
  pricedQuantity: '0',
  cashPrice: null,
  contractType: 'flat',
  priceStatus: 'unpriced',
  deliveryStart: '2026-10-01',
  esignSent: false,
  signed: false,
  ...extra,
});

describe('my sales lite access', () => {
  it('needs the agronomics experience and the allowing flag', () => {
    expect(canUseMySalesLite({ experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] })).toBe(
      true,
    );
    expect(canUseMySalesLite({ experiences: { enterprise_agronomics: true }, permissions: [] })).toBe(false);
    expect(canUseMySalesLite({ experiences: { grain_buying: true }, permissions: ['my-sales-lite'] })).toBe(false);
  });
});

describe('sales summary', () => {
  const contracts = [
    contract({ quantity: '5000', deliveredQuantity: '2000', pricedQuantity: '5000', cashPrice: '4.00' }),
    contract({
      quantity: '3000',
      cancelledQuantity: '1000',
      deliveredQuantity: '500',
      pricedQuantity: '1000',
      cashPrice: '4.30',
    }),
    contract({
      cropId: 2,
      quantity: '2000',
      status: 'completed',
      deliveredQuantity: '2000',
      pricedQuantity: '2000',
      cashPrice: '10.5',
    }),
    contract({ cropYear: 2025, quantity: '1000', deliveredQuantity: '1200' }),
  ];

  it('sums contracted, delivered, remaining and priced per crop and year, newest year first, with the weighted cash average', () => {
    const rows = salesSummary(contracts);
    expect(rows.map((r) => `${r.crop} ${r.cropYear}`)).toEqual(['Corn 2026', 'Soybeans 2026', 'Corn 2025']);
    const corn = rows[0]!;
    expect(corn).toMatchObject({
      contractCount: 2,
      openContractCount: 2,
      contracted: '7000',
      delivered: '2500',
      remaining: '4500',
      priced: '6000',
      unpriced: '1000',
    });
    // (5000 × 4.00 + 1000 × 4.30) / 6000 = 4.05
    expect(corn.averageCash).toBe('4.05');
    // Over-delivery leaves nothing to deliver, never a negative remainder.
    expect(rows[2]).toMatchObject({ contracted: '1000', delivered: '1200', remaining: '0', averageCash: null });
  });

  it('answers zeroes for a crop year without contracts', () => {
    expect(cropYearSummary(contracts, 45, 2026)).toMatchObject({
      crop: 'Wheat',
      contractCount: 0,
      contracted: '0',
      averageCash: null,
    });
  });

  it('balances count unapplied ticket bushels beside the contracts, and group by commodity with totals', () => {
    const tickets = [
      { cropId: 1, cropYear: 2026, unappliedQuantity: '250.5' },
      { cropId: 1, cropYear: 2026, unappliedQuantity: '0' },
      { cropId: 45, cropYear: 2026, unappliedQuantity: '100' },
    ];
    const rows = salesBalances(contracts, tickets);
    expect(rows.find((r) => r.cropId === 1 && r.cropYear === 2026)).toMatchObject({
      unappliedTickets: '250.5',
      unappliedTicketCount: 1,
    });
    expect(rows.find((r) => r.cropId === 45)).toMatchObject({ contractCount: 0, unappliedTickets: '100' });
    const corn = commodityBalances(contracts, tickets).find((c) => c.cropId === 1)!;
    expect(corn.years.map((y) => y.cropYear)).toEqual([2026, 2025]);
    expect(corn.totals).toMatchObject({
      contracted: '8000',
      delivered: '3700',
      remaining: '4500',
      unappliedTickets: '250.5',
    });
  });

  it('share percent is whole and bounded', () => {
    expect(sharePercent('2500', '7000')).toBe(35);
    expect(sharePercent('1200', '1000')).toBe(100);
    expect(sharePercent('1', '0')).toBe(0);
  });
});

describe('farmer tasks', () => {
  it('asks to sign a sent contract, to price unpriced bushels and to deliver when the window is near', () => {
    expect(farmerTasks(contract({ esignSent: true, deliveryStart: '2026-12-15' }), '2026-11-22')).toEqual([
      'signature_needed',
      'pricing_needed',
      'delivery_needed',
    ]);
    expect(farmerTasks(contract({ pricedQuantity: '5000', deliveryStart: '2027-03-01' }), '2026-11-22')).toEqual([]);
    expect(farmerTasks(contract({ status: 'cancelled', esignSent: true }), '2026-11-22')).toEqual([]);
  });
});

describe('request parameters', () => {
  it('reads crops by id, code or name and refuses unknown ones', () => {
    expect(cropParamSchema.parse('corn')).toBe(1);
    expect(cropParamSchema.parse('SB')).toBe(2);
    expect(cropParamSchema.parse('45')).toBe(45);
    expect(cropParamSchema.safeParse('kale').success).toBe(false);
    expect(cropYearParamSchema.safeParse('26').success).toBe(false);
    expect(cropYearParamSchema.safeParse('1999').success).toBe(false);
  });

  it('refuses a bad status or page, clamps the page size', () => {
    expect(farmerContractsQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(farmerContractsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(farmerContractsQuerySchema.parse({ pageSize: '30' }).pageSize).toBe(25);
  });
});
