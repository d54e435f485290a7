// Cash bids (instruments) in the database: the grid's rows with their working-offer counts, the
// latest futures quotes and the markets' rounding modes they price with, the writes (versioned), the
// bulk basis move, and the public read other pages build on (publicBids).

import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ROUNDING_MODE,
  compareInstrumentRows,
  instrumentRowOf,
  publicBidRowOf,
  type InstrumentDeletedFilter,
  type InstrumentRow,
  type InstrumentVisibility,
  type PublicBidsResponse,
  type PublicBidRow,
  type QuoteFacts,
  type RoundingMode,
  type StoredInstrument,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { latestQuotes, roundingModesOf, roundingModesOfMarkets } from '../futures/futures.public.ts';
import {
  clientMarkets,
  enterpriseUsers,
  futuresSymbols,
  instruments,
  legalEntities,
  markets,
  offers,
} from '../../db/schema/index.ts';

const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

// The outer row is named in full: inside a single-table select drizzle writes its columns unqualified, and an
// unqualified "id" here would be the offer's own id.
const workingOffersSql = sql<number>`(select count(*)::int from ${offers} where ${offers.instrumentId} = ${sql.raw('"instruments"."id"')} and ${offers.status} = 'working')`;

const storedFields = {
  id: instruments.id,
  partnerId: instruments.partnerId,
  marketId: instruments.marketId,
  cropId: instruments.cropId,
  cropYear: instruments.cropYear,
  name: instruments.name,
  deliveryStart: instruments.deliveryStart,
  deliveryEnd: instruments.deliveryEnd,
  futuresSymbol: instruments.futuresSymbol,
  basis: instruments.basis,
  flatPrice: instruments.flatPrice,
  quantityCap: instruments.quantityCap,
  quantityContracted: instruments.quantityContracted,
  quantityUnit: instruments.quantityUnit,
  visibility: instruments.visibility,
  offersAllowed: instruments.offersAllowed,
  notes: instruments.notes,
  deletedAt: instruments.deletedAt,
  version: instruments.version,
  updatedAt: instruments.updatedAt,
};

export type InstrumentRecord = StoredInstrument & { partnerId: string; workingOffers: number };

function recordOf(r: Awaited<ReturnType<typeof selectRaw>>[number]): InstrumentRecord {
  return {
    id: r.id,
    partnerId: r.partnerId,
    marketId: r.marketId,
    cropId: r.cropId,
    cropYear: r.cropYear,
    name: r.name,
    deliveryStart: r.deliveryStart,
    deliveryEnd: r.deliveryEnd,
    futuresSymbol: r.futuresSymbol,
    basis: r.basis,
    flatPrice: r.flatPrice,
    quantityCap: r.quantityCap,
    quantityContracted: r.quantityContracted,
    quantityUnit: r.quantityUnit,
    visibility: r.visibility,
    offersAllowed: r.offersAllowed,
    notes: r.notes,
    deletedAt: iso(r.deletedAt),
    version: r.version,
    updatedAt: iso(r.updatedAt)!,
    workingOffers: Number(r.workingOffers),
  };
}

function selectRaw(db: Db, where: SQL | undefined) {
  return db
    .select({ ...storedFields, workingOffers: workingOffersSql })
    .from(instruments)
    .where(where)
    .orderBy(asc(instruments.cropId), asc(instruments.cropYear), asc(instruments.deliveryStart), asc(instruments.id));
}

async function selectRecords(db: Db, where: SQL | undefined): Promise<InstrumentRecord[]> {
  return (await selectRaw(db, where)).map(recordOf);
}

export type InstrumentFilter = {
  partnerId: string;
  marketId: number;
  /** null: every crop. */
  cropIds: number[] | null;
  cropYear: number | null;
  visibility: InstrumentVisibility | null;
  deleted: InstrumentDeletedFilter;
};

export async function listInstrumentRecords(db: Db, f: InstrumentFilter): Promise<InstrumentRecord[]> {
  const conditions: SQL[] = [eq(instruments.partnerId, f.partnerId), eq(instruments.marketId, f.marketId)];
  if (f.cropIds !== null) conditions.push(f.cropIds.length === 0 ? sql`false` : inArray(instruments.cropId, f.cropIds));
  if (f.cropYear !== null) conditions.push(eq(instruments.cropYear, f.cropYear));
  if (f.visibility !== null) conditions.push(eq(instruments.visibility, f.visibility));
  if (f.deleted === 'exclude') conditions.push(isNull(instruments.deletedAt));
  if (f.deleted === 'only') conditions.push(isNotNull(instruments.deletedAt));
  return selectRecords(db, and(...conditions));
}

/** A bid of the partner (deleted or not), or null (another partner's id included). */
export async function findInstrumentRecord(db: Db, partnerId: string, id: number): Promise<InstrumentRecord | null> {
  const [row] = await selectRecords(db, and(eq(instruments.partnerId, partnerId), eq(instruments.id, id)));
  return row ?? null;
}

export async function instrumentRecordsByIds(
  db: Db,
  partnerId: string,
  ids: readonly number[],
): Promise<InstrumentRecord[]> {
  if (ids.length === 0) return [];
  return selectRecords(db, and(eq(instruments.partnerId, partnerId), inArray(instruments.id, [...ids])));
}

/** Live bids per crop at a market (the grid's crop tabs), with every crop that has ever had a bid there. */
export async function instrumentCropCounts(
  db: Db,
  partnerId: string,
  marketId: number,
): Promise<{ cropId: number; count: number }[]> {
  const rows = await db
    .select({
      cropId: instruments.cropId,
      count: sql<number>`count(*) filter (where ${instruments.deletedAt} is null)::int`,
    })
    .from(instruments)
    .where(and(eq(instruments.partnerId, partnerId), eq(instruments.marketId, marketId)))
    .groupBy(instruments.cropId)
    .orderBy(asc(instruments.cropId));
  return rows.map((r) => ({ cropId: r.cropId, count: Number(r.count) }));
}

// ---------------------------------------------------------------------------------------------------
// Quotes and rounding modes: read through the futures module, which owns those tables.

/** The latest quote of each symbol (symbols without one are absent). */
async function latestQuoteFacts(db: Db, symbols: readonly string[]): Promise<Map<string, QuoteFacts>> {
  const latest = await latestQuotes(db, symbols);
  return new Map(
    [...latest].map(([symbol, q]) => [
      symbol,
      { last: q.last, previousSettle: q.previousSettle, quotedAt: q.quotedAt },
    ]),
  );
}

/** A market's rounding mode per crop, in one read (crops without one round by DEFAULT_ROUNDING_MODE). */
export async function marketRoundingModeMap(db: Db, marketId: number): Promise<Map<number, RoundingMode>> {
  return new Map((await roundingModesOf(db, marketId)).map((r) => [r.cropId, r.roundingMode]));
}

export function roundingModeOf(modes: Map<number, RoundingMode>, cropId: number): RoundingMode {
  return modes.get(cropId) ?? DEFAULT_ROUNDING_MODE;
}

/** Grid rows of a market's bid records: quotes and rounding modes read once for all of them. */
export async function instrumentRows(
  db: Db,
  marketId: number,
  records: readonly InstrumentRecord[],
): Promise<InstrumentRow[]> {
  const [quoteMap, modes] = await Promise.all([
    latestQuoteFacts(
      db,
      records.flatMap((r) => (r.futuresSymbol ? [r.futuresSymbol] : [])),
    ),
    marketRoundingModeMap(db, marketId),
  ]);
  return records
    .map((r) =>
      instrumentRowOf(
        r,
        r.futuresSymbol ? (quoteMap.get(r.futuresSymbol) ?? null) : null,
        roundingModeOf(modes, r.cropId),
        r.workingOffers,
      ),
    )
    .sort(compareInstrumentRows);
}

/**
 * Public, live bids by id, whatever their partner and market, as publicBids shows each (cash by the market's rounding
 * mode): one read of the bids, one of their quotes and one of their markets' rounding modes for any number of ids —
 * for a caller that needs a few bids of many markets (the price alerts' check run). A private, deleted or unknown id
 * is absent.
 */
export async function publicBidRowsByIds(db: Db, ids: readonly number[]): Promise<Map<number, PublicBidRow>> {
  if (ids.length === 0) return new Map();
  const records = await selectRecords(
    db,
    and(
      inArray(instruments.id, [...new Set(ids)]),
      eq(instruments.visibility, 'public'),
      isNull(instruments.deletedAt),
    ),
  );
  const [quoteMap, modes] = await Promise.all([
    latestQuoteFacts(
      db,
      records.flatMap((r) => (r.futuresSymbol ? [r.futuresSymbol] : [])),
    ),
    roundingModesOfMarkets(
      db,
      records.map((r) => r.marketId),
    ),
  ]);
  return new Map(
    records.map((r) => [
      r.id,
      publicBidRowOf(
        instrumentRowOf(
          r,
          r.futuresSymbol ? (quoteMap.get(r.futuresSymbol) ?? null) : null,
          roundingModeOf(modes.get(r.marketId) ?? new Map(), r.cropId),
          r.workingOffers,
        ),
      ),
    ]),
  );
}

/** Whether a futures symbol is listed (futures_symbols): bids may only reference listed months. */
export async function isListedSymbol(db: Db, symbol: string): Promise<boolean> {
  const [row] = await db
    .select({ symbol: futuresSymbols.symbol })
    .from(futuresSymbols)
    .where(eq(futuresSymbols.symbol, symbol));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// Writes

export type InstrumentValues = {
  cropId: number;
  cropYear: number;
  name: string;
  deliveryStart: string;
  deliveryEnd: string;
  futuresSymbol: string | null;
  basis: string | null;
  flatPrice: string | null;
  quantityCap: string | null;
  quantityUnit: string;
  visibility: InstrumentVisibility;
  offersAllowed: boolean;
  notes: string | null;
};

export async function insertInstrument(
  db: Db,
  values: InstrumentValues & { partnerId: string; marketId: number; createdBy: string },
): Promise<number> {
  const [row] = await db.insert(instruments).values(values).returning({ id: instruments.id });
  if (!row) throw new Error('instrument insert returned nothing');
  return row.id;
}

/** Writes a bid at the version read; false when someone else changed it first. */
export async function updateInstrument(
  db: Db,
  id: number,
  expectedVersion: number,
  values: Partial<InstrumentValues>,
): Promise<boolean> {
  const rows = await db
    .update(instruments)
    .set({ ...values, version: sql`${instruments.version} + 1`, updatedAt: new Date() })
    .where(and(eq(instruments.id, id), eq(instruments.version, expectedVersion)))
    .returning({ id: instruments.id });
  return rows.length === 1;
}

/** Deletes (deleted = true) or undeletes a bid at the version read; false when the version moved. */
export async function setInstrumentDeleted(
  db: Db,
  id: number,
  expectedVersion: number,
  deleted: boolean,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .update(instruments)
    .set({
      deletedAt: deleted ? new Date() : null,
      deletedBy: deleted ? userId : null,
      version: sql`${instruments.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(instruments.id, id), eq(instruments.version, expectedVersion)))
    .returning({ id: instruments.id });
  return rows.length === 1;
}

/** Locks live bids of a market for a bulk move; returns what they hold. */
export async function lockInstruments(
  tx: Db,
  partnerId: string,
  marketId: number,
  ids: readonly number[],
): Promise<
  { id: number; cropId: number; basis: string | null; futuresSymbol: string | null; deletedAt: Date | null }[]
> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: instruments.id,
      cropId: instruments.cropId,
      basis: instruments.basis,
      futuresSymbol: instruments.futuresSymbol,
      deletedAt: instruments.deletedAt,
    })
    .from(instruments)
    .where(
      and(eq(instruments.partnerId, partnerId), eq(instruments.marketId, marketId), inArray(instruments.id, [...ids])),
    )
    .orderBy(asc(instruments.id))
    .for('update', { of: instruments });
}

/** Moves the basis of the bids by `adjustmentDollars` (exact numeric arithmetic in the database). */
export async function moveBasis(tx: Db, ids: readonly number[], adjustmentDollars: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(instruments)
    .set({
      basis: sql`${instruments.basis} + ${adjustmentDollars}::numeric`,
      version: sql`${instruments.version} + 1`,
      updatedAt: new Date(),
    })
    .where(inArray(instruments.id, [...ids]));
}

/** The ids of a crop's live basis bids at a market (a bulk move by crop). */
export async function liveBasisInstrumentIds(
  db: Db,
  partnerId: string,
  marketId: number,
  cropId: number,
  cropYear: number | null,
): Promise<number[]> {
  const conditions: SQL[] = [
    eq(instruments.partnerId, partnerId),
    eq(instruments.marketId, marketId),
    eq(instruments.cropId, cropId),
    isNull(instruments.deletedAt),
    isNotNull(instruments.futuresSymbol),
    isNotNull(instruments.basis),
  ];
  if (cropYear !== null) conditions.push(eq(instruments.cropYear, cropYear));
  const rows = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(and(...conditions))
    .orderBy(asc(instruments.id));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// Farmers and the public read

/** The partner of a market when the user's enterprise is a client there (client_markets), else null. */
export async function clientMarketPartner(db: Db, userId: string, marketId: number): Promise<string | null> {
  const [row] = await db
    .select({ partnerId: markets.partnerId })
    .from(clientMarkets)
    .innerJoin(legalEntities, and(eq(legalEntities.id, clientMarkets.clientId), eq(legalEntities.kind, 'client')))
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, legalEntities.enterpriseId))
    .innerJoin(markets, and(eq(markets.id, clientMarkets.marketId), eq(markets.partnerId, legalEntities.partnerId)))
    .where(and(eq(clientMarkets.marketId, marketId), eq(enterpriseUsers.userId, userId)))
    .limit(1);
  return row?.partnerId ?? null;
}

/**
 * publicBids(db, {partnerId, marketId}) — the public read of a market's bids, for the public market page
 * (anonymous), My Sales Lite and the farmer's route. STABLE: other pages build on its name and shape.
 *
 * Returns `{ marketId, rows }` (PublicBidsResponse, packages/domain bids/instruments.ts publicBidRowSchema):
 * the market's public, not deleted bids, ordered by crop, crop year, delivery start and id, each with
 * its futures month, the latest futures last and change, basis and cash price (futures + basis rounded
 * by the market's rounding mode for the crop, or the flat price; null while there is no quote), units
 * and currency. Never caps, contracted quantities, notes or private bids. A market not of the partner
 * gives no rows (the caller decides whether that is a 404).
 */
export async function publicBids(db: Db, where: { partnerId: string; marketId: number }): Promise<PublicBidsResponse> {
  const records = await listInstrumentRecords(db, {
    partnerId: where.partnerId,
    marketId: where.marketId,
    cropIds: null,
    cropYear: null,
    visibility: 'public',
    deleted: 'exclude',
  });
  const rows = await instrumentRows(db, where.marketId, records);
  return { marketId: where.marketId, rows: rows.map(publicBidRowOf) };
}
