import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { injectAs, startCrmTestApp, type InjectMethod } from '../../testing/crm-test-app.ts';
import { signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { apiTokens, auditLog, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { sha256 } from '../../platform/crypto.ts';
import { authenticateApiToken } from './api-tokens.public.ts';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let admin: Caller;
let buyerLegacy: number;
let buyerId: string;
let farmerLegacy: number;

const call = (caller: Caller | null, method: InjectMethod, url: string, payload?: object) =>
  injectAs(t, caller, method, url, payload);
const tokensUrl = (legacyId: number) => `/api/auth/users/${legacyId}/tokens`;

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  const userOf = async (email: string) => {
    const [row] = await t.database.db
      .select({ id: users.id, legacyId: users.legacyId })
      .from(users)
      .where(eq(users.email, email));
    return row!;
  };
  ({ id: buyerId, legacyId: buyerLegacy } = await userOf(DEMO_ACCOUNTS.buyer));
  farmerLegacy = (await userOf(DEMO_ACCOUNTS.farmer)).legacyId;
}, 120_000);
afterAll(() => t.close());

describe('users/:userLegacyId/tokens', () => {
  it('makes a token shown once, stores only its hash, lists it without the secret, and audits it', async () => {
    const res = await call(buyer, 'POST', tokensUrl(buyerLegacy), {
      name: 'Agvance nightly',
      scopes: ['ingest:write'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^gra_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Agvance nightly', scopes: ['ingest:write'], lastUsedAt: null });
    expect(created.token.startsWith(`${created.prefix}_`)).toBe(true);

    const [stored] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(13));

    const list = await call(buyer, 'GET', tokensUrl(buyerLegacy));
    expect(list.statusCode).toBe(200);
    const listed = list.json().tokens.find((x: { id: string }) => x.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Agvance nightly',
      scopes: ['ingest:write'],
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    expect(list.body).not.toContain(created.token);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits.map((a) => a.action)).toEqual(['api_token_create']);
  });

  it('authenticates the token as its user for its scopes, marks its use once a minute, and refuses it once revoked', async () => {
    const created = (
      await call(buyer, 'POST', tokensUrl(buyerLegacy), { name: 'AgTrax', scopes: ['ingest:read', 'ingest:write'] })
    ).json();
    const db = t.database.db;
    const at = new Date('2030-01-01T12:00:00Z');
    expect(await authenticateApiToken(db, `Bearer ${created.token}`, at)).toEqual({
      userId: buyerId,
      partnerId: 'demo',
      scopes: ['ingest:write', 'ingest:read'],
      tokenId: created.id,
    });
    const lastUsed = async () =>
      (await db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, created.id)))[0]!.at;
    expect(await lastUsed()).toEqual(at);
    await authenticateApiToken(db, created.token, new Date(at.getTime() + 30_000));
    expect(await lastUsed()).toEqual(at);
    await authenticateApiToken(db, created.token, new Date(at.getTime() + 61_000));
    expect(await lastUsed()).toEqual(new Date(at.getTime() + 61_000));

    // A wrong secret with the right prefix, or something that is not a token, authenticates nobody.
    const forged = `${created.prefix}_${'A'.repeat(43)}`;
    expect(await authenticateApiToken(db, forged)).toBeNull();
    expect(await authenticateApiToken(db, 'not-a-token')).toBeNull();

    const revoke = await call(buyer, 'DELETE', `${tokensUrl(buyerLegacy)}/${created.id}`);
    expect(revoke.statusCode).toBe(204);
    expect(await authenticateApiToken(db, created.token)).toBeNull();
    const listed = (await call(buyer, 'GET', tokensUrl(buyerLegacy)))
      .json()
      .tokens.find((x: { id: string }) => x.id === created.id);
    expect(listed.revokedAt).not.toBeNull();
    // Revoking again changes nothing.
    expect((await call(buyer, 'DELETE', `${tokensUrl(buyerLegacy)}/${created.id}`)).statusCode).toBe(204);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['api_token_create', 'api_token_revoke']);
  });

  it('refuses an expired token and one whose user is suspended', async () => {
    const db = t.database.db;
    const expiring = (
      await call(buyer, 'POST', tokensUrl(buyerLegacy), {
        name: 'Short-lived',
        scopes: ['ingest:write'],
        expiresAt: '2099-01-01T00:00:00Z',
      })
    ).json();
    expect(expiring.expiresAt).toBe('2099-01-01T00:00:00.000Z');
    expect(await authenticateApiToken(db, expiring.token, new Date('2098-12-31T00:00:00Z'))).not.toBeNull();
    expect(await authenticateApiToken(db, expiring.token, new Date('2099-01-01T00:00:01Z'))).toBeNull();

    const live = (await call(buyer, 'POST', tokensUrl(buyerLegacy), { name: 'Live', scopes: ['ingest:write'] })).json();
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, buyerId));
    try {
      expect(await authenticateApiToken(db, live.token)).toBeNull();
    } finally {
      await db.update(users).set({ status: 'active' }).where(eq(users.id, buyerId));
    }
    expect(await authenticateApiToken(db, live.token)).not.toBeNull();
  });

  it('lets only the user themself or a super admin see and manage their tokens', async () => {
    const created = (
      await call(buyer, 'POST', tokensUrl(buyerLegacy), { name: 'Mine', scopes: ['ingest:write'] })
    ).json();
    expect((await call(prairie, 'GET', tokensUrl(buyerLegacy))).statusCode).toBe(404);
    expect(
      (await call(prairie, 'POST', tokensUrl(buyerLegacy), { name: 'x', scopes: ['ingest:write'] })).statusCode,
    ).toBe(404);
    expect((await call(prairie, 'DELETE', `${tokensUrl(buyerLegacy)}/${created.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', tokensUrl(buyerLegacy))).statusCode).toBe(401);

    const asAdmin = await call(admin, 'GET', tokensUrl(buyerLegacy));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().tokens.some((x: { id: string }) => x.id === created.id)).toBe(true);

    // A farmer is no partner's buyer: no tokens for them.
    const farmerToken = await call(farmer, 'POST', tokensUrl(farmerLegacy), { name: 'x', scopes: ['ingest:write'] });
    expect(farmerToken.statusCode).toBe(403);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const db = t.database.db;
    const countOf = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(apiTokens))[0]!.n;
    const before = await countOf();
    for (const body of [
      { name: '', scopes: ['ingest:write'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['contracts:delete'] },
      { name: 'Past', scopes: ['ingest:write'], expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'Not a date', scopes: ['ingest:write'], expiresAt: 'tomorrow' },
    ]) {
      const res = await call(buyer, 'POST', tokensUrl(buyerLegacy), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await call(buyer, 'DELETE', `${tokensUrl(buyerLegacy)}/not-a-uuid`)).statusCode).toBe(400);
    expect(await countOf()).toBe(before);
  });
});
