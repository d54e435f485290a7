import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { startFileIngest } from './ingest.public.ts';

// A sync's page polls its progress once a second for as long as the import runs (half an hour for a large file):
// reads carry no per-route rate limit (only writes and the sign-in calls do), so the poll is never refused.
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let buyer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
});
afterAll(() => t.close());

describe("a sync's progress poll", () => {
  it('is answered every time: 150 polls back to back (more than two minutes of a page polling each second)', async () => {
    const [me] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from users where email = ${DEMO_ACCOUNTS.buyer}`),
    );
    const mapping = await t.app.inject({
      method: 'PUT',
      url: `${MERCH}/ingest/mappings/clients`,
      headers: headersOf(buyer),
      payload: { columns: { externalId: 'Cust No', name: 'Customer Name', market: 'Location', city: 'City' } },
    });
    expect(mapping.statusCode).toBe(200);
    const { syncId } = await startFileIngest(t.database.db, {
      partnerId: 'demo',
      userId: me!.id,
      recordType: 'clients',
      source: 'upload',
      fileName: 'poll.csv',
      body: (async function* () {
        yield Buffer.from('Cust No,Customer Name,Location,City\nPOLL-1,Poll Farms,Nowhere,Ames\n');
      })(),
      request: null,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const reply = await t.app.inject({
        method: 'GET',
        url: `${MERCH}/ingest/syncs/${syncId}`,
        headers: headersOf(buyer),
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 60_000);
});
