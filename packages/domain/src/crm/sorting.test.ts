import { describe, expect, it } from 'vitest';
import { evaluateCondition, exprType, type ViewFacts } from './conditions.ts';
import type { ListType } from './contracts.ts';
import type { ListColumn } from './list-row.ts';
import {
  compareByKeyset,
  keysetCondition,
  keysetKeyOf,
  orderByTerms,
  sortColumnForParam,
  sortExpression,
  sortParamForColumn,
  sortParamsForView,
  type KeysetCursor,
} from './sorting.ts';
import { CLIENT, TODAY, contract, prng, ticket } from './test-fixtures.ts';
import type { SortOrder } from './views.ts';

describe('sort parameters', () => {
  it('sends eSignEligible as esign_eligible and sorts expirationDay by expiration', () => {
    expect(sortParamForColumn('eSignEligible')).toBe('esign_eligible');
    expect(sortParamForColumn('expirationDay')).toBe('expiration');
    expect(sortParamForColumn('client')).toBe('client');
    expect(sortExpression('expirationDay', 'contract')).toEqual(sortExpression('expiration', 'contract'));
  });

  it('resolves a sort parameter only within the view', () => {
    expect(sortColumnForParam('esign_eligible', 'get_signatures')).toBe('eSignEligible');
    expect(sortColumnForParam('eSignEligible', 'get_signatures')).toBe('eSignEligible');
    expect(sortColumnForParam('esign_eligible', 'default')).toBeNull();
    expect(sortColumnForParam('expiration', 'mp_pricing')).toBe('expiration');
    expect(sortColumnForParam('expirationDay', 'mp_pricing')).toBe('expirationDay');
    expect(sortColumnForParam('strike', 'delinquent')).toBeNull();
    expect(sortColumnForParam('deliveryDate', 'unapplied')).toBe('deliveryDate');
    expect(sortColumnForParam('deliveryDate', 'default', 'deliveries')).toBe('deliveryDate');
    expect(sortColumnForParam('deliveryDate', 'default')).toBeNull();
    expect(sortColumnForParam('__proto__', 'default')).toBeNull();
    expect(sortColumnForParam(null, 'default')).toBeNull();
  });

  it('sends per-view sort columns only when they belong to the view', () => {
    expect(sortParamsForView('get_signatures', 'eSignEligible', 'desc')).toEqual({
      sort: 'esign_eligible',
      sortOrder: 'desc',
    });
    expect(sortParamsForView('mp_pricing', 'expirationDay', 'asc')).toEqual({ sort: 'expiration', sortOrder: 'asc' });
    expect(sortParamsForView('default', 'eSignEligible', 'desc')).toEqual({});
    expect(sortParamsForView('unapplied', 'strike', 'asc')).toEqual({});
    expect(sortParamsForView('delinquent', 'deliveryEndIsoStr', null)).toEqual({ sort: 'deliveryEndIsoStr' });
  });

  it('orders by the expression NULLS LAST, then the id', () => {
    expect(orderByTerms('date', 'desc', 'contract')).toEqual([
      { expr: { kind: 'col', table: 'contracts', name: 'contractDate' }, order: 'desc', nulls: 'last' },
      { expr: { kind: 'col', table: 'contracts', name: 'id' }, order: 'desc', nulls: 'last' },
    ]);
    expect(() => sortExpression('strike', 'deliveries')).toThrow();
  });
});

describe('keyset pagination', () => {
  const ctx = { today: TODAY };

  function sorted(rows: ViewFacts[], column: ListColumn, order: SortOrder, listType: ListType): ViewFacts[] {
    const type = exprType(sortExpression(column, listType));
    return [...rows].sort((a, b) =>
      compareByKeyset(keysetKeyOf(a, column, listType, ctx), keysetKeyOf(b, column, listType, ctx), order, type),
    );
  }

  function pages(
    rows: ViewFacts[],
    column: ListColumn,
    order: SortOrder,
    listType: ListType,
    size: number,
  ): ViewFacts[][] {
    const all = sorted(rows, column, order, listType);
    const out: ViewFacts[][] = [];
    let cursor: KeysetCursor | null = null;
    for (;;) {
      const after: ViewFacts[] =
        cursor === null
          ? all
          : all.filter((r) => evaluateCondition(keysetCondition(column, order, listType, cursor!), r, ctx));
      const page = after.slice(0, size);
      if (page.length === 0) return out;
      out.push(page);
      cursor = keysetKeyOf(page[page.length - 1]!, column, listType, ctx);
    }
  }

  it('walks every row once, in order, through ties and NULLs, both ways', () => {
    const rand = prng(7);
    const rows: ViewFacts[] = [];
    for (let i = 0; i < 57; i++) {
      rows.push(
        contract(
          {
            id: 100 + ((i * 37) % 57),
            expiration: rand() < 0.3 ? null : `2026-0${1 + Math.floor(rand() * 3)}-1${Math.floor(rand() * 3)}`,
            quantity: ['5000', '5000.0', '10000', '750.25'][Math.floor(rand() * 4)]!,
            cancelledQuantity: rand() < 0.5 ? '0' : '250',
            deliveredQuantity: rand() < 0.5 ? '0' : '100.5',
          },
          { client: { ...CLIENT, name: ['Ames', 'Zeller', 'Ames', 'Ölberg'][Math.floor(rand() * 4)]! } },
        ),
      );
    }
    for (const column of [
      'expiration',
      'expirationDay',
      'quantity',
      'undeliveredQuantity',
      'client',
      'date',
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (const size of [5, 10, 25]) {
          const walked = pages(rows, column, order, 'contract', size).flat();
          expect(walked.map((r) => r.id)).toEqual(sorted(rows, column, order, 'contract').map((r) => r.id));
          expect(new Set(walked.map((r) => r.id)).size).toBe(rows.length);
        }
      }
    }
  });

  it('puts NULLs last in both directions', () => {
    const rows = [
      contract({ id: 1, expiration: null }),
      contract({ id: 2, expiration: '2026-01-01' }),
      contract({ id: 3, expiration: '2026-02-01' }),
    ];
    expect(sorted(rows, 'expiration', 'asc', 'contract').map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sorted(rows, 'expiration', 'desc', 'contract').map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('pages the deliveries list by its own columns', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7].map((i) =>
      ticket({ id: i, deliveryDate: `2026-05-0${(i % 3) + 1}`, unappliedQuantity: String(i * 10) }),
    );
    const walked = pages(rows, 'deliveryDate', 'desc', 'deliveries', 2);
    expect(walked.map((p) => p.map((r) => r.id))).toEqual([[5, 2], [7, 4], [1, 6], [3]]);
  });
});
