import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPE_RULES,
  contractFieldShown,
  initialPricingEvents,
  parseContractWrite,
  writtenExpiration,
  writtenPricing,
  type ContractWriteInput,
} from './contract-writing.ts';
import { CONTRACT_TYPES } from './contracts.ts';

const base = {
  direction: 'purchase',
  marketId: 1,
  cropId: 1,
  cropYear: 2026,
  quantity: '5000',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-11-30',
  optionMonth: '2026-12',
} satisfies Partial<ContractWriteInput>;

/** A valid body of each type. */
const VALID: Record<(typeof CONTRACT_TYPES)[number], ContractWriteInput> = {
  flat: { ...base, contractType: 'flat', futuresPrice: '4.1275', basis: '-0.35' },
  basic_cs: { ...base, contractType: 'basic_cs', futuresPrice: '4.10', basis: '-0.30', paymentTerms: 'deferred' },
  spot: { ...base, contractType: 'spot', optionMonth: null, cashPrice: '3.85' },
  hta: { ...base, contractType: 'hta', futuresPrice: '4.20' },
  pp: {
    ...base,
    contractType: 'pp',
    basis: '-0.40',
    pricingPeriodStart: '2026-03-01',
    pricingPeriodEnd: '2026-06-30',
  },
  mp: { ...base, contractType: 'mp', strike: '4.50', callOptionFee: '0.15', expiration: '2026-11-20' },
  mp_plus: {
    ...base,
    contractType: 'mp_plus',
    strike: '4.50',
    callOptionFee: '0.15',
    expiration: '2026-11-20',
    mpOption: 'Seasonal high',
    pricingPeriodStart: '2026-03-01',
    pricingPeriodEnd: '2026-06-30',
  },
};

const fieldsOf = (clientId: number | null, body: unknown) => {
  const r = parseContractWrite(clientId, body);
  return r.ok ? {} : r.fields;
};

describe('contract writing rules', () => {
  it('accepts a valid contract of every type, purchase or sale', () => {
    for (const type of CONTRACT_TYPES) {
      expect(fieldsOf(7, VALID[type]), type).toEqual({});
      expect(fieldsOf(7, { ...VALID[type], direction: 'sale' }), type).toEqual({});
    }
  });

  it('names each missing field the type requires', () => {
    expect(fieldsOf(7, { ...VALID.flat, basis: null })).toEqual({ basis: 'Enter the basis' });
    expect(fieldsOf(7, { ...VALID.hta, futuresPrice: '' })).toEqual({ futuresPrice: 'Enter the futures price' });
    expect(fieldsOf(7, { ...VALID.spot, cashPrice: null })).toEqual({ cashPrice: 'Enter the cash price' });
    expect(fieldsOf(7, { ...VALID.mp, strike: null, expiration: null })).toEqual({
      strike: 'Enter the strike',
      expiration: 'Enter the expiration',
    });
    expect(fieldsOf(7, { ...VALID.pp, pricingPeriodEnd: null })).toEqual({
      pricingPeriodEnd: 'Enter the pricing period end',
    });
    expect(fieldsOf(7, { ...VALID.basic_cs, paymentTerms: null })).toEqual({ paymentTerms: 'Choose payment terms' });
    expect(fieldsOf(7, { ...VALID.mp_plus, mpOption: '' })).toEqual({ mpOption: 'Choose an option' });
  });

  it('refuses what a type does not fix', () => {
    expect(fieldsOf(7, { ...VALID.hta, basis: '-0.30' })).toEqual({
      basis: 'A hta contract does not take this field',
    });
    expect(fieldsOf(7, { ...VALID.pp, futuresPrice: '4.00' })).toHaveProperty('futuresPrice');
    expect(fieldsOf(7, { ...VALID.flat, strike: '4.00' })).toHaveProperty('strike');
  });

  it('checks cash = futures + basis exactly where both are fixed', () => {
    expect(fieldsOf(7, { ...VALID.flat, cashPrice: '3.7775' })).toEqual({});
    expect(fieldsOf(7, { ...VALID.flat, cashPrice: '3.78' })).toEqual({
      cashPrice: 'Cash must be futures + basis (3.7775)',
    });
    expect(fieldsOf(7, { ...VALID.spot, futuresPrice: '4.10', basis: '-0.30' })).toEqual({
      cashPrice: 'Cash must be futures + basis (3.8)',
    });
  });

  it('reads shapes, bounds and date order as field errors', () => {
    expect(fieldsOf(7, { ...VALID.flat, quantity: '0' })).toEqual({ quantity: 'Enter a quantity above 0' });
    expect(fieldsOf(7, { ...VALID.flat, quantity: 'lots' })).toEqual({ quantity: 'Enter a quantity' });
    expect(fieldsOf(7, { ...VALID.flat, basis: '-6' })).toEqual({ basis: 'At most 500 cents under' });
    expect(fieldsOf(7, { ...VALID.flat, deliveryEnd: '2026-09-01' })).toEqual({
      deliveryEnd: 'The delivery end must not be before its start',
    });
    expect(fieldsOf(7, { ...VALID.flat, optionMonth: '2026-13' })).toEqual({ optionMonth: 'Choose a futures month' });
    expect(fieldsOf(7, { ...VALID.flat, contractType: 'swap' })).toHaveProperty('contractType');
    expect(fieldsOf(7, { ...VALID.flat, extra: 1 })).toHaveProperty('body');
  });

  it('splits: two or more distinct clients, the contract’s among them, adding up to 100%', () => {
    const split = (splits: { clientId: number; pct: string }[]) => fieldsOf(7, { ...VALID.flat, splits });
    expect(
      split([
        { clientId: 7, pct: '60' },
        { clientId: 8, pct: '40' },
      ]),
    ).toEqual({});
    expect(
      split([
        { clientId: 7, pct: '33.33' },
        { clientId: 8, pct: '33.33' },
        { clientId: 9, pct: '33.34' },
      ]),
    ).toEqual({});
    expect(
      split([
        { clientId: 7, pct: '60' },
        { clientId: 8, pct: '30' },
      ]),
    ).toEqual({
      splits: 'The shares add up to 90%, not 100%',
    });
    expect(
      split([
        { clientId: 7, pct: '50' },
        { clientId: 7, pct: '50' },
      ]),
    ).toEqual({
      'splits.1.clientId': 'Each client only once',
    });
    expect(
      split([
        { clientId: 8, pct: '50' },
        { clientId: 9, pct: '50' },
      ]),
    ).toEqual({
      splits: "The contract's client must be one of the split",
    });
    expect(split([{ clientId: 7, pct: '100' }])).toEqual({ splits: 'A split needs at least two clients' });
    expect(
      split([
        { clientId: 7, pct: '100.001' },
        { clientId: 8, pct: '0' },
      ]),
    ).toMatchObject({
      'splits.0.pct': 'At most 2 decimals',
      'splits.1.pct': 'Above 0%',
    });
  });
});

describe('what a written contract starts with', () => {
  it('fixes per type what decision 013 prices: flat priced, hta futures set, pp basis set, mp unpriced', () => {
    const p = (type: keyof typeof VALID) => {
      const r = parseContractWrite(7, VALID[type]);
      if (!r.ok) throw new Error(JSON.stringify(r.fields));
      return writtenPricing(r.value);
    };
    expect(p('flat')).toMatchObject({
      priceStatus: 'priced',
      pricedQuantity: '5000',
      averageFutures: '4.1275',
      averageBasis: '-0.35',
      averageCash: '3.7775',
    });
    expect(p('spot')).toMatchObject({ priceStatus: 'priced', averageCash: '3.85', averageFutures: null });
    expect(p('hta')).toMatchObject({ priceStatus: 'futures_set', pricedQuantity: '0', averageFutures: '4.2' });
    expect(p('pp')).toMatchObject({ priceStatus: 'basis_set', averageBasis: '-0.4', averageCash: null });
    expect(p('mp')).toMatchObject({ priceStatus: 'unpriced', averageBasis: null });
    expect(p('basic_cs')).toMatchObject({ priceStatus: 'priced', averageCash: '3.8' });
  });

  it('writes no event when nothing is fixed, one over the whole quantity otherwise', () => {
    expect(
      initialPricingEvents({ contractType: 'mp', quantity: '10', futuresPrice: null, basis: null, cashPrice: null }),
    ).toEqual([]);
    expect(
      initialPricingEvents({
        contractType: 'flat',
        quantity: '1234.5678',
        futuresPrice: '4.0001',
        basis: '-0.1',
        cashPrice: null,
      }),
    ).toEqual([{ quantity: '1234.5678', futuresPrice: '4.0001', basis: '-0.1', cashPrice: '3.9001' }]);
  });

  it("a pricing program's expiration is its period's end", () => {
    expect(writtenExpiration({ contractType: 'pp', expiration: null, pricingPeriodEnd: '2026-06-30' })).toBe(
      '2026-06-30',
    );
    expect(writtenExpiration({ contractType: 'mp', expiration: '2026-11-20', pricingPeriodEnd: null })).toBe(
      '2026-11-20',
    );
  });

  it('the form shows the fields a type takes', () => {
    expect(contractFieldShown('flat', 'cashPrice')).toBe(false);
    expect(contractFieldShown('spot', 'cashPrice')).toBe(true);
    expect(contractFieldShown('hta', 'basis')).toBe(false);
    expect(contractFieldShown('mp_plus', 'pricingPeriodStart')).toBe(true);
    expect(Object.keys(CONTRACT_TYPE_RULES).sort()).toEqual([...CONTRACT_TYPES].sort());
  });
});
