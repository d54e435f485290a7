// What the e-signing API tests (esign.test.ts, contract-signing.test.ts) set up alike: the demo farmer's farm and some
// of its contracts to send, started unsent and unsigned, and the buyer's partial cancel that amends a contract.

import { expect } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { contracts, legalEntities } from '../../db/schema/index.ts';
import { injectAs } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';

export type SigningCandidate = {
  id: number;
  clientId: number;
  marketId: number;
  cropYear: number;
  displayContractId: string;
};

/**
 * Fieldman Family Farms (the demo farmer's farm) and `count` of its open, e-sign eligible contracts with at least
 * `minOpen` bushels left to cancel, in id order. The demo data signed some of them already: they start unsent and
 * unsigned.
 */
export async function fieldmanCandidates(
  t: TestApp,
  count: number,
  minOpen: number,
): Promise<{ fieldmanId: number; candidates: SigningCandidate[] }> {
  const db = t.database.db;
  const [farm] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.name, 'Fieldman Family Farms'), eq(legalEntities.partnerId, 'demo')));
  const fieldmanId = farm!.id;
  const candidates = await db
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      marketId: contracts.marketId,
      cropYear: contracts.cropYear,
      displayContractId: contracts.displayContractId,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.clientId, fieldmanId),
        eq(contracts.status, 'open'),
        eq(contracts.esignEligible, true),
        sql`${contracts.quantity} - ${contracts.cancelledQuantity} - ${contracts.deliveredQuantity} >= ${minOpen}`,
      ),
    )
    .orderBy(contracts.id)
    .limit(count);
  expect(candidates).toHaveLength(count);
  await db
    .update(contracts)
    .set({ esignSent: false, signed: false, signedTermsHash: null })
    .where(
      inArray(
        contracts.id,
        candidates.map((c) => c.id),
      ),
    );
  return { fieldmanId, candidates };
}

/** The buyer cancels `quantity` of the contract with the version just read: an amendment once it was sent. */
export async function partialCancel(t: TestApp, buyer: Caller, clientId: number, contractId: number, quantity = '100') {
  const url = `/api/commodities/ctrm/seller/${clientId}/contract/${contractId}`;
  const detail = await injectAs(t, buyer, 'GET', url);
  const res = await injectAs(
    t,
    buyer,
    'POST',
    `${url}/partial-cancel`,
    { quantity },
    {
      'if-match': detail.headers.etag as string,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
}
