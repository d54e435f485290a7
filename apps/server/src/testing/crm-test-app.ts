// One app for a CRM test file: a fresh migrated, seeded db with the CRM fixtures, and the demo buyer (demo partner),
// the Prairie buyer (another partner) and the demo farmer signed in — what the bids, offers, futures and public
// market admin tests each set up in their beforeAll.

import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { headersOf, seedCrmFixtures, signIn, type Caller, type CrmFixtures } from './crm-test-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type CrmTestApp = { t: TestApp; fx: CrmFixtures; buyer: Caller; prairie: Caller; farmer: Caller };

export async function startCrmTestApp(): Promise<CrmTestApp> {
  const t = await createTestApp();
  const fx = await seedCrmFixtures(t.database.db);
  const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  const prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  const farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  return { t, fx, buyer, prairie, farmer };
}

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as `caller` (signed-in cookie and CSRF token; none when null), with a JSON body when one is given. */
export function injectAs(
  t: TestApp,
  caller: Caller | null,
  method: InjectMethod,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: caller ? headersOf(caller, headers) : headers,
    ...(payload === undefined ? {} : { payload }),
  });
}
