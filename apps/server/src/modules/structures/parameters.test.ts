// The SCS pricing parameters (decision 062): read by structures users, written by structures admins with If-Match,
// audited, partner-scoped, refused with 400s naming the field, and used by the pricing calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PROFIT_CENTER_API,
  SCS_API,
  type BetaResponse,
  type OptionVolResponse,
  type PricingToolResponse,
  type ScsParametersResponse,
  type SkewResponse,
} from '@granary/domain';
import { addDays } from '@granary/scs-engine';
import { auditLog, futuresSymbols, quotes, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { exchangeToday } from './pricing.engine.ts';

const PC = PROFIT_CENTER_API;

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;

const get = (caller: Caller | null, path: string) => injectAs(t, caller, 'GET', `${PC}/${path}`);
const put = (caller: Caller, path: string, body: object, version?: number) =>
  injectAs(t, caller, 'PUT', `${PC}/${path}`, body, version === undefined ? {} : { 'if-match': `"${version}"` });

async function grant(email: string, adminPermissions: Record<string, string[]>) {
  await t.database.db.update(users).set({ adminPermissions }).where(eq(users.email, email));
}

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
}, 120_000);
afterAll(() => t.close());

describe('reading the parameters', () => {
  it('answers the seeded defaults (version 0) until an admin saves some', async () => {
    const res = await get(buyer, 'scs_parameters');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    const body = res.json<ScsParametersResponse>();
    expect(body).toMatchObject({ version: 0, defaults: true, updatedAt: null });
    expect(body.rows.map((r) => [r.cropId, r.defaultFee])).toEqual([
      [1, '0.05'],
      [2, '0.08'],
      [45, '0.06'],
    ]);
    expect(body.rows[0]).toMatchObject({ discountRate: 0.04, paths: 100_000, solverPaths: 20_000, deltaBump: 0.01 });
  });

  it('filters by the path’s list: crops for scs_parameters, contract months for the others, a crop for skew', async () => {
    const crops = (await get(buyer, 'scs_parameters/45,1')).json<ScsParametersResponse>();
    expect(crops.rows.map((r) => r.cropId)).toEqual([1, 45]);
    const vols = (await get(buyer, 'option_vol/z')).json<OptionVolResponse>();
    expect(vols.rows).toEqual([
      { cropId: 1, contract: 'Z', vol: 0.24 },
      { cropId: 45, contract: 'Z', vol: 0.28 },
    ]);
    const betas = (await get(buyer, 'future_beta/H,K')).json<BetaResponse>();
    expect(betas.rows.filter((r) => r.cropId === 1)).toEqual([
      { cropId: 1, contract: 'H', beta: 1 },
      { cropId: 1, contract: 'K', beta: 0.98 },
    ]);
    expect((await get(buyer, 'option_beta')).json<BetaResponse>().rows.length).toBeGreaterThan(10);
    const skew = (await get(buyer, 'skew/2')).json<SkewResponse>();
    expect(skew.rows).toHaveLength(1);
    expect(skew.rows[0]!.points.map((p) => p.moneyness)).toEqual([0.8, 0.9, 1, 1.1, 1.2]);
    expect((await get(buyer, 'option_vol/Q9')).statusCode).toBe(400);
    expect((await get(buyer, 'skew/x')).statusCode).toBe(400);
  });

  it('is for structures users: a buyer without it and a farmer get 403', async () => {
    const denied = await get(prairie, 'option_vol');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('forbidden');
    expect((await get(farmer, 'skew')).statusCode).toBe(403);
    expect((await get(null, 'skew')).statusCode).toBe(401);
  });
});

describe('saving the parameters', () => {
  it('needs structures-admin: a structures reader may read but not write', async () => {
    await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'], structures: ['all'] });
    try {
      expect((await get(prairie, 'option_vol')).statusCode).toBe(200);
      const res = await put(prairie, 'option_vol/Z', { rows: [{ cropId: 1, contract: 'Z', vol: 0.3 }] }, 0);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    } finally {
      await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'] });
    }
  });

  it('refuses bad values with a 400 naming the field, and changes nothing', async () => {
    const bad: [string, object, string][] = [
      ['option_vol/Z', { rows: [{ cropId: 1, contract: 'Z', vol: 3 }] }, 'rows.0.vol'],
      ['option_vol/Z', { rows: [{ cropId: 1, contract: 'Z', vol: 0 }] }, 'rows.0.vol'],
      [
        'scs_parameters/1',
        {
          rows: [
            { cropId: 1, discountRate: 0.6, defaultFee: '0.05', paths: 100_000, solverPaths: 20_000, deltaBump: 0.01 },
          ],
        },
        'rows.0.discountRate',
      ],
      [
        'scs_parameters/1',
        {
          rows: [
            { cropId: 1, discountRate: 0.04, defaultFee: '0.05', paths: 999, solverPaths: 20_000, deltaBump: 0.01 },
          ],
        },
        'rows.0.paths',
      ],
      [
        'scs_parameters/1',
        {
          rows: [
            {
              cropId: 1,
              discountRate: 0.04,
              defaultFee: '-0.01',
              paths: 100_000,
              solverPaths: 20_000,
              deltaBump: 0.01,
            },
          ],
        },
        'rows.0.defaultFee',
      ],
      ['skew/1', { rows: [{ cropId: 1, points: [{ moneyness: 1, volAdd: 2 }] }] }, 'rows.0.points.0.volAdd'],
    ];
    for (const [path, body, field] of bad) {
      const res = await put(buyer, path, body, 0);
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        field,
      ).toContain(field);
    }
    const fields: [string, object, string][] = [
      ['option_vol/Z', { rows: [{ cropId: 1, contract: 'H', vol: 0.3 }] }, 'rows.0.contract'],
      ['option_vol', { rows: [{ cropId: 9999, contract: 'H', vol: 0.3 }] }, 'rows.0.cropId'],
      ['skew/1', { rows: [{ cropId: 2, points: [] }] }, 'rows.0.cropId'],
      ['skew/1', { rows: [{ cropId: 1, points: [{ moneyness: 1, volAdd: -0.3 }] }] }, 'rows.0.points'],
    ];
    for (const [path, body, field] of fields) {
      const res = await put(buyer, path, body, 0);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(Object.keys(res.json().details.fields), field).toEqual([field]);
    }
    expect((await get(buyer, 'option_vol')).json<OptionVolResponse>()).toMatchObject({ version: 0, defaults: true });
  });

  it('writes with If-Match, replaces only the listed rows, audits, and answers 412 to a stale version', async () => {
    expect((await put(buyer, 'option_vol/Z', { rows: [] })).statusCode).toBe(428);
    const res = await put(
      buyer,
      'option_vol/Z',
      {
        rows: [
          { cropId: 1, contract: 'Z', vol: 0.3 },
          { cropId: 1, contract: 'Z', vol: 0.31 },
        ],
      },
      0,
    );
    expect(res.statusCode).toBe(400);
    const saved = await put(buyer, 'option_vol/Z', { rows: [{ cropId: 1, contract: 'Z', vol: 0.3 }] }, 0);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json<OptionVolResponse>()).toMatchObject({
      version: 1,
      defaults: false,
      rows: [{ cropId: 1, contract: 'Z', vol: 0.3 }],
    });
    // Wheat's Z row was listed and not sent: removed; the other months are kept.
    const all = (await get(buyer, 'option_vol')).json<OptionVolResponse>();
    expect(all.rows.filter((r) => r.contract === 'Z')).toEqual([{ cropId: 1, contract: 'Z', vol: 0.3 }]);
    expect(all.rows).toContainEqual({ cropId: 1, contract: 'H', vol: 0.22 });
    expect((await get(buyer, 'scs_parameters')).json<ScsParametersResponse>()).toMatchObject({
      version: 1,
      defaults: false,
    });
    const stale = await put(buyer, 'option_vol/Z', { rows: [{ cropId: 1, contract: 'Z', vol: 0.25 }] }, 0);
    expect(stale.statusCode).toBe(412);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scs_parameters_save'), eq(auditLog.targetId, 'demo')));
    expect(entry?.details).toMatchObject({
      call: 'option_vol',
      version: 1,
      rows: [{ cropId: 1, contract: 'Z', vol: 0.3 }],
    });
    // Another partner still prices with the defaults.
    await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'], structures: ['all'] });
    try {
      const theirs = (await get(prairie, 'option_vol/Z')).json<OptionVolResponse>();
      expect(theirs).toMatchObject({ version: 0, defaults: true });
      expect(theirs.rows).toContainEqual({ cropId: 45, contract: 'Z', vol: 0.28 });
    } finally {
      await grant(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'] });
    }
  });

  it('writes a skew and the scs rows, and the pricing tool prices with them', async () => {
    const today = exchangeToday();
    const [month] = await t.database.db
      .select({ optionMonth: futuresSymbols.optionMonth, last: quotes.last })
      .from(futuresSymbols)
      .innerJoin(quotes, eq(quotes.symbol, futuresSymbols.symbol))
      .where(eq(futuresSymbols.cropId, 1))
      .orderBy(futuresSymbols.optionMonth)
      .limit(1);
    const f = Number(month!.last);
    const input = {
      kind: 'minimum-price',
      side: 'sale',
      cropId: 1,
      optionMonth: month!.optionMonth,
      start: addDays(today, 1),
      end: addDays(today, 20),
      quantity: '10000',
      fee: '0.05',
      floor: f.toFixed(4),
    };
    const price = async () =>
      (
        await injectAs(t, buyer, 'POST', `${SCS_API}/pricing-tool`, { input, paths: 2_000, greeks: false })
      ).json<PricingToolResponse>().valuation;
    const before = await price();
    const version = (await get(buyer, 'skew')).json<SkewResponse>().version;
    const skew = await put(
      buyer,
      'skew/1',
      { rows: [{ cropId: 1, points: [{ moneyness: 1, volAdd: 0.1 }] }] },
      version,
    );
    expect(skew.statusCode).toBe(200);
    expect(skew.json<SkewResponse>().rows).toEqual([{ cropId: 1, points: [{ moneyness: 1, volAdd: 0.1 }] }]);
    const after = await price();
    // The floor at the futures is at the money: the seeded skew adds nothing there, the new one 10 vol points.
    expect(after.vol).toBeCloseTo(before.vol + 0.1, 6);
    const rate = await put(
      buyer,
      'scs_parameters/1',
      {
        rows: [
          { cropId: 1, discountRate: 0.02, defaultFee: '0.045', paths: 50_000, solverPaths: 10_000, deltaBump: 0.02 },
        ],
      },
      version + 1,
    );
    expect(rate.statusCode).toBe(200);
    expect(rate.json<ScsParametersResponse>().rows).toEqual([
      { cropId: 1, discountRate: 0.02, defaultFee: '0.045', paths: 50_000, solverPaths: 10_000, deltaBump: 0.02 },
    ]);
    const third = await price();
    expect(third.discountRate).toBe(0.02);
  });
});
