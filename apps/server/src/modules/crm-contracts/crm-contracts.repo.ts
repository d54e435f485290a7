import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  CROPS,
  MAX_TOTAL_ROWS,
  columnSqlName,
  columnType,
  type ClientRecord,
  type ColumnRef,
  type ContractRecord,
  type KeysetCursor,
  type ListType,
  type ScaleTicketRecord,
  type exprType,
} from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { literalSql } from './contract-sql.ts';
import {
  contractAmendments,
  contractDocuments,
  contracts,
  legalEntities,
  pricingEvents,
  scaleTickets,
  ticketApplications,
  users,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Lists

/** The row's client, as the rules read it (drizzle builds the nested object). */
const clientFields = {
  client: {
    id: legalEntities.id,
    name: legalEntities.name,
    area: legalEntities.area,
    estimatedYield: legalEntities.estimatedYield,
    contractedWithOther: legalEntities.contractedWithOther,
  },
};

/** The contract columns of a ContractRecord (the domain's facts for views and list rows). */
export const contractRecordFields = {
  id: contracts.id,
  clientId: contracts.clientId,
  marketId: contracts.marketId,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  direction: contracts.direction,
  status: contracts.status,
  quantity: contracts.quantity,
  deliveredQuantity: contracts.deliveredQuantity,
  cancelledQuantity: contracts.cancelledQuantity,
  pricedQuantity: contracts.pricedQuantity,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  optionMonth: contracts.optionMonth,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  priceStatus: contracts.priceStatus,
  offerPrice: contracts.offerPrice,
  strike: contracts.strike,
  callOptionFee: contracts.callOptionFee,
  expiration: contracts.expiration,
  description: contracts.description,
  specialty: contracts.specialty,
  mpOption: contracts.mpOption,
  esignEligible: contracts.esignEligible,
  esignSent: contracts.esignSent,
  signed: contracts.signed,
  signedTermsHash: contracts.signedTermsHash,
  termsHash: contracts.termsHash,
  contractDate: contracts.contractDate,
  lastTicketDate: contracts.lastTicketDate,
};

const contractFields = {
  ...contractRecordFields,
  quantityUnit: contracts.quantityUnit,
  version: contracts.version,
  ...clientFields,
};

const ticketFields = {
  id: scaleTickets.id,
  clientId: scaleTickets.clientId,
  marketId: scaleTickets.marketId,
  cropId: scaleTickets.cropId,
  cropYear: scaleTickets.cropYear,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  deliveryDate: scaleTickets.deliveryDate,
  quantity: scaleTickets.quantity,
  weight: scaleTickets.weight,
  appliedQuantity: scaleTickets.appliedQuantity,
  unappliedQuantity: scaleTickets.unappliedQuantity,
  moisture: scaleTickets.moisture,
  testWeight: scaleTickets.testWeight,
  foreignMaterial: scaleTickets.foreignMaterial,
  damage: scaleTickets.damage,
  ...clientFields,
};

export type ContractRowData = ContractRecord & { client: ClientRecord; quantityUnit: string; version: number };
export type TicketRowData = ScaleTicketRecord & { client: ClientRecord };

/** One query of a list: WHERE (scope, filters, view rule, keyset), ORDER BY, LIMIT / OFFSET. */
type ListSql = {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset?: number;
};

/**
 * A row of the id phase: its id and the columns its sort key reads (drizzle properties, the client's
 * under `client`), enough for the domain's keysetKeyOf to give the next page's token.
 */
export type KeyRow = { id: number; client?: Record<string, unknown> } & Record<string, unknown>;

function keyFields(
  table: typeof contracts | typeof scaleTickets,
  tableName: 'contracts' | 'scaleTickets',
  keyColumns: readonly ColumnRef[],
) {
  const fields: Record<string, unknown> = { id: table.id };
  const client: Record<string, unknown> = {};
  for (const ref of keyColumns) {
    if (ref.table === 'legalEntities') client[ref.name] = legalEntities[ref.name];
    else if (ref.table === tableName) fields[ref.name] = (table as unknown as Record<string, unknown>)[ref.name];
    else throw new Error(`Column ${ref.table}.${ref.name} is not a column of ${tableName}`);
  }
  if (Object.keys(client).length > 0) fields.client = client;
  return fields as Parameters<Db['select']>[0] & object;
}

/**
 * The ids of a page (the first of two phases): only the columns the WHERE and ORDER BY read, so that
 * PostgreSQL can answer from the covering index (contracts_market_list_idx) without the heap. The client
 * is joined only when the condition or the sort reads it. Each row carries the columns of `keyColumns`
 * (the sort key's), for the next page's token.
 */
async function selectContractIds(
  db: Db,
  q: ListSql & { joinClient: boolean; keyColumns?: readonly ColumnRef[] },
): Promise<KeyRow[]> {
  let query = db
    .select(keyFields(contracts, 'contracts', q.keyColumns ?? []))
    .from(contracts)
    .$dynamic();
  if (q.joinClient) query = query.innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId));
  return (await query
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset ?? 0)) as KeyRow[];
}

async function selectTicketIds(
  db: Db,
  q: ListSql & { joinClient: boolean; keyColumns?: readonly ColumnRef[] },
): Promise<KeyRow[]> {
  let query = db
    .select(keyFields(scaleTickets, 'scaleTickets', q.keyColumns ?? []))
    .from(scaleTickets)
    .$dynamic();
  if (q.joinClient) query = query.innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId));
  return (await query
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset ?? 0)) as KeyRow[];
}

const ID_CHUNK = 1000;

async function inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await load(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** The rows of some ids (the second phase), in the order of `ids`. */
export async function contractRowsByIds(db: Db, ids: number[]): Promise<ContractRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select(contractFields)
      .from(contracts)
      .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
      .where(inArray(contracts.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ContractRowData => r !== undefined);
}

export async function ticketRowsByIds(db: Db, ids: number[]): Promise<TicketRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select(ticketFields)
      .from(scaleTickets)
      .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
      .where(inArray(scaleTickets.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TicketRowData => r !== undefined);
}

// ---------------------------------------------------------------------------------------------------
// A page of a list: its plan (the service builds it from the list query), the id phase in the plan's order, or
// the whole page in one statement

export type ListPlan = {
  listType: ListType;
  today: string;
  /** Partner scope, market, filters, view rule, extra scopes: every row of the list. */
  where: SQL;
  joinClient: boolean;
  sort: { sql: SQL; nullable: boolean; order: 'asc' | 'desc'; type: ReturnType<typeof exprType> };
  idSql: SQL;
  /** The id phase joins the client when the condition or the sort reads it. */
  idsJoinClient: boolean;
  /** The columns the sort expression reads (the id phase returns them for the next page's token). */
  keyColumns: ColumnRef[];
  /** The condition reads a client's total over other contracts (double_obligation): evaluate it once per page. */
  costly: boolean;
};

/**
 * One query of a page's id phase: WHERE, ORDER BY, LIMIT, OFFSET, and whether it is ordered by the sort
 * value (then id) or by id alone (the NULL part of a nullable sort).
 */
type IdsPart = { where: SQL; orderBy: SQL[]; by: 'value' | 'id'; limit: number; offset: number };

/**
 * The id phase of one page in the plan's order (sort expression, then id, both in the sort direction,
 * NULLs last): one query, or two where the second fills what the first leaves. With a cursor, the rows
 * strictly after it — the domain's keysetCondition, written as a row comparison `(expr, id) > (v, id0)`
 * so that PostgreSQL can walk an index; a nullable sort is read in two index-friendly parts (the
 * non-NULL values, then the NULLs by id).
 */
function pageParts(plan: ListPlan, window: { cursor: KeysetCursor | null; offset: number; limit: number }): IdsPart[] {
  if (window.limit <= 0) return [];
  const { sort, idSql } = plan;
  const dir = sql.raw(sort.order);
  const op = sql.raw(sort.order === 'asc' ? '>' : '<');
  const byValue = [sql`${sort.sql} ${dir}`, sql`${idSql} ${dir}`];
  const byId = [sql`${idSql} ${dir}`];
  const notNull = sql`${sort.sql} is not null`;
  const isNull = sql`${sort.sql} is null`;
  const part = (where: SQL, by: 'value' | 'id', offset = 0, orderBy = by === 'value' ? byValue : byId): IdsPart => ({
    where,
    orderBy,
    by,
    limit: window.limit,
    offset,
  });
  const { cursor } = window;
  if (cursor === null) {
    if (!sort.nullable) return [part(plan.where, 'value', window.offset)];
    if (window.offset > 0)
      return [part(plan.where, 'value', window.offset, [sql`${sort.sql} ${dir} nulls last`, sql`${idSql} ${dir}`])];
    return [part(and(plan.where, notNull)!, 'value'), part(and(plan.where, isNull)!, 'id')];
  }
  if (cursor.value === null)
    return sort.nullable ? [part(and(plan.where, isNull, sql`${idSql} ${op} ${cursor.id}::bigint`)!, 'id')] : [];
  const after = sql`(${sort.sql}, ${idSql}) ${op} (${literalSql(cursor.value, sort.type)}, ${cursor.id}::bigint)`;
  const first = part(and(plan.where, sort.nullable ? notNull : undefined, after)!, 'value');
  return sort.nullable ? [first, part(and(plan.where, isNull)!, 'id')] : [first];
}

/** The ids of one page (pageParts, run one after the other), each with its sort key's columns. */
export async function fetchPageKeys(
  db: Db,
  plan: ListPlan,
  window: { cursor: KeysetCursor | null; offset: number; limit: number },
): Promise<KeyRow[]> {
  const selectIds = plan.listType === 'contract' ? selectContractIds : selectTicketIds;
  let out: KeyRow[] = [];
  for (const p of pageParts(plan, window)) {
    const limit = p.limit - out.length;
    if (limit <= 0) break;
    out = [
      ...out,
      ...(await selectIds(db, {
        where: p.where,
        orderBy: p.orderBy,
        limit,
        offset: p.offset,
        joinClient: plan.idsJoinClient,
        keyColumns: plan.keyColumns,
      })),
    ];
  }
  return out;
}

const LIST_TABLES = { contract: 'contracts', deliveries: 'scale_tickets' } as const;

/**
 * The page's ids as one SQL bigint[] expression, in the page's order: each part an array_agg over its
 * LIMITed sub-select (ordered again by the same key inside the aggregate), the second part only read
 * when the first leaves room (a CASE: PostgreSQL runs the sub-plan only when that branch is taken).
 */
function pageIdsSql(plan: ListPlan, window: { cursor: KeysetCursor | null; offset: number; limit: number }): SQL {
  const table = sql.raw(LIST_TABLES[plan.listType]);
  const join = plan.idsJoinClient
    ? sql.raw(` inner join legal_entities on legal_entities.id = ${LIST_TABLES[plan.listType]}.client_id`)
    : sql``;
  const dir = sql.raw(plan.sort.order);
  const agg = (p: IdsPart) =>
    sql`(select array_agg(s.id order by ${p.by === 'value' ? sql`s.k ${dir} nulls last, s.id ${dir}` : sql`s.id ${dir}`}) from (select ${plan.idSql} as id, ${plan.sort.sql} as k from ${table}${join} where ${p.where} order by ${sql.join(p.orderBy, sql`, `)} limit ${p.limit} offset ${p.offset}) s)`;
  const parts = pageParts(plan, window);
  const empty = sql`'{}'::bigint[]`;
  if (parts.length === 0) return empty;
  if (parts.length === 1) return sql`coalesce(${agg(parts[0]!)}, ${empty})`;
  return sql`(select case when cardinality(x.a) < ${window.limit} then (x.a || coalesce(${agg(parts[1]!)}, ${empty}))[1:${window.limit}] else x.a end from (select coalesce(${agg(parts[0]!)}, ${empty}) as a) x)`;
}

/** The sort key's columns of one row (by id) as a JSON object text: decimals, dates and text as text. */
function keyJsonSql(plan: ListPlan, id: SQL): SQL {
  const tableName = LIST_TABLES[plan.listType];
  const join = plan.keyColumns.some((c) => c.table === 'legalEntities')
    ? sql.raw(` inner join legal_entities on legal_entities.id = ${tableName}.client_id`)
    : sql``;
  const cols = plan.keyColumns.map((ref) => {
    const type = columnType(ref);
    const column = sql.raw(
      `"${ref.table === 'legalEntities' ? 'legal_entities' : tableName}"."${columnSqlName(ref)}"${type === 'integer' || type === 'boolean' ? '' : '::text'}`,
    );
    return sql`${column} as ${sql.raw(`"${ref.table === 'legalEntities' ? 'client.' : ''}${ref.name}"`)}`;
  });
  return sql`(select row_to_json(k)::text from (select ${sql.join([sql`${plan.idSql} as "id"`, ...cols], sql`, `)} from ${sql.raw(tableName)}${join} where ${plan.idSql} = ${id}) k)`;
}

/** A KeyRow from keyJsonSql's object (the client's columns under `client`, as the id phase gives them). */
function keyRowOf(json: string): KeyRow {
  const flat = JSON.parse(json) as Record<string, unknown>;
  const row: KeyRow = { id: flat.id as number };
  for (const [k, v] of Object.entries(flat)) {
    if (k.startsWith('client.')) row.client = { ...row.client, [k.slice(7)]: v };
    else row[k] = v;
  }
  return row;
}

/** The one row of a page's statement: the capped total, the page's size, its rows as JSON text, its last row's key. */
type PageJsonRow = { total: number | string; n: number | string; rows: string; key: string | null };

/**
 * One page of a list in one statement (one round trip): the capped total, the page's rows as JSON text
 * (contractRowsJsonSql / ticketRowsJsonSql) and the last row's sort key (for the next page's token).
 */
export async function fetchPageJson(
  db: Db,
  plan: ListPlan,
  window: { cursor: KeysetCursor | null; offset: number; limit: number },
  rowsSql: (ids: SQL) => SQL,
): Promise<{ totalCount: number; rows: string; count: number; last: KeyRow | null }> {
  const ids = sql`(select ids from page)`;
  let matched = sql``;
  let count = countCappedSql(LIST_TABLES[plan.listType], plan.joinClient, plan.where, MAX_TOTAL_ROWS);
  let pagePlan = plan;
  if (plan.costly) {
    // A rule on a client's total over other contracts (double_obligation: a semi-join on
    // client_crop_year_exposure; a sum per candidate for a sum not kept there) is evaluated once: the
    // matching ids in a CTE, the count and the page's ids read from it.
    // Such a view holds one market's open purchase contracts at most, so the CTE stays small.
    const table = LIST_TABLES[plan.listType];
    const join = plan.joinClient
      ? sql.raw(` inner join legal_entities on legal_entities.id = ${table}.client_id`)
      : sql``;
    matched = sql`matched as materialized (select ${plan.idSql} as id from ${sql.raw(table)}${join} where ${plan.where}), `;
    count = sql`(select count(*)::int from (select 1 from matched limit ${MAX_TOTAL_ROWS}) as capped)`;
    pagePlan = {
      ...plan,
      where: sql`${plan.idSql} in (select id from matched)`,
      joinClient: false,
      idsJoinClient: plan.keyColumns.some((c) => c.table === 'legalEntities'),
    };
  }
  const [r] = rowsOf<PageJsonRow>(
    await db.execute(sql`
    with ${matched}page as materialized (select ${pageIdsSql(pagePlan, window)} as ids)
    select ${count} as total,
      (select cardinality(ids) from page) as n,
      ${rowsSql(ids)} as rows,
      ${keyJsonSql(plan, sql`(select ids[cardinality(ids)] from page)`)} as key`),
  );
  if (!r) throw new Error('the page query answered no row');
  return { totalCount: Number(r.total), rows: r.rows, count: Number(r.n), last: r.key ? keyRowOf(r.key) : null };
}

// ---------------------------------------------------------------------------------------------------
// Lists as JSON text: the page's rows built by PostgreSQL, passed through to the response unparsed

/** The domain's crop display names by id (cropById), as one jsonb parameter. */
const CROP_NAMES = JSON.stringify(Object.fromEntries(CROPS.map((c) => [String(c.id), c.displayName])));

/** decimalString(toDecimal(x)) in SQL: plain notation, trailing zeros dropped, '0' for zero; NULL stays NULL. */
const dec = (x: SQL) => sql`trim_scale(${x})::text`;

export type ContractRowsOptions = { today: string; timeZone: string; withDocument: boolean; withAmendment: boolean };

/**
 * The list rows (contractListRowSchema, its keys in its order) of the contracts of a bigint[] expression,
 * in its order, as one JSON array text (a scalar SQL expression) — what the domain's contractListRow gives for each (the tests compare the two
 * row by row, byte for byte): quantities as decimal strings (open = max(quantity − cancelled, 0);
 * undelivered and unpriced never below 0), days counted from the market's `today`, the current document
 * (latest not void; its day in the market's zone) and the latest amendment only when asked (the view
 * shows them; otherwise null, as buildRows leaves them). inTheMoney is null: no futures quotes are
 * stored (contractListRow's marketFutures is null), as everywhere else.
 */
export function contractRowsJsonSql(ids: SQL, o: ContractRowsOptions): SQL {
  const today = sql`${o.today}::date`;
  const open = sql`greatest(c.quantity - c.cancelled_quantity, 0)`;
  const doc = o.withDocument
    ? sql`left join lateral (select true as found, d.file_name, d.status, (d.created_at at time zone ${o.timeZone}::text)::date as created_on from contract_documents d where d.contract_id = c.id and d.status <> 'void' order by d.created_at desc, d.id desc limit 1) doc on true`
    : sql`left join lateral (select null::boolean as found, null::text as file_name, null::text as status, null::date as created_on) doc on true`;
  const amendment = o.withAmendment
    ? sql`left join lateral (select a.display_contract_amendment_id as display_id from contract_amendments a where a.contract_id = c.id order by a.created_at desc, a.id desc limit 1) am on true`
    : sql`left join lateral (select null::text as display_id) am on true`;
  return sql`(
    select '[' || coalesce(string_agg(j.row, ',' order by p.ord), '') || ']'
    from unnest(${ids}) with ordinality as p(id, ord)
    join contracts c on c.id = p.id
    join legal_entities le on le.id = c.client_id
    ${doc}
    ${amendment}
    cross join lateral (select row_to_json(r)::text as row from (select
      'contract'::text as "kind", c.id as "id", c.client_id as "clientId", c.market_id as "marketId", c.crop_id as "cropId",
      c.contract_type as "contractType", le.name as "client", c.status as "contractStatus", ${dec(sql`c.quantity`)} as "quantity",
      c.quantity_unit as "quantityUnit", c.delivery_start as "deliveryStartIsoStr", c.delivery_end as "deliveryEndIsoStr",
      c.delivery_start::text || '/' || c.delivery_end::text as "delivery", c.price_status as "priceStatus",
      ${dec(sql`c.futures_price`)} as "averageFutures", ${dec(sql`c.basis`)} as "averageBasis", ${dec(sql`c.cash_price`)} as "averageCash",
      ${dec(sql`c.delivered_quantity`)} as "deliveredQuantity", c.option_month as "optionMonth",
      ${dec(sql`greatest(${open} - c.delivered_quantity, 0)`)} as "undeliveredQuantity", c.expiration as "expiration",
      c.expiration - ${today} as "expirationDay", null::boolean as "inTheMoney",
      case when c.contract_type = 'pp' then greatest(0, least(coalesce(c.expiration, c.delivery_end), ${today}) - c.contract_date) end as "daysAccumulated",
      ${dec(sql`c.offer_price`)} as "offerPrice", c.last_ticket_date as "lastTicketDate", ${dec(sql`c.strike`)} as "strike",
      ${dec(sql`c.call_option_fee`)} as "callOptionFee", doc.file_name as "document", c.contract_date as "date",
      case when doc.found and not c.signed and doc.status <> 'signed' then greatest(0, ${today} - doc.created_on) end as "outstanding",
      c.description as "description", c.esign_eligible as "eSignEligible", c.esign_sent as "eSignSent", c.signed as "signed",
      null::text as "scaleTicketNum", null::bigint as "scaleTicketId", null::date as "deliveryDate", null::text as "relationship",
      null::text as "splitPct", null::text as "split", null::text as "weight", null::text as "actualUnapplied", null::text as "actualApplied",
      null::text as "average", null::text as "deliveryCombo",
      coalesce(${CROP_NAMES}::jsonb ->> c.crop_id::text, c.crop_id::text) as "commodity", c.specialty as "specialty",
      ${dec(sql`greatest(${open} - c.priced_quantity, 0)`)} as "unpricedQuantity", c.mp_option as "mpOption",
      null::text as "moisture", null::text as "testWeight", null::text as "foreignMaterial", null::text as "damage",
      c.crop_year as "cropYear", c.display_contract_id as "displayContractId", am.display_id as "displayContractAmendmentId",
      null::text as "displayScaleTicketId", ${dec(sql`c.cancelled_quantity`)} as "cancelledQuantity"
    ) r) j)`;
}

/** The list rows (scaleTicketListRow without the average) of the scale tickets of a bigint[] expression, in its order, as one JSON array text. */
export function ticketRowsJsonSql(ids: SQL): SQL {
  return sql`(
    select '[' || coalesce(string_agg(j.row, ',' order by p.ord), '') || ']'
    from unnest(${ids}) with ordinality as p(id, ord)
    join scale_tickets t on t.id = p.id
    join legal_entities le on le.id = t.client_id
    cross join lateral (select row_to_json(r)::text as row from (select
      'scaleTicket'::text as "kind", t.id as "id", t.client_id as "clientId", t.market_id as "marketId", t.crop_id as "cropId",
      null::text as "contractType", le.name as "client", null::text as "contractStatus", ${dec(sql`t.quantity`)} as "quantity",
      'bushels'::text as "quantityUnit", null::date as "deliveryStartIsoStr", null::date as "deliveryEndIsoStr", null::text as "delivery",
      null::text as "priceStatus", null::text as "averageFutures", null::text as "averageBasis", null::text as "averageCash",
      null::text as "deliveredQuantity", null::text as "optionMonth", null::text as "undeliveredQuantity", null::date as "expiration",
      null::int as "expirationDay", null::boolean as "inTheMoney", null::int as "daysAccumulated", null::text as "offerPrice",
      null::date as "lastTicketDate", null::text as "strike", null::text as "callOptionFee", null::text as "document",
      t.delivery_date as "date", null::int as "outstanding", null::text as "description", null::boolean as "eSignEligible",
      null::boolean as "eSignSent", null::boolean as "signed", t.display_scale_ticket_id as "scaleTicketNum", t.id as "scaleTicketId",
      t.delivery_date as "deliveryDate", null::text as "relationship", null::text as "splitPct", null::text as "split",
      ${dec(sql`t.weight`)} as "weight", ${dec(sql`t.unapplied_quantity`)} as "actualUnapplied", ${dec(sql`t.applied_quantity`)} as "actualApplied",
      null::text as "average", null::text as "deliveryCombo", coalesce(${CROP_NAMES}::jsonb ->> t.crop_id::text, t.crop_id::text) as "commodity",
      null::text as "specialty", null::text as "unpricedQuantity", null::text as "mpOption", ${dec(sql`t.moisture`)} as "moisture",
      ${dec(sql`t.test_weight`)} as "testWeight", ${dec(sql`t.foreign_material`)} as "foreignMaterial", ${dec(sql`t.damage`)} as "damage",
      t.crop_year as "cropYear", null::text as "displayContractId", null::text as "displayContractAmendmentId",
      t.display_scale_ticket_id as "displayScaleTicketId", null::text as "cancelledQuantity"
    ) r) j)`;
}

/** Rows matching, counted up to `cap`: count(*) over a LIMITed sub-select, so it stops at the cap. */
export async function countCapped(
  db: Db,
  table: 'contracts' | 'scale_tickets',
  joinClient: boolean,
  where: SQL,
  cap: number,
): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select ${countCappedSql(table, joinClient, where, cap)} as n`),
  );
  return Number(row?.n ?? 0);
}

/** countCapped as a scalar SQL expression. */
function countCappedSql(table: 'contracts' | 'scale_tickets', joinClient: boolean, where: SQL, cap: number): SQL {
  const from = sql.raw(table);
  const join = joinClient ? sql.raw(` inner join legal_entities on legal_entities.id = ${table}.client_id`) : sql``;
  return sql`(select count(*)::int from (select 1 from ${from}${join} where ${where} limit ${cap}) as capped)`;
}

export type DocumentExtra = {
  contractId: number;
  fileName: string;
  status: 'draft' | 'sent' | 'signed' | 'void';
  createdOn: string;
};

/** Each contract's current document (its latest that is not void), with its creation day in `timeZone`. */
export async function currentDocuments(
  db: Db,
  contractIds: number[],
  timeZone: string,
): Promise<Map<number, DocumentExtra>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractDocuments.contractId], {
      contractId: contractDocuments.contractId,
      fileName: contractDocuments.fileName,
      status: contractDocuments.status,
      createdOn: sql<string>`((${contractDocuments.createdAt} at time zone ${timeZone}::text)::date)::text`,
    })
    .from(contractDocuments)
    .where(and(inArray(contractDocuments.contractId, contractIds), ne(contractDocuments.status, 'void')))
    .orderBy(contractDocuments.contractId, desc(contractDocuments.createdAt), desc(contractDocuments.id));
  return new Map(rows.map((r) => [r.contractId, r]));
}

/** Each contract's latest amendment display id. */
export async function latestAmendmentIds(db: Db, contractIds: number[]): Promise<Map<number, string>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractAmendments.contractId], {
      contractId: contractAmendments.contractId,
      displayId: contractAmendments.displayContractAmendmentId,
    })
    .from(contractAmendments)
    .where(inArray(contractAmendments.contractId, contractIds))
    .orderBy(contractAmendments.contractId, desc(contractAmendments.createdAt), desc(contractAmendments.id));
  return new Map(rows.map((r) => [r.contractId, r.displayId]));
}

/** The applications of some tickets with the cash price of the contract each went to. */
export async function ticketApplicationPrices(
  db: Db,
  ticketIds: number[],
): Promise<{ scaleTicketId: number; quantity: string; cashPrice: string | null }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({
      scaleTicketId: ticketApplications.scaleTicketId,
      quantity: ticketApplications.quantity,
      cashPrice: contracts.cashPrice,
    })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(inArray(ticketApplications.scaleTicketId, ticketIds));
}

/** Option months of a market's contracts (the list filter), optionally of some crops and years. */
export async function distinctOptionMonths(
  db: Db,
  partnerId: string,
  marketId: number,
  cropIds: number[],
  cropYears: number[],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ optionMonth: contracts.optionMonth })
    .from(contracts)
    .where(
      and(
        eq(contracts.partnerId, partnerId),
        eq(contracts.marketId, marketId),
        sql`${contracts.optionMonth} is not null`,
        cropIds.length > 0 ? inArray(contracts.cropId, cropIds) : undefined,
        cropYears.length > 0 ? inArray(contracts.cropYear, cropYears) : undefined,
      ),
    )
    .orderBy(asc(contracts.optionMonth));
  return rows.map((r) => r.optionMonth).filter((m): m is string => m !== null);
}

// ---------------------------------------------------------------------------------------------------
// One contract

export async function findContract(db: Db, partnerId: string, contractId: number): Promise<ContractRowData | null> {
  const [row] = await db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contracts.id, contractId), eq(contracts.partnerId, partnerId)));
  return row ?? null;
}

/** The contract's row, locked until the transaction ends (operations read, check and write under it). */
export async function lockContract(db: Db, partnerId: string, contractId: number): Promise<ContractRowData | null> {
  const [row] = await db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contracts.id, contractId), eq(contracts.partnerId, partnerId)))
    .for('update', { of: contracts });
  return row ?? null;
}

export type PricingEventRow = typeof pricingEvents.$inferSelect;

export async function listPricingEvents(db: Db, contractId: number): Promise<PricingEventRow[]> {
  return db
    .select()
    .from(pricingEvents)
    .where(eq(pricingEvents.contractId, contractId))
    .orderBy(asc(pricingEvents.pricedAt), asc(pricingEvents.id));
}

export async function updatePricingEvent(
  db: Db,
  id: number,
  patch: { futuresPrice: string | null; basis: string | null; cashPrice: string | null },
): Promise<void> {
  await db.update(pricingEvents).set(patch).where(eq(pricingEvents.id, id));
}

export type AmendmentRow = {
  id: number;
  displayContractAmendmentId: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
  createdById: string | null;
  createdByFirst: string | null;
  createdByLast: string | null;
  createdByEmail: string | null;
};

const amendmentFields = {
  id: contractAmendments.id,
  displayContractAmendmentId: contractAmendments.displayContractAmendmentId,
  action: contractAmendments.action,
  details: contractAmendments.details,
  createdAt: contractAmendments.createdAt,
  createdById: users.id,
  createdByFirst: users.firstName,
  createdByLast: users.lastName,
  createdByEmail: users.email,
};

export async function listAmendments(db: Db, contractId: number): Promise<AmendmentRow[]> {
  return db
    .select(amendmentFields)
    .from(contractAmendments)
    .leftJoin(users, eq(users.id, contractAmendments.createdBy))
    .where(eq(contractAmendments.contractId, contractId))
    .orderBy(asc(contractAmendments.createdAt), asc(contractAmendments.id));
}

export async function countAmendments(db: Db, contractId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contractAmendments)
    .where(eq(contractAmendments.contractId, contractId));
  return Number(row?.n ?? 0);
}

export async function insertAmendment(
  db: Db,
  row: {
    contractId: number;
    displayContractAmendmentId: string;
    action: string;
    details: Record<string, unknown>;
    createdBy: string;
  },
): Promise<AmendmentRow> {
  const [inserted] = await db.insert(contractAmendments).values(row).returning({ id: contractAmendments.id });
  if (!inserted) throw new Error('amendment insert returned nothing');
  const [full] = await db
    .select(amendmentFields)
    .from(contractAmendments)
    .leftJoin(users, eq(users.id, contractAmendments.createdBy))
    .where(eq(contractAmendments.id, inserted.id));
  if (!full) throw new Error('amendment not found after insert');
  return full;
}

export async function listTicketApplications(db: Db, contractId: number) {
  return db
    .select({
      id: ticketApplications.id,
      scaleTicketId: ticketApplications.scaleTicketId,
      displayScaleTicketId: scaleTickets.displayScaleTicketId,
      deliveryDate: scaleTickets.deliveryDate,
      quantity: ticketApplications.quantity,
      splitPct: ticketApplications.splitPct,
    })
    .from(ticketApplications)
    .innerJoin(scaleTickets, eq(scaleTickets.id, ticketApplications.scaleTicketId))
    .where(eq(ticketApplications.contractId, contractId))
    .orderBy(asc(scaleTickets.deliveryDate), asc(ticketApplications.id));
}

export type ContractTermsPatch = Partial<
  Pick<
    typeof contracts.$inferInsert,
    | 'cancelledQuantity'
    | 'status'
    | 'priceStatus'
    | 'pricedQuantity'
    | 'futuresPrice'
    | 'basis'
    | 'cashPrice'
    | 'optionMonth'
    | 'deliveryStart'
    | 'deliveryEnd'
    | 'termsHash'
  >
>;

/** Writes new terms when the row is still at `version`; returns false when someone changed it first. */
export async function updateContractTerms(
  db: Db,
  contractId: number,
  version: number,
  patch: ContractTermsPatch,
): Promise<boolean> {
  const updated = await db
    .update(contracts)
    .set({ ...patch, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contracts.id, contractId), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return updated.length === 1;
}

// ---------------------------------------------------------------------------------------------------
// Documents

export type DocumentRow = {
  id: number;
  contractId: number;
  displayContractId: string;
  clientId: number;
  clientName: string;
  marketId: number;
  kind: string;
  fileName: string;
  status: 'draft' | 'sent' | 'signed' | 'void';
  sha256: string | null;
  createdAt: Date;
  signedAt: Date | null;
};

const documentFields = {
  id: contractDocuments.id,
  contractId: contractDocuments.contractId,
  displayContractId: contracts.displayContractId,
  clientId: contracts.clientId,
  clientName: legalEntities.name,
  marketId: contracts.marketId,
  kind: contractDocuments.kind,
  fileName: contractDocuments.fileName,
  status: contractDocuments.status,
  sha256: contractDocuments.sha256,
  createdAt: contractDocuments.createdAt,
  signedAt: contractDocuments.signedAt,
};

/** Documents of the partner's contracts at some markets, newest first (id order), keyset on the id. */
export async function listDocuments(
  db: Db,
  q: {
    partnerId: string;
    marketIds: number[];
    clientId: number | null;
    contractId: number | null;
    status: string | null;
    afterId: number | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: DocumentRow[]; where: SQL }> {
  const where = and(
    eq(contracts.partnerId, q.partnerId),
    inArray(contracts.marketId, q.marketIds),
    q.clientId !== null ? eq(contracts.clientId, q.clientId) : undefined,
    q.contractId !== null ? eq(contractDocuments.contractId, q.contractId) : undefined,
    q.status !== null ? eq(contractDocuments.status, q.status as DocumentRow['status']) : undefined,
  )!;
  const keyset = q.afterId !== null ? sql`${contractDocuments.id} < ${q.afterId}::bigint` : undefined;
  const rows = await db
    .select(documentFields)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(where, keyset))
    .orderBy(desc(contractDocuments.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, where };
}

export async function countDocuments(db: Db, where: SQL, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from contract_documents inner join contracts on contracts.id = contract_documents.contract_id where ${where} limit ${cap}) as capped`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function documentsOfContract(db: Db, contractId: number): Promise<DocumentRow[]> {
  return db
    .select(documentFields)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(eq(contractDocuments.contractId, contractId))
    .orderBy(desc(contractDocuments.createdAt), desc(contractDocuments.id));
}

export async function findDocument(
  db: Db,
  partnerId: string,
  documentId: number,
): Promise<(DocumentRow & { content: string | null }) | null> {
  const [row] = await db
    .select({ ...documentFields, content: contractDocuments.content })
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contractDocuments.id, documentId), eq(contracts.partnerId, partnerId)));
  return row ?? null;
}
