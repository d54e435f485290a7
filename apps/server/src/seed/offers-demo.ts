// Demo offers (issue 5): at every market, offers in each state — working ones a few cents above the bid's cash
// (the simulated feed hits some during a demo), one waiting for approval, a price hit waiting for the buyer, filled
// ones with their contracts, a cancelled, a rejected and an expired one — and several for the demo farmer's
// 'Fieldman Family Farms' at Ames. Decatur fills hit offers on its own; Grand Island approves farmers' offers first.

import { and, asc, eq, gt, inArray, isNull, like, max, sql } from 'drizzle-orm';
import { addDays, endOfDayInZone, isOpenOfferStatus, toDecimal, type OfferStatus } from '@granary/domain';
import type { Db } from '../platform/db.ts';
import {
  clientMarkets,
  enterpriseUsers,
  legalEntities,
  marketTradingSettings,
  markets,
  offerEvents,
  offers,
  outbox,
  users,
} from '../db/schema/index.ts';
import { marketBids, type BidData } from '../modules/offers/offer-bids.repo.ts';
import { currentCashOf } from '../modules/offers/offer-view.ts';
import { fillOffer } from '../modules/offers/offers.service.ts';

export type OffersSeedOptions = { today: string };

/** Market settings of the demo: slug → settings. */
const SETTINGS: Record<string, { autoFillOffers?: boolean; offersRequireApproval?: boolean }> = {
  decatur: { autoFillOffers: true },
  'grand-island': { offersRequireApproval: true },
};

type Plan = { status: OfferStatus; offset: string; daysAgo: number; expiresIn: number; qty: number };

/** Each market's offers (the merchandiser takes them for clients without an account): the target's offset from the cash now (in cents of a bushel; ×20 per tonne). */
const MARKET_PLAN: Plan[] = [
  { status: 'working', offset: '0.06', daysAgo: 3, expiresIn: 21, qty: 5000 },
  { status: 'working', offset: '0.12', daysAgo: 6, expiresIn: 30, qty: 10000 },
  { status: 'pending_approval', offset: '0.08', daysAgo: 0, expiresIn: 14, qty: 7500 },
  { status: 'price_hit', offset: '-0.01', daysAgo: 2, expiresIn: 10, qty: 4000 },
  { status: 'filled', offset: '-0.02', daysAgo: 5, expiresIn: 9, qty: 6000 },
  { status: 'cancelled', offset: '0.10', daysAgo: 4, expiresIn: 12, qty: 3000 },
  { status: 'rejected', offset: '0.25', daysAgo: 7, expiresIn: 20, qty: 20000 },
  { status: 'expired', offset: '0.15', daysAgo: 20, expiresIn: -2, qty: 8000 },
];

/** The demo farmer's offers at Ames: working ones 1–4 cents above the cash, a hit, a fill, a cancelled one. */
const FARMER_PLAN: Plan[] = [
  { status: 'working', offset: '0.01', daysAgo: 1, expiresIn: 14, qty: 5000 },
  { status: 'working', offset: '0.02', daysAgo: 2, expiresIn: 21, qty: 8000 },
  { status: 'working', offset: '0.04', daysAgo: 3, expiresIn: 30, qty: 10000 },
  { status: 'price_hit', offset: '-0.01', daysAgo: 1, expiresIn: 7, qty: 5000 },
  { status: 'filled', offset: '-0.03', daysAgo: 8, expiresIn: 6, qty: 6000 },
  { status: 'cancelled', offset: '0.20', daysAgo: 5, expiresIn: 9, qty: 4000 },
];

export async function seedOffersDemo(db: Db, options: OffersSeedOptions): Promise<void> {
  const today = options.today;
  // Nothing recorded later than now (the seed may run for today or for a day in the past).
  const now = new Date(Math.min(Date.now(), Date.parse(`${today}T23:00:00Z`)));
  const at = (daysAgo: number, hour = 14) =>
    new Date(
      Math.min(now.getTime(), Date.parse(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`)),
    );
  const allMarkets = await db
    .select({ id: markets.id, partnerId: markets.partnerId, slug: markets.slug, timezone: markets.timezone })
    .from(markets)
    .where(inArray(markets.partnerId, ['demo', 'prairie']))
    .orderBy(asc(markets.id));
  if (allMarkets.length === 0) return;
  await db
    .insert(marketTradingSettings)
    .values(
      allMarkets.map((m) => ({
        marketId: m.id,
        autoFillOffers: SETTINGS[m.slug]?.autoFillOffers ?? false,
        offersRequireApproval: SETTINGS[m.slug]?.offersRequireApproval ?? false,
      })),
    )
    .onConflictDoNothing();

  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.granary.test'));
  const [farmerUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'farmer@demo.granary.test'));
  const [fieldman] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, legalEntities.enterpriseId))
    .where(
      and(
        eq(legalEntities.kind, 'client'),
        eq(enterpriseUsers.userId, farmerUser?.id ?? '00000000-0000-0000-0000-000000000000'),
      ),
    );

  const toFill: { id: number; at: Date }[] = [];
  const rows: {
    offer: typeof offers.$inferInsert;
    events: Omit<typeof offerEvents.$inferInsert, 'offerId'>[];
    fillAt: Date | null;
  }[] = [];
  let n = 0;
  for (const market of allMarkets) {
    const bids = (await marketBids(db, market.id)).filter(
      (b) => b.offersAllowed && currentCashOf(b) !== null && b.quantityCap === null,
    );
    if (bids.length === 0) continue;
    const clients = await db
      .select({ id: clientMarkets.clientId })
      .from(clientMarkets)
      .innerJoin(legalEntities, eq(legalEntities.id, clientMarkets.clientId))
      .where(and(eq(clientMarkets.marketId, market.id), isNull(legalEntities.enterpriseId)))
      .orderBy(asc(clientMarkets.clientId))
      .limit(MARKET_PLAN.length);
    if (clients.length === 0) continue;
    const place = (plan: Plan, bid: BidData, clientId: number, placedBy: string | null) => {
      const cash = toDecimal(currentCashOf(bid)!);
      const perTonne = bid.quantityUnit === 'tonnes';
      const target = cash.plus(toDecimal(plan.offset).times(perTonne ? 20 : 1)).toFixed(2);
      const quantity = String(perTonne ? Math.max(50, Math.round(plan.qty / 40 / 10) * 10) : plan.qty);
      const created = at(plan.daysAgo, 13 + (n++ % 6));
      const hitAt = at(Math.max(0, plan.daysAgo - 1), 15);
      const endedAt = at(Math.max(0, plan.daysAgo - 1), 16);
      const hit = plan.status === 'price_hit' || plan.status === 'filled';
      const stored: OfferStatus = plan.status === 'filled' ? 'price_hit' : plan.status;
      const ended = !isOpenOfferStatus(stored) && stored !== 'expired';
      const first: OfferStatus =
        plan.status === 'pending_approval' || plan.status === 'rejected' ? 'pending_approval' : 'working';
      const events: Omit<typeof offerEvents.$inferInsert, 'offerId'>[] = [
        { action: 'place', fromStatus: null, toStatus: first, userId: placedBy, createdAt: created },
      ];
      if (hit)
        events.push({
          action: 'price_hit',
          fromStatus: 'working',
          toStatus: 'price_hit',
          userId: null,
          details: { cash: cash.toFixed(4) },
          createdAt: hitAt,
        });
      if (plan.status === 'cancelled')
        events.push({
          action: 'cancel',
          fromStatus: 'working',
          toStatus: 'cancelled',
          userId: placedBy,
          createdAt: endedAt,
        });
      if (plan.status === 'rejected')
        events.push({
          action: 'reject',
          fromStatus: 'pending_approval',
          toStatus: 'rejected',
          userId: buyer?.id ?? null,
          createdAt: endedAt,
        });
      if (plan.status === 'expired')
        events.push({
          action: 'expire',
          fromStatus: 'working',
          toStatus: 'expired',
          userId: null,
          createdAt: at(Math.max(0, -plan.expiresIn), 6),
        });
      rows.push({
        offer: {
          partnerId: market.partnerId,
          marketId: market.id,
          instrumentId: bid.id,
          clientId,
          placedBy,
          cropId: bid.cropId,
          cropYear: bid.cropYear,
          quantity,
          quantityUnit: bid.quantityUnit,
          targetCashPrice: target,
          status: stored,
          expiresAt: endOfDayInZone(addDays(today, plan.expiresIn), market.timezone),
          priceHitAt: hit ? hitAt : null,
          priceHitCash: hit ? cash.toFixed(4) : null,
          cancelledAt: ended ? endedAt : null,
          cancelledBy: ended ? (plan.status === 'cancelled' ? placedBy : (buyer?.id ?? null)) : null,
          createdAt: created,
          updatedAt: created,
        },
        events,
        fillAt: plan.status === 'filled' ? hitAt : null,
      });
    };
    for (let i = 0; i < MARKET_PLAN.length; i++) {
      place(MARKET_PLAN[i]!, bids[(i * 3) % bids.length]!, clients[i % clients.length]!.id, buyer?.id ?? null);
    }
    if (market.slug === 'ames' && fieldman && farmerUser) {
      for (let i = 0; i < FARMER_PLAN.length; i++)
        place(FARMER_PLAN[i]!, bids[i % bids.length]!, fieldman.id, farmerUser.id);
    }
  }
  if (rows.length === 0) return;
  // Two statements for all of them; then the filled ones through the system fill.
  const ids = await db
    .insert(offers)
    .values(rows.map((r) => r.offer))
    .returning({ id: offers.id });
  await db.insert(offerEvents).values(rows.flatMap((r, i) => r.events.map((e) => ({ ...e, offerId: ids[i]!.id }))));
  rows.forEach((r, i) => {
    if (r.fillAt) toFill.push({ id: ids[i]!.id, at: r.fillAt });
  });
  // Filled ones go through the system fill: the contract, the bid's contracted quantity and the farmer's notice.
  const [before] = await db.select({ last: max(outbox.id) }).from(outbox);
  for (const f of toFill) await fillOffer(db, f.id, f.at);
  // Their e-mails belong to the past the seed recreates: kept in the outbox as sent then (the dev mailbox
  // shows them), never delivered now to whatever SMTP server the first start is given.
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`${outbox.createdAt}` })
    .where(and(eq(outbox.status, 'pending'), gt(outbox.id, before?.last ?? 0), like(outbox.template, 'offers_%')));
}
