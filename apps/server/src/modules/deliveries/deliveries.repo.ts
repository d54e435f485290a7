// Deliveries' database access (issue 14, task D): discount schedules, scale tickets (numbered from the partner's
// counter), and applying tickets to contracts in set-based statements — one statement per step whatever the number
// of tickets, rows locked tickets first, then contracts, each in id order (docs/decisions/043).

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DiscountScheduleTerms } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  contracts,
  crops,
  discountSchedules,
  legalEntities,
  pricingEvents,
  scaleTickets,
  ticketApplications,
} from '../../db/schema/index.ts';

/** A Postgres array parameter: `{1,2,3}`::bigint[] (the values are numbers, decimal strings or ISO dates). */
const arr = (values: readonly (number | string)[], type: 'bigint' | 'numeric' | 'date' | 'integer') =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;

// ---------------------------------------------------------------------------------------------------
// Discount schedules

export type DiscountScheduleRecord = DiscountScheduleTerms & {
  id: number;
  marketId: number;
  cropId: number;
  version: number;
  updatedAt: Date;
};

const scheduleFields = {
  id: discountSchedules.id,
  marketId: discountSchedules.marketId,
  cropId: discountSchedules.cropId,
  baseMoisture: discountSchedules.baseMoisture,
  shrinkPerPoint: discountSchedules.shrinkPerPoint,
  handlingShrink: discountSchedules.handlingShrink,
  dryingPerPoint: discountSchedules.dryingPerPoint,
  testWeightPar: discountSchedules.testWeightPar,
  testWeightBands: discountSchedules.testWeightBands,
  damageAllowance: discountSchedules.damageAllowance,
  damageBands: discountSchedules.damageBands,
  foreignMaterialAllowance: discountSchedules.foreignMaterialAllowance,
  foreignMaterialBands: discountSchedules.foreignMaterialBands,
  version: discountSchedules.version,
  updatedAt: discountSchedules.updatedAt,
};

export async function listDiscountSchedules(db: Db, partnerId: string, marketId: number) {
  return db
    .select(scheduleFields)
    .from(discountSchedules)
    .where(and(eq(discountSchedules.partnerId, partnerId), eq(discountSchedules.marketId, marketId)))
    .orderBy(asc(discountSchedules.cropId));
}

export async function findDiscountSchedule(
  db: Db,
  partnerId: string,
  marketId: number,
  cropId: number,
): Promise<DiscountScheduleRecord | null> {
  const [row] = await db
    .select(scheduleFields)
    .from(discountSchedules)
    .where(
      and(
        eq(discountSchedules.partnerId, partnerId),
        eq(discountSchedules.marketId, marketId),
        eq(discountSchedules.cropId, cropId),
      ),
    );
  return row ?? null;
}

/** Inserts a market's first schedule of a crop; false when one exists already (someone saved first). */
export async function insertDiscountSchedule(
  db: Db,
  values: { partnerId: string; marketId: number; cropId: number; updatedBy: string | null } & DiscountScheduleTerms,
): Promise<boolean> {
  const rows = await db
    .insert(discountSchedules)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: discountSchedules.id });
  return rows.length === 1;
}

/** Writes new terms at the version read; false when the version moved on. */
export async function updateDiscountSchedule(
  db: Db,
  id: number,
  version: number,
  terms: DiscountScheduleTerms,
  updatedBy: string,
): Promise<boolean> {
  const rows = await db
    .update(discountSchedules)
    .set({ ...terms, version: version + 1, updatedBy, updatedAt: new Date() })
    .where(and(eq(discountSchedules.id, id), eq(discountSchedules.version, version)))
    .returning({ id: discountSchedules.id });
  return rows.length === 1;
}

/** Seeds the schedules of markets × crops that have none yet (demo data). */
export async function seedDiscountSchedules(
  db: Db,
  rows: ({ partnerId: string; marketId: number; cropId: number } & DiscountScheduleTerms)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(discountSchedules).values(rows).onConflictDoNothing();
}

export async function cropName(db: Db, cropId: number): Promise<string | null> {
  const [row] = await db.select({ name: crops.name }).from(crops).where(eq(crops.id, cropId));
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Scale tickets

/**
 * The partner's next ticket number: its counter, started from the highest T-<n> stored (once per partner), then
 * incremented under the row's lock, so two scales at once never take the same number.
 */
export async function nextTicketNumber(db: Db, partnerId: string): Promise<number> {
  await db.execute(sql`
    insert into scale_ticket_counters (partner_id, last_number)
    select ${partnerId}, coalesce(max(substring(display_scale_ticket_id from '^T-([0-9]{1,15})(?:-[0-9]+)?$')::bigint), 100000)
    from scale_tickets where partner_id = ${partnerId}
    on conflict (partner_id) do nothing`);
  const rows = rowsOf<{ n: string }>(
    await db.execute(sql`
      update scale_ticket_counters set last_number = last_number + 1
      where partner_id = ${partnerId} returning last_number::text as n`),
  );
  return Number(rows[0]!.n);
}

export type NewTicket = typeof scaleTickets.$inferInsert;

export async function insertTickets(db: Db, values: NewTicket[]): Promise<number[]> {
  const rows = await db.insert(scaleTickets).values(values).returning({ id: scaleTickets.id });
  return rows.map((r) => r.id);
}

const ticketFields = {
  id: scaleTickets.id,
  partnerId: scaleTickets.partnerId,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  marketId: scaleTickets.marketId,
  clientId: scaleTickets.clientId,
  clientName: legalEntities.name,
  cropId: scaleTickets.cropId,
  cropYear: scaleTickets.cropYear,
  deliveryDate: scaleTickets.deliveryDate,
  quantity: scaleTickets.quantity,
  appliedQuantity: scaleTickets.appliedQuantity,
  unappliedQuantity: scaleTickets.unappliedQuantity,
  grossWeight: scaleTickets.grossWeight,
  tareWeight: scaleTickets.tareWeight,
  weight: scaleTickets.weight,
  weightUnit: scaleTickets.weightUnit,
  grossQuantity: scaleTickets.grossQuantity,
  shrinkQuantity: scaleTickets.shrinkQuantity,
  dryingCharge: scaleTickets.dryingCharge,
  discountAmount: scaleTickets.discountAmount,
  moisture: scaleTickets.moisture,
  testWeight: scaleTickets.testWeight,
  foreignMaterial: scaleTickets.foreignMaterial,
  damage: scaleTickets.damage,
  source: scaleTickets.source,
  version: scaleTickets.version,
};
export type TicketRecord = {
  [K in keyof typeof ticketFields]: (typeof ticketFields)[K]['_']['data'];
};

/**
 * The partner's tickets by id (missing ids are absent), in id order; locked until the transaction ends if `lock`.
 * The lock is FOR NO KEY UPDATE, as the ingest's (docs/decisions/046): a settlement holding a contract inserts lines
 * whose foreign keys take a key-share lock on the ticket, which FOR UPDATE would block while this transaction waits
 * for that contract: a deadlock.
 */
export async function ticketsByIds(
  db: Db,
  partnerId: string,
  ids: readonly number[],
  lock = false,
): Promise<TicketRecord[]> {
  if (ids.length === 0) return [];
  const q = db
    .select(ticketFields)
    .from(scaleTickets)
    .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
    .where(and(eq(scaleTickets.partnerId, partnerId), sql`${scaleTickets.id} = any(${arr(ids, 'bigint')})`))
    .orderBy(asc(scaleTickets.id));
  return (lock ? q.for('no key update', { of: scaleTickets }) : q) as Promise<TicketRecord[]>;
}

// ---------------------------------------------------------------------------------------------------
// Contracts a ticket can go to

export type OpenContractRecord = {
  id: number;
  displayContractId: string;
  contractType: string;
  clientId: number;
  marketId: number;
  cropId: number;
  cropYear: number;
  status: string;
  direction: string;
  quantity: string;
  cancelledQuantity: string;
  deliveredQuantity: string;
  pricedQuantity: string;
  settledQuantity: string;
  deliveryStart: string;
  deliveryEnd: string;
  contractDate: string;
  lastTicketDate: string | null;
  cashPrice: string | null;
};

const contractColumns = sql`c.id::int as "id", c.display_contract_id as "displayContractId", c.contract_type as "contractType",
  c.client_id::int as "clientId", c.market_id as "marketId", c.crop_id as "cropId", c.crop_year as "cropYear",
  c.status, c.direction, c.quantity::text as quantity, c.cancelled_quantity::text as "cancelledQuantity",
  c.delivered_quantity::text as "deliveredQuantity", c.priced_quantity::text as "pricedQuantity",
  c.settled_quantity::text as "settledQuantity", c.delivery_start::text as "deliveryStart",
  c.delivery_end::text as "deliveryEnd", c.contract_date::text as "contractDate",
  c.last_ticket_date::text as "lastTicketDate", c.cash_price::text as "cashPrice"`;

/**
 * The purchase contracts tickets may go to: the open ones of each (client, market, crop, crop year) among `keys`
 * with bushels left, and the `chosen` ids (whatever their state, for the caller to check), in id order; locked
 * (`for update`) when `lock`.
 */
export async function candidateContracts(
  db: Db,
  partnerId: string,
  keys: readonly { clientId: number; marketId: number; cropId: number; cropYear: number }[],
  chosen: readonly number[],
  lock: boolean,
): Promise<OpenContractRecord[]> {
  if (keys.length === 0 && chosen.length === 0) return [];
  const open: SQL = keys.length
    ? sql`(c.client_id, c.market_id, c.crop_id, c.crop_year) in (
        select * from unnest(${arr(
          keys.map((k) => k.clientId),
          'bigint',
        )}, ${arr(
          keys.map((k) => k.marketId),
          'integer',
        )}, ${arr(
          keys.map((k) => k.cropId),
          'integer',
        )}, ${arr(
          keys.map((k) => k.cropYear),
          'integer',
        )}))
      and c.status = 'open' and c.direction = 'purchase'
      and c.quantity - c.cancelled_quantity - c.delivered_quantity > 0`
    : sql`false`;
  const picked: SQL = chosen.length ? sql`c.id = any(${arr(chosen, 'bigint')})` : sql`false`;
  const rows = await db.execute(sql`
    select ${contractColumns} from contracts c
    where c.partner_id = ${partnerId} and ((${open}) or ${picked})
    order by c.id
    ${lock ? sql`for update` : sql``}`);
  return rowsOf<OpenContractRecord>(rows);
}

export type ApplicationWrite = {
  ticketId: number;
  contractId: number;
  quantity: string;
  splitPct: string;
};

/** Inserts the applications (one statement), returning their ids in the order given. */
export async function insertApplications(db: Db, apps: readonly ApplicationWrite[]): Promise<number[]> {
  if (apps.length === 0) return [];
  const rows = rowsOf<{ id: string; ord: string }>(
    await db.execute(sql`
      insert into ticket_applications (scale_ticket_id, contract_id, quantity, split_pct)
      select t, c, q, p from unnest(${arr(
        apps.map((a) => a.ticketId),
        'bigint',
      )}, ${arr(
        apps.map((a) => a.contractId),
        'bigint',
      )}, ${arr(
        apps.map((a) => a.quantity),
        'numeric',
      )}, ${arr(
        apps.map((a) => a.splitPct),
        'numeric',
      )}) with ordinality as x(t, c, q, p, ord)
      order by ord
      returning id::text as id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Moves each ticket's applied and unapplied bushels by `delta` (positive: applied). One statement. */
export async function moveTicketQuantities(
  db: Db,
  deltas: readonly { ticketId: number; delta: string }[],
): Promise<void> {
  if (deltas.length === 0) return;
  await db.execute(sql`
    update scale_tickets s set applied_quantity = s.applied_quantity + d.q,
      unapplied_quantity = s.unapplied_quantity - d.q, version = s.version + 1
    from unnest(${arr(
      deltas.map((d) => d.ticketId),
      'bigint',
    )}, ${arr(
      deltas.map((d) => d.delta),
      'numeric',
    )}) as d(id, q)
    where s.id = d.id`);
}

/** Sets each contract's delivered bushels, last ticket day and status. One statement. */
export async function setContractDeliveries(
  db: Db,
  rows: readonly { contractId: number; delivered: string; lastTicketDate: string | null; status: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update contracts c set delivered_quantity = d.delivered, last_ticket_date = d.last_day,
      status = d.status, version = c.version + 1, updated_at = now()
    from unnest(${arr(
      rows.map((r) => r.contractId),
      'bigint',
    )}, ${arr(
      rows.map((r) => r.delivered),
      'numeric',
    )}, ${sql`${`{${rows.map((r) => r.lastTicketDate ?? 'NULL').join(',')}}`}::date[]`}, ${sql`${`{${rows.map((r) => r.status).join(',')}}`}::text[]`}) as d(id, delivered, last_day, status)
    where c.id = d.id`);
}

export type ApplicationRecord = {
  id: number;
  scaleTicketId: number;
  contractId: number;
  quantity: string;
  displayScaleTicketId: string;
  displayContractId: string;
  partnerId: string;
};

/** Applications by id with their ticket and contract numbers (the partner's only). */
export async function applicationsByIds(
  db: Db,
  partnerId: string,
  ids: readonly number[],
): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  return rowsOf<ApplicationRecord>(
    await db.execute(sql`
      select a.id::int as id, a.scale_ticket_id::int as "scaleTicketId", a.contract_id::int as "contractId",
        a.quantity::text as quantity, s.display_scale_ticket_id as "displayScaleTicketId",
        c.display_contract_id as "displayContractId", s.partner_id as "partnerId"
      from ticket_applications a
      join scale_tickets s on s.id = a.scale_ticket_id
      join contracts c on c.id = a.contract_id
      where a.id = any(${arr(ids, 'bigint')}) and s.partner_id = ${partnerId}
      order by a.id`),
  );
}

/**
 * The applications among `ids` that a settlement line holds. A voided settlement's lines have released theirs
 * (ticket_application_id null, the id kept in released_ticket_application_id: decision 044), so only standing ones.
 */
export async function settledApplications(db: Db, ids: readonly number[]): Promise<{ id: number }[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct ticket_application_id::int as id from settlement_lines
      where ticket_application_id = any(${arr(ids, 'bigint')})`),
  );
}

export async function deleteApplications(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(ticketApplications).where(sql`${ticketApplications.id} = any(${arr(ids, 'bigint')})`);
}

/** The latest delivery day of the tickets still applied to each contract (null: none left). */
export async function lastTicketDates(db: Db, contractIds: readonly number[]): Promise<Map<number, string | null>> {
  if (contractIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; day: string | null }>(
    await db.execute(sql`
      select c.id::int as id, (select max(s.delivery_date)::text from ticket_applications a
        join scale_tickets s on s.id = a.scale_ticket_id where a.contract_id = c.id) as day
      from contracts c where c.id = any(${arr(contractIds, 'bigint')})`),
  );
  return new Map(rows.map((r) => [r.id, r.day]));
}

// ---------------------------------------------------------------------------------------------------
// Spot sale

export type CurrentBid = {
  id: number;
  futuresSymbol: string | null;
  optionMonth: string | null;
  basis: string | null;
  flatPrice: string | null;
  futuresLast: string | null;
  roundingMode: string | null;
  deliveryStart: string;
  deliveryEnd: string;
};

/**
 * Today's cash bid of a market for a crop and crop year: the live (not deleted) bid whose delivery window holds
 * `day`, else the nearest one still to come (as /crm/bids lists them: delivery start, then id), with its futures
 * quote and the market's rounding mode.
 */
export async function currentBid(
  db: Db,
  partnerId: string,
  marketId: number,
  cropId: number,
  cropYear: number,
  day: string,
): Promise<CurrentBid | null> {
  const rows = rowsOf<CurrentBid>(
    await db.execute(sql`
      select i.id::int as id, i.futures_symbol as "futuresSymbol", fs.option_month as "optionMonth",
        i.basis::text as basis, i.flat_price::text as "flatPrice", q.last::text as "futuresLast",
        rm.rounding_mode as "roundingMode", i.delivery_start::text as "deliveryStart", i.delivery_end::text as "deliveryEnd"
      from instruments i
      left join futures_symbols fs on fs.symbol = i.futures_symbol
      left join quotes q on q.symbol = i.futures_symbol
      left join market_rounding_modes rm on rm.market_id = i.market_id and rm.crop_id = i.crop_id
      where i.partner_id = ${partnerId} and i.market_id = ${marketId} and i.crop_id = ${cropId}
        and i.crop_year = ${cropYear} and i.deleted_at is null and i.delivery_end >= ${day}::date
      order by (i.delivery_start <= ${day}::date) desc, i.delivery_start, i.id
      limit 1`),
  );
  return rows[0] ?? null;
}

export async function insertSpotContract(
  db: Db,
  values: typeof contracts.$inferInsert,
  pricing: { quantity: string; futuresPrice: string | null; basis: string | null; cashPrice: string },
): Promise<number> {
  const [row] = await db.insert(contracts).values(values).returning({ id: contracts.id });
  if (!row) throw new Error('contract insert returned nothing');
  await db.insert(pricingEvents).values({ contractId: row.id, ...pricing, pricedAt: new Date() });
  return row.id;
}

/** Every (partner, market, crop) that buys grain by the bushel: the crops of its bids and contracts. */
export async function marketCrops(
  db: Db,
): Promise<{ partnerId: string; marketId: number; cropId: number; cropName: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select x.partner_id as "partnerId", x.market_id as "marketId", x.crop_id as "cropId", cr.name as "cropName"
      from (select distinct partner_id, market_id, crop_id from instruments
            union select distinct partner_id, market_id, crop_id from contracts) x
      join crops cr on cr.id = x.crop_id
      order by 2, 3`),
  );
}

/**
 * Splits an application in two (a settlement of its priced part; decision 044, addendum): it keeps `keep` bushels and
 * a new application of the same ticket and contract, applied at the same time, takes the rest. Each split_pct is its
 * share of the ticket's net (2 decimals), the new one taking what is left of the old one's, so they add up to it. The
 * ticket's applied and the contract's delivered bushels do not change. The new application's id.
 */
export async function splitApplication(db: Db, id: number, keep: string): Promise<number> {
  const result = await db.execute(sql`
    with old as (
      select a.id, a.scale_ticket_id, a.contract_id, a.quantity, a.split_pct, a.applied_at, s.quantity as ticket_qty
      from ticket_applications a join scale_tickets s on s.id = a.scale_ticket_id
      where a.id = ${id} and a.quantity > ${keep}::numeric
      for update of a),
    kept as (
      update ticket_applications a set quantity = ${keep}::numeric,
        split_pct = case when old.ticket_qty > 0 then round(${keep}::numeric / old.ticket_qty * 100, 2) else 0 end
      from old where a.id = old.id
      returning a.split_pct)
    insert into ticket_applications (scale_ticket_id, contract_id, quantity, split_pct, applied_at)
    select old.scale_ticket_id, old.contract_id, old.quantity - ${keep}::numeric, old.split_pct - kept.split_pct,
      old.applied_at
    from old, kept
    returning id::int as id`);
  const row = rowsOf<{ id: number }>(result)[0];
  if (!row) throw new Error(`application ${id} has no more than ${keep} bu to split off`);
  return Number(row.id);
}
