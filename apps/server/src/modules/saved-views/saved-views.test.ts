import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';

const PATH = '/api/commodities/merchandising/saved-views';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
});
afterAll(() => t.close());

const state = (over: Record<string, unknown> = {}) => ({
  filters: { view: 'openContracts', sort: 'client', sortOrder: 'asc' },
  hiddenColumns: ['contractType'],
  shownColumns: [],
  density: 'compact',
  ...over,
});
const call = (caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

describe('saved views', () => {
  it('creates a view and lists it for its owner only, by grid', async () => {
    const created = await call(buyer, 'POST', PATH, { grid: 'contracts', name: '  Open by client ', state: state() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ grid: 'contracts', name: 'Open by client', state: state() });

    const mine = (await call(buyer, 'GET', `${PATH}?grid=contracts`)).json().rows;
    expect(mine.map((v: { name: string }) => v.name)).toContain('Open by client');
    expect((await call(buyer, 'GET', `${PATH}?grid=offers`)).json().rows).toEqual([]);
    expect((await call(prairie, 'GET', PATH)).json().rows).toEqual([]);

    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'saved_view'), eq(auditLog.targetId, String(created.json().id))));
    expect(entries.map((e) => e.action)).toEqual(['saved_view_create']);
  });

  it('refuses a second view of the same name on the same grid with a 400 and its code', async () => {
    await call(buyer, 'POST', PATH, { grid: 'offers', name: 'Hit today', state: state() });
    const again = await call(buyer, 'POST', PATH, { grid: 'offers', name: 'Hit today', state: state() });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('saved_view_name_taken');
    // The same name on another grid, or for another user, is fine.
    expect((await call(buyer, 'POST', PATH, { grid: 'bids', name: 'Hit today', state: state() })).statusCode).toBe(201);
    expect((await call(prairie, 'POST', PATH, { grid: 'offers', name: 'Hit today', state: state() })).statusCode).toBe(
      201,
    );
  });

  it('refuses a bad state or name with a 400', async () => {
    const bad = [
      { grid: 'contracts', name: 'x', state: state({ density: 'tiny' }) },
      { grid: 'contracts', name: 'x', state: state({ hiddenColumns: ['<script>'] }) },
      { grid: 'contracts', name: 'x', state: { ...state(), extra: 1 } },
      { grid: 'contracts', name: '   ', state: state() },
      { grid: 'nowhere', name: 'x', state: state() },
    ];
    for (const body of bad) {
      const res = await call(buyer, 'POST', PATH, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });

  it("renames and updates the owner's view; another user's view is a 404", async () => {
    const view = (await call(buyer, 'POST', PATH, { grid: 'clients', name: 'Iowa', state: state() })).json();
    const renamed = await call(buyer, 'PATCH', `${PATH}/${view.id}`, { name: 'Iowa farms' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Iowa farms', state: state() });
    const restated = await call(buyer, 'PATCH', `${PATH}/${view.id}`, { state: state({ density: 'comfortable' }) });
    expect(restated.json().state.density).toBe('comfortable');

    expect((await call(prairie, 'PATCH', `${PATH}/${view.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(prairie, 'DELETE', `${PATH}/${view.id}`)).statusCode).toBe(404);

    await call(buyer, 'POST', PATH, { grid: 'clients', name: 'Nebraska', state: state() });
    const clash = await call(buyer, 'PATCH', `${PATH}/${view.id}`, { name: 'Nebraska' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().code).toBe('saved_view_name_taken');

    expect((await call(buyer, 'DELETE', `${PATH}/${view.id}`)).statusCode).toBe(204);
    expect((await call(buyer, 'DELETE', `${PATH}/${view.id}`)).statusCode).toBe(404);
  });

  it('is for grain buyers: a farmer is refused', async () => {
    expect((await call(farmer, 'GET', PATH)).statusCode).toBe(403);
  });
});
