import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, futuresProduct, listedContracts, offersHitPath, type InstrumentRow } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { offers, quotes } from '../../db/schema/index.ts';

// 'N offers will be hit' (issue 13): the count a basis change would hit, by the price watcher's own rule.

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let zc: string;

beforeAll(async () => {
  ({ t, fx, buyer, prairie } = await startCrmTestApp());
  zc = listedContracts(futuresProduct('ZC')!, fx.today, 3)[1]!.symbol;
  await t.database.db.update(quotes).set({ last: '4.3525', previousSettle: '4.3300' }).where(eq(quotes.symbol, zc));
}, 120_000);
afterAll(() => t.close());

async function bidWithOffers(targets: string[], status: 'working' | 'cancelled' = 'working'): Promise<InstrumentRow> {
  const res = await injectAs(t, buyer, 'POST', '/api/commodities/merchandising/instruments', {
    marketId: fx.marketAll,
    cropId: 1,
    cropYear: Number(fx.today.slice(0, 4)),
    name: `Offers ${targets.join(' ')}`,
    deliveryStart: fx.today,
    deliveryEnd: addDays(fx.today, 10),
    futuresSymbol: zc,
    basis: '-0.6000',
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = res.json() as InstrumentRow;
  await t.database.db.insert(offers).values(
    targets.map((targetCashPrice) => ({
      partnerId: 'demo',
      marketId: fx.marketAll,
      instrumentId: row.id,
      clientId: fx.demoClients[0]!,
      cropId: 1,
      cropYear: row.cropYear,
      quantity: '5000',
      targetCashPrice,
      status,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return row;
}

const ask = (caller: Caller, query: string, marketId = fx.marketAll) =>
  injectAs(t, caller, 'GET', `${offersHitPath(marketId)}?${query}`);

describe('offers a basis change would hit', () => {
  it('counts the working offers whose target the new cash reaches (futures 4.3525 + basis)', async () => {
    // Cash now 3.7525 (rounded to the cent: 3.75); targets 3.85, 3.90 and 4.10.
    const row = await bidWithOffers(['3.8500', '3.9000', '4.1000']);
    const at = async (basis: string) => (await ask(buyer, `instrumentIds=${row.id}&basis=${basis}`)).json();
    expect(await at('-0.6000')).toEqual({ count: 0, instruments: [] });
    // -0.45 → 3.9025 → 3.90 by the market's rounding: hits 3.85 and 3.90.
    expect(await at('-0.4500')).toEqual({ count: 2, instruments: [{ instrumentId: row.id, count: 2 }] });
    expect((await at('-0.2000')).count).toBe(3);
    // A read: nothing was hit.
    const stored = await t.database.db.select().from(offers).where(eq(offers.instrumentId, row.id));
    expect(stored.map((o) => o.status)).toEqual(['working', 'working', 'working']);
  });

  it('counts a move in cents over several bids, leaving out offers no longer working', async () => {
    const a = await bidWithOffers(['3.8000']);
    const b = await bidWithOffers(['3.8000', '3.9000']);
    const c = await bidWithOffers(['3.7000'], 'cancelled');
    const res = await ask(buyer, `instrumentIds=${a.id},${b.id},${c.id}&adjustmentCents=10`);
    expect(res.statusCode, res.body).toBe(200);
    // -0.60 + 10 cents → 3.8525 → 3.85: the 3.80 targets only.
    expect(res.json()).toEqual({
      count: 2,
      instruments: [
        { instrumentId: a.id, count: 1 },
        { instrumentId: b.id, count: 1 },
      ],
    });
  });

  it('answers bad questions with a 400 and a code, and another partner with a 404', async () => {
    const row = await bidWithOffers(['3.8000']);
    for (const query of [
      `instrumentIds=${row.id}`,
      `instrumentIds=${row.id}&basis=-0.45&adjustmentCents=5`,
      `instrumentIds=${row.id}&basis=lots`,
      `instrumentIds=${row.id}&adjustmentCents=900`,
      'instrumentIds=x&basis=-0.45',
    ]) {
      const res = await ask(buyer, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect((await ask(prairie, `instrumentIds=${row.id}&basis=-0.45`)).statusCode).toBe(404);
  });
});
