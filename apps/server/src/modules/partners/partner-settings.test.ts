import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { PARTNER_PRICE_NOTATION_PATH } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
  // The Prairie buyer works the CRM without being one of its administrators.
  await t.database.db.update(users).set({ adminPermissions: {} }).where(eq(users.email, DEMO_ACCOUNTS.prairieBuyer));
}, 120_000);
afterAll(() => t.close());

const bootstrapPartner = async (host: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { host } })).json().partner;

describe("the partner's price notation", () => {
  it('is quarter-cent fractions and basis in cents until an administrator changes it', async () => {
    expect((await bootstrapPartner('prairie.localhost:3000')).priceNotation).toEqual({
      price: 'fraction',
      basis: 'cents',
    });
    const res = await injectAs(t, prairie, 'GET', PARTNER_PRICE_NOTATION_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ price: 'fraction', basis: 'cents' });
  });

  it("a CRM administrator changes it, every page's bootstrap carries it, and the change is audited", async () => {
    const res = await injectAs(t, buyer, 'PUT', PARTNER_PRICE_NOTATION_PATH, { price: 'eighths', basis: 'dollars' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ price: 'eighths', basis: 'dollars' });
    expect((await injectAs(t, buyer, 'GET', PARTNER_PRICE_NOTATION_PATH)).json()).toEqual({
      price: 'eighths',
      basis: 'dollars',
    });
    expect((await bootstrapPartner('localhost:3000')).priceNotation).toEqual({ price: 'eighths', basis: 'dollars' });
    // Another partner keeps its own.
    expect((await bootstrapPartner('prairie.localhost:3000')).priceNotation).toEqual({
      price: 'fraction',
      basis: 'cents',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner_price_notation_update'), eq(auditLog.targetId, 'demo')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({
      from: { price: 'fraction', basis: 'cents' },
      to: { price: 'eighths', basis: 'dollars' },
    });
  });

  it('refuses a buyer who is not a CRM administrator (403) and a farmer (403)', async () => {
    for (const caller of [prairie, farmer]) {
      const res = await injectAs(t, caller, 'PUT', PARTNER_PRICE_NOTATION_PATH, { price: 'decimal', basis: 'cents' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await bootstrapPartner('prairie.localhost:3000')).priceNotation.price).toBe('fraction');
  });

  it('refuses an unknown notation with a 400 and a code, and a call without a session with a 401', async () => {
    for (const body of [
      { price: 'sixteenths', basis: 'cents' },
      { price: 'decimal' },
      { price: 'decimal', basis: 1 },
    ]) {
      const res = await injectAs(t, buyer, 'PUT', PARTNER_PRICE_NOTATION_PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect((await injectAs(t, null, 'GET', PARTNER_PRICE_NOTATION_PATH)).statusCode).toBe(401);
  });
});
