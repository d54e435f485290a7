// A PostgreSQL server that drops connections or restarts (issue 11, finding 12; docs/decisions/025): a read is tried
// once more on a fresh connection, a write answers 503 with Retry-After and leaves nothing half-written, and the
// server carries on by itself. Only on a PostgreSQL server (DATABASE_URL); the restart itself only where it may
// restart the shared server (PG_RESTART_TEST=1, a CI stage of its own: it would cut every other suite's connections).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openDatabase, type Database } from './db.ts';
import { audit } from './audit.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from './errors.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url)('a PostgreSQL server that drops connections (finding 12)', () => {
  let t: TestApp;
  let admin: Database;
  let dbName: string;

  /** Ends every connection of the app's database, as a server restart or a failover does. */
  const dropConnections = () =>
    admin.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    t = await createTestApp({
      crm: 'none',
      beforeReady(app) {
        // A read and a write that are slow enough to be cut in the middle.
        app.get('/api/test/slow-read', { config: { access: 'public' } }, async () => {
          const result = await t.database.db.execute(sql`select pg_sleep(0.4), count(*)::int as n from partners`);
          return { partners: (result as unknown as { rows: { n: number }[] }).rows[0]!.n };
        });
        app.post('/api/test/slow-write/:marker', { config: { access: 'public', csrf: false } }, async (request) => {
          const { marker } = request.params as { marker: string };
          await audit(t.database.db, null, { actorUserId: null, action: 'pg_connection_test', targetId: marker });
          await t.database.db.execute(sql`select pg_sleep(0.4)`);
          await audit(t.database.db, null, { actorUserId: null, action: 'pg_connection_test', targetId: marker });
          return { ok: true };
        });
      },
    });
    admin = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1 });
    dbName = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows[0]!.name;
  });
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  const written = async (marker: string) =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'pg_connection_test' and target_id = ${marker}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it('a read cut in the middle is tried once more on a fresh connection and answers 200', async () => {
    const pending = t.app.inject({ method: 'GET', url: '/api/test/slow-read' });
    await sleep(150);
    await dropConnections();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().partners).toBeGreaterThan(0);
  });

  it('a write cut in the middle answers 503 with Retry-After, and nothing of it remains', async () => {
    const pending = t.app.inject({ method: 'POST', url: '/api/test/slow-write/cut' });
    await sleep(150);
    await dropConnections();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(res.json()).toMatchObject({ code: 'unavailable' });
    expect(await written('cut')).toBe(0);
    // The server carries on: the same write goes through now.
    expect((await t.app.inject({ method: 'POST', url: '/api/test/slow-write/again' })).statusCode).toBe(200);
    expect(await written('again')).toBe(2);
  });

  it('the pool replaces connections dropped while idle, without a failed request', async () => {
    await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
    await dropConnections();
    await sleep(50);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/bootstrap' }).then((r) => r.statusCode)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/slow-write/after-idle-drop' })).statusCode).toBe(200);
  });
});

/** The local cluster's pg_ctlcluster arguments, e.g. ['15', 'main']. */
function localCluster(): [string, string] {
  const version = readdirSync('/etc/postgresql').sort().at(-1);
  if (!version) throw new Error('no PostgreSQL cluster in /etc/postgresql');
  return [version, 'main'];
}

describe.runIf(url && process.env.PG_RESTART_TEST === '1')(
  'a restart of the local PostgreSQL server under load (finding 12)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        crm: 'none',
        beforeReady(app) {
          app.get('/api/test/read', { config: { access: 'public' } }, async () => {
            const result = await t.database.db.execute(sql`select count(*)::int as n from partners`);
            return { partners: (result as unknown as { rows: { n: number }[] }).rows[0]!.n };
          });
          app.post('/api/test/write/:marker', { config: { access: 'public', csrf: false } }, async (request) => {
            const { marker } = request.params as { marker: string };
            await audit(t.database.db, null, { actorUserId: null, action: 'pg_restart_test', targetId: marker });
            await t.database.db.execute(sql`select pg_sleep(0.02)`);
            await audit(t.database.db, null, { actorUserId: null, action: 'pg_restart_test', targetId: marker });
            return { ok: true };
          });
        },
      });
    });
    afterAll(() => t?.close());

    it('answers only 200 or 503 (with Retry-After) while it restarts, leaves no write half-done, and recovers by itself', async () => {
      const [version, cluster] = localCluster();
      const outcomes: { kind: 'read' | 'write'; marker: string; status: number; retryAfter: string | undefined }[] = [];
      let restarting = true;
      let n = 0;
      const worker = async (kind: 'read' | 'write') => {
        while (restarting) {
          const marker = `m${n++}`;
          const res =
            kind === 'read'
              ? await t.app.inject({ method: 'GET', url: '/api/test/read' })
              : await t.app.inject({ method: 'POST', url: `/api/test/write/${marker}` });
          outcomes.push({
            kind,
            marker,
            status: res.statusCode,
            retryAfter: res.headers['retry-after'] as string | undefined,
          });
          await sleep(5);
        }
      };
      const load = [worker('read'), worker('read'), worker('write'), worker('write')];
      await sleep(300);
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, 'restart'], { stdio: 'ignore' });
      // Keep the load on while the server comes back.
      for (let i = 0; i < 60; i++) {
        try {
          execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
          break;
        } catch {
          await sleep(250);
        }
      }
      await sleep(1000);
      restarting = false;
      await Promise.all(load);

      const statuses = new Set(outcomes.map((o) => o.status));
      expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      for (const o of outcomes.filter((x) => x.status === 503))
        expect(o.retryAfter).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      // Every write is whole or absent: two rows for each 200, none or two (never one) for a 503.
      const counts = new Map(
        (
          (await t.database.db.execute(
            sql`select target_id, count(*)::int as n from audit_log where action = 'pg_restart_test' group by target_id`,
          )) as unknown as {
            rows: { target_id: string; n: number }[];
          }
        ).rows.map((r) => [r.target_id, r.n]),
      );
      for (const o of outcomes.filter((x) => x.kind === 'write')) {
        const rows = counts.get(o.marker) ?? 0;
        if (o.status === 200) expect(rows, o.marker).toBe(2);
        else expect([0, 2], o.marker).toContain(rows);
      }
      // And after it, everything answers again without a restart of ours.
      expect((await t.app.inject({ method: 'GET', url: '/api/test/read' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/test/write/after' })).statusCode).toBe(200);
      console.log(
        `[pg restart] ${outcomes.length} requests during the restart: ${outcomes.filter((o) => o.status === 200).length} answered 200, ${outcomes.filter((o) => o.status === 503).length} answered 503`,
      );
    }, 60_000);
  },
);
