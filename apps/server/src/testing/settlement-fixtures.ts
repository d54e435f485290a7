// What the settlements' API tests share: the rates they settle with and the check that a settlement adds up.

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sumCents, toDecimal, type SettlementDetail } from '@granary/domain';
import { enterpriseUsers, storageRates, users } from '../db/schema/index.ts';
import { seedSettlementRates } from '../seed/settlements-demo.ts';
import type { CrmFixtures } from './crm-test-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * Seeds the checkoff and storage rates, FX Ames charging storage after 30 free days at 0.15¢ a bushel a day; the demo
 * farmer's enterprise id (a client on it is the farmer's own).
 */
export async function settlementTestSetup(t: TestApp, fx: CrmFixtures): Promise<number> {
  await seedSettlementRates(t.database.db);
  await t.database.db
    .update(storageRates)
    .set({ freeDays: 30, ratePerBushelPerDay: '0.0015' })
    .where(eq(storageRates.marketId, fx.marketAll));
  const [farm] = await t.database.db
    .select({ enterpriseId: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(eq(users.email, 'farmer@demo.granary.test'));
  return farm!.enterpriseId;
}

/** Lines add up to the gross, deductions to their total, gross less deductions to the net, payees to the net. */
export function expectAddsUp(d: SettlementDetail): void {
  expect(sumCents(d.lines.map((l) => l.amount))).toBe(d.gross);
  expect(sumCents(d.deductions.map((x) => x.amount))).toBe(d.deductionsTotal);
  expect(toDecimal(d.gross).minus(toDecimal(d.deductionsTotal)).toFixed(2)).toBe(d.net);
  expect(sumCents(d.payees.map((p) => p.amount))).toBe(d.net);
}
