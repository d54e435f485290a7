// The domain's condition trees (VIEW_RULES, TASK_LIST_RULES, listQueryCondition) as SQL. Pure: it builds
// drizzle `sql` fragments (every value a bound parameter, never spliced into the text) and runs nothing;
// the repos run them. Column names come from the domain's COLUMN_TYPES, table aliases are the tables'
// own names, so the fragments fit drizzle's query builder (which qualifies columns the same way).

import { sql, type SQL } from 'drizzle-orm';
import {
  columnSqlName,
  exprType,
  type ColumnRef,
  type Condition,
  type Expr,
  type Literal,
  type ValueType,
} from '@granary/domain';
import { contracts, legalEntities, scaleTickets } from '../../db/schema/index.ts';

/** The SQL name each condition table is reached by (the tables' own names). */
export const TABLE_ALIASES = { contracts: 'contracts', scaleTickets: 'scale_tickets', legalEntities: 'legal_entities' } as const;

export type SqlContext = {
  /** The market's calendar day ('YYYY-MM-DD'): the TODAY parameter of the rules. */
  today: string;
};

type Scope = { today: string; contractsAlias: string; depth: number };

const CASTS: Record<ValueType, string> = { decimal: 'numeric', integer: 'bigint', date: 'date', text: 'text', boolean: 'boolean' };

/** A bound parameter with its type's cast: $1::numeric, $2::date… */
export function literalSql(value: Literal, type: ValueType): SQL {
  return sql`${value}::${sql.raw(CASTS[type])}`;
}

function columnSql(ref: ColumnRef, scope: Scope): SQL {
  const alias = ref.table === 'contracts' ? scope.contractsAlias : TABLE_ALIASES[ref.table];
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
      // Σ over the contracts of the same partner, client, crop and crop year (the outer row's), as a
      // correlated sub-query; inside it `contracts` columns are the summed contract's.
      const outer = scope.contractsAlias;
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
  return conditionSqlIn(c, { today: ctx.today, contractsAlias: TABLE_ALIASES.contracts, depth: 0 });
}

/** An expression (a sort key) as SQL. */
export function expressionSql(e: Expr, ctx: SqlContext): SQL {
  return exprSql(e, { today: ctx.today, contractsAlias: TABLE_ALIASES.contracts, depth: 0 });
}

/** Whether some expression in a condition (or expression) passes `test`; a client sum's terms are walked too. */
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
      return false;
    case 'add':
    case 'sub':
    case 'mul':
      return someExpr(x.left, test) || someExpr(x.right, test);
    case 'coalesce':
      return x.args.some((a) => someExpr(a, test));
    case 'clientSum':
      return someExpr(x.of, test) || someExpr(x.where, test);
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
