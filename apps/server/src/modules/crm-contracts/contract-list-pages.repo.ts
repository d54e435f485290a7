// A page of a contracts or deliveries list: its plan (the service builds it from the list query), the id phase in
// the plan's order (keyset or offset, index-friendly), or the whole page in one statement, and the capped counts.

import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  MAX_TOTAL_ROWS,
  columnSqlName,
  columnType,
  type ColumnRef,
  type KeysetCursor,
  type ListType,
  type exprType,
} from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { literalSql } from './contract-sql.ts';
import { contracts, legalEntities, scaleTickets } from '../../db/schema/index.ts';

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
