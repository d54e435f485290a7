import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { contracts, legalEntities, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

const REPORT = '/api/commodities/merchandising/admin/offboarding-report';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let buyerId: string;
let buyerGrants: (typeof users.$inferSelect)['adminPermissions'];
let leavingClient: { id: number; name: string };
let quietClient: number;

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
  const db = t.database.db;
  const [me] = await db
    .select({ id: users.id, admin: users.adminPermissions })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.buyer));
  buyerId = me!.id;
  // The demo buyer-admin holds the report's permission (the demo shows it); the test takes it away to see the 403.
  const { 'view-offboarding-report': _report, ...withoutReport } = me!.admin;
  buyerGrants = withoutReport;
  await db
    .update(users)
    .set({ adminPermissions: { ...withoutReport, 'view-offboarding-report': ['all'] } })
    .where(eq(users.id, buyerId));

  // A client with an open contract whose every activity is three years old: it is leaving, with things open.
  const [open] = await db
    .select({ clientId: contracts.clientId })
    .from(contracts)
    .where(and(eq(contracts.partnerId, 'demo'), eq(contracts.status, 'open')))
    .limit(1);
  const [client] = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(eq(legalEntities.id, open!.clientId));
  leavingClient = client!;
  const id = leavingClient.id;
  await db.execute(sql`update contracts set created_at = now() - interval '3 years' where client_id = ${id}`);
  await db.execute(
    sql`update scale_tickets set delivery_date = (now() - interval '3 years')::date where client_id = ${id}`,
  );
  await db.execute(sql`update notes set note_date = (now() - interval '3 years')::date where client_id = ${id}`);
  await db.execute(
    sql`update settlements set settlement_date = (now() - interval '3 years')::date where client_id = ${id}`,
  );
  // A client that never had any activity.
  const [quiet] = await db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name: 'Quiet Acres', extClientId: 'Q-1' })
    .returning({ id: legalEntities.id });
  quietClient = quiet!.id;
  // A suspended merchandiser of the partner who still holds an open contract.
  const [gone] = await db
    .insert(users)
    .values({
      email: 'gone@demo.granary.test',
      firstName: 'Gus',
      lastName: 'Gone',
      partnerId: 'demo',
      status: 'suspended',
    })
    .returning({ id: users.id });
  await db.execute(
    sql`update contracts set created_by = ${gone!.id} where id = (select id from contracts where client_id = ${id} and status = 'open' limit 1)`,
  );
}, 120_000);
afterAll(() => t.close());

describe('admin/offboarding-report', () => {
  it('lists suspended users and inactive clients with what is still open for each', async () => {
    const res = await injectAs(t, buyer, 'GET', `${REPORT}?inactiveMonths=24`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inactiveMonths).toBe(24);
    expect(body.inactiveSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const gus = body.users.find((u: { email: string }) => u.email === 'gone@demo.granary.test');
    expect(gus).toMatchObject({ name: 'Gus Gone', status: 'suspended', open: { openContracts: 1 } });
    expect(body.users.some((u: { email: string }) => u.email === DEMO_ACCOUNTS.buyer)).toBe(false);

    const leaving = body.clients.find((c: { clientId: number }) => c.clientId === leavingClient.id);
    expect(leaving.name).toBe(leavingClient.name);
    expect(leaving.open.openContracts).toBeGreaterThan(0);
    expect(Number(leaving.open.undeliveredBushels)).toBeGreaterThanOrEqual(0);
    expect(leaving.lastActivity < body.inactiveSince).toBe(true);
    const quiet = body.clients.find((c: { clientId: number }) => c.clientId === quietClient);
    expect(quiet).toMatchObject({
      name: 'Quiet Acres',
      lastActivity: null,
      open: { openContracts: 0, workingOffers: 0 },
    });
    // Those with something open come first.
    expect(body.clients.findIndex((c: { clientId: number }) => c.clientId === leavingClient.id)).toBeLessThan(
      body.clients.findIndex((c: { clientId: number }) => c.clientId === quietClient),
    );
    // A client active this year is not leaving.
    const [active] = await t.database.db
      .select({ clientId: contracts.clientId })
      .from(contracts)
      .where(and(eq(contracts.partnerId, 'demo'), sql`${contracts.createdAt} > now() - interval '30 days'`))
      .limit(1);
    if (active) expect(body.clients.some((c: { clientId: number }) => c.clientId === active.clientId)).toBe(false);
  });

  it('answers CSV with figures formatted and the formula starts neutralised', async () => {
    const res = await injectAs(t, buyer, 'GET', `${REPORT}?inactiveMonths=24&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="offboarding-report-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toContain('Kind,Name,E-mail or external id,Reason,Last activity,Open contracts');
    expect(lines.some((l) => l.startsWith('User,Gus Gone,gone@demo.granary.test,Suspended'))).toBe(true);
    expect(
      lines.some((l) => l.startsWith('Client,Quiet Acres,Q-1,No activity for 24 months,,0,0,0,0,0,$0.00,0,$0.00,0')),
    ).toBe(true);
  });

  it('needs the view-offboarding-report permission, and shows only the own partner', async () => {
    const prairieReport = await injectAs(t, prairie, 'GET', REPORT);
    expect(prairieReport.statusCode).toBe(403);
    expect(prairieReport.json().message).toContain('view-offboarding-report');
    expect((await injectAs(t, farmer, 'GET', REPORT)).statusCode).toBe(403);
    expect((await injectAs(t, null, 'GET', REPORT)).statusCode).toBe(401);
    expect((await injectAs(t, buyer, 'GET', `${REPORT}?inactiveMonths=0`)).statusCode).toBe(400);
    await t.database.db.update(users).set({ adminPermissions: buyerGrants }).where(eq(users.id, buyerId));
    try {
      expect((await injectAs(t, buyer, 'GET', REPORT)).statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(users)
        .set({ adminPermissions: { ...buyerGrants, 'view-offboarding-report': ['all'] } })
        .where(eq(users.id, buyerId));
    }
  });
});
