// What other code may use of the deliveries module (DESIGN.md, Conventions 11): the demo seed's discount schedules,
// and splitting an application whose priced part a settlement takes (settlements; decision 044, addendum).

import { bushelWeightLb, defaultDiscountSchedule } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { marketCrops, seedDiscountSchedules } from './deliveries.repo.ts';

export { splitApplication } from './deliveries.repo.ts';

/**
 * Gives every market a discount schedule for each crop it buys by the bushel (its bids' and contracts' crops), from
 * the domain's starting schedules (corn 15 % base, soybeans 13 %, wheat 13.5 %, …). Markets that have one keep it.
 */
export async function seedMarketDiscountSchedules(db: Db): Promise<void> {
  const rows = (await marketCrops(db)).filter((r) => bushelWeightLb(r.cropName) !== null);
  await seedDiscountSchedules(
    db,
    rows.map((r) => ({
      partnerId: r.partnerId,
      marketId: r.marketId,
      cropId: r.cropId,
      ...defaultDiscountSchedule(r.cropName),
    })),
  );
}
