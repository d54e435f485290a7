import { describe, expect, it } from 'vitest';
import {
  ALWAYS,
  COLUMN_TYPES,
  and,
  cmp,
  coalesce,
  col,
  columnSqlName,
  contains,
  dec,
  distinct,
  evaluateCondition,
  evaluateExpr,
  inList,
  isNull,
  lit,
  mul,
  not,
  or,
  sub,
  text,
} from './conditions.ts';
import { TODAY, contract, ticket } from './test-fixtures.ts';

const ctx = { today: TODAY };
const c = col.contracts;

describe('condition evaluation (SQL semantics)', () => {
  it('treats comparisons with NULL as unknown, and NOT unknown as unknown', () => {
    const row = contract({ expiration: null });
    const before = cmp(c('expiration'), '<', lit('2026-06-01', 'date'));
    expect(evaluateCondition(before, row, ctx)).toBe(false);
    expect(evaluateCondition(not(before), row, ctx)).toBe(false);
    expect(evaluateCondition(or(before, ALWAYS), row, ctx)).toBe(true);
    expect(evaluateCondition(and(before, ALWAYS), row, ctx)).toBe(false);
    expect(evaluateCondition(not(and(before, cmp(dec('1'), '=', dec('2')))), row, ctx)).toBe(true); // unknown AND false = false
    expect(evaluateCondition(isNull(c('expiration')), row, ctx)).toBe(true);
  });

  it('compares decimals exactly, whatever their scale', () => {
    const row = contract({ quantity: '5000.0000', cancelledQuantity: '0.1000', deliveredQuantity: '4999.9' });
    expect(evaluateCondition(cmp(c('quantity'), '=', dec('5000')), row, ctx)).toBe(true);
    expect(
      evaluateCondition(
        cmp(sub(sub(c('quantity'), c('cancelledQuantity')), c('deliveredQuantity')), '=', dec('0')),
        row,
        ctx,
      ),
    ).toBe(true);
    expect(evaluateExpr(mul(dec('1000.50'), dec('180.25')), row, ctx)).toBe('180340.125');
    expect(evaluateExpr(coalesce(c('strike'), dec('0')), row, ctx)).toBe('0');
    expect(evaluateExpr(sub(c('strike'), dec('1')), row, ctx)).toBeNull();
  });

  it('IS DISTINCT FROM is never unknown', () => {
    expect(evaluateCondition(distinct(lit(null, 'text'), lit(null, 'text')), contract(), ctx)).toBe(false);
    expect(evaluateCondition(distinct(lit(null, 'text'), text('a')), contract(), ctx)).toBe(true);
    expect(evaluateCondition(distinct(text('a'), text('a')), contract(), ctx)).toBe(false);
  });

  it('IN and contains', () => {
    const row = contract({ contractType: 'mp_plus', description: 'Organic  CORN, Field 7' });
    expect(evaluateCondition(inList(c('contractType'), ['mp', 'mp_plus']), row, ctx)).toBe(true);
    expect(evaluateCondition(inList(c('contractType'), ['mp', null]), row, ctx)).toBe(false);
    expect(evaluateCondition(not(inList(c('contractType'), ['mp', null])), row, ctx)).toBe(false); // unknown
    expect(evaluateCondition(contains(c('description'), 'corn, f'), row, ctx)).toBe(true);
    expect(evaluateCondition(contains(c('specialty'), 'x'), row, ctx)).toBe(false);
    expect(evaluateCondition(contains(col.client('name'), 'ACRES'), row, ctx)).toBe(true);
  });

  it('refuses a column of the other list', () => {
    expect(() => evaluateCondition(cmp(c('status'), '=', text('open')), ticket(), ctx)).toThrow(/does not exist/);
  });

  it('names columns as the schema does', () => {
    expect(columnSqlName(c('deliveryEnd'))).toBe('delivery_end');
    expect(columnSqlName(col.scaleTickets('unappliedQuantity'))).toBe('unapplied_quantity');
    expect(columnSqlName(col.client('contractedWithOther'))).toBe('contracted_with_other');
    for (const table of Object.values(COLUMN_TYPES)) {
      for (const [key, spec] of Object.entries(table)) {
        expect(spec.sql).toBe(key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`).replace(/([a-z])(\d)/g, '$1_$2'));
      }
    }
  });
});
