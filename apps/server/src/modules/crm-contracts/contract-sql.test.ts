// The condition compiler and the kept sums: the rules read the database's kept figures by their node kind, by one
// semi-join — never a figure per row — and the kept figures are the domain's definition of the sum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  CONTRACT_VIEWS,
  KEPT_SUMS,
  KEPT_SUM_NAMES,
  TASK_LIST_RULES,
  VIEW_RULES,
  conditionBuilders,
  evaluateExpr,
  listQueryCondition,
  parseListQuery,
  toDecimal,
  type Condition,
  type ContractRecord,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { contracts } from '../../db/schema/index.ts';
import { conditionQuery, expressionSql, readsClientSum } from './contract-sql.ts';

const { and, or, cmp, col, dec, keptSum } = conditionBuilders;
const TODAY = '2026-05-15';
const text = (q: ReturnType<typeof conditionQuery>) => new PgDialect().sqlToQuery(q.sql).sql;

describe('the view rules read kept sums by one semi-join', () => {
  const rules: [string, Condition][] = [
    ...CONTRACT_VIEWS.map((v): [string, Condition] => [`view ${v}`, VIEW_RULES[v]]),
    ...Object.entries(TASK_LIST_RULES).map(([s, r]): [string, Condition] => [`task ${s}`, r]),
    // A view with every filter a list can add: the filters join the rule's top-level AND.
    [
      'double_obligation with filters',
      listQueryCondition(
        parseListQuery({
          predefinedFilter: 'double_obligation',
          crop: 'corn,SB',
          cropYear: '2026',
          from: '2026-01-01',
          to: '2026-12-31',
          optionMonth: '2026-12',
          contractType: 'flat',
          status: 'open',
          tag: 'x',
          search: 'acres',
          client_legal_entity_id: '7',
        }),
      ),
    ],
  ];

  it.each(rules)('%s never reads a kept sum per row', (_name, rule) => {
    const q = conditionQuery(rule, { today: TODAY });
    expect(q.keptSums).not.toBe('per-row');
    expect(q.keptSums).toBe(readsClientSum(rule) ? 'semi-join' : 'none');
  });

  it("double_obligation's client terms are one semi-join on client_crop_year_exposure's partial index", () => {
    expect(readsClientSum(VIEW_RULES.double_obligation)).toBe(true);
    const q = conditionQuery(VIEW_RULES.double_obligation, { today: TODAY });
    expect(q.keptSums).toBe('semi-join');
    // The partial index's predicate, written as the index writes it, so PostgreSQL proves it.
    expect(text(q)).toMatch(
      /\("ccye"\."contracted_quantity" \+ coalesce\("ccye"\."contracted_with_other", \$\d+::numeric\)\) > \("ccye"\."area" \* "ccye"\."estimated_yield"\)/,
    );
    expect(text(q)).not.toContain('legal_entities');
    expect(q.readsClient).toBe(false);
  });

  it('says when a kept sum would be read per row (a term that also reads the contract)', () => {
    const mixed = or(
      cmp(keptSum('contractedWithCompany'), '>', dec('100')),
      cmp(col.contracts('quantity'), '>', dec('100')),
    );
    expect(conditionQuery(mixed, { today: TODAY }).keptSums).toBe('per-row');
    expect(conditionQuery(and(VIEW_RULES.double_obligation, mixed), { today: TODAY }).keptSums).toBe('per-row');
  });

  it('every kept sum has its column in client_crop_year_exposure', () => {
    for (const name of KEPT_SUM_NAMES) {
      const q = new PgDialect().sqlToQuery(expressionSql(keptSum(name), { today: TODAY })).sql;
      expect(q, name).toMatch(/from client_crop_year_exposure/);
    }
  });
});

describe("client_crop_year_exposure's kept sums", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ crm: 'small' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("are the domain's KEPT_SUMS evaluated over each client's contracts of the crop and crop year (the triggers agree with the definition)", async () => {
    const all = (await t.database.db.select().from(contracts)) as unknown as (ContractRecord & {
      partnerId: string;
    })[];
    const groups = new Map<string, (ContractRecord & { partnerId: string })[]>();
    for (const c of all) {
      const key = [c.partnerId, c.clientId, c.cropId, c.cropYear].join('|');
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    const kept = (await t.database.db.execute(
      sql`select partner_id, client_id, crop_id, crop_year, contracted_quantity from client_crop_year_exposure`,
    )) as unknown as {
      rows: {
        partner_id: string;
        client_id: number;
        crop_id: number;
        crop_year: number;
        contracted_quantity: string;
      }[];
    };
    expect(kept.rows.length).toBe(groups.size);
    expect(Object.keys(KEPT_SUMS)).toEqual(['contractedWithCompany']);
    let nonZero = 0;
    for (const row of kept.rows) {
      const group = groups.get([row.partner_id, row.client_id, row.crop_id, row.crop_year].join('|'));
      expect(group, `${row.client_id}/${row.crop_id}/${row.crop_year}`).toBeDefined();
      const facts = { kind: 'contract' as const, ...group![0]!, client: null, clientContracts: group! };
      const expected = evaluateExpr(keptSum('contractedWithCompany'), facts, { today: TODAY }) as string;
      expect(toDecimal(row.contracted_quantity).equals(toDecimal(expected)), `${row.client_id}: ${expected}`).toBe(
        true,
      );
      if (!toDecimal(expected).isZero()) nonZero += 1;
    }
    expect(nonZero).toBeGreaterThan(0);
  });
});
