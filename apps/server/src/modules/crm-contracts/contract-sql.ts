// The domain's condition trees (VIEW_RULES, TASK_LIST_RULES, listQueryCondition) as SQL. Pure: it builds
// drizzle `sql` fragments (every value a bound parameter, never spliced into the text) and runs nothing;
// the repos run them. Column names come from the domain's COLUMN_TYPES, table aliases are the tables'
// own names, so the fragments fit drizzle's query builder (which qualifies columns the same way).

import { sql, type SQL } from 'drizzle-orm';
import {
  columnSqlName,
  conditionBuilders,
  exprType,
  type ColumnRef,
  type Condition,
  type Expr,
  type KeptSumName,
  type Literal,
  type ValueType,
} from '@granary/domain';
import { contracts, legalEntities, scaleTickets } from '../../db/schema/index.ts';

/** The SQL name each condition table is reached by (the tables' own names). */
const TABLE_ALIASES = {
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
 * client_crop_year_exposure of that alias — the kept sums and the client's copied columns are read from it.
 */
type Scope = { today: string; exposureAlias?: string };

const { and: allOf } = conditionBuilders;

/**
 * Where client_crop_year_exposure keeps each of the domain's kept sums (KEPT_SUMS; its triggers on contracts,
 * migration 0007, add them up). A kept sum the table has no column for does not compile.
 */
const KEPT_SUM_COLUMNS: Readonly<Record<KeptSumName, string>> = { contractedWithCompany: 'contracted_quantity' };

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
    ref.table === 'legalEntities' && scope.exposureAlias && COPIED_CLIENT_COLUMNS.has(ref.name)
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
    case 'keptSum': {
      // Kept in client_crop_year_exposure: read there (the group's row), or looked up for the row's contract
      // (a primary-key lookup per row: conditionQuery's semi-join avoids it where it can).
      const column = KEPT_SUM_COLUMNS[e.name];
      if (scope.exposureAlias) return sql.raw(`"${scope.exposureAlias}"."${column}"`);
      const outer = TABLE_ALIASES.contracts;
      const x = 'ccye_row';
      return sql.raw(
        `coalesce((select "${x}"."${column}" from client_crop_year_exposure as "${x}" where "${x}"."client_id" = "${outer}"."client_id" and "${x}"."crop_year" = "${outer}"."crop_year" and "${x}"."crop_id" = "${outer}"."crop_id" and "${x}"."partner_id" = "${outer}"."partner_id"), 0)`,
      );
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
 * Whether a term is decided by the contract's client, crop and crop year alone: it reads only kept sums
 * and the client's columns client_crop_year_exposure copies.
 */
function perGroup(c: Condition): boolean {
  return !someExpr(c, (e) => e.kind === 'col' && !(e.table === 'legalEntities' && COPIED_CLIENT_COLUMNS.has(e.name)));
}

/**
 * How a compiled condition reads the kept sums: not at all, by one semi-join on client_crop_year_exposure,
 * or (some of them) by a lookup per row — slower; the view rules never need it (contract-sql.test.ts).
 */
export type KeptSumPlan = 'none' | 'semi-join' | 'per-row';

/**
 * A condition as SQL, whether that SQL reads the client (legal_entities: the query must join it), and how it
 * reads kept sums. The terms of its top-level AND that read a kept sum and otherwise only copied client columns
 * (double_obligation's comparison and its "area and yield known") become one semi-join on
 * client_crop_year_exposure — `(partner, client, crop, crop year) IN (the groups where they hold)`, which
 * PostgreSQL answers from the table's partial index on the comparison — instead of a figure per contract.
 * Exact because every contract's group has its row there (kept by triggers, migration 0007).
 */
export function conditionQuery(
  c: Condition,
  ctx: SqlContext,
): { sql: SQL; readsClient: boolean; keptSums: KeptSumPlan } {
  const scope: Scope = { today: ctx.today };
  const terms = conjuncts(c);
  const grouped = terms.filter(perGroup);
  if (!grouped.some(readsClientSum))
    return {
      sql: conditionSqlIn(c, scope),
      readsClient: readsClient(c),
      keptSums: readsClientSum(c) ? 'per-row' : 'none',
    };
  const rest = terms.filter((t) => !grouped.includes(t));
  const o = (column: string) => `"${TABLE_ALIASES.contracts}"."${column}"`;
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
    keptSums: rest.some(readsClientSum) ? 'per-row' : 'semi-join',
  };
}

/** An expression (a sort key) as SQL. */
export function expressionSql(e: Expr, ctx: SqlContext): SQL {
  return exprSql(e, { today: ctx.today });
}

/** Whether some expression in a condition (or expression) passes `test`. */
function someExpr(x: Condition | Expr, test: (e: Expr) => boolean): boolean {
  if ('op' in x) {
    switch (x.op) {
      case 'true':
        return false;
      case 'and':
      case 'or':
        return x.args.some((a) => someExpr(a, test));
      case 'not':
        return someExpr(x.arg, test);
      case 'cmp':
      case 'distinct':
        return someExpr(x.left, test) || someExpr(x.right, test);
      case 'isNull':
      case 'in':
      case 'contains':
        return someExpr(x.arg, test);
    }
  }
  if (test(x)) return true;
  switch (x.kind) {
    case 'col':
    case 'lit':
    case 'param':
    case 'keptSum':
      return false;
    case 'add':
    case 'sub':
    case 'mul':
      return someExpr(x.left, test) || someExpr(x.right, test);
    case 'coalesce':
      return x.args.some((a) => someExpr(a, test));
  }
}

/** Whether a condition reads the client (legal_entities) columns: the query then joins the client. */
export function readsClient(c: Condition | Expr): boolean {
  return someExpr(c, (e) => e.kind === 'col' && e.table === 'legalEntities');
}

/** Whether a condition reads a sum over the client's contracts (a kept sum: double_obligation) — a costly rule. */
export function readsClientSum(c: Condition | Expr): boolean {
  return someExpr(c, (e) => e.kind === 'keptSum');
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
    case 'keptSum':
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
    case 'keptSum':
      // A sum over other contracts is not a column of the row: no sort uses one.
      throw new Error('A kept sum cannot be a sort key');
  }
}
