import { describe, expect, it } from 'vitest';
import {
  PricingRuleError,
  baselineEvents,
  basisOpenQuantity,
  basisSetSchema,
  creditSaleRefusal,
  futuresOpenQuantity,
  futuresSetSchema,
  planBasisSet,
  planFuturesSet,
  planPricingAddendum,
  structuredAddendumSchema,
  type StoredPricingEvent,
} from './pricing-operations.ts';

const contract = { quantity: '10000', cancelledQuantity: '0' };

describe('basis set and futures set', () => {
  it('fixes the basis on a new event, then futures on part of it price those bushels', () => {
    const basis = planBasisSet(contract, [], { quantity: '3333.3333', basis: '-0.3525' });
    expect(basis.inserts).toEqual([{ quantity: '3333.3333', futuresPrice: null, basis: '-0.3525', cashPrice: null }]);
    expect(basis.pricing.priceStatus).toBe('basis_set');
    const stored: StoredPricingEvent[] = [{ id: 1, ...basis.inserts[0]! }];
    const futures = planFuturesSet(contract, stored, { quantity: '1000.5', futuresPrice: '4.1275' });
    // Event 1 keeps 2332.8333 basis-only; 1000.5 is priced at 4.1275 − 0.3525 = 3.775.
    expect(futures.updates).toEqual([
      { id: 1, quantity: '2332.8333', futuresPrice: null, basis: '-0.3525', cashPrice: null },
    ]);
    expect(futures.inserts).toEqual([
      { quantity: '1000.5', futuresPrice: '4.1275', basis: '-0.3525', cashPrice: null },
    ]);
    expect(futures.pricing.pricedQuantity).toBe('1000.5');
    expect(futures.pricing.averageCash).toBe('3.775');
    expect(futures.pricing.priceStatus).toBe('partially_priced');
    expect(futures.completedQuantity).toBe('1000.5');
  });

  it('averages several partial pricings exactly, weighted by quantity', () => {
    let events: StoredPricingEvent[] = [];
    let nextId = 1;
    const apply = (plan: ReturnType<typeof planFuturesSet>) => {
      events = plan.events.map((e) => (e.id === null ? { ...e, id: nextId++ } : e));
      return plan;
    };
    apply(planFuturesSet(contract, events, { quantity: '3333.3333', futuresPrice: '4.1275' }));
    apply(planFuturesSet(contract, events, { quantity: '3333.3333', futuresPrice: '4.2525' }));
    apply(planFuturesSet(contract, events, { quantity: '3333.3334', futuresPrice: '4.3775' }));
    const last = apply(planBasisSet(contract, events, { quantity: '10000', basis: '-0.31' }));
    // (3333.3333×4.1275 + 3333.3333×4.2525 + 3333.3334×4.3775) / 10000 = 4.25250001250 → 4.2525
    expect(last.pricing.averageFutures).toBe('4.2525');
    expect(last.pricing.averageCash).toBe('3.9425');
    expect(last.pricing.priceStatus).toBe('priced');
    expect(futuresOpenQuantity(contract, events)).toBe('0');
  });

  it('refuses more than the open quantity and says how much is open', () => {
    const events: StoredPricingEvent[] = [
      { id: 1, quantity: '7500', futuresPrice: null, basis: '-0.2', cashPrice: null },
    ];
    expect(basisOpenQuantity(contract, events)).toBe('2500');
    try {
      planBasisSet(contract, events, { quantity: '2500.0001', basis: '-0.3' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PricingRuleError);
      expect((e as PricingRuleError).available).toBe('2500');
    }
    expect(() =>
      planBasisSet(contract, [...events, { ...events[0]!, id: 2, quantity: '2500' }], { quantity: '1', basis: '0' }),
    ).toThrow(/already fixed/);
  });

  it('a cancelled part is not open to pricing', () => {
    expect(futuresOpenQuantity({ quantity: '5000', cancelledQuantity: '1000' }, [])).toBe('4000');
  });
});

describe('pricing addendum', () => {
  it('prices unfixed bushels as one event with its own cash', () => {
    const plan = planPricingAddendum(contract, [], { quantity: '1234.5678', futuresPrice: '4.33', basis: '-0.4075' });
    expect(plan.cashPrice).toBe('3.9225');
    expect(plan.pricing.pricedQuantity).toBe('1234.5678');
    expect(() =>
      planPricingAddendum(contract, [{ id: 1, quantity: '9000', futuresPrice: '4', basis: null, cashPrice: null }], {
        quantity: '1000.0001',
        futuresPrice: '4',
        basis: '0',
      }),
    ).toThrow(PricingRuleError);
  });
});

describe('baseline events', () => {
  it('stand for a contract stored without events', () => {
    expect(
      baselineEvents({
        quantity: '5000',
        cancelledQuantity: '0',
        pricedQuantity: '0',
        priceStatus: 'futures_set',
        futuresPrice: '4.5',
        basis: null,
        cashPrice: null,
      }),
    ).toEqual([{ id: null, quantity: '5000', futuresPrice: '4.5', basis: null, cashPrice: null }]);
    expect(
      baselineEvents({
        quantity: '5000',
        cancelledQuantity: '0',
        pricedQuantity: '0',
        priceStatus: 'unpriced',
        futuresPrice: null,
        basis: null,
        cashPrice: null,
      }),
    ).toEqual([]);
  });
});

describe('schemas and rules', () => {
  it('futures set takes a price or the live price, not both', () => {
    expect(futuresSetSchema.safeParse({ quantity: '100', futuresPrice: '4.5' }).success).toBe(true);
    expect(futuresSetSchema.safeParse({ quantity: '100', useLivePrice: true }).success).toBe(true);
    expect(futuresSetSchema.safeParse({ quantity: '100', useLivePrice: true, futuresPrice: '4' }).success).toBe(false);
    expect(futuresSetSchema.safeParse({ quantity: '100' }).success).toBe(false);
  });
  it('basis is bounded at ±5 and quantities are positive', () => {
    expect(basisSetSchema.safeParse({ quantity: '0', basis: '-0.3' }).success).toBe(false);
    expect(basisSetSchema.safeParse({ quantity: '10', basis: '-5.01' }).success).toBe(false);
  });
  it('structured addendum needs a name', () => {
    expect(structuredAddendumSchema.safeParse({ name: ' ', terms: {} }).success).toBe(false);
    expect(structuredAddendumSchema.parse({ name: 'Premium', terms: { premium: '0.05' } }).terms).toEqual({
      premium: '0.05',
    });
  });
  it('credit sale: priced purchase contracts, paid after today', () => {
    expect(creditSaleRefusal({ direction: 'purchase', priceStatus: 'priced' }, '2026-12-01', '2026-11-27')).toBeNull();
    expect(
      creditSaleRefusal({ direction: 'purchase', priceStatus: 'basis_set' }, '2026-12-01', '2026-11-27')?.status,
    ).toBe(409);
    expect(creditSaleRefusal({ direction: 'sale', priceStatus: 'priced' }, '2026-12-01', '2026-11-27')?.status).toBe(
      409,
    );
    expect(
      creditSaleRefusal({ direction: 'purchase', priceStatus: 'priced' }, '2026-11-27', '2026-11-27')?.status,
    ).toBe(400);
  });
});
