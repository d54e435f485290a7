// A bid's daily close (bid_history, decision 057 addendum): one row per bid per day with the day's latest futures
// month, futures price, basis, flat price and cash. Every write of a bid and every futures move of its month upserts
// the day's row, so the row ends the day as the day's close; days without a change have no row (a chart carries the
// last one forward). The demo's rows are derived from the seeded futures settlements and the bid's own basis.

import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { bidCashPrice } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { bidHistory, instruments, quoteHistory } from '../../db/schema/index.ts';
import {
  instrumentRecordsByIds,
  instrumentRows,
  marketRoundingModeMap,
  roundingModeOf,
  type InstrumentRecord,
} from './bids.repo.ts';

/** The UTC calendar day of an instant: the day a change is recorded under. */
const historyDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Upserts today's row of each live bid given (deleted bids keep their history and get no new row). */
async function recordRecords(db: Db, records: readonly InstrumentRecord[], now: Date): Promise<void> {
  const live = records.filter((r) => r.deletedAt === null);
  if (live.length === 0) return;
  const byMarket = new Map<number, InstrumentRecord[]>();
  for (const r of live) byMarket.set(r.marketId, [...(byMarket.get(r.marketId) ?? []), r]);
  const day = historyDay(now);
  for (const [marketId, list] of byMarket) {
    const rows = await instrumentRows(db, marketId, list);
    const values = rows.map((r) => ({
      instrumentId: r.id,
      day,
      futuresSymbol: r.futuresSymbol,
      futures: r.futuresLast,
      basis: r.basis,
      flatPrice: r.flatPrice,
      cash: r.cashPrice,
      recordedAt: now,
    }));
    await db
      .insert(bidHistory)
      .values(values)
      .onConflictDoUpdate({
        target: [bidHistory.instrumentId, bidHistory.day],
        set: {
          futuresSymbol: sql`excluded.futures_symbol`,
          futures: sql`excluded.futures`,
          basis: sql`excluded.basis`,
          flatPrice: sql`excluded.flat_price`,
          cash: sql`excluded.cash`,
          recordedAt: sql`excluded.recorded_at`,
        },
        // Only when something changed: the feed moves every 5 s and a bid's row was rewritten on every tick.
        setWhere: sql`(bid_history.futures_symbol, bid_history.futures, bid_history.basis, bid_history.flat_price,
          bid_history.cash) is distinct from
          (excluded.futures_symbol, excluded.futures, excluded.basis, excluded.flat_price, excluded.cash)`,
      });
  }
}

/** After a write of bids (create, edit, basis move, undelete): today's row of each. */
export async function recordBidsHistory(
  db: Db,
  partnerId: string,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<void> {
  if (ids.length === 0) return;
  await recordRecords(db, await instrumentRecordsByIds(db, partnerId, ids), now);
}

/** After futures moved: today's row of every live basis bid on the symbols that moved. */
export async function recordHistoryForSymbols(db: Db, symbols: readonly string[], now: Date): Promise<void> {
  if (symbols.length === 0) return;
  const rows = await db
    .select({ id: instruments.id, partnerId: instruments.partnerId })
    .from(instruments)
    .where(and(inArray(instruments.futuresSymbol, [...symbols]), isNull(instruments.deletedAt)));
  const byPartner = new Map<string, number[]>();
  for (const r of rows) byPartner.set(r.partnerId, [...(byPartner.get(r.partnerId) ?? []), r.id]);
  for (const [partnerId, ids] of byPartner) await recordBidsHistory(db, partnerId, ids, now);
}

export type BidHistoryPoint = {
  day: string;
  futuresSymbol: string | null;
  futures: string | null;
  basis: string | null;
  flatPrice: string | null;
  cash: string | null;
};

/** A bid's rows from `fromDay` to `toDay` (inclusive), oldest first, plus the last row before `fromDay` (carry). */
export async function bidHistoryBetween(
  db: Db,
  instrumentId: number,
  fromDay: string,
  toDay: string,
): Promise<{ before: BidHistoryPoint | null; points: BidHistoryPoint[] }> {
  const fields = {
    day: bidHistory.day,
    futuresSymbol: bidHistory.futuresSymbol,
    futures: bidHistory.futures,
    basis: bidHistory.basis,
    flatPrice: bidHistory.flatPrice,
    cash: bidHistory.cash,
  };
  const [points, before] = await Promise.all([
    db
      .select(fields)
      .from(bidHistory)
      .where(and(eq(bidHistory.instrumentId, instrumentId), gte(bidHistory.day, fromDay), lte(bidHistory.day, toDay)))
      .orderBy(asc(bidHistory.day)),
    db
      .select(fields)
      .from(bidHistory)
      .where(and(eq(bidHistory.instrumentId, instrumentId), sql`${bidHistory.day} < ${fromDay}`))
      .orderBy(sql`${bidHistory.day} desc`)
      .limit(1),
  ]);
  return { before: before[0] ?? null, points };
}

/**
 * The demo's history: for every live basis bid, a row per futures settlement of its month in quote_history (the
 * seeded settlements, decision 057 addendum) priced with the bid's own basis and the market's rounding — no invented
 * basis moves — and today's row from the current quote. Flat bids get today's row only.
 */
export async function seedBidHistoryFromSettlements(db: Db, now: Date): Promise<void> {
  const bids = await db
    .select({
      id: instruments.id,
      partnerId: instruments.partnerId,
      marketId: instruments.marketId,
      cropId: instruments.cropId,
      futuresSymbol: instruments.futuresSymbol,
      basis: instruments.basis,
    })
    .from(instruments)
    .where(and(isNull(instruments.deletedAt), isNotNull(instruments.futuresSymbol), isNotNull(instruments.basis)));
  const symbols = [...new Set(bids.map((b) => b.futuresSymbol!))];
  const settles =
    symbols.length === 0
      ? []
      : await db
          .select({ symbol: quoteHistory.symbol, price: quoteHistory.price, quotedAt: quoteHistory.quotedAt })
          .from(quoteHistory)
          .where(and(inArray(quoteHistory.symbol, symbols), eq(quoteHistory.kind, 'settle')))
          .orderBy(asc(quoteHistory.quotedAt));
  const bySymbol = new Map<string, { day: string; price: string }[]>();
  const today = historyDay(now);
  for (const s of settles) {
    const day = historyDay(s.quotedAt);
    if (day >= today) continue;
    bySymbol.set(s.symbol, [...(bySymbol.get(s.symbol) ?? []), { day, price: s.price }]);
  }
  const modes = new Map<number, Awaited<ReturnType<typeof marketRoundingModeMap>>>();
  const values: (typeof bidHistory.$inferInsert)[] = [];
  for (const b of bids) {
    if (!modes.has(b.marketId)) modes.set(b.marketId, await marketRoundingModeMap(db, b.marketId));
    const mode = roundingModeOf(modes.get(b.marketId)!, b.cropId);
    for (const s of bySymbol.get(b.futuresSymbol!) ?? []) {
      values.push({
        instrumentId: b.id,
        day: s.day,
        futuresSymbol: b.futuresSymbol,
        futures: s.price,
        basis: b.basis,
        flatPrice: null,
        cash: bidCashPrice({ futuresPrice: s.price, basis: b.basis, flatPrice: null }, mode),
        recordedAt: now,
      });
    }
  }
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insert(bidHistory)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing();
  const all = await db
    .select({ id: instruments.id, partnerId: instruments.partnerId })
    .from(instruments)
    .where(isNull(instruments.deletedAt));
  const byPartner = new Map<string, number[]>();
  for (const r of all) byPartner.set(r.partnerId, [...(byPartner.get(r.partnerId) ?? []), r.id]);
  for (const [partnerId, ids] of byPartner) await recordBidsHistory(db, partnerId, ids, now);
}
