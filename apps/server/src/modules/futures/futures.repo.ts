// Futures symbols, quotes, their history and the markets' rounding modes. latestQuotes and roundingModeFor are
// the helpers other modules (bids, offers) read prices through; applyQuoteUpdates is the one writer every price
// feed (simulated, CSV import, a provider) goes through.

import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_ROUNDING_MODE,
  FUTURES_PRODUCTS,
  QUOTES_TOPIC,
  contractMonth,
  isRoundingMode,
  listedContracts,
  parseFuturesSymbol,
  priceChange,
  toDecimal,
  type FuturesProduct,
  type FuturesSymbolRow,
  type LiveQuote,
  type Quote,
  type QuoteSource,
  type QuotesEventPayload,
  type RoundingMode,
} from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { publish } from '../../platform/events.ts';
import { futuresSymbols, marketRoundingModes, quoteHistory, quotes } from '../../db/schema/index.ts';

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

// ---------------------------------------------------------------------------------------------------
// Helpers for other modules

/** The latest quote of a symbol as other modules read it. */
export type LatestQuote = {
  symbol: string;
  last: string;
  previousSettle: string | null;
  /** last − previousSettle (null without a settlement). */
  change: string | null;
  open: string | null;
  high: string | null;
  low: string | null;
  tradeDate: string;
  /** ISO instant. */
  quotedAt: string;
  source: QuoteSource;
  version: number;
};

/** The latest quote of each symbol asked for (symbols without a quote are absent from the map). */
export async function latestQuotes(db: Db, symbols: readonly string[]): Promise<Map<string, LatestQuote>> {
  const unique = [...new Set(symbols)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(quotes).where(inArray(quotes.symbol, unique));
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        symbol: r.symbol,
        last: r.last,
        previousSettle: r.previousSettle,
        change: priceChange(r.last, r.previousSettle),
        open: r.open,
        high: r.high,
        low: r.low,
        tradeDate: r.tradeDate,
        quotedAt: iso(r.quotedAt),
        source: r.source,
        version: r.version,
      },
    ]),
  );
}

/** A market's rounding mode for a crop: the one set, else DEFAULT_ROUNDING_MODE. */
export async function roundingModeFor(db: Db, marketId: number, cropId: number): Promise<RoundingMode> {
  const [row] = await db
    .select({ mode: marketRoundingModes.roundingMode })
    .from(marketRoundingModes)
    .where(and(eq(marketRoundingModes.marketId, marketId), eq(marketRoundingModes.cropId, cropId)));
  return row && isRoundingMode(row.mode) ? row.mode : DEFAULT_ROUNDING_MODE;
}

export type StoredRoundingMode = { cropId: number; roundingMode: RoundingMode; updatedAt: string };

/** The rounding modes a market has set (crops not listed round by the default). */
export async function roundingModesOf(db: Db, marketId: number): Promise<StoredRoundingMode[]> {
  const rows = await db
    .select()
    .from(marketRoundingModes)
    .where(eq(marketRoundingModes.marketId, marketId))
    .orderBy(asc(marketRoundingModes.cropId));
  return rows.flatMap((r) =>
    isRoundingMode(r.roundingMode)
      ? [{ cropId: r.cropId, roundingMode: r.roundingMode, updatedAt: iso(r.updatedAt) }]
      : [],
  );
}

/** The rounding modes of several markets in one read: market id → crop id → mode (a market without any is absent). */
export async function roundingModesOfMarkets(
  db: Db,
  marketIds: readonly number[],
): Promise<Map<number, Map<number, RoundingMode>>> {
  const byMarket = new Map<number, Map<number, RoundingMode>>();
  if (marketIds.length === 0) return byMarket;
  const rows = await db
    .select({
      marketId: marketRoundingModes.marketId,
      cropId: marketRoundingModes.cropId,
      roundingMode: marketRoundingModes.roundingMode,
    })
    .from(marketRoundingModes)
    .where(inArray(marketRoundingModes.marketId, [...new Set(marketIds)]));
  for (const r of rows) {
    if (!isRoundingMode(r.roundingMode)) continue;
    const modes = byMarket.get(r.marketId) ?? new Map<number, RoundingMode>();
    modes.set(r.cropId, r.roundingMode);
    byMarket.set(r.marketId, modes);
  }
  return byMarket;
}

export async function setRoundingMode(
  db: Db,
  marketId: number,
  cropId: number,
  mode: RoundingMode,
  userId: string,
): Promise<StoredRoundingMode> {
  const now = new Date();
  const [row] = await db
    .insert(marketRoundingModes)
    .values({ marketId, cropId, roundingMode: mode, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [marketRoundingModes.marketId, marketRoundingModes.cropId],
      set: { roundingMode: mode, updatedBy: userId, updatedAt: now },
    })
    .returning();
  return { cropId: row!.cropId, roundingMode: mode, updatedAt: iso(row!.updatedAt) };
}

// ---------------------------------------------------------------------------------------------------
// Symbols and quotes

function symbolRow(r: typeof futuresSymbols.$inferSelect): FuturesSymbolRow {
  return {
    symbol: r.symbol,
    root: r.root,
    exchange: r.exchange,
    cropId: r.cropId,
    monthCode: r.monthCode,
    optionMonth: r.optionMonth,
    firstNoticeDay: r.firstNoticeDay,
    lastTradeDay: r.lastTradeDay,
    priceUnit: r.priceUnit,
    currency: r.currency,
  };
}

/** Symbols still trading on `asOf` (optionally of some crops), nearest month first. */
export async function listSymbols(
  db: Db,
  asOf: string,
  filter: { cropIds?: readonly number[]; roots?: readonly string[] } = {},
): Promise<FuturesSymbolRow[]> {
  const where = [gte(futuresSymbols.lastTradeDay, asOf)];
  if (filter.cropIds) where.push(inArray(futuresSymbols.cropId, [...filter.cropIds, -1]));
  if (filter.roots) where.push(inArray(futuresSymbols.root, [...filter.roots, '']));
  const rows = await db
    .select()
    .from(futuresSymbols)
    .where(and(...where))
    .orderBy(asc(futuresSymbols.root), asc(futuresSymbols.optionMonth));
  return rows.map(symbolRow);
}

function quoteOf(q: typeof quotes.$inferSelect, s: typeof futuresSymbols.$inferSelect): Quote {
  return {
    symbol: q.symbol,
    root: s.root,
    exchange: s.exchange,
    cropId: s.cropId,
    monthCode: s.monthCode,
    optionMonth: s.optionMonth,
    last: q.last,
    change: priceChange(q.last, q.previousSettle),
    open: q.open,
    high: q.high,
    low: q.low,
    previousSettle: q.previousSettle,
    tradeDate: q.tradeDate,
    source: q.source,
    quotedAt: iso(q.quotedAt),
    version: q.version,
    priceUnit: s.priceUnit,
    currency: s.currency,
  };
}

/** Quotes with their symbols' calendar: of some symbols, or of a root's months still trading on `asOf`. */
export async function quotesWhere(
  db: Db,
  filter: { symbols?: readonly string[]; root?: string; asOf?: string },
): Promise<Quote[]> {
  const where = [];
  if (filter.symbols) where.push(inArray(quotes.symbol, [...filter.symbols, '']));
  if (filter.root) where.push(eq(futuresSymbols.root, filter.root));
  if (filter.asOf) where.push(gte(futuresSymbols.lastTradeDay, filter.asOf));
  const rows = await db
    .select({ q: quotes, s: futuresSymbols })
    .from(quotes)
    .innerJoin(futuresSymbols, eq(futuresSymbols.symbol, quotes.symbol))
    .where(and(...where))
    .orderBy(asc(futuresSymbols.root), asc(futuresSymbols.optionMonth));
  return rows.map((r) => quoteOf(r.q, r.s));
}

export async function symbolsWithQuotes(db: Db, asOf: string) {
  return db
    .select({
      symbol: futuresSymbols.symbol,
      root: futuresSymbols.root,
      exchange: futuresSymbols.exchange,
      cropId: futuresSymbols.cropId,
      optionMonth: futuresSymbols.optionMonth,
      monthCode: futuresSymbols.monthCode,
    })
    .from(futuresSymbols)
    .innerJoin(quotes, eq(quotes.symbol, futuresSymbols.symbol))
    .where(gte(futuresSymbols.lastTradeDay, asOf))
    .orderBy(asc(futuresSymbols.root), asc(futuresSymbols.optionMonth));
}

export async function findSymbol(db: Db, symbol: string): Promise<FuturesSymbolRow | null> {
  const [row] = await db.select().from(futuresSymbols).where(eq(futuresSymbols.symbol, symbol));
  return row ? symbolRow(row) : null;
}

/** History points of a symbol between two instants, oldest first, at most `limit`. */
export async function historyBetween(db: Db, symbol: string, from: Date, to: Date, limit: number) {
  const rows = await db
    .select({ quotedAt: quoteHistory.quotedAt, price: quoteHistory.price, kind: quoteHistory.kind })
    .from(quoteHistory)
    .where(and(eq(quoteHistory.symbol, symbol), gte(quoteHistory.quotedAt, from), lte(quoteHistory.quotedAt, to)))
    .orderBy(asc(quoteHistory.quotedAt), asc(quoteHistory.id))
    .limit(limit);
  return rows.map((r) => ({ quotedAt: iso(r.quotedAt), price: r.price, kind: r.kind }));
}

/**
 * Lists the calendar's symbols of a product not yet in futures_symbols (a contract month that became listed,
 * or one an import names). Returns the symbols added.
 */
export async function ensureSymbols(
  db: Db,
  product: FuturesProduct,
  optionMonths: readonly string[],
): Promise<string[]> {
  if (optionMonths.length === 0) return [];
  const rows = optionMonths.map((m) => {
    const c = contractMonth(product, m);
    return {
      symbol: c.symbol,
      root: c.root,
      exchange: c.exchange,
      cropId: product.cropIds[0]!,
      monthCode: c.monthCode,
      optionMonth: c.optionMonth,
      firstNoticeDay: c.firstNoticeDay,
      lastTradeDay: c.lastTradeDay,
      priceUnit: product.priceUnit,
      currency: product.currency,
    };
  });
  const added = await db
    .insert(futuresSymbols)
    .values(rows)
    .onConflictDoNothing()
    .returning({ symbol: futuresSymbols.symbol });
  return added.map((r) => r.symbol);
}

/**
 * The months each product lists on `tradeDate` (the demo's eight) get a symbol and, when new, a quote taken
 * from the furthest month of the same root (no move of its own until the feed moves it). Returns new symbols.
 */
export async function listNewContractMonths(db: Db, tradeDate: string, count = 8, now = new Date()): Promise<string[]> {
  const out: string[] = [];
  for (const product of FUTURES_PRODUCTS) {
    const wanted = listedContracts(product, tradeDate, count);
    const added = await ensureSymbols(
      db,
      product,
      wanted.map((c) => c.optionMonth),
    );
    if (added.length === 0) continue;
    const [furthest] = await db
      .select({ last: quotes.last, previousSettle: quotes.previousSettle })
      .from(quotes)
      .innerJoin(futuresSymbols, eq(futuresSymbols.symbol, quotes.symbol))
      .where(eq(futuresSymbols.root, product.root))
      .orderBy(sql`${futuresSymbols.optionMonth} desc`)
      .limit(1);
    const last = furthest?.last ?? toDecimal(product.referencePrice).toFixed(4);
    await db
      .insert(quotes)
      .values(
        added.map((symbol) => ({
          symbol,
          last,
          previousSettle: furthest?.previousSettle ?? last,
          tradeDate,
          source: 'simulated' as const,
          quotedAt: now,
        })),
      )
      .onConflictDoNothing();
    out.push(...added);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The one writer of quotes

/** A new state of a quote (missing fields keep theirs). */
export type QuoteWrite = {
  symbol: string;
  last: string;
  open?: string | null;
  high?: string | null;
  low?: string | null;
  previousSettle?: string | null;
  tradeDate: string;
  quotedAt: Date;
};

/** A tick history row is kept at most once per this long per symbol. */
const TICK_HISTORY_EVERY_MS = 60_000;
/** Tick history rows older than this are pruned (settlements are kept). */
const TICK_HISTORY_RETENTION_DAYS = 7;

/**
 * Writes quotes (insert or update, version + 1), keeps a tick history row per minute per symbol, and publishes
 * one 'quotes' event per root (a root's months stay far under the notification's 8000 bytes). Call it inside
 * the transaction of the feed's change. Returns the quotes as written.
 */
export async function applyQuoteUpdates(
  db: Db,
  updates: readonly QuoteWrite[],
  source: QuoteSource,
): Promise<LiveQuote[]> {
  if (updates.length === 0) return [];
  const written: LiveQuote[] = [];
  for (const u of updates) {
    const values = {
      last: u.last,
      ...(u.open !== undefined ? { open: u.open } : {}),
      ...(u.high !== undefined ? { high: u.high } : {}),
      ...(u.low !== undefined ? { low: u.low } : {}),
      ...(u.previousSettle !== undefined ? { previousSettle: u.previousSettle } : {}),
      tradeDate: u.tradeDate,
      source,
      quotedAt: u.quotedAt,
    };
    const [row] = await db
      .insert(quotes)
      .values({ symbol: u.symbol, ...values })
      .onConflictDoUpdate({ target: quotes.symbol, set: { ...values, version: sql`${quotes.version} + 1` } })
      .returning();
    written.push({
      symbol: row!.symbol,
      last: row!.last,
      change: priceChange(row!.last, row!.previousSettle),
      previousSettle: row!.previousSettle,
      tradeDate: row!.tradeDate,
      quotedAt: iso(row!.quotedAt),
      version: row!.version,
    });
  }
  // A tick row when the symbol's last one is a minute old (or none).
  const symbols = updates.map((u) => u.symbol);
  const lastTicks = rowsOf<{ symbol: string; at: string | Date }>(
    await db.execute(sql`select symbol, max(quoted_at) as at from quote_history
      where kind = 'tick' and symbol in (${sql.join(
        symbols.map((s) => sql`${s}`),
        sql`, `,
      )}) group by symbol`),
  );
  const lastTickAt = new Map(lastTicks.map((r) => [r.symbol, new Date(r.at).getTime()]));
  const ticks = updates.filter((u) => {
    const at = lastTickAt.get(u.symbol);
    return at === undefined || u.quotedAt.getTime() - at >= TICK_HISTORY_EVERY_MS;
  });
  if (ticks.length > 0) {
    await db
      .insert(quoteHistory)
      .values(
        ticks.map((u) => ({ symbol: u.symbol, price: u.last, kind: 'tick' as const, source, quotedAt: u.quotedAt })),
      );
  }
  await publishQuotes(db, written, source);
  return written;
}

/** One 'quotes' event per root of the quotes given. */
async function publishQuotes(db: Db, changed: readonly LiveQuote[], source: QuoteSource): Promise<void> {
  const byRoot = new Map<string, LiveQuote[]>();
  for (const q of changed) {
    const root = parseFuturesSymbol(q.symbol)?.root ?? q.symbol;
    byRoot.set(root, [...(byRoot.get(root) ?? []), q]);
  }
  for (const list of byRoot.values()) {
    const payload: QuotesEventPayload = { source, quotes: list };
    await publish(db, QUOTES_TOPIC, payload);
  }
}

/**
 * Records settlements: one 'settle' history row per symbol and trading day (at the day's close, settlementInstant),
 * replacing the one already recorded for that symbol and instant (a re-import, or the feed settling a day an import
 * already settled) — never two for a day.
 */
export async function insertSettlements(
  db: Db,
  rows: readonly { symbol: string; price: string; quotedAt: Date }[],
  source: QuoteSource,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`delete from quote_history where kind = 'settle' and (symbol, quoted_at) in (${sql.join(
      rows.map((r) => sql`(${r.symbol}, ${r.quotedAt.toISOString()}::timestamptz)`),
      sql`, `,
    )})`,
  );
  await db
    .insert(quoteHistory)
    .values(
      rows.map((r) => ({ symbol: r.symbol, price: r.price, kind: 'settle' as const, source, quotedAt: r.quotedAt })),
    );
}

/** Drops tick rows past the retention (settlements stay). */
export async function pruneTickHistory(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - TICK_HISTORY_RETENTION_DAYS * 86_400_000);
  await db.execute(
    sql`delete from quote_history where kind = 'tick' and quoted_at < ${cutoff.toISOString()}::timestamptz`,
  );
}

/** Every quote with its symbol's calendar, locked for the feed's tick (an import waits for it, and the reverse). */
export async function quotesForUpdate(db: Db) {
  return db
    .select({
      symbol: quotes.symbol,
      root: futuresSymbols.root,
      last: quotes.last,
      open: quotes.open,
      high: quotes.high,
      low: quotes.low,
      previousSettle: quotes.previousSettle,
      tradeDate: quotes.tradeDate,
      lastTradeDay: futuresSymbols.lastTradeDay,
      source: quotes.source,
    })
    .from(quotes)
    .innerJoin(futuresSymbols, eq(futuresSymbols.symbol, quotes.symbol))
    .orderBy(asc(futuresSymbols.root), asc(futuresSymbols.optionMonth))
    .for('update', { of: quotes });
}
