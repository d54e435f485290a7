import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { PublicMarketPage } from '@granary/domain';
import { injectAs, startCrmTestApp, type InjectMethod } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { auditLog, markets } from '../../db/schema/index.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';

// Holiday hours and announced closures of a market (issue 13): written and read by /crm/public-bids-admin, audited,
// and the public page says 'Closed today' on such a date, never 'Open now'.
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let buyer: Caller;
let farmer: Caller;
let grandIsland: number;
let swiftCurrent: number;

beforeAll(async () => {
  ({ t, buyer, farmer } = await startCrmTestApp());
  const idOf = async (partnerId: string, slug: string) => {
    const [row] = await t.database.db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.partnerId, partnerId), eq(markets.slug, slug)));
    return row!.id;
  };
  grandIsland = await idOf('demo', 'grand-island');
  swiftCurrent = await idOf('prairie', 'swift-current');
}, 120_000);
afterAll(() => t.close());

const call = (caller: Caller | null, method: InjectMethod, url: string, payload?: object) =>
  injectAs(t, caller, method, url, payload, {});
const path = (marketId: number) => `${MERCH}/market/${marketId}/closures`;

/** The market's local date today (America/Chicago for Grand Island), as the server counts it. */
function chicagoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

describe('market/:marketId/closures', () => {
  it('reads the seeded holidays by date, with the market’s today and zone', async () => {
    const res = await call(buyer, 'GET', path(grandIsland));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ marketId: grandIsland, timezone: 'America/Chicago', today: chicagoToday() });
    const labels = body.closures.map((c: { label: string }) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Thanksgiving Day', 'Christmas Eve', 'Christmas Day']));
    const dates = body.closures.map((c: { date: string }) => c.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('replaces the list, keeps no times on a closed day, audits it, and the public page says Closed today', async () => {
    const today = chicagoToday();
    const res = await call(buyer, 'PUT', path(grandIsland), {
      closures: [
        { date: '2031-12-24', label: 'Christmas Eve', closed: false, opensAt: '07:00', closesAt: '12:00' },
        { date: today, label: 'Closed for a power outage', closed: true, opensAt: '07:00', closesAt: '17:00' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().closures).toEqual([
      { date: today, label: 'Closed for a power outage', closed: true, opensAt: null, closesAt: null },
      { date: '2031-12-24', label: 'Christmas Eve', closed: false, opensAt: '07:00', closesAt: '12:00' },
    ]);
    expect((await call(buyer, 'GET', path(grandIsland))).json().closures).toHaveLength(2);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market_closures_update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetType: 'market', targetId: String(grandIsland) });

    // The admin's hours read and the public page: never 'open now' on an announced closure.
    expect((await call(buyer, 'GET', `${MERCH}/market/${grandIsland}/hours`)).json().openNow).toBe(false);
    const page = (await call(null, 'GET', '/api/public/market/grand-island')).json<PublicMarketPage>();
    expect(page.hours).toMatchObject({
      openNow: false,
      state: 'closed-today',
      todayLabel: 'Closed for a power outage',
    });
    expect(page.hours?.closures.map((c) => c.date)).toEqual([today]);
  });

  it('refuses a bad date, a repeated date, special hours without times and an empty label (400)', async () => {
    const entry = { date: '2031-07-04', label: 'Independence Day', closed: true, opensAt: null, closesAt: null };
    for (const closures of [
      [{ ...entry, date: '2031-02-30' }],
      [{ ...entry, date: '07/04/2031' }],
      [entry, { ...entry, label: 'Again' }],
      [{ ...entry, closed: false }],
      [{ ...entry, closed: false, opensAt: '12:00', closesAt: '08:00' }],
      [{ ...entry, label: ' ' }],
    ]) {
      const res = await call(buyer, 'PUT', path(grandIsland), { closures });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('is for the info permission of the own partner', async () => {
    expect((await call(buyer, 'GET', path(swiftCurrent))).statusCode).toBe(404);
    expect((await call(farmer, 'GET', path(grandIsland))).statusCode).toBe(403);
    // Anonymous: refused (the CSRF check or the session check answers first).
    expect([401, 403]).toContain((await call(null, 'PUT', path(grandIsland), { closures: [] })).statusCode);
  });
});
