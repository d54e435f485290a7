// Writing contracts over the API (decision 040): every type valid and refused with its fields, splits, numbers under
// concurrency, permissions and scope, If-Match, amendments after sending for signature, audit with the write only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CONTRACT_SAVE_ERROR,
  CONTRACT_TYPES,
  contractTermsResponseSchema,
  type ContractType,
  type ContractWriteInput,
} from '@granary/domain';
import { rowsOf } from '../../platform/db.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';

const CTRM = '/api/commodities/ctrm';
let app: CrmTestApp;
let clientId: number;
let otherClient: number;
let thirdClient: number;

beforeAll(async () => {
  app = await startCrmTestApp();
  [clientId, otherClient, thirdClient] = app.fx.demoClients as [number, number, number];
});
afterAll(async () => app.t.close());

function body(type: ContractType, extra: Partial<ContractWriteInput> = {}): ContractWriteInput {
  const base = {
    contractType: type,
    direction: 'purchase' as const,
    marketId: app.fx.marketAll,
    cropId: 1,
    cropYear: 2026,
    quantity: '5000',
    deliveryStart: '2026-10-01',
    deliveryEnd: '2026-11-30',
    optionMonth: '2026-12',
    paymentTerms: 'on_settlement' as const,
  };
  const byType: Record<ContractType, Partial<ContractWriteInput>> = {
    flat: { futuresPrice: '4.1275', basis: '-0.3525' },
    basic_cs: { futuresPrice: '4.10', basis: '-0.30', paymentTerms: 'deferred' },
    spot: { optionMonth: null, cashPrice: '3.85' },
    hta: { futuresPrice: '4.20' },
    pp: { basis: '-0.40', pricingPeriodStart: '2026-03-01', pricingPeriodEnd: '2026-06-30' },
    mp: { strike: '4.50', callOptionFee: '0.15', expiration: '2026-11-20' },
    mp_plus: {
      strike: '4.50',
      callOptionFee: '0.15',
      expiration: '2026-11-20',
      mpOption: 'Seasonal high',
      pricingPeriodStart: '2026-03-01',
      pricingPeriodEnd: '2026-06-30',
    },
  };
  return { ...base, ...byType[type], ...extra } as ContractWriteInput;
}

const create = (payload: object, client = clientId, caller: Caller | null = app.buyer) =>
  injectAs(app.t, caller, 'POST', `${CTRM}/seller/${client}/contract`, payload);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = await app.t.database.db.execute<{ n: number }>(query);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}
const contractsOfPartner = () => count(sql`select count(*)::int as n from contracts where partner_id = 'demo'`);
const auditRows = (action: string) => count(sql`select count(*)::int as n from audit_log where action = ${action}`);

describe('writing a contract of every type', () => {
  it('creates each type, purchase and sale, numbered C-…, priced as decision 013 says', async () => {
    const expected: Record<ContractType, string> = {
      flat: 'priced',
      basic_cs: 'priced',
      spot: 'priced',
      hta: 'futures_set',
      pp: 'basis_set',
      mp: 'unpriced',
      mp_plus: 'unpriced',
    };
    for (const type of CONTRACT_TYPES) {
      for (const direction of ['purchase', 'sale'] as const) {
        const res = await create(body(type, { direction }));
        expect(res.statusCode, `${type} ${direction}: ${res.body}`).toBe(201);
        const out = contractTermsResponseSchema.parse(res.json());
        expect(out.displayContractId).toMatch(/^C-\d{6,}$/);
        expect(out.priceStatus, type).toBe(expected[type]);
        expect(out.terms.direction).toBe(direction);
        expect(res.headers.etag).toBe('"1"');
        const detail = await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}`);
        expect(detail.statusCode).toBe(200);
        expect(detail.json().contract.displayContractId).toBe(out.displayContractId);
      }
    }
  });

  it('keeps money exact: futures 4.1275 + basis -0.3525 is cash 3.775 on the row and its pricing event', async () => {
    const out = (await create(body('flat'))).json();
    const detail = (await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}`)).json();
    expect(detail.contract.averageCash).toMatch(/^3\.775/);
    expect(detail.pricingEvents).toHaveLength(1);
    expect(detail.pricingEvents[0]).toMatchObject({ quantity: expect.stringMatching(/^5000/) });
    expect(detail.pricingEvents[0].cashPrice).toMatch(/^3\.775/);
    expect(out.pricedQuantity).toMatch(/^5000/);
  });

  it('writes esign_eligible from the client and the author', async () => {
    const eligible = app.fx.demoClients.find((_, i) => i % 2 === 0)!;
    const notEligible = app.fx.demoClients.find((_, i) => i % 2 === 1)!;
    expect((await create(body('flat'), eligible)).json().esignEligible).toBe(true);
    expect((await create(body('flat'), notEligible)).json().esignEligible).toBe(false);
  });

  it('refuses each type without what it needs: 400, the spec’s words, the fields, nothing written', async () => {
    const before = await contractsOfPartner();
    const audits = await auditRows('contract_create');
    const cases: [ContractType, Partial<ContractWriteInput>, string][] = [
      ['flat', { basis: null }, 'basis'],
      ['basic_cs', { paymentTerms: null }, 'paymentTerms'],
      ['spot', { cashPrice: '' }, 'cashPrice'],
      ['hta', { futuresPrice: null }, 'futuresPrice'],
      ['hta', { basis: '-0.2' }, 'basis'],
      ['pp', { pricingPeriodStart: null }, 'pricingPeriodStart'],
      ['mp', { strike: null }, 'strike'],
      ['mp_plus', { mpOption: null }, 'mpOption'],
      ['flat', { quantity: '-5' }, 'quantity'],
      ['flat', { deliveryEnd: '2026-09-01' }, 'deliveryEnd'],
      ['flat', { cropId: 999999 }, 'cropId'],
      ['flat', { cashPrice: '9.99' }, 'cashPrice'],
    ];
    for (const [type, change, field] of cases) {
      const res = await create(body(type, change));
      expect(res.statusCode, `${type} ${field}`).toBe(400);
      const json = res.json();
      expect(json.code).toBe('invalid_request');
      expect(json.message).toBe(CONTRACT_SAVE_ERROR);
      expect(Object.keys(json.details.fields), `${type} ${field}`).toContain(field);
    }
    expect(await contractsOfPartner()).toBe(before);
    expect(await auditRows('contract_create')).toBe(audits);
  });

  it('answers 400 (never 500) to a body that is not an object of the right kinds', async () => {
    for (const payload of [{ contractType: 'flat', quantity: 5 }, { ...body('flat'), splits: 'x' }, { nope: true }]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('splits', () => {
  it('stores each client’s share and reads it back', async () => {
    const splits = [
      { clientId, pct: '33.33' },
      { clientId: otherClient, pct: '33.33' },
      { clientId: thirdClient, pct: '33.34' },
    ];
    const res = await create(body('flat', { splits }));
    expect(res.statusCode, res.body).toBe(201);
    const terms = (
      await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${res.json().id}/terms`)
    ).json().terms;
    expect(terms.splits.map((s: { clientId: number; pct: string }) => [s.clientId, Number(s.pct)]).sort()).toEqual(
      [
        [clientId, 33.33],
        [otherClient, 33.33],
        [thirdClient, 33.34],
      ].sort(),
    );
  });

  it('refuses shares not adding up to 100, a client twice, another partner’s client', async () => {
    const wrong = [
      [
        { clientId, pct: '60' },
        { clientId: otherClient, pct: '30' },
      ],
      [
        { clientId, pct: '50' },
        { clientId, pct: '50' },
      ],
      [
        { clientId, pct: '50' },
        { clientId: app.fx.prairieClient, pct: '50' },
      ],
    ];
    for (const splits of wrong) {
      const res = await create(body('flat', { splits }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().details.fields).some((k) => k.startsWith('splits'))).toBe(true);
    }
  });
});

describe('numbers', () => {
  it('gives parallel creates distinct, consecutive numbers from the partner sequence', async () => {
    const types: ContractType[] = ['hta', 'spot', 'flat', 'pp', 'mp'];
    const all = await Promise.all(types.map((type) => create(body(type))));
    for (const res of all) expect(res.statusCode, res.body).toBe(201);
    const numbers = all.map((res) => Number(res.json().displayContractId.slice(2))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(types.length);
    expect(numbers.at(-1)! - numbers[0]!).toBe(types.length - 1);
    const next = await count(
      sql`select next_number::int as n from contract_number_sequences where partner_id = 'demo'`,
    );
    expect(next).toBe(numbers.at(-1)! + 1);
  });

  it('never reuses a number a refused write would have taken', async () => {
    const first = Number((await create(body('flat'))).json().displayContractId.slice(2));
    expect((await create(body('flat', { basis: null }))).statusCode).toBe(400);
    const second = Number((await create(body('flat'))).json().displayContractId.slice(2));
    expect(second).toBe(first + 1);
  });
});

describe('who may write', () => {
  it('403 at a market without the contracts permission, 404 for another partner’s market or client', async () => {
    expect((await create(body('flat', { marketId: app.fx.marketBidsOnly }))).statusCode).toBe(403);
    expect((await create(body('flat', { marketId: app.fx.marketNone }))).statusCode).toBe(403);
    expect((await create(body('flat', { marketId: app.fx.prairieMarket }))).statusCode).toBe(404);
    expect((await create(body('flat'), app.fx.prairieClient)).statusCode).toBe(404);
    expect((await create(body('flat', { marketId: app.fx.prairieMarket }), clientId, app.prairie)).statusCode).toBe(
      404,
    );
    expect((await create(body('flat'), clientId, app.farmer)).statusCode).toBe(403);
    // Without a session the CSRF check refuses first (403) or the session check (401).
    expect([401, 403]).toContain((await create(body('flat'), clientId, null)).statusCode);
  });
});

describe('editing the terms', () => {
  const put = (id: number, payload: object, version?: string, caller = app.buyer) =>
    injectAs(
      app.t,
      caller,
      'PUT',
      `${CTRM}/seller/${clientId}/contract/${id}`,
      payload,
      version === undefined ? {} : { 'if-match': version },
    );

  it('needs If-Match (428), refuses a stale version (412) and changes nothing then', async () => {
    const out = (await create(body('flat'))).json();
    expect((await put(out.id, body('flat', { quantity: '6000' }))).statusCode).toBe(428);
    expect((await put(out.id, body('flat', { quantity: '6000' }), '"7"')).statusCode).toBe(412);
    const ok = await put(out.id, body('flat', { quantity: '6000' }), '"1"');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    const stale = await put(out.id, body('flat', { quantity: '7000' }), '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.currentVersion).toBe(2);
    const terms = (
      await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}/terms`)
    ).json();
    expect(terms.terms.quantity).toBe('6000');
    expect(terms.pricedQuantity).toMatch(/^6000/);
  });

  it('before sending: a plain edit (no amendment); re-prices the contract as written', async () => {
    const out = (await create(body('hta'))).json();
    const res = await put(out.id, body('flat', { futuresPrice: '4.00', basis: '-0.25' }), '"1"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amendment).toBeNull();
    expect(res.json().priceStatus).toBe('priced');
    const detail = (await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}`)).json();
    expect(detail.amendments).toHaveLength(0);
    expect(detail.pricingEvents).toHaveLength(1);
    expect(detail.contract.averageCash).toMatch(/^3\.75/);
  });

  it('after sending for signature: every change is a numbered amendment with before and after', async () => {
    const out = (await create(body('flat'))).json();
    await app.t.database.db.execute(sql`update contracts set esign_sent = true where id = ${out.id}`);
    const audits = await auditRows('contract_amend');
    const res = await put(out.id, body('flat', { deliveryEnd: '2026-12-15', description: 'Moved' }), '"1"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amendment.displayContractAmendmentId).toBe(`${out.displayContractId}-A1`);
    const detail = (await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}`)).json();
    expect(detail.amendments[0]).toMatchObject({
      action: 'amend',
      details: {
        changes: {
          deliveryEnd: { from: '2026-11-30', to: '2026-12-15' },
          description: { from: null, to: 'Moved' },
        },
      },
    });
    expect(await auditRows('contract_amend')).toBe(audits + 1);
    const second = await put(out.id, body('flat', { deliveryEnd: '2026-12-20', description: 'Moved' }), '"2"');
    expect(second.json().amendment.displayContractAmendmentId).toBe(`${out.displayContractId}-A2`);
  });

  it('once an operation priced it, terms change but its pricing only through the operations (409)', async () => {
    const out = (await create(body('hta'))).json();
    // As basis set does: the futures-only event gets its basis, and the row its figures.
    await app.t.database.db.execute(
      sql`update pricing_events set basis = -0.30, cash_price = futures_price - 0.30 where contract_id = ${out.id}`,
    );
    await app.t.database.db.execute(
      sql`update contracts set basis = -0.30, cash_price = 3.90, priced_quantity = quantity, price_status = 'priced' where id = ${out.id}`,
    );
    const moved = await put(out.id, body('hta', { deliveryEnd: '2026-12-10' }), '"1"');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().priceStatus).toBe('priced');
    expect(moved.json().terms.basis).toBe('-0.3');
    const repriced = await put(out.id, body('hta', { futuresPrice: '4.40' }), '"2"');
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().details.fields).toHaveProperty('futuresPrice');
  });

  it('a refused edit writes nothing: no amendment, no audit, same version', async () => {
    const out = (await create(body('flat'))).json();
    const audits = await auditRows('contract_edit');
    const res = await put(out.id, body('flat', { basis: null }), '"1"');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTRACT_SAVE_ERROR);
    expect(res.json().details.fields).toHaveProperty('basis');
    expect(await auditRows('contract_edit')).toBe(audits);
    const terms = (
      await injectAs(app.t, app.buyer, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}/terms`)
    ).json();
    expect(terms.version).toBe(1);
  });

  it('another partner’s buyer gets 404 for the contract', async () => {
    const out = (await create(body('flat'))).json();
    expect((await put(out.id, body('flat'), '"1"', app.prairie)).statusCode).toBe(404);
    expect(
      (await injectAs(app.t, app.prairie, 'GET', `${CTRM}/seller/${clientId}/contract/${out.id}/terms`)).statusCode,
    ).toBe(404);
  });

  it('the audit record is written with the contract', async () => {
    const before = await auditRows('contract_create');
    const out = (await create(body('pp'))).json();
    expect(await auditRows('contract_create')).toBe(before + 1);
    const rows = rowsOf<{ target_id: string }>(
      await app.t.database.db.execute(
        sql`select target_id from audit_log where action = 'contract_create' order by id desc limit 1`,
      ),
    );
    expect(rows[0]?.target_id).toBe(String(out.id));
  });
});
