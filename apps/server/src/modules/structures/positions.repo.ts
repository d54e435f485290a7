// The position manager's reads and writes (issue 18 'The merchandiser's position', docs/decisions/062 'Positions'):
// the partner's hedge trades, its contracts summed per crop × futures month as the position counts them, and its live
// structures. Every query names the partner, so another partner's id reads nothing.

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { futuresSymbols, hedgeTrades, structureRisk, structures, users } from '../../db/schema/index.ts';

export type HedgeTradeRow = typeof hedgeTrades.$inferSelect & { createdByName: string | null };
export type NewHedgeTrade = Pick<
  typeof hedgeTrades.$inferInsert,
  | 'partnerId'
  | 'cropId'
  | 'futuresSymbol'
  | 'instrument'
  | 'direction'
  | 'contracts'
  | 'strike'
  | 'price'
  | 'tradedOn'
  | 'account'
  | 'note'
  | 'createdBy'
>;
export type HedgeTradeChange = Omit<NewHedgeTrade, 'partnerId' | 'createdBy'>;

const tradeFields = {
  trade: hedgeTrades,
  createdByName: sql<
    string | null
  >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
};

function toRow(r: { trade: typeof hedgeTrades.$inferSelect; createdByName: string | null }): HedgeTradeRow {
  return { ...r.trade, createdByName: r.createdByName };
}

/** The partner's trades, newest first (trade day, then id); cancelled ones only when asked. */
export async function listTrades(
  db: Db,
  partnerId: string,
  filter: { cropId?: number | undefined; includeCancelled: boolean },
): Promise<HedgeTradeRow[]> {
  const where = [eq(hedgeTrades.partnerId, partnerId)];
  if (filter.cropId !== undefined) where.push(eq(hedgeTrades.cropId, filter.cropId));
  if (!filter.includeCancelled) where.push(isNull(hedgeTrades.cancelledAt));
  const rows = await db
    .select(tradeFields)
    .from(hedgeTrades)
    .leftJoin(users, eq(users.id, hedgeTrades.createdBy))
    .where(and(...where))
    .orderBy(desc(hedgeTrades.tradedOn), desc(hedgeTrades.id));
  return rows.map(toRow);
}

/** One trade of the partner (locked for update when asked), else null. */
export async function findTrade(
  db: Db,
  partnerId: string,
  tradeId: number,
  options: { forUpdate?: boolean } = {},
): Promise<HedgeTradeRow | null> {
  if (options.forUpdate) {
    const [locked] = await db
      .select({ id: hedgeTrades.id })
      .from(hedgeTrades)
      .where(and(eq(hedgeTrades.id, tradeId), eq(hedgeTrades.partnerId, partnerId)))
      .for('update');
    if (!locked) return null;
  }
  const [row] = await db
    .select(tradeFields)
    .from(hedgeTrades)
    .leftJoin(users, eq(users.id, hedgeTrades.createdBy))
    .where(and(eq(hedgeTrades.id, tradeId), eq(hedgeTrades.partnerId, partnerId)));
  return row ? toRow(row) : null;
}

export async function insertTrade(db: Db, values: NewHedgeTrade): Promise<number> {
  const [row] = await db.insert(hedgeTrades).values(values).returning({ id: hedgeTrades.id });
  if (!row) throw new Error('hedge trade insert returned nothing');
  return row.id;
}

/** Rewrites a trade at `version` (version + 1); false when the version moved meanwhile. */
export async function updateTrade(
  db: Db,
  partnerId: string,
  tradeId: number,
  version: number,
  change: HedgeTradeChange,
): Promise<boolean> {
  const rows = await db
    .update(hedgeTrades)
    .set({ ...change, version: version + 1, updatedAt: sql`now()` })
    .where(and(eq(hedgeTrades.id, tradeId), eq(hedgeTrades.partnerId, partnerId), eq(hedgeTrades.version, version)))
    .returning({ id: hedgeTrades.id });
  return rows.length === 1;
}

/** Cancels a trade at `version` (version + 1); false when the version moved meanwhile. */
export async function cancelTrade(db: Db, partnerId: string, tradeId: number, version: number): Promise<boolean> {
  const rows = await db
    .update(hedgeTrades)
    .set({ cancelledAt: sql`now()`, version: version + 1, updatedAt: sql`now()` })
    .where(and(eq(hedgeTrades.id, tradeId), eq(hedgeTrades.partnerId, partnerId), eq(hedgeTrades.version, version)))
    .returning({ id: hedgeTrades.id });
  return rows.length === 1;
}

/** The crop of a futures symbol the feed lists (a trade's month must be one: hedge_trades references it), or null. */
export async function symbolCrop(db: Db, symbol: string): Promise<number | null> {
  const [row] = await db
    .select({ cropId: futuresSymbols.cropId })
    .from(futuresSymbols)
    .where(eq(futuresSymbols.symbol, symbol));
  return row?.cropId ?? null;
}

/** The partner's standing trades of some crops (every crop when none is named), for the position. */
export async function activeTrades(db: Db, partnerId: string, cropIds: readonly number[] | null) {
  const where = [eq(hedgeTrades.partnerId, partnerId), isNull(hedgeTrades.cancelledAt)];
  if (cropIds) where.push(inArray(hedgeTrades.cropId, [...cropIds, -1]));
  return db
    .select({
      id: hedgeTrades.id,
      cropId: hedgeTrades.cropId,
      futuresSymbol: hedgeTrades.futuresSymbol,
      optionMonth: futuresSymbols.optionMonth,
      instrument: hedgeTrades.instrument,
      direction: hedgeTrades.direction,
      contracts: hedgeTrades.contracts,
      strike: hedgeTrades.strike,
    })
    .from(hedgeTrades)
    .innerJoin(futuresSymbols, eq(futuresSymbols.symbol, hedgeTrades.futuresSymbol))
    .where(and(...where));
}
export type ActiveTrade = Awaited<ReturnType<typeof activeTrades>>[number];

/**
 * A group of contracts in the position: one crop, direction, futures month (the contract's option month, or when it has
 * none the month its delivery ends, which the service maps to the futures month a delivery prices off) and quantity
 * unit, with Σ remaining bushels split into futures fixed and futures open. Per open contract (numeric, exact):
 * open = max(quantity − cancelled, 0); fixed = the bushels whose futures are fixed (pricing events with a futures or
 * cash price, else what the stored figures stand for: decision 041's baseline events), at most open; done =
 * min(delivered, priced) — delivered and priced, the contract is through with them; remaining = open − done
 * (undelivered + delivered-but-unpriced); remaining with fixed futures = fixed − done; with open futures = open − fixed.
 */
export type ContractGroupRow = {
  cropId: number;
  direction: 'purchase' | 'sale';
  optionMonth: string | null;
  deliveryMonth: string | null;
  quantityUnit: string;
  contracts: number;
  remaining: string;
  fixedRemaining: string;
  openRemaining: string;
};

export async function contractGroups(
  db: Db,
  partnerId: string,
  marketIds: readonly number[],
  cropIds: readonly number[],
): Promise<ContractGroupRow[]> {
  if (marketIds.length === 0 || cropIds.length === 0) return [];
  const markets = sql.join(
    marketIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const crops = sql.join(
    cropIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with c as (
      select c.crop_id, c.direction, c.option_month, c.delivery_end, c.quantity_unit,
             greatest(c.quantity - c.cancelled_quantity, 0) as open,
             c.delivered_quantity, c.priced_quantity, c.price_status, c.futures_price, c.basis, c.cash_price,
             e.n as events, e.fixed as event_fixed
      from contracts c
      left join lateral (
        select count(*) as n,
               coalesce(sum(pe.quantity) filter (where pe.futures_price is not null or pe.cash_price is not null), 0)
                 as fixed
        from pricing_events pe where pe.contract_id = c.id
      ) e on true
      where c.partner_id = ${partnerId} and c.status = 'open'
        and c.market_id in (${markets}) and c.crop_id in (${crops})
    ), f as (
      select c.*,
             least(
               case when c.events > 0 then c.event_fixed
               else (case when least(c.priced_quantity, c.open) > 0
                            and (c.cash_price is not null or (c.futures_price is not null and c.basis is not null))
                          then least(c.priced_quantity, c.open) else 0 end)
                  + (case when c.price_status = 'futures_set' and c.futures_price is not null
                          then greatest(c.open - least(c.priced_quantity, c.open), 0) else 0 end)
               end,
               c.open) as fixed,
             least(c.delivered_quantity, c.priced_quantity, c.open) as done
      from c
    )
    select crop_id as "cropId", direction, option_month as "optionMonth",
           case when option_month is null then to_char(delivery_end, 'YYYY-MM') end as "deliveryMonth",
           quantity_unit as "quantityUnit", count(*)::int as contracts,
           sum(open - done)::text as remaining,
           sum(greatest(fixed - done, 0))::text as "fixedRemaining",
           sum(greatest(open - fixed, 0))::text as "openRemaining"
    from f
    group by 1, 2, 3, 4, 5
    having sum(open - done) > 0
  `);
  return rowsOf<ContractGroupRow>(result);
}

/**
 * The partner's live structures (live, or live with a close requested) at some markets, of some crops, each with its
 * stored risk (structure_risk, the background valuation's; null when never valued) and its partner's parameters
 * version (to tell a row valued with older parameters).
 */
export async function liveStructures(
  db: Db,
  partnerId: string,
  marketIds: readonly number[],
  cropIds: readonly number[],
) {
  if (marketIds.length === 0 || cropIds.length === 0) return [];
  return db
    .select({
      id: structures.id,
      cropId: structures.cropId,
      optionMonth: structures.optionMonth,
      futuresSymbol: structures.futuresSymbol,
      version: structures.version,
      risk: {
        version: structureRisk.version,
        parametersVersion: structureRisk.parametersVersion,
        valuationDate: structureRisk.valuationDate,
        futures: structureRisk.futures,
        delta: structureRisk.delta,
        gamma: structureRisk.gamma,
        error: structureRisk.error,
        computedAt: structureRisk.computedAt,
      },
    })
    .from(structures)
    .leftJoin(structureRisk, eq(structureRisk.structureId, structures.id))
    .where(
      and(
        eq(structures.partnerId, partnerId),
        inArray(structures.status, ['live', 'close_requested']),
        inArray(structures.marketId, [...marketIds]),
        inArray(structures.cropId, [...cropIds]),
      ),
    );
}
export type LiveStructureRow = Awaited<ReturnType<typeof liveStructures>>[number];
