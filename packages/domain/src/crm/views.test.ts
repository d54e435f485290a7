import { describe, expect, it } from 'vitest';
import { evaluateCondition, type ContractFacts, type ViewFacts } from './conditions.ts';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from './contracts.ts';
import { LIST_COLUMNS } from './list-row.ts';
import { SORT_EXPRESSIONS } from './sorting.ts';
import { toDecimal } from './exact.ts';
import {
  CLIENT,
  TODAY,
  contract,
  expectedInView,
  expectedOverProduction,
  expectedTaskListStatuses,
  prng,
  ticket,
} from './test-fixtures.ts';
import {
  CONTRACT_VIEWS,
  DELIVERIES_LIST_DEFINITION,
  LIST_FILTERS,
  TASK_LIST_RULES,
  VIEW_DEFINITIONS,
  VIEW_RULES,
  clientExposure,
  contractInView,
  taskListStatuses,
  viewDefinition,
  viewFilters,
  viewListType,
  viewTab,
  viewsForTab,
  type ContractView,
} from './views.ts';

/** The hand-written predicate's answer, checked against the view's rule (contractInView evaluates VIEW_RULES). */
const inView = (facts: ViewFacts, view: ContractView, today = TODAY) => {
  const expected = expectedInView(facts, view, today);
  expect(contractInView(facts, view, today), `${view}: the rule vs the hand-written predicate`).toBe(expected);
  // A rule runs on its own list's table only.
  const sameList = view === 'default' || (viewListType(view) === 'deliveries') === (facts.kind === 'scaleTicket');
  if (sameList) expect(evaluateCondition(VIEW_RULES[view], facts, { today })).toBe(expected);
  else expect(expected).toBe(false);
  return expected;
};

describe('views, tabs and lists', () => {
  it('lists the ten views of section 4', () => {
    expect(CONTRACT_VIEWS).toEqual([
      'default',
      'delinquent',
      'to_arrive',
      'committed',
      'mp_pricing',
      'get_signatures',
      'unapplied',
      'needs_pricing',
      'double_obligation',
      'signature_mismatch',
    ]);
  });

  it('maps unapplied to deliveries, the signature views to contract-documents, the rest to contracts', () => {
    const tabs = Object.fromEntries(CONTRACT_VIEWS.map((v) => [v, viewTab(v)]));
    expect(tabs).toEqual({
      default: 'contracts',
      delinquent: 'contracts',
      to_arrive: 'contracts',
      committed: 'contracts',
      mp_pricing: 'contracts',
      get_signatures: 'contract-documents',
      unapplied: 'deliveries',
      needs_pricing: 'contracts',
      double_obligation: 'contracts',
      signature_mismatch: 'contract-documents',
    });
    expect(CONTRACT_VIEWS.filter((v) => viewListType(v) === 'deliveries')).toEqual(['unapplied']);
    expect(viewsForTab('deliveries')).toEqual(['default', 'unapplied']);
    expect(viewsForTab('contract-documents')).toEqual(['get_signatures', 'signature_mismatch']);
    expect(viewsForTab('contracts')).toEqual([
      'default',
      'delinquent',
      'to_arrive',
      'committed',
      'mp_pricing',
      'needs_pricing',
      'double_obligation',
    ]);
  });

  it('gives each view its own column set: ticket columns for unapplied, document columns for the signature views', () => {
    const sets = CONTRACT_VIEWS.map((v) => VIEW_DEFINITIONS[v].columns.join());
    expect(new Set(sets).size).toBe(CONTRACT_VIEWS.length);
    expect(VIEW_DEFINITIONS.unapplied.columns).toEqual(
      expect.arrayContaining(['displayScaleTicketId', 'actualUnapplied', 'moisture', 'testWeight']),
    );
    expect(VIEW_DEFINITIONS.unapplied.columns).not.toContain('contractType');
    for (const v of ['get_signatures', 'signature_mismatch'] as const) {
      expect(VIEW_DEFINITIONS[v].columns).toEqual(
        expect.arrayContaining(['document', 'eSignEligible', 'eSignSent', 'signed']),
      );
    }
    expect(VIEW_DEFINITIONS.default.columns).not.toContain('document');
    expect(VIEW_DEFINITIONS.mp_pricing.columns).toEqual(
      expect.arrayContaining(['strike', 'callOptionFee', 'expirationDay', 'inTheMoney']),
    );
    expect(VIEW_DEFINITIONS.needs_pricing.columns).toEqual(
      expect.arrayContaining(['unpricedQuantity', 'daysAccumulated']),
    );
  });

  it('sorts only by shown columns that have an expression for the list', () => {
    for (const def of [...Object.values(VIEW_DEFINITIONS), DELIVERIES_LIST_DEFINITION]) {
      for (const c of def.columns) expect(LIST_COLUMNS).toContain(c);
      expect(def.sortColumns).toContain(def.defaultSort.column);
      for (const s of def.sortColumns) {
        expect(def.columns, `${def.view}: ${s}`).toContain(s);
        expect(SORT_EXPRESSIONS[s]?.[def.listType], `${def.view}: ${s}`).toBeDefined();
      }
    }
  });

  it('hides the option month and contract type filters on unapplied (and the deliveries list)', () => {
    expect(viewFilters('unapplied')).toEqual(['crops', 'years', 'deliveryRange', 'search', 'view', 'keyword']);
    expect(viewFilters('default', 'deliveries')).toEqual(viewFilters('unapplied'));
    for (const v of CONTRACT_VIEWS.filter((x) => x !== 'unapplied')) expect(viewFilters(v)).toEqual([...LIST_FILTERS]);
  });

  it("uses the deliveries definition only for 'default' on the deliveries list", () => {
    expect(viewDefinition('default', 'deliveries')).toBe(DELIVERIES_LIST_DEFINITION);
    expect(viewDefinition('default')).toBe(VIEW_DEFINITIONS.default);
    expect(viewDefinition('unapplied')).toBe(VIEW_DEFINITIONS.unapplied);
  });
});

describe('view rules: rows just inside and just outside', () => {
  it('default holds every row of its list', () => {
    expect(inView(contract({ status: 'cancelled' }), 'default')).toBe(true);
    expect(inView(ticket({ unappliedQuantity: '0' }), 'default')).toBe(true);
  });

  it('delinquent: open, delivery window ended before today, something undelivered', () => {
    const late = {
      deliveryStart: '2026-04-01',
      deliveryEnd: '2026-05-14',
      quantity: '5000',
      deliveredQuantity: '4999',
    };
    expect(inView(contract(late), 'delinquent')).toBe(true);
    expect(inView(contract({ ...late, deliveryEnd: TODAY }), 'delinquent')).toBe(false); // ends today: still on time
    expect(inView(contract({ ...late, deliveredQuantity: '5000' }), 'delinquent')).toBe(false);
    expect(inView(contract({ ...late, cancelledQuantity: '1' }), 'delinquent')).toBe(false); // the short bushel was cancelled
    expect(inView(contract({ ...late, status: 'completed' }), 'delinquent')).toBe(false);
    expect(inView(ticket(), 'delinquent')).toBe(false);
  });

  it('to_arrive: open, window not ended, something undelivered', () => {
    expect(inView(contract({ deliveryEnd: TODAY }), 'to_arrive')).toBe(true);
    expect(inView(contract({ deliveryEnd: '2026-05-14' }), 'to_arrive')).toBe(false);
    expect(inView(contract({ deliveredQuantity: '4999.9999' }), 'to_arrive')).toBe(true);
    expect(inView(contract({ deliveredQuantity: '5000' }), 'to_arrive')).toBe(false);
    expect(inView(contract({ status: 'cancelled' }), 'to_arrive')).toBe(false);
  });

  it('committed: open, the open quantity fully priced, still undelivered', () => {
    const priced = { pricedQuantity: '5000', priceStatus: 'priced' as const };
    expect(inView(contract(priced), 'committed')).toBe(true);
    expect(inView(contract({ ...priced, pricedQuantity: '4999' }), 'committed')).toBe(false);
    expect(inView(contract({ ...priced, pricedQuantity: '4000', cancelledQuantity: '1000' }), 'committed')).toBe(true);
    expect(inView(contract({ ...priced, deliveredQuantity: '5000' }), 'committed')).toBe(false);
  });

  it('mp_pricing: an open minimum-price contract with unpriced quantity', () => {
    const mp = { contractType: 'mp' as const, strike: '4.8', expiration: '2026-11-20' };
    expect(inView(contract(mp), 'mp_pricing')).toBe(true);
    expect(inView(contract({ ...mp, contractType: 'mp_plus' }), 'mp_pricing')).toBe(true);
    expect(inView(contract({ ...mp, contractType: 'hta' }), 'mp_pricing')).toBe(false);
    expect(inView(contract({ ...mp, pricedQuantity: '5000' }), 'mp_pricing')).toBe(false);
    expect(inView(contract({ ...mp, pricedQuantity: '4999.9999' }), 'mp_pricing')).toBe(true);
    expect(inView(contract({ ...mp, status: 'completed' }), 'mp_pricing')).toBe(false);
  });

  it('get_signatures: e-sign eligible, not signed, not cancelled', () => {
    const eligible = { esignEligible: true, esignSent: true };
    expect(inView(contract(eligible), 'get_signatures')).toBe(true);
    expect(inView(contract({ ...eligible, esignSent: false }), 'get_signatures')).toBe(true);
    expect(inView(contract({ ...eligible, status: 'completed' }), 'get_signatures')).toBe(true);
    expect(inView(contract({ ...eligible, signed: true }), 'get_signatures')).toBe(false);
    expect(inView(contract({ ...eligible, esignEligible: false }), 'get_signatures')).toBe(false);
    expect(inView(contract({ ...eligible, status: 'cancelled' }), 'get_signatures')).toBe(false);
  });

  it('unapplied: a scale ticket with unapplied quantity', () => {
    expect(inView(ticket({ unappliedQuantity: '0.0001' }), 'unapplied')).toBe(true);
    expect(inView(ticket({ unappliedQuantity: '0.0000', appliedQuantity: '1000' }), 'unapplied')).toBe(false);
    expect(contractInView(contract(), 'unapplied', TODAY)).toBe(false);
  });

  it('needs_pricing: open with unpriced quantity (any type)', () => {
    expect(
      inView(contract({ contractType: 'hta', futuresPrice: '4.5', priceStatus: 'futures_set' }), 'needs_pricing'),
    ).toBe(true);
    expect(inView(contract({ pricedQuantity: '4999.9999' }), 'needs_pricing')).toBe(true);
    expect(inView(contract({ pricedQuantity: '5000' }), 'needs_pricing')).toBe(false);
    expect(inView(contract({ pricedQuantity: '4000', cancelledQuantity: '1000' }), 'needs_pricing')).toBe(false);
    expect(inView(contract({ status: 'cancelled' }), 'needs_pricing')).toBe(false);
  });

  it('double_obligation: the client contracted beyond its estimated production with us and others', () => {
    // production 1000 ac × 180 bu = 180,000 bu
    const client = { ...CLIENT, contractedWithOther: '100000' };
    const others = [contract({ quantity: '50000' }), contract({ quantity: '25000', cancelledQuantity: '0' })];
    const over = contract({ quantity: '5000.0001' }, { client, clientContracts: [] });
    const facts = (c: ContractFacts, pool: ContractFacts[]) => ({ ...c, clientContracts: [c, ...pool] });
    // 5000.0001 + 75000 + 100000 = 180000.0001 > 180000
    expect(inView(facts(over, others), 'double_obligation')).toBe(true);
    // exactly 180000: not beyond
    expect(inView(facts(contract({ quantity: '5000' }, { client }), others), 'double_obligation')).toBe(false);
    // cancelled bushels and cancelled contracts do not count
    expect(
      inView(facts(over, [others[0]!, contract({ quantity: '25000', cancelledQuantity: '1' })]), 'double_obligation'),
    ).toBe(false);
    expect(
      inView(facts(over, [others[0]!, contract({ quantity: '25000', status: 'cancelled' })]), 'double_obligation'),
    ).toBe(false);
    // other crops, other crop years, other clients and sales do not count
    for (const o of [{ cropId: 2 }, { cropYear: 2025 }, { clientId: 8 }, { direction: 'sale' as const }]) {
      expect(inView(facts(over, [others[0]!, contract({ quantity: '25000', ...o })]), 'double_obligation')).toBe(false);
    }
    // a completed contract still counts, but only open contracts are listed
    expect(
      inView(facts(over, [others[0]!, contract({ quantity: '25000', status: 'completed' })]), 'double_obligation'),
    ).toBe(true);
    expect(inView(facts({ ...over, status: 'completed' }, others), 'double_obligation')).toBe(false);
    // unknown production: no judgement
    expect(
      inView(
        facts(contract({ quantity: '500000' }, { client: { ...client, area: null } }), others),
        'double_obligation',
      ),
    ).toBe(false);
    expect(inView(facts(contract({ quantity: '500000' }, { client: null }), []), 'double_obligation')).toBe(false);
    // contracted_with_other unknown counts as 0
    expect(
      inView(
        contract({ quantity: '180000.0001' }, { client: { ...CLIENT, contractedWithOther: null } }),
        'double_obligation',
      ),
    ).toBe(true);
  });

  it('signature_mismatch: signed, and the terms changed since the signature', () => {
    const signed = { signed: true, esignEligible: true, signedTermsHash: 'a1', termsHash: 'a1' };
    expect(inView(contract({ ...signed, termsHash: 'b2' }), 'signature_mismatch')).toBe(true);
    expect(inView(contract({ ...signed, termsHash: null }), 'signature_mismatch')).toBe(true);
    expect(inView(contract(signed), 'signature_mismatch')).toBe(false);
    expect(inView(contract({ ...signed, signedTermsHash: null, termsHash: 'b2' }), 'signature_mismatch')).toBe(false);
    expect(inView(contract({ ...signed, signed: false, termsHash: 'b2' }), 'signature_mismatch')).toBe(false);
    expect(inView(contract({ ...signed, termsHash: 'b2', status: 'cancelled' }), 'signature_mismatch')).toBe(false);
  });

  it('agrees with its SQL condition on generated rows', () => {
    const rand = prng(42);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const qty = () => pick(['0', '1000', '2500.5', '5000', '4999.9999', '5000.0001']);
    const day = () => pick(['2026-05-14', TODAY, '2026-05-16', '2026-01-01', '2026-12-31']);
    const pool: ContractFacts[] = [];
    for (let i = 0; i < 400; i++) {
      pool.push(
        contract(
          {
            cropId: pick([1, 2]),
            cropYear: pick([2025, 2026]),
            direction: pick(['purchase', 'sale'] as const),
            status: pick(CONTRACT_STATUSES),
            contractType: pick(CONTRACT_TYPES),
            quantity: pick(['5000', '2500.5', '100000']),
            deliveredQuantity: qty(),
            cancelledQuantity: pick(['0', '0', '1000']),
            pricedQuantity: qty(),
            deliveryStart: day(),
            deliveryEnd: day(),
            esignEligible: rand() < 0.5,
            signed: rand() < 0.5,
            signedTermsHash: pick([null, 'a', 'b']),
            termsHash: pick([null, 'a', 'b']),
          },
          {
            client: pick([
              CLIENT,
              { ...CLIENT, area: '10', contractedWithOther: null },
              { ...CLIENT, estimatedYield: null },
              null,
            ]),
          },
        ),
      );
    }
    const seen = new Map<ContractView, number>();
    for (const c of pool) {
      const facts = { ...c, clientContracts: pool };
      for (const view of CONTRACT_VIEWS)
        if (inView(facts, view, pick([TODAY, '2026-05-14']))) seen.set(view, (seen.get(view) ?? 0) + 1);
      expect(taskListStatuses(facts, TODAY)).toEqual(expectedTaskListStatuses(facts, TODAY));
      for (const [status, rule] of Object.entries(TASK_LIST_RULES)) {
        expect(evaluateCondition(rule, facts, { today: TODAY })).toBe(
          expectedTaskListStatuses(facts, TODAY).includes(status as never),
        );
      }
      // The profile's double obligation is the rule's comparison (its terms evaluated).
      const exposure = clientExposure(facts);
      expect(exposure.doubleObligation !== null && toDecimal(exposure.doubleObligation).greaterThan(0)).toBe(
        expectedOverProduction(facts),
      );
    }
    // the generator reaches every contract view both ways
    for (const view of CONTRACT_VIEWS.filter((v) => v !== 'unapplied' && v !== 'default')) {
      expect(seen.get(view) ?? 0, view).toBeGreaterThan(0);
      expect(seen.get(view) ?? 0, view).toBeLessThan(pool.length);
    }
  });
});

describe('task list and exposure', () => {
  it('flags signature, pricing and delivery work', () => {
    expect(taskListStatuses(contract({ esignEligible: true, deliveryStart: TODAY }), TODAY)).toEqual([
      'signature_needed',
      'pricing_needed',
      'delivery_needed',
    ]);
    expect(taskListStatuses(contract({ deliveryStart: '2026-05-16' }), TODAY)).toEqual(['pricing_needed']);
    expect(
      taskListStatuses(contract({ pricedQuantity: '5000', deliveredQuantity: '5000', status: 'completed' }), TODAY),
    ).toEqual([]);
  });

  it("sums the client's position for the profile", () => {
    const c = contract({ quantity: '150000' }, { client: { ...CLIENT, contractedWithOther: '40000.5' } });
    expect(clientExposure(c)).toEqual({
      estimatedProduction: '180000',
      contractedWithCompany: '150000',
      contractedWithOther: '40000.5',
      doubleObligation: '10000.5',
      remaining: '0',
    });
    expect(clientExposure(contract({ quantity: '100000' }))).toMatchObject({
      doubleObligation: '0',
      remaining: '80000',
    });
    expect(clientExposure(contract({}, { client: null }))).toMatchObject({
      estimatedProduction: null,
      doubleObligation: null,
      remaining: null,
    });
  });
});
