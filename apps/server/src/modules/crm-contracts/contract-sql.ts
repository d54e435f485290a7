// The domain's condition trees (VIEW_RULES, TASK_LIST_RULES, listQueryCondition) as SQL. Pure: it builds
// drizzle `sql` fragments (every value a bound parameter, never spliced into the text) and runs nothing;
// the repos run them. Column names come from the domain's COLUMN_TYPES, table aliases are the tables'
// own names, so the fragments fit drizzle's query builder (which qualifies columns the same way).

import { sql, type SQL } from 'drizzle-orm';
import {
  canonicalJson,
  columnSqlName,
  conditionBuilders,
  exprType,
  type ColumnRef,
  type Condition,
  type Expr,
  type Literal,
  type ValueType,
} from '@granary/domain';
import { contracts, legalEntities, scaleTickets } from '../../db/schema/index.ts';

/** The SQL name each condition table is reached by (the tables' own names). */
export const TABLE_ALIASES = {
  contracts: 'contracts',
  scaleTickets: 'scale_tickets',
  legalEntities: 'legal_entities',
} as const;

export type SqlContext = {
  /** The market's calendar day ('YYYY-MM-DD'): the TODAY parameter of the rules. */
  today: string;
};

/**
 * `exposureAlias`: the condition is evaluated per client, crop and crop year over a row of
 * client_crop_year_exposure of that alias — the kept sum and the client's copied columns are read from it.
 */
type Scope = { today: string; contractsAlias: string; depth: number; exposureAlias?: string };

/**
 * The client sum client_crop_year_exposure keeps (double_obligation's "contracted with the company"):
 * Σ (quantity − cancelled) of the client's purchase contracts that are not cancelled, of the crop and
 * crop year. Recognised by its shape; any other client sum is summed per row.
 */
const { and: allOf, cmp, col, sub, text } = conditionBuilders;
const KEPT_SUM = canonicalJson({
  of: sub(col.contracts('quantity'), col.contracts('cancelledQuantity')),
  where: allOf(
    cmp(col.contracts('direction'), '=', text('purchase')),
    cmp(col.contracts('status'), '<>', text('cancelled')),
  ),
});

function isKeptSum(e: Expr): boolean {
  return e.kind === 'clientSum' && canonicalJson({ of: e.of, where: e.where }) === KEPT_SUM;
}

/** The client's columns client_crop_year_exposure copies (same SQL names as in legal_entities). */
const COPIED_CLIENT_COLUMNS: ReadonlySet<string> = new Set(['area', 'estimatedYield', 'contractedWithOther']);

const CASTS: Record<ValueType, string> = {
  decimal: 'numeric',
  integer: 'bigint',
  date: 'date',
  text: 'text',
  boolean: 'boolean',
};

/** A bound parameter with its type's cast: $1::numeric, $2::date… */
export function literalSql(value: Literal, type: ValueType): SQL {
  return sql`${value}::${sql.raw(CASTS[type])}`;
}

function columnSql(ref: ColumnRef, scope: Scope): SQL {
  const alias =
    ref.table === 'contracts'
      ? scope.contractsAlias
      : ref.table === 'legalEntities' && scope.exposureAlias && COPIED_CLIENT_COLUMNS.has(ref.name)
        ? scope.exposureAlias
        : TABLE_ALIASES[ref.table];
  // Both parts come from constant tables (TABLE_ALIASES, COLUMN_TYPES), never from a request.
  return sql.raw(`"${alias}"."${columnSqlName(ref)}"`);
}

function exprSql(e: Expr, scope: Scope): SQL {
  switch (e.kind) {
    case 'col':
      return columnSql(e, scope);
    case 'lit':
      return literalSql(e.value, e.type);
    case 'param':
      return literalSql(scope.today, 'date');
    case 'add':
      return sql`(${exprSql(e.left, scope)} + ${exprSql(e.right, scope)})`;
    case 'sub':
      return sql`(${exprSql(e.left, scope)} - ${exprSql(e.right, scope)})`;
    case 'mul':
      return sql`(${exprSql(e.left, scope)} * ${exprSql(e.right, scope)})`;
    case 'coalesce':
      return sql`coalesce(${sql.join(
        e.args.map((a) => exprSql(a, scope)),
        sql`, `,
      )})`;
    case 'clientSum': {
      const outer = scope.contractsAlias;
      if (isKeptSum(e)) {
        // Kept in client_crop_year_exposure: read there (the group's row), or looked up for the outer contract.
        if (scope.exposureAlias) return sql.raw(`"${scope.exposureAlias}"."contracted_quantity"`);
        const x = `ccye_${scope.depth + 1}`;
        return sql.raw(
          `coalesce((select "${x}"."contracted_quantity" from client_crop_year_exposure as "${x}" where "${x}"."client_id" = "${outer}"."client_id" and "${x}"."crop_year" = "${outer}"."crop_year" and "${x}"."crop_id" = "${outer}"."crop_id" and "${x}"."partner_id" = "${outer}"."partner_id"), 0)`,
        );
      }
      // Σ over the contracts of the same partner, client, crop and crop year (the outer row's), as a
      // correlated sub-query; inside it `contracts` columns are the summed contract's.
      const alias = `c_sum_${scope.depth + 1}`;
      const inner: Scope = { ...scope, contractsAlias: alias, depth: scope.depth + 1 };
      const o = (c: string) => sql.raw(`"${outer}"."${c}"`);
      const i = (c: string) => sql.raw(`"${alias}"."${c}"`);
      return sql`(select coalesce(sum(${exprSql(e.of, inner)}), 0) from contracts as ${sql.raw(`"${alias}"`)} where ${i('partner_id')} = ${o('partner_id')} and ${i('client_id')} = ${o('client_id')} and ${i('crop_id')} = ${o('crop_id')} and ${i('crop_year')} = ${o('crop_year')} and ${conditionSqlIn(e.where, inner)})`;
    }
  }
}

function conditionSqlIn(c: Condition, scope: Scope): SQL {
  switch (c.op) {
    case 'true':
      return sql`true`;
    case 'and':
    case 'or':
      if (c.args.length === 0) return c.op === 'and' ? sql`true` : sql`false`;
      return sql`(${sql.join(
        c.args.map((a) => conditionSqlIn(a, scope)),
        c.op === 'and' ? sql` and ` : sql` or `,
      )})`;
    case 'not':
      return sql`(not ${conditionSqlIn(c.arg, scope)})`;
    case 'cmp':
      return sql`(${exprSql(c.left, scope)} ${sql.raw(c.cmp)} ${exprSql(c.right, scope)})`;
    case 'isNull':
      return sql`(${exprSql(c.arg, scope)} is null)`;
    case 'distinct':
      return sql`(${exprSql(c.left, scope)} is distinct from ${exprSql(c.right, scope)})`;
    case 'in': {
      if (c.values.length === 0) return sql`false`;
      const type = exprType(c.arg);
      return sql`(${exprSql(c.arg, scope)} in (${sql.join(
        c.values.map((v) => literalSql(v, type)),
        sql`, `,
      )}))`;
    }
    case 'contains':
      // Case-insensitive substring, as the evaluator does (no LIKE pattern characters to escape).
      return sql`(strpos(lower(${exprSql(c.arg, scope)}), lower(${c.value}::text)) > 0)`;
  }
}

/** A condition as a SQL boolean expression over contracts / scale_tickets and legal_entities. */
export function conditionSql(c: Condition, ctx: SqlContext): SQL {
  return conditionQuery(c, ctx).sql;
}

/** The terms of a condition's top-level AND (nested ANDs flattened). */
function conjuncts(c: Condition): Condition[] {
  return c.op === 'and' ? c.args.flatMap(conjuncts) : [c];
}

/**
 * Whether a term is decided by the contract's client, crop and crop year alone: it reads only the kept
 * client sum and the client's columns client_crop_year_exposure copies.
 */
function perGroup(c: Condition): boolean {
  return !someExpr(
    c,
    (e) =>
      (e.kind === 'col' && !(e.table === 'legalEntities' && COPIED_CLIENT_COLUMNS.has(e.name))) ||
      (e.kind === 'clientSum' && !isKeptSum(e)),
    isKeptSum,
  );
}

/**
 * A condition as SQL, and whether that SQL reads the client (legal_entities: the query must join it).
 * The terms of its top-level AND that read the kept client sum and otherwise only copied client columns
 * (double_obligation's comparison and its "area and yield known") become one semi-join on
 * client_crop_year_exposure — `(partner, client, crop, crop year) IN (the groups where they hold)`, which
 * PostgreSQL answers from the table's partial index on the comparison — instead of a sum per contract.
 * Exact because every contract's group has its row there (kept by triggers, migration 0007).
 */
export function conditionQuery(c: Condition, ctx: SqlContext): { sql: SQL; readsClient: boolean } {
  const scope: Scope = { today: ctx.today, contractsAlias: TABLE_ALIASES.contracts, depth: 0 };
  const terms = conjuncts(c);
  const grouped = terms.filter(perGroup);
  if (!grouped.some((t) => someExpr(t, isKeptSum)))
    return { sql: conditionSqlIn(c, scope), readsClient: readsClient(c) };
  const rest = terms.filter((t) => !grouped.includes(t));
  const o = (column: string) => `"${scope.contractsAlias}"."${column}"`;
  const x = 'ccye';
  const inGroups = sql`((${sql.raw(['partner_id', 'client_id', 'crop_id', 'crop_year'].map(o).join(', '))}) in (select ${sql.raw(
    ['partner_id', 'client_id', 'crop_id', 'crop_year'].map((k) => `"${x}"."${k}"`).join(', '),
  )} from client_crop_year_exposure as ${sql.raw(`"${x}"`)} where ${conditionSqlIn(allOf(...grouped), { ...scope, exposureAlias: x })}))`;
  return {
    sql:
      rest.length === 0
        ? inGroups
        : sql`(${sql.join([...rest.map((t) => conditionSqlIn(t, scope)), inGroups], sql` and `)})`,
    readsClient: rest.some(readsClient),
  };
}

/** An expression (a sort key) as SQL. */
export function expressionSql(e: Expr, ctx: SqlContext): SQL {
  return exprSql(e, { today: ctx.today, contractsAlias: TABLE_ALIASES.contracts, depth: 0 });
}

/**
 * Whether some expression in a condition (or expression) passes `test`; a client sum's terms are walked
 * too, unless `opaque` says the sum is a value of its own.
 */
function someExpr(x: Condition | Expr, test: (e: Expr) => boolean, opaque?: (e: Expr) => boolean): boolean {
  if ('op' in x) {
    switch (x.op) {
      case 'true':
        return false;
      case 'and':
      case 'or':
        return x.args.some((a) => someExpr(a, test, opaque));
      case 'not':
        return someExpr(x.arg, test, opaque);
      case 'cmp':
      case 'distinct':
        return someExpr(x.left, test, opaque) || someExpr(x.right, test, opaque);
      case 'isNull':
      case 'in':
      case 'contains':
        return someExpr(x.arg, test, opaque);
    }
  }
  if (test(x)) return true;
  if (opaque?.(x)) return false;
  switch (x.kind) {
    case 'col':
    case 'lit':
    case 'param':
      return false;
    case 'add':
    case 'sub':
    case 'mul':
      return someExpr(x.left, test, opaque) || someExpr(x.right, test, opaque);
    case 'coalesce':
      return x.args.some((a) => someExpr(a, test, opaque));
    case 'clientSum':
      return someExpr(x.of, test, opaque) || someExpr(x.where, test, opaque);
  }
}

/** Whether a condition reads the client (legal_entities) columns: the query then joins the client. */
export function readsClient(c: Condition | Expr): boolean {
  return someExpr(c, (e) => e.kind === 'col' && e.table === 'legalEntities');
}

/** Whether a condition sums over other contracts (clientSum: double_obligation) — a costly rule per row. */
export function readsClientSum(c: Condition | Expr): boolean {
  return someExpr(c, (e) => e.kind === 'clientSum');
}

const TABLES = { contracts, scaleTickets, legalEntities } as const;

/** Whether an expression can be NULL (from the schema's NOT NULL columns); a sort on it needs a NULLS branch. */
export function expressionNullable(e: Expr): boolean {
  switch (e.kind) {
    case 'col': {
      const table = TABLES[e.table] as unknown as Record<string, { notNull?: boolean } | undefined>;
      return !(table[e.name]?.notNull ?? false);
    }
    case 'lit':
      return e.value === null;
    case 'param':
      return false;
    case 'add':
    case 'sub':
    case 'mul':
      return expressionNullable(e.left) || expressionNullable(e.right);
    case 'coalesce':
      return e.args.every(expressionNullable);
    case 'clientSum':
      return false;
  }
}

/** The columns an expression reads (a sort key: the id phase selects them for the next page's token). */
export function expressionColumns(e: Expr): ColumnRef[] {
  switch (e.kind) {
    case 'col':
      return [e];
    case 'lit':
    case 'param':
      return [];
    case 'add':
    case 'sub':
    case 'mul':
      return [...expressionColumns(e.left), ...expressionColumns(e.right)];
    case 'coalesce':
      return e.args.flatMap(expressionColumns);
    case 'clientSum':
      // A sum over other contracts is not a column of the row: no sort uses one.
      throw new Error('A client sum cannot be a sort key');
  }
}
