// Offers' database access: the offer rows with what a screen shows beside them (client, crop, bid, the bid's
// quote), the offer's lock in a transition, its writes and history, and the price watcher's and the expiry sweep's
// queries. Every write here runs inside the caller's transaction. The bids and markets offers are placed on are read
// in offer-bids.repo.ts (a bid is locked after its offer, always in that order), the contract a filled offer becomes
// is written in offer-contracts.repo.ts, and the farmer's notifications in offer-notices.repo.ts.

import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OfferStatus, OfferStatusFilter } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  contracts,
  crops,
  instruments,
  legalEntities,
  marketRoundingModes,
  markets,
  offerEvents,
  offers,
  quotes,
  users,
} from '../../db/schema/index.ts';

/** An offer with what its row shows; the bid's price inputs give its current cash. */
export type OfferData = {
  id: number;
  partnerId: string;
  marketId: number;
  marketDisplayName: string | null;
  marketCity: string;
  marketState: string;
  marketTimezone: string;
  instrumentId: number;
  clientId: number;
  clientName: string;
  cropId: number;
  cropName: string;
  cropYear: number;
  deliveryPeriod: string;
  deliveryStart: string;
  deliveryEnd: string;
  futuresSymbol: string | null;
  futuresLast: string | null;
  basis: string | null;
  flatPrice: string | null;
  roundingMode: string | null;
  quantity: string;
  quantityUnit: string;
  targetCashPrice: string;
  status: OfferStatus;
  expiresAt: Date;
  priceHitAt: Date | null;
  priceHitCash: string | null;
  filledAt: Date | null;
  contractId: number | null;
  displayContractId: string | null;
  cancelledAt: Date | null;
  placedBy: string | null;
  placedByFirstName: string | null;
  placedByLastName: string | null;
  placedByEmail: string | null;
  placedByPartnerId: string | null;
  note: string | null;
  /** The origin of the farmer's page that placed or last edited it (the offer e-mails' links), if a farmer did. */
  linkOrigin: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const placer = alias(users, 'placer');

const offerFields = {
  id: offers.id,
  partnerId: offers.partnerId,
  marketId: offers.marketId,
  marketDisplayName: markets.displayName,
  marketCity: markets.city,
  marketState: markets.administrativeAreaLevel1,
  marketTimezone: markets.timezone,
  instrumentId: offers.instrumentId,
  clientId: offers.clientId,
  clientName: legalEntities.name,
  cropId: offers.cropId,
  cropName: crops.displayName,
  cropYear: offers.cropYear,
  deliveryPeriod: instruments.name,
  deliveryStart: instruments.deliveryStart,
  deliveryEnd: instruments.deliveryEnd,
  futuresSymbol: instruments.futuresSymbol,
  futuresLast: quotes.last,
  basis: instruments.basis,
  flatPrice: instruments.flatPrice,
  roundingMode: marketRoundingModes.roundingMode,
  quantity: offers.quantity,
  quantityUnit: offers.quantityUnit,
  targetCashPrice: offers.targetCashPrice,
  status: offers.status,
  expiresAt: offers.expiresAt,
  priceHitAt: offers.priceHitAt,
  priceHitCash: offers.priceHitCash,
  filledAt: offers.filledAt,
  contractId: offers.contractId,
  displayContractId: contracts.displayContractId,
  cancelledAt: offers.cancelledAt,
  placedBy: offers.placedBy,
  placedByFirstName: placer.firstName,
  placedByLastName: placer.lastName,
  placedByEmail: placer.email,
  placedByPartnerId: placer.partnerId,
  note: offers.note,
  linkOrigin: offers.linkOrigin,
  version: offers.version,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
};

function selectOffers(db: Db) {
  return db
    .select(offerFields)
    .from(offers)
    .innerJoin(instruments, eq(instruments.id, offers.instrumentId))
    .innerJoin(markets, eq(markets.id, offers.marketId))
    .innerJoin(legalEntities, eq(legalEntities.id, offers.clientId))
    .innerJoin(crops, eq(crops.id, offers.cropId))
    .leftJoin(quotes, eq(quotes.symbol, instruments.futuresSymbol))
    .leftJoin(
      marketRoundingModes,
      and(eq(marketRoundingModes.marketId, offers.marketId), eq(marketRoundingModes.cropId, offers.cropId)),
    )
    .leftJoin(contracts, eq(contracts.id, offers.contractId))
    .leftJoin(placer, eq(placer.id, offers.placedBy));
}

export async function findOffer(db: Db, id: number): Promise<OfferData | null> {
  const [row] = await selectOffers(db).where(eq(offers.id, id));
  return (row as OfferData | undefined) ?? null;
}

export async function offersByIds(db: Db, ids: number[]): Promise<OfferData[]> {
  if (ids.length === 0) return [];
  return (await selectOffers(db).where(inArray(offers.id, ids)).orderBy(desc(offers.id))) as OfferData[];
}

/** The SQL of a /crm/offers status filter at `now` (the domain's offerMatchesFilter). */
function statusFilterSql(filter: OfferStatusFilter, now: Date): SQL | undefined {
  const at = now.toISOString();
  const ahead = sql`${offers.expiresAt} > ${at}::timestamptz`;
  switch (filter) {
    case 'all':
      return undefined;
    case 'open':
      return and(inArray(offers.status, ['pending_approval', 'working', 'price_hit']), ahead);
    case 'price_hit':
      return and(eq(offers.status, 'price_hit'), ahead);
    case 'filled':
      return eq(offers.status, 'filled');
    case 'canceled':
      return and(inArray(offers.status, ['cancelled', 'rejected']), ahead);
    case 'expired':
      return or(
        eq(offers.status, 'expired'),
        and(sql`${offers.status} <> 'filled'`, sql`${offers.expiresAt} <= ${at}::timestamptz`),
      );
  }
}

export type OfferListFilter = {
  marketId: number;
  status: OfferStatusFilter;
  instrumentId: number | null;
  clientId: number | null;
  now: Date;
};

function listWhere(f: OfferListFilter, withStatus = true): SQL | undefined {
  return and(
    eq(offers.marketId, f.marketId),
    withStatus ? statusFilterSql(f.status, f.now) : undefined,
    f.instrumentId !== null ? eq(offers.instrumentId, f.instrumentId) : undefined,
    f.clientId !== null ? eq(offers.clientId, f.clientId) : undefined,
  );
}

/** A page of a market's offers, newest first (keyset on id). */
export async function offerPage(
  db: Db,
  f: OfferListFilter,
  afterId: number | null,
  limit: number,
  offset: number,
): Promise<OfferData[]> {
  return (await selectOffers(db)
    .where(and(listWhere(f), afterId !== null ? lt(offers.id, afterId) : undefined))
    .orderBy(desc(offers.id))
    .limit(limit)
    .offset(offset)) as OfferData[];
}

export async function countOffers(db: Db, f: OfferListFilter, cap: number): Promise<number> {
  const rows = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from (select 1 from ${offers} where ${listWhere(f)} limit ${cap}) s`,
  );
  return Number(rowsOf<{ n: number | string }>(rows)[0]?.n ?? 0);
}

/** How many of the market's offers (with the other filters) each status filter holds: the chips' counts. */
export async function countOffersByFilter(db: Db, f: OfferListFilter): Promise<Record<OfferStatusFilter, number>> {
  const filters = ['open', 'price_hit', 'filled', 'canceled', 'expired', 'all'] as const;
  const cols = filters.map((name) => {
    const cond = statusFilterSql(name, f.now);
    return cond
      ? sql`count(*) filter (where ${cond}) as ${sql.identifier(name)}`
      : sql`count(*) as ${sql.identifier(name)}`;
  });
  const rows = await db.execute(sql`select ${sql.join(cols, sql`, `)} from ${offers} where ${listWhere(f, false)}`);
  const row = rowsOf<Record<string, number | string>>(rows)[0] ?? {};
  return Object.fromEntries(filters.map((name) => [name, Number(row[name] ?? 0)])) as Record<OfferStatusFilter, number>;
}

/** The farmer's offers (their clients'), newest first. */
export async function offersOfClients(
  db: Db,
  clientIds: number[],
  limit: number,
  cropId?: number,
): Promise<OfferData[]> {
  if (clientIds.length === 0) return [];
  return (await selectOffers(db)
    .where(and(inArray(offers.clientId, clientIds), cropId !== undefined ? eq(offers.cropId, cropId) : undefined))
    .orderBy(desc(offers.id))
    .limit(limit)) as OfferData[];
}

// ---------------------------------------------------------------------------------------------------
// Locks and writes (inside a transaction)

export type LockedOffer = {
  id: number;
  partnerId: string;
  marketId: number;
  instrumentId: number;
  clientId: number;
  cropId: number;
  cropYear: number;
  quantity: string;
  quantityUnit: string;
  targetCashPrice: string;
  status: OfferStatus;
  expiresAt: Date;
  version: number;
  placedBy: string | null;
};

/** The offer, locked (SELECT … FOR UPDATE): a second transition waits here and then sees the first one's result. */
export async function lockOffer(db: Db, id: number): Promise<LockedOffer | null> {
  const [row] = await db
    .select({
      id: offers.id,
      partnerId: offers.partnerId,
      marketId: offers.marketId,
      instrumentId: offers.instrumentId,
      clientId: offers.clientId,
      cropId: offers.cropId,
      cropYear: offers.cropYear,
      quantity: offers.quantity,
      quantityUnit: offers.quantityUnit,
      targetCashPrice: offers.targetCashPrice,
      status: offers.status,
      expiresAt: offers.expiresAt,
      version: offers.version,
      placedBy: offers.placedBy,
    })
    .from(offers)
    .where(eq(offers.id, id))
    .for('update');
  return row ?? null;
}

export type NewOffer = typeof offers.$inferInsert;

export async function insertOffer(db: Db, values: NewOffer): Promise<number> {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id });
  if (!row) throw new Error('offer insert returned nothing');
  return row.id;
}

export type OfferPatch = Partial<
  Pick<
    typeof offers.$inferInsert,
    | 'status'
    | 'quantity'
    | 'targetCashPrice'
    | 'expiresAt'
    | 'note'
    | 'priceHitAt'
    | 'priceHitCash'
    | 'filledAt'
    | 'contractId'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'approvedAt'
    | 'approvedBy'
    | 'acceptedBy'
    | 'linkOrigin'
  >
>;

/**
 * Writes a transition: only while the offer is still at (version, status) — with the row lock held this always
 * matches; without it (the watcher's mark) a concurrent change makes it match nothing. Returns the new version,
 * or null when it matched nothing.
 */
export async function updateOffer(
  db: Db,
  id: number,
  expect: { version: number; status: OfferStatus },
  patch: OfferPatch,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(offers)
    .set({ ...patch, version: sql`${offers.version} + 1`, updatedAt: now })
    .where(and(eq(offers.id, id), eq(offers.version, expect.version), eq(offers.status, expect.status)))
    .returning({ version: offers.version });
  return row?.version ?? null;
}

export async function insertOfferEvent(
  db: Db,
  e: {
    offerId: number;
    action: string;
    fromStatus: OfferStatus | null;
    toStatus: OfferStatus;
    userId: string | null;
    details?: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(offerEvents).values({
    offerId: e.offerId,
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    userId: e.userId,
    details: e.details ?? null,
    createdAt: e.at,
  });
}

export async function offerEventRows(db: Db, offerId: number) {
  return db
    .select({
      id: offerEvents.id,
      action: offerEvents.action,
      fromStatus: offerEvents.fromStatus,
      toStatus: offerEvents.toStatus,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      details: offerEvents.details,
      createdAt: offerEvents.createdAt,
    })
    .from(offerEvents)
    .leftJoin(users, eq(users.id, offerEvents.userId))
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.id));
}

// ---------------------------------------------------------------------------------------------------
// The price watcher and the expiry sweep

export type WatchCandidate = {
  id: number;
  marketId: number;
  clientId: number;
  instrumentId: number;
  targetCashPrice: string;
  futuresLast: string | null;
  basis: string | null;
  flatPrice: string | null;
  roundingMode: string | null;
};

/** Working, unexpired offers on live bids (of the instruments or futures symbols named; all when neither). */
export async function workingOffers(
  db: Db,
  f: { instrumentIds?: number[] | undefined; symbols?: string[] | undefined; repricedOnly?: boolean; now: Date },
): Promise<WatchCandidate[]> {
  const scope: SQL[] = [];
  if (f.instrumentIds) scope.push(f.instrumentIds.length ? inArray(offers.instrumentId, f.instrumentIds) : sql`false`);
  if (f.symbols) scope.push(f.symbols.length ? inArray(instruments.futuresSymbol, f.symbols) : sql`false`);
  return (await db
    .select({
      id: offers.id,
      marketId: offers.marketId,
      clientId: offers.clientId,
      instrumentId: offers.instrumentId,
      targetCashPrice: offers.targetCashPrice,
      futuresLast: quotes.last,
      basis: instruments.basis,
      flatPrice: instruments.flatPrice,
      roundingMode: marketRoundingModes.roundingMode,
    })
    .from(offers)
    .innerJoin(instruments, eq(instruments.id, offers.instrumentId))
    .leftJoin(quotes, eq(quotes.symbol, instruments.futuresSymbol))
    .leftJoin(
      marketRoundingModes,
      and(eq(marketRoundingModes.marketId, offers.marketId), eq(marketRoundingModes.cropId, offers.cropId)),
    )
    .where(
      and(
        eq(offers.status, 'working'),
        sql`${offers.expiresAt} > ${f.now.toISOString()}::timestamptz`,
        isNull(instruments.deletedAt),
        scope.length ? or(...scope) : undefined,
        f.repricedOnly
          ? or(sql`${quotes.quotedAt} > ${offers.updatedAt}`, sql`${instruments.updatedAt} > ${offers.updatedAt}`)
          : undefined,
      ),
    )
    .orderBy(asc(offers.id))) as WatchCandidate[];
}

/**
 * Moves every open offer past its expiry to expired, in one statement (rows another transaction holds are left to
 * the next sweep), and writes their history. Returns what moved.
 */
export async function expireDueOffers(
  db: Db,
  now: Date,
): Promise<{ id: number; marketId: number; clientId: number; fromStatus: OfferStatus }[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select id, status from offers
      where status in ('pending_approval', 'working', 'price_hit') and expires_at <= ${at}::timestamptz
      order by id limit 500
      for update skip locked
    ), moved as (
      update offers o set status = 'expired', version = o.version + 1, updated_at = ${at}::timestamptz
      from due where o.id = due.id
      returning o.id, o.market_id, o.client_id, due.status as from_status
    ), logged as (
      insert into offer_events (offer_id, action, from_status, to_status, user_id, details, created_at)
      select id, 'expire', from_status, 'expired', null, null, ${at}::timestamptz from moved
    )
    select id, market_id, client_id, from_status from moved order by id`);
  return rowsOf<{ id: number | string; market_id: number; client_id: number | string; from_status: OfferStatus }>(
    result,
  ).map((r) => ({
    id: Number(r.id),
    marketId: Number(r.market_id),
    clientId: Number(r.client_id),
    fromStatus: r.from_status,
  }));
}
