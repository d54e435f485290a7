// The bids offers are placed on and the markets they belong to (offers' view of them): a bid with its quote, rounding
// mode and the market's offer settings, locked when a fill adds to its contracted quantity; a market's live bids; the
// markets a farmer's clients sell to.

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  clientMarkets,
  crops,
  futuresSymbols,
  instruments,
  marketRoundingModes,
  marketTradingSettings,
  markets,
  quotes,
} from '../../db/schema/index.ts';

/** A bid with what pricing and filling need: its quote, its market's rounding mode and offer settings. */
export type BidData = {
  id: number;
  partnerId: string;
  marketId: number;
  cropId: number;
  cropYear: number;
  name: string;
  deliveryStart: string;
  deliveryEnd: string;
  futuresSymbol: string | null;
  optionMonth: string | null;
  futuresLast: string | null;
  basis: string | null;
  flatPrice: string | null;
  quantityCap: string | null;
  quantityContracted: string;
  quantityUnit: string;
  visibility: 'public' | 'private';
  offersAllowed: boolean;
  deletedAt: Date | null;
  roundingMode: string | null;
  offersEnabled: boolean | null;
  offersRequireApproval: boolean | null;
  autoFillOffers: boolean | null;
  cropName: string;
};

const bidFields = {
  id: instruments.id,
  partnerId: instruments.partnerId,
  marketId: instruments.marketId,
  cropId: instruments.cropId,
  cropYear: instruments.cropYear,
  name: instruments.name,
  deliveryStart: instruments.deliveryStart,
  deliveryEnd: instruments.deliveryEnd,
  futuresSymbol: instruments.futuresSymbol,
  optionMonth: futuresSymbols.optionMonth,
  futuresLast: quotes.last,
  basis: instruments.basis,
  flatPrice: instruments.flatPrice,
  quantityCap: instruments.quantityCap,
  quantityContracted: instruments.quantityContracted,
  quantityUnit: instruments.quantityUnit,
  visibility: instruments.visibility,
  offersAllowed: instruments.offersAllowed,
  deletedAt: instruments.deletedAt,
  roundingMode: marketRoundingModes.roundingMode,
  offersEnabled: marketTradingSettings.offersEnabled,
  offersRequireApproval: marketTradingSettings.offersRequireApproval,
  autoFillOffers: marketTradingSettings.autoFillOffers,
  cropName: crops.displayName,
};

function selectBids(db: Db) {
  return db
    .select(bidFields)
    .from(instruments)
    .innerJoin(crops, eq(crops.id, instruments.cropId))
    .leftJoin(futuresSymbols, eq(futuresSymbols.symbol, instruments.futuresSymbol))
    .leftJoin(quotes, eq(quotes.symbol, instruments.futuresSymbol))
    .leftJoin(
      marketRoundingModes,
      and(eq(marketRoundingModes.marketId, instruments.marketId), eq(marketRoundingModes.cropId, instruments.cropId)),
    )
    .leftJoin(marketTradingSettings, eq(marketTradingSettings.marketId, instruments.marketId));
}

export async function findBid(db: Db, id: number): Promise<BidData | null> {
  const [row] = await selectBids(db).where(eq(instruments.id, id));
  return (row as BidData | undefined) ?? null;
}

/** The bid locked (its contracted quantity is about to change); after the offer's lock, always in that order. */
export async function lockBid(db: Db, id: number): Promise<BidData | null> {
  await db.select({ id: instruments.id }).from(instruments).where(eq(instruments.id, id)).for('update');
  return findBid(db, id);
}

/** A market's live bids (not deleted), by crop and delivery. */
export async function marketBids(db: Db, marketId: number): Promise<BidData[]> {
  return (await selectBids(db)
    .where(and(eq(instruments.marketId, marketId), isNull(instruments.deletedAt)))
    .orderBy(
      asc(instruments.cropId),
      asc(instruments.sortOrder),
      asc(instruments.deliveryStart),
      asc(instruments.id),
    )) as BidData[];
}

export type MarketRow = {
  id: number;
  partnerId: string;
  slug: string;
  displayName: string | null;
  city: string;
  administrativeAreaLevel1: string;
  timezone: string;
  offersEnabled: boolean | null;
  offersRequireApproval: boolean | null;
  autoFillOffers: boolean | null;
};

const marketFields = {
  id: markets.id,
  partnerId: markets.partnerId,
  slug: markets.slug,
  displayName: markets.displayName,
  city: markets.city,
  administrativeAreaLevel1: markets.administrativeAreaLevel1,
  timezone: markets.timezone,
  offersEnabled: marketTradingSettings.offersEnabled,
  offersRequireApproval: marketTradingSettings.offersRequireApproval,
  autoFillOffers: marketTradingSettings.autoFillOffers,
};

export async function findMarket(db: Db, id: number): Promise<MarketRow | null> {
  const [row] = await db
    .select(marketFields)
    .from(markets)
    .leftJoin(marketTradingSettings, eq(marketTradingSettings.marketId, markets.id))
    .where(eq(markets.id, id));
  return row ?? null;
}

/** Adds to a bid's contracted quantity (the bid is locked). */
export async function addContracted(db: Db, instrumentId: number, quantity: string, now: Date): Promise<void> {
  await db
    .update(instruments)
    .set({ quantityContracted: sql`${instruments.quantityContracted} + ${quantity}::numeric`, updatedAt: now })
    .where(eq(instruments.id, instrumentId));
}

// The farmer side

// The farmer's own clients are read by the profit-center module (farmerClients), which owns My Sales Lite's farmer data.

/** The markets the clients sell to (client_markets), with their offer settings. */
export async function marketsOfClients(db: Db, clientIds: number[]): Promise<(MarketRow & { clientIds: number[] })[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({ ...marketFields, clientId: clientMarkets.clientId })
    .from(clientMarkets)
    .innerJoin(markets, eq(markets.id, clientMarkets.marketId))
    .leftJoin(marketTradingSettings, eq(marketTradingSettings.marketId, markets.id))
    .where(inArray(clientMarkets.clientId, clientIds))
    .orderBy(asc(markets.id), asc(clientMarkets.clientId));
  const out = new Map<number, MarketRow & { clientIds: number[] }>();
  for (const { clientId, ...m } of rows) {
    const have = out.get(m.id);
    if (have) have.clientIds.push(clientId);
    else out.set(m.id, { ...m, clientIds: [clientId] });
  }
  return [...out.values()];
}

export async function clientSellsTo(db: Db, clientId: number, marketId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(clientMarkets)
    .where(and(eq(clientMarkets.clientId, clientId), eq(clientMarkets.marketId, marketId)));
  return row !== undefined;
}
