import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPES,
  CONTRACT_TYPE_LABELS,
  TASK_LIST_STATUSES,
  basisFromCents,
  basisToCents,
  cashPrice,
  contractPricing,
  contractQuantities,
  contractStatus,
  daysAccumulated,
  daysToExpiration,
  eventCashPrice,
  inTheMoney,
  priceStatus,
  sumQuantities,
  undeliveredQuantity,
  unpricedQuantity,
  weightedAverage,
} from './contracts.ts';

describe('enumerations', () => {
  it('has the contract types of section 4 and the task-list statuses', () => {
    expect(CONTRACT_TYPES).toEqual(['pp', 'mp', 'mp_plus', 'hta', 'spot', 'flat', 'basic_cs']);
    expect(Object.keys(CONTRACT_TYPE_LABELS).sort()).toEqual([...CONTRACT_TYPES].sort());
    expect(TASK_LIST_STATUSES).toEqual(['signature_needed', 'pricing_needed', 'delivery_needed']);
  });
});

describe('cash = futures + basis', () => {
  it('adds exactly, with a negative basis', () => {
    expect(cashPrice('4.1275', '-0.35')).toBe('3.7775');
    expect(cashPrice('0.1', '0.2')).toBe('0.3');
    expect(cashPrice('10.50', '0.25')).toBe('10.75');
    expect(cashPrice('4.50', '-4.50')).toBe('0');
  });

  it('is null while a component is missing', () => {
    expect(cashPrice('4.50', null)).toBeNull();
    expect(cashPrice(undefined, '-0.30')).toBeNull();
  });

  it('converts basis between cents and dollars', () => {
    expect(basisToCents('-0.35')).toBe('-35');
    expect(basisToCents('0.1225')).toBe('12.25');
    expect(basisFromCents('-35')).toBe('-0.35');
    expect(basisFromCents('12.345')).toBe('0.1235');
    expect(basisFromCents('-12.345')).toBe('-0.1235');
  });

  it('takes an event cash price as given, else futures + basis', () => {
    expect(eventCashPrice({ quantity: '100', cashPrice: '5.0100', futuresPrice: '4.5', basis: '0.2' })).toBe('5.01');
    expect(eventCashPrice({ quantity: '100', futuresPrice: '4.5', basis: '0.2' })).toBe('4.7');
    expect(eventCashPrice({ quantity: '100', futuresPrice: '4.5' })).toBeNull();
  });
});

describe('weighted averages', () => {
  it('weights by quantity, not by event', () => {
    // (1000 × 4.00 + 3000 × 4.40) / 4000 = 4.30, not the plain mean 4.20
    expect(
      weightedAverage([
        { quantity: '1000', value: '4.00' },
        { quantity: '3000', value: '4.40' },
      ]),
    ).toBe('4.3');
  });

  it('rounds to 4 decimals half away from zero', () => {
    // (1 × 1 + 2 × 2) / 3 = 1.6666…
    expect(
      weightedAverage([
        { quantity: '1', value: '1' },
        { quantity: '2', value: '2' },
      ]),
    ).toBe('1.6667');
    // (1 × 0.00005 + 1 × 0.00005) / 2 = 0.00005 → 0.0001 (half up), negative → -0.0001
    expect(
      weightedAverage([
        { quantity: '1', value: '0.00005' },
        { quantity: '1', value: '0.00005' },
      ]),
    ).toBe('0.0001');
    expect(weightedAverage([{ quantity: '1', value: '-0.00005' }])).toBe('-0.0001');
    expect(
      weightedAverage([
        { quantity: '3', value: '-0.35' },
        { quantity: '1', value: '-0.20' },
      ]),
    ).toBe('-0.3125');
  });

  it('skips entries without a value or a positive quantity; null when none count', () => {
    expect(
      weightedAverage([
        { quantity: '1000', value: null },
        { quantity: '0', value: '9' },
        { quantity: '500', value: '4.1' },
      ]),
    ).toBe('4.1');
    expect(weightedAverage([])).toBeNull();
    expect(weightedAverage([{ quantity: '100', value: undefined }])).toBeNull();
  });

  it('stays exact on large quantities', () => {
    expect(
      weightedAverage([
        { quantity: '99999999999999.9999', value: '4.1234' },
        { quantity: '0.0001', value: '9999.9999' },
      ]),
    ).toBe('4.1234');
  });
});

describe('contract pricing from events', () => {
  it('prices a flat contract in one event', () => {
    const p = contractPricing({ quantity: '5000' }, [{ quantity: '5000', futuresPrice: '4.50', basis: '-0.30' }]);
    expect(p).toMatchObject({
      pricedQuantity: '5000',
      unpricedQuantity: '0',
      averageFutures: '4.5',
      averageBasis: '-0.3',
      averageCash: '4.2',
      priceStatus: 'priced',
    });
  });

  it('averages uneven pricings of a pricing program', () => {
    const p = contractPricing({ quantity: '10000' }, [
      { quantity: '1000', futuresPrice: '4.4000', basis: '-0.2500' },
      { quantity: '2500', futuresPrice: '4.6000', basis: '-0.3000' },
      { quantity: '500', futuresPrice: '4.2000', basis: '-0.2000' },
    ]);
    // futures: (4400 + 11500 + 2100) / 4000 = 4.5; basis: (-250 - 750 - 100) / 4000 = -0.275
    expect(p).toMatchObject({
      pricedQuantity: '4000',
      unpricedQuantity: '6000',
      averageFutures: '4.5',
      averageBasis: '-0.275',
      averageCash: '4.225',
      priceStatus: 'partially_priced',
    });
  });

  it('says futures_set for a hedge-to-arrive before its basis, basis_set for a basis contract', () => {
    expect(contractPricing({ quantity: '5000' }, [{ quantity: '5000', futuresPrice: '4.50' }])).toMatchObject({
      priceStatus: 'futures_set',
      futuresOnlyQuantity: '5000',
      pricedQuantity: '0',
      unpricedQuantity: '5000',
      averageFutures: '4.5',
      averageBasis: null,
      averageCash: null,
    });
    expect(contractPricing({ quantity: '5000' }, [{ quantity: '5000', basis: '-0.40' }]).priceStatus).toBe('basis_set');
    expect(
      contractPricing({ quantity: '5000' }, [
        { quantity: '2000', basis: '-0.40' },
        { quantity: '3000', futuresPrice: '4.5' },
      ]).priceStatus,
    ).toBe('partially_priced');
    expect(contractPricing({ quantity: '5000' }, []).priceStatus).toBe('unpriced');
  });

  it('measures priced against the open quantity after cancellations', () => {
    const p = contractPricing({ quantity: '5000', cancelledQuantity: '1000' }, [
      { quantity: '4000', cashPrice: '4.75' },
    ]);
    expect(p).toMatchObject({
      pricedQuantity: '4000',
      unpricedQuantity: '0',
      priceStatus: 'priced',
      averageCash: '4.75',
    });
    const over = contractPricing({ quantity: '5000', cancelledQuantity: '2000' }, [
      { quantity: '4000', cashPrice: '4.75' },
    ]);
    expect(over).toMatchObject({ pricedQuantity: '3000', unpricedQuantity: '0', priceStatus: 'priced' });
  });

  it('one bushel short of the open quantity is partially priced', () => {
    expect(priceStatus({ quantity: '5000', pricedQuantity: '4999.9999' })).toBe('partially_priced');
    expect(priceStatus({ quantity: '5000', pricedQuantity: '5000' })).toBe('priced');
    expect(priceStatus({ quantity: '5000', cancelledQuantity: '5000', pricedQuantity: '0' })).toBe('unpriced');
    expect(priceStatus({ quantity: '5000', cancelledQuantity: '5000', pricedQuantity: '100' })).toBe('priced');
    expect(priceStatus({ quantity: '5000', pricedQuantity: '0', futuresOnlyQuantity: '5000' })).toBe('futures_set');
  });
});

describe('quantities and status', () => {
  it('derives open, undelivered, unpriced and over-delivered quantities', () => {
    expect(
      contractQuantities({
        quantity: '5000.0000',
        deliveredQuantity: '1200.5000',
        cancelledQuantity: '500',
        pricedQuantity: '3000',
      }),
    ).toEqual({
      quantity: '5000',
      cancelled: '500',
      open: '4500',
      delivered: '1200.5',
      undelivered: '3299.5',
      overDelivered: '0',
      priced: '3000',
      unpriced: '1500',
    });
    const over = contractQuantities({ quantity: '1000', deliveredQuantity: '1030.25' });
    expect(over).toMatchObject({ undelivered: '0', overDelivered: '30.25', unpriced: '1000' });
    expect(undeliveredQuantity({ quantity: '1000', deliveredQuantity: '999.9999' })).toBe('0.0001');
    expect(unpricedQuantity({ quantity: '1000', pricedQuantity: '1000' })).toBe('0');
    expect(sumQuantities(['1000.25', '2000.5', '0.25'])).toBe('3001');
  });

  it('is cancelled with nothing open, completed when delivered and priced, else open', () => {
    expect(contractStatus({ quantity: '1000', cancelledQuantity: '1000' })).toBe('cancelled');
    expect(contractStatus({ quantity: '1000', deliveredQuantity: '1000', pricedQuantity: '1000' })).toBe('completed');
    expect(contractStatus({ quantity: '1000', deliveredQuantity: '1000', pricedQuantity: '999' })).toBe('open');
    expect(contractStatus({ quantity: '1000', deliveredQuantity: '999', pricedQuantity: '1000' })).toBe('open');
    expect(
      contractStatus({ quantity: '1000', cancelledQuantity: '400', deliveredQuantity: '600', pricedQuantity: '600' }),
    ).toBe('completed');
  });
});

describe('inTheMoney', () => {
  const mp = { contractType: 'mp' as const, strike: '4.50', expiration: '2026-11-20' };
  it('is true only above the strike', () => {
    expect(inTheMoney(mp, '4.5001')).toBe(true);
    expect(inTheMoney(mp, '4.50')).toBe(false);
    expect(inTheMoney(mp, '4.4999')).toBe(false);
    expect(inTheMoney({ ...mp, contractType: 'mp_plus' }, '5')).toBe(true);
  });
  it('does not apply to other types, without a strike or a price, or after expiration', () => {
    expect(inTheMoney({ ...mp, contractType: 'flat' }, '5')).toBeNull();
    expect(inTheMoney({ ...mp, strike: null }, '5')).toBeNull();
    expect(inTheMoney(mp, null)).toBeNull();
    expect(inTheMoney(mp, '5', '2026-11-20')).toBe(true);
    expect(inTheMoney(mp, '5', '2026-11-21')).toBeNull();
  });
});

describe('daysAccumulated', () => {
  const pp = {
    contractType: 'pp' as const,
    contractDate: '2026-03-01',
    expiration: '2026-06-30',
    deliveryEnd: '2026-11-30',
  };
  it('counts the days of the pricing period that have run', () => {
    expect(daysAccumulated(pp, '2026-03-01')).toBe(0);
    expect(daysAccumulated(pp, '2026-03-31')).toBe(30);
    expect(daysAccumulated(pp, '2026-06-30')).toBe(121);
    expect(daysAccumulated(pp, '2026-07-01')).toBe(121);
    expect(daysAccumulated(pp, '2026-02-01')).toBe(0);
    expect(daysAccumulated({ ...pp, expiration: null }, '2026-12-31')).toBe(274);
  });
  it('does not apply to other types', () => {
    expect(daysAccumulated({ ...pp, contractType: 'hta' }, '2026-04-01')).toBeNull();
  });
  it('expirationDay counts down to the expiration', () => {
    expect(daysToExpiration('2026-05-20', '2026-05-15')).toBe(5);
    expect(daysToExpiration('2026-05-15', '2026-05-15')).toBe(0);
    expect(daysToExpiration('2026-05-14', '2026-05-15')).toBe(-1);
    expect(daysToExpiration(null, '2026-05-15')).toBeNull();
  });
});
