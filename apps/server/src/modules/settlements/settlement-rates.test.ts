import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SETTLEMENT_RATES_PATH, type SettlementDetail, type SettlementRates } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { auditLog, contracts, legalEntities, scaleTickets, ticketApplications } from '../../db/schema/index.ts';
import { settlementTestSetup } from '../../testing/settlement-fixtures.ts';

const MERCH = '/api/commodities/merchandising';
const CORN = 1;
const CANOLA = 11;

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let clientId: number;
let n = 0;

const get = (caller: Caller) => injectAs(t, caller, 'GET', SETTLEMENT_RATES_PATH);
const put = (caller: Caller, body: object, version?: number) =>
  injectAs(t, caller, 'PUT', SETTLEMENT_RATES_PATH, body, version === undefined ? {} : { 'if-match': `"${version}"` });

/** 1,000 bu of corn delivered at Ames on 2026-10-01, priced at $4.00 and applied: the contract's id. */
async function pricedCornAtAmes(): Promise<number> {
  n += 1;
  const db = t.database.db;
  const [c] = await db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId: fx.marketAll,
      clientId,
      displayContractId: `RT-${n}`,
      contractType: 'flat',
      cropId: CORN,
      cropYear: 2026,
      quantity: '1000',
      pricedQuantity: '1000',
      cashPrice: '4.0000',
      basis: '-0.4500',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      priceStatus: 'priced',
      contractDate: '2026-06-01',
    })
    .returning({ id: contracts.id });
  const [ticket] = await db
    .insert(scaleTickets)
    .values({
      partnerId: 'demo',
      marketId: fx.marketAll,
      clientId,
      displayScaleTicketId: `RTK-${n}`,
      cropId: CORN,
      cropYear: 2026,
      deliveryDate: '2026-10-01',
      quantity: '1000',
      appliedQuantity: '1000',
      unappliedQuantity: '0',
    })
    .returning({ id: scaleTickets.id });
  await db
    .insert(ticketApplications)
    .values({ scaleTicketId: ticket!.id, contractId: c!.id, quantity: '1000', splitPct: '100' });
  return c!.id;
}

const settle = async (contractId: number) => {
  const res = await injectAs(t, buyer, 'POST', `${MERCH}/settlements`, {
    clientId,
    contractIds: [contractId],
    settlementDate: '2026-10-05',
  });
  expect(res.statusCode).toBe(201);
  return res.json<SettlementDetail>();
};
const checkoffs = (d: SettlementDetail) =>
  d.deductions.filter((x) => x.kind === 'checkoff').map((x) => [x.description, x.amount]);

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  await settlementTestSetup(t, fx);
  const [row] = await t.database.db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name: 'Rates Test Farms' })
    .returning({ id: legalEntities.id });
  clientId = row!.id;
});
afterAll(() => t.close());

describe('reading the rates', () => {
  it('shows a Canadian elevator no levies until it sets one (none are invented)', async () => {
    const res = await get(prairie);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    const body = res.json<SettlementRates>();
    expect(body).toMatchObject({ country: 'CAN', defaults: true, version: 0, levies: [] });
    expect(body.storage.some((s) => s.marketId === fx.marketAll)).toBe(false);
  });

  it('shows a US partner the published programs it settles with', async () => {
    const body = (await get(buyer)).json<SettlementRates>();
    expect(body.country).toBe('USA');
    expect(body.defaults).toBe(true);
    expect(body.levies).toContainEqual(
      expect.objectContaining({ cropId: CORN, region: 'IA', basis: 'per_bushel', rate: '0.010000' }),
    );
  });

  it('is for buyer administrators only', async () => {
    expect((await get(farmer)).statusCode).toBe(403);
  });
});

describe('saving the rates', () => {
  const saskLevy = {
    cropId: CANOLA,
    region: 'SK',
    name: 'Test canola levy',
    basis: 'per_tonne',
    rate: '0.50',
    source: 'Typed in by the test',
  };

  it('refuses bad input with a 400 and changes nothing', async () => {
    const bad = [
      { levies: [{ ...saskLevy, rate: '-0.5' }], storage: [] },
      { levies: [{ ...saskLevy, cropId: 9999 }], storage: [] },
      { levies: [{ ...saskLevy, region: 'IA' }], storage: [] },
      { levies: [{ ...saskLevy, region: 'ZZ' }], storage: [] },
      { levies: [], storage: [{ marketId: fx.marketAll, cropId: null, freeDays: 30, ratePerBushelPerDay: '0.001' }] },
    ];
    for (const body of bad) {
      const res = await put(prairie, body, 0);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ code: string }>().code).toMatch(/invalid_request|validation/);
    }
    const after = (await get(prairie)).json<SettlementRates>();
    expect(after).toMatchObject({ version: 0, levies: [] });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement_rates_save'), eq(auditLog.targetId, 'prairie')));
    expect(audits).toHaveLength(0);
  });

  it('needs If-Match and refuses a stale one', async () => {
    const body = { levies: [saskLevy], storage: [] };
    expect((await put(prairie, body)).statusCode).toBe(428);
    const saved = await put(prairie, body, 0);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json<SettlementRates>()).toMatchObject({
      version: 1,
      defaults: false,
      levies: [{ cropId: CANOLA, region: 'SK', basis: 'per_tonne', rate: '0.500000', name: 'Test canola levy' }],
      storage: [],
    });
    expect((await put(prairie, { levies: [], storage: [] }, 0)).statusCode).toBe(412);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement_rates_save'), eq(auditLog.targetId, 'prairie')));
    expect(audits).toHaveLength(1);
  });
});

describe('settlements take the saved rates', () => {
  it('deducts the rates set after they are saved; settlements made before keep what they took', async () => {
    const before = await settle(await pricedCornAtAmes());
    expect(checkoffs(before)).toEqual([['Iowa corn checkoff', '10.00']]);

    const current = (await get(buyer)).json<SettlementRates>();
    const res = await put(
      buyer,
      {
        levies: [
          { cropId: CORN, region: 'ia', name: 'Corn levy', basis: 'per_bushel', rate: '0.02', source: '' },
          { cropId: CORN, region: '*', name: 'Tonne levy', basis: 'per_tonne', rate: '1', source: 'test' },
        ],
        storage: current.storage,
      },
      current.version,
    );
    expect(res.statusCode).toBe(200);

    const after = await settle(await pricedCornAtAmes());
    // 1,000 bu × $0.02; 1,000 bu × 56 lb × 0.45359237 kg/lb = 25.4012 t × $1.
    expect(checkoffs(after)).toEqual([
      ['Corn levy', '20.00'],
      ['Tonne levy', '25.40'],
    ]);
    const reread = await injectAs(t, buyer, 'GET', `${MERCH}/settlements/${before.id}`);
    expect(checkoffs(reread.json<SettlementDetail>())).toEqual([['Iowa corn checkoff', '10.00']]);
  });
});

describe('Australian states and territories', () => {
  it('lets a partner buying in Australia set a levy per state, refusing a code that is none of its states', async () => {
    const levy = (region: string) => ({
      cropId: CANOLA,
      region,
      name: `${region} canola levy`,
      basis: 'per_tonne',
      rate: '1.02',
      source: 'Typed in by the test',
    });
    const before = (await get(prairie)).json<SettlementRates>();
    // Before Prairie buys in Australia, NSW is no state of its (Canadian) country.
    expect((await put(prairie, { levies: [levy('NSW')], storage: [] }, before.version)).statusCode).toBe(400);
    await t.database.db.execute(
      sql`insert into markets (partner_id, slug, city, administrative_area_level_1, country_code, timezone) values ('prairie', 'au-moree', 'Moree', 'NSW', 'AUS', 'Australia/Sydney')`,
    );
    for (const region of ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']) {
      const version = (await get(prairie)).json<SettlementRates>().version;
      const res = await put(prairie, { levies: [levy(region.toLowerCase())], storage: [] }, version);
      expect(res.statusCode, region).toBe(200);
      expect(res.json<SettlementRates>().levies).toMatchObject([
        { region, name: `${region.toLowerCase()} canola levy` },
      ]);
    }
    const version = (await get(prairie)).json<SettlementRates>().version;
    const wrong = await put(prairie, { levies: [levy('XYZ')], storage: [] }, version);
    expect(wrong.statusCode).toBe(400);
    expect(
      wrong.json<{ details: { fields: Record<string, string> } }>().details.fields['levies.0.region'],
    ).toBeTruthy();
  });
});
