import { and, eq, gte } from 'drizzle-orm';
import { CROP_IDS, isoDateInZone } from '@granary/domain';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { sha256 } from '../../apps/server/src/platform/crypto.ts';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.ts';
import { clientMarkets, legalEntities, markets, quoteHistory, quotes } from '../../apps/server/src/db/schema/index.ts';
import { insertFarmer } from './farmer-story-seed.ts';
import { STRUCTURES_STORY, structuresStoryMonth } from './structures-story.ts';

/**
 * structures.spec's own data: a client of the demo partner at Ames (nobody else's contracts), onboarded — its farm
 * business's owner is a farmer of its own, made as farmer-story-seed.ts makes its farmer, with a session of its own
 * (`farmerSession`), who sees the structure read-only in My Sales Lite; and its corn month with a current quote but no
 * settlement in the last 30 days (a feed that was down), so a structure whose period began a few trading days ago
 * waits for those days' settles, which the spec imports. Nothing here is shared with another spec, so the specs run
 * in any order.
 */
export async function seedStructuresStory(db: Db, now: Date = new Date()): Promise<void> {
  const today = isoDateInZone(now, 'America/Chicago');
  const { symbol } = structuresStoryMonth(today);
  const [market] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.partnerId, 'demo'), eq(markets.slug, STRUCTURES_STORY.market)));
  const farmer = await insertFarmer(db, {
    email: STRUCTURES_STORY.farmerEmail,
    firstName: 'Mae',
    lastName: 'Lark',
    farm: STRUCTURES_STORY.farm,
    now,
  });
  await insertSession(db, {
    tokenHash: sha256(STRUCTURES_STORY.farmerSession),
    userId: farmer.userId,
    ip: null,
    userAgent: null,
  });
  const [client] = await db
    .insert(legalEntities)
    .values({
      partnerId: 'demo',
      kind: 'client',
      name: STRUCTURES_STORY.client,
      city: 'Nevada',
      administrativeAreaLevel1: 'IA',
      enterpriseId: farmer.farmId,
      defaultCropId: CROP_IDS.corn,
      defaultCropYear: now.getUTCFullYear(),
    })
    .returning({ id: legalEntities.id });
  await db.insert(clientMarkets).values({ clientId: client!.id, marketId: market!.id });
  await db
    .update(quotes)
    .set({ last: STRUCTURES_STORY.futures, previousSettle: STRUCTURES_STORY.futures, quotedAt: now })
    .where(eq(quotes.symbol, symbol));
  await db
    .delete(quoteHistory)
    .where(
      and(
        eq(quoteHistory.symbol, symbol),
        eq(quoteHistory.kind, 'settle'),
        gte(quoteHistory.quotedAt, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    );
}
