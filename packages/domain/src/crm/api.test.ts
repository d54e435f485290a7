import { describe, expect, it } from 'vitest';
import { bidsOffersExtCommodities, followupUpdateSchema } from './api.ts';
import { canSearchClients, clientExposureFor, clientProfileCharts, clientSummaryPatchSchema } from './client-api.ts';
import { contractPartialCancelSchema, contractRollSchema, contractTermsText } from './contract-api.ts';
import { clientExposure } from './views.ts';
import { CLIENT, contract } from './test-fixtures.ts';

describe('contractTermsText', () => {
  it('is canonical: keys sorted, decimals without trailing zeros, so equal terms give equal text', () => {
    const a = contract({ quantity: '5000.0000', futuresPrice: '4.1200', basis: '-0.3500', cashPrice: '3.7700' });
    const b = contract({
      id: 99,
      quantity: '5000',
      futuresPrice: '4.12',
      basis: '-0.35',
      cashPrice: '3.77',
      displayContractId: 'X',
    });
    expect(contractTermsText(a)).toBe(contractTermsText(b));
    expect(contractTermsText(a)).toMatch(/^\{"basis":"-0.35","callOptionFee":null,"cancelledQuantity":"0",/);
    expect(contractTermsText({ ...a, deliveryEnd: '2026-12-31' })).not.toBe(contractTermsText(a));
    expect(contractTermsText({ ...a, cancelledQuantity: '100' })).not.toBe(contractTermsText(a));
  });
});

describe('client profile figures', () => {
  it('clientExposureFor gives clientExposure for a crop and year without a subject contract', () => {
    const small = { ...CLIENT, area: '10', estimatedYield: '100', contractedWithOther: '200' };
    const list = [
      contract({ quantity: '900' }),
      contract({ quantity: '300', cancelledQuantity: '100' }),
      contract({ cropYear: 2025, quantity: '5000' }),
    ];
    const e = clientExposureFor(small, list, 1, 2026);
    expect(e).toEqual({
      estimatedProduction: '1000',
      contractedWithCompany: '1100',
      contractedWithOther: '200',
      doubleObligation: '300',
      remaining: '0',
    });
    expect(e).toEqual(clientExposure({ ...list[0]!, client: small, clientContracts: list }));
    expect(clientExposureFor(small, [], 1, 2026).contractedWithCompany).toBe('0');
  });

  it('clientProfileCharts: breakdown by type, contracted and delivered, and average prices by delivery month', () => {
    const charts = clientProfileCharts([
      contract({
        contractType: 'flat',
        quantity: '1000',
        deliveredQuantity: '400',
        cashPrice: '4.00',
        deliveryEnd: '2026-10-31',
      }),
      contract({
        contractType: 'flat',
        quantity: '3000',
        deliveredQuantity: '0',
        cashPrice: '4.40',
        deliveryEnd: '2026-10-15',
      }),
      contract({
        contractType: 'spot',
        quantity: '500',
        deliveredQuantity: '500',
        cashPrice: '3.90',
        deliveryEnd: '2026-11-02',
      }),
      contract({
        contractType: 'hta',
        quantity: '800',
        status: 'cancelled',
        cancelledQuantity: '800',
        deliveryEnd: '2026-11-30',
      }),
      contract({ contractType: 'flat', quantity: '999', direction: 'sale', deliveryEnd: '2026-11-30' }),
    ]);
    expect(charts.breakdown).toEqual([
      { contractType: 'spot', quantity: '500', contracts: 1 },
      { contractType: 'flat', quantity: '4000', contracts: 2 },
    ]);
    expect(charts.contractedAndDelivered).toEqual([
      { month: '2026-10', contracted: '4000', delivered: '400' },
      { month: '2026-11', contracted: '500', delivered: '500' },
    ]);
    expect(charts.averagePricing).toEqual([
      { month: '2026-10', contractedAverage: '4.3', deliveredAverage: '4', spot: null },
      { month: '2026-11', contractedAverage: '3.9', deliveredAverage: '3.9', spot: '3.9' },
    ]);
  });
});

describe('request schemas', () => {
  it('client summary: non-negative decimals at the column scale, null clears, at least one field, nothing else', () => {
    expect(clientSummaryPatchSchema.parse({ area: '1200.5', contractedWithOther: null })).toEqual({
      area: '1200.5',
      contractedWithOther: null,
    });
    for (const bad of [
      {},
      { area: '-1' },
      { area: '1.234' },
      { area: 'ten' },
      { area: 12 },
      { estimatedYield: '100000000' },
      { other: '1' },
    ]) {
      expect(clientSummaryPatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('operations: quantities above 0 with at most 4 decimals; price changes within ±5; windows in order', () => {
    expect(contractPartialCancelSchema.safeParse({ quantity: '250.5' }).success).toBe(true);
    for (const q of ['0', '-1', 'x', '1.00001'])
      expect(contractPartialCancelSchema.safeParse({ quantity: q }).success).toBe(false);
    const roll = { optionMonth: '2027-03', deliveryStart: '2027-01-01', deliveryEnd: '2027-02-01' };
    expect(contractRollSchema.parse(roll)).toMatchObject({ spread: '0', basisAdjustment: '0' });
    expect(contractRollSchema.safeParse({ ...roll, spread: '5.01' }).success).toBe(false);
    expect(contractRollSchema.safeParse({ ...roll, deliveryEnd: '2026-12-31' }).success).toBe(false);
    expect(contractRollSchema.safeParse({ ...roll, optionMonth: '2027-13' }).success).toBe(false);
  });

  it('follow-up updates need a field', () => {
    expect(followupUpdateSchema.safeParse({}).success).toBe(false);
    expect(followupUpdateSchema.safeParse({ done: true }).success).toBe(true);
  });
});

describe('small rules', () => {
  it('bids_offers_ext_commodities maps the filterable exchange crops', () => {
    expect(bidsOffersExtCommodities()).toEqual({ CN: 1, SB: 2, W: 45, MW: 73, KW: 72, RS: 11, RR: 13 });
  });

  it('client search needs a client-facing market permission', () => {
    expect(canSearchClients(['instruments', 'offers'])).toBe(false);
    expect(canSearchClients(['notes'])).toBe(true);
  });
});
