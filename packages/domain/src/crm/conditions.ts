// A small declarative condition language over the CRM schema's columns, so that one definition of a
// view rule, a list filter or a keyset cursor serves both sides: the server turns a Condition into SQL
// (one WHERE clause), and evaluateCondition runs the same tree over in-memory facts (tests, the web).
//
// Columns are named by table and by the drizzle property of apps/server/src/db/schema/crm.ts
// (`contracts.deliveryEnd` is SQL `contracts.delivery_end`; COLUMN_TYPES gives both names). Sums over a
// client's contracts are kept sums (KEPT_SUMS): the database keeps each one per client, crop and crop
// year, and a rule names it by a `keptSum` node, so the server reads the kept figure by the node's kind.
//
// Evaluation follows SQL's three-valued logic: a comparison with NULL is unknown, NOT unknown is
// unknown, and a row belongs to a list only when its condition is true.

import { CrmDecimal, toDecimal } from './exact.ts';
import type { ContractDirection, ContractStatus, ContractType, PriceStatus } from './contracts.ts';

// ---------------------------------------------------------------------------------------------------
// Columns

export type ValueType = 'decimal' | 'integer' | 'date' | 'text' | 'boolean';

export const CONDITION_TABLES = ['contracts', 'scaleTickets', 'legalEntities'] as const;
export type ConditionTable = (typeof CONDITION_TABLES)[number];

type ColumnSpec = { readonly sql: string; readonly type: ValueType };

/**
 * Every column a rule, filter or sort may name, with its SQL name and type. `legalEntities` is the row's
 * client (join on client_id).
 */
export const COLUMN_TYPES = {
  contracts: {
    id: { sql: 'id', type: 'integer' },
    clientId: { sql: 'client_id', type: 'integer' },
    marketId: { sql: 'market_id', type: 'integer' },
    cropId: { sql: 'crop_id', type: 'integer' },
    cropYear: { sql: 'crop_year', type: 'integer' },
    displayContractId: { sql: 'display_contract_id', type: 'text' },
    contractType: { sql: 'contract_type', type: 'text' },
    direction: { sql: 'direction', type: 'text' },
    status: { sql: 'status', type: 'text' },
    quantity: { sql: 'quantity', type: 'decimal' },
    deliveredQuantity: { sql: 'delivered_quantity', type: 'decimal' },
    cancelledQuantity: { sql: 'cancelled_quantity', type: 'decimal' },
    pricedQuantity: { sql: 'priced_quantity', type: 'decimal' },
    deliveryStart: { sql: 'delivery_start', type: 'date' },
    deliveryEnd: { sql: 'delivery_end', type: 'date' },
    optionMonth: { sql: 'option_month', type: 'text' },
    futuresPrice: { sql: 'futures_price', type: 'decimal' },
    basis: { sql: 'basis', type: 'decimal' },
    cashPrice: { sql: 'cash_price', type: 'decimal' },
    priceStatus: { sql: 'price_status', type: 'text' },
    offerPrice: { sql: 'offer_price', type: 'decimal' },
    strike: { sql: 'strike', type: 'decimal' },
    callOptionFee: { sql: 'call_option_fee', type: 'decimal' },
    expiration: { sql: 'expiration', type: 'date' },
    description: { sql: 'description', type: 'text' },
    specialty: { sql: 'specialty', type: 'text' },
    mpOption: { sql: 'mp_option', type: 'text' },
    esignEligible: { sql: 'esign_eligible', type: 'boolean' },
    esignSent: { sql: 'esign_sent', type: 'boolean' },
    signed: { sql: 'signed', type: 'boolean' },
    signedTermsHash: { sql: 'signed_terms_hash', type: 'text' },
    termsHash: { sql: 'terms_hash', type: 'text' },
    contractDate: { sql: 'contract_date', type: 'date' },
    lastTicketDate: { sql: 'last_ticket_date', type: 'date' },
  },
  scaleTickets: {
    id: { sql: 'id', type: 'integer' },
    clientId: { sql: 'client_id', type: 'integer' },
    marketId: { sql: 'market_id', type: 'integer' },
    cropId: { sql: 'crop_id', type: 'integer' },
    cropYear: { sql: 'crop_year', type: 'integer' },
    displayScaleTicketId: { sql: 'display_scale_ticket_id', type: 'text' },
    deliveryDate: { sql: 'delivery_date', type: 'date' },
    quantity: { sql: 'quantity', type: 'decimal' },
    weight: { sql: 'weight', type: 'decimal' },
    appliedQuantity: { sql: 'applied_quantity', type: 'decimal' },
    unappliedQuantity: { sql: 'unapplied_quantity', type: 'decimal' },
    moisture: { sql: 'moisture', type: 'decimal' },
    testWeight: { sql: 'test_weight', type: 'decimal' },
    foreignMaterial: { sql: 'foreign_material', type: 'decimal' },
    damage: { sql: 'damage', type: 'decimal' },
  },
  legalEntities: {
    id: { sql: 'id', type: 'integer' },
    name: { sql: 'name', type: 'text' },
    area: { sql: 'area', type: 'decimal' },
    estimatedYield: { sql: 'estimated_yield', type: 'decimal' },
    contractedWithOther: { sql: 'contracted_with_other', type: 'decimal' },
  },
} as const satisfies Record<ConditionTable, Record<string, ColumnSpec>>;

export type ContractColumn = keyof (typeof COLUMN_TYPES)['contracts'];
export type ScaleTicketColumn = keyof (typeof COLUMN_TYPES)['scaleTickets'];
export type ClientColumn = keyof (typeof COLUMN_TYPES)['legalEntities'];

export type ColumnRef =
  | { readonly kind: 'col'; readonly table: 'contracts'; readonly name: ContractColumn }
  | { readonly kind: 'col'; readonly table: 'scaleTickets'; readonly name: ScaleTicketColumn }
  | { readonly kind: 'col'; readonly table: 'legalEntities'; readonly name: ClientColumn };

export function columnType(ref: ColumnRef): ValueType {
  return (COLUMN_TYPES[ref.table] as Record<string, ColumnSpec>)[ref.name]!.type;
}

export function columnSqlName(ref: ColumnRef): string {
  return (COLUMN_TYPES[ref.table] as Record<string, ColumnSpec>)[ref.name]!.sql;
}

// ---------------------------------------------------------------------------------------------------
// Expressions and conditions

export type Literal = string | number | boolean | null;

/** The sums over a client's contracts that the database keeps (one figure per client, crop and crop year). */
export const KEPT_SUM_NAMES = ['contractedWithCompany'] as const;
export type KeptSumName = (typeof KEPT_SUM_NAMES)[number];

/**
 * A kept sum of the row's contract's client, crop and crop year: Σ `KEPT_SUMS[name].of` over the contracts of
 * the same client (client_id), crop (crop_id) and crop year that satisfy `KEPT_SUMS[name].where` — the row's
 * contract included when it does. The evaluator sums its definition over `ContractFacts.clientContracts`; in
 * SQL it is the column the database keeps (client_crop_year_exposure, by triggers on contracts), which the
 * server finds by this node's kind — a rule cannot reach a sum the database does not keep.
 */
export type KeptSumExpr = { readonly kind: 'keptSum'; readonly name: KeptSumName };

export type Expr =
  | ColumnRef
  | { readonly kind: 'lit'; readonly value: Literal; readonly type: ValueType }
  | { readonly kind: 'param'; readonly name: 'today'; readonly type: 'date' }
  | { readonly kind: 'add' | 'sub' | 'mul'; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'coalesce'; readonly args: readonly Expr[] }
  | KeptSumExpr;

export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Condition =
  | { readonly op: 'true' }
  | { readonly op: 'and' | 'or'; readonly args: readonly Condition[] }
  | { readonly op: 'not'; readonly arg: Condition }
  | { readonly op: 'cmp'; readonly cmp: Comparison; readonly left: Expr; readonly right: Expr }
  | { readonly op: 'isNull'; readonly arg: Expr }
  /** IS DISTINCT FROM: never unknown; NULL is distinct from a value and not from NULL. */
  | { readonly op: 'distinct'; readonly left: Expr; readonly right: Expr }
  | { readonly op: 'in'; readonly arg: Expr; readonly values: readonly Literal[] }
  /** Case-insensitive substring match (SQL: position(lower(value) in lower(arg)) > 0, or ILIKE with % _ \ escaped). */
  | { readonly op: 'contains'; readonly arg: Expr; readonly value: string };

// Builders (also used by the server when it adds its own conditions).
export const col = {
  contracts: (name: ContractColumn): ColumnRef => ({ kind: 'col', table: 'contracts', name }),
  scaleTickets: (name: ScaleTicketColumn): ColumnRef => ({ kind: 'col', table: 'scaleTickets', name }),
  client: (name: ClientColumn): ColumnRef => ({ kind: 'col', table: 'legalEntities', name }),
};
export const lit = (value: Literal, type: ValueType): Expr => ({ kind: 'lit', value, type });
export const dec = (value: string): Expr => lit(value, 'decimal');
export const text = (value: string): Expr => lit(value, 'text');
export const bool = (value: boolean): Expr => lit(value, 'boolean');
export const TODAY: Expr = { kind: 'param', name: 'today', type: 'date' };
export const add = (left: Expr, right: Expr): Expr => ({ kind: 'add', left, right });
export const sub = (left: Expr, right: Expr): Expr => ({ kind: 'sub', left, right });
export const mul = (left: Expr, right: Expr): Expr => ({ kind: 'mul', left, right });
export const coalesce = (...args: Expr[]): Expr => ({ kind: 'coalesce', args });
export const keptSum = (name: KeptSumName): Expr => ({ kind: 'keptSum', name });
export const and = (...args: Condition[]): Condition => ({ op: 'and', args });
export const or = (...args: Condition[]): Condition => ({ op: 'or', args });
export const not = (arg: Condition): Condition => ({ op: 'not', arg });
export const cmp = (left: Expr, c: Comparison, right: Expr): Condition => ({ op: 'cmp', cmp: c, left, right });
export const isNull = (arg: Expr): Condition => ({ op: 'isNull', arg });
export const isNotNull = (arg: Expr): Condition => not(isNull(arg));
export const distinct = (left: Expr, right: Expr): Condition => ({ op: 'distinct', left, right });
export const inList = (arg: Expr, values: readonly Literal[]): Condition => ({ op: 'in', arg, values });
export const contains = (arg: Expr, value: string): Condition => ({ op: 'contains', arg, value });
export const ALWAYS: Condition = { op: 'true' };

/** What a kept sum adds up: `of` over the client's contracts of the crop and crop year that satisfy `where`. */
export type KeptSumDefinition = { readonly of: Expr; readonly where: Condition };

/**
 * The kept sums' definitions. The database keeps each as a column of client_crop_year_exposure, maintained by
 * the triggers on contracts of migration 0007 (docs/decisions/014): a change here needs a migration that
 * changes those triggers and recomputes the column (the server's tests compare the column with this
 * definition on the seeded data).
 */
export const KEPT_SUMS: Readonly<Record<KeptSumName, KeptSumDefinition>> = Object.freeze({
  /** double_obligation's "contracted with the company": Σ (quantity − cancelled) of the client's purchase contracts that are not cancelled. */
  contractedWithCompany: {
    of: sub(col.contracts('quantity'), col.contracts('cancelledQuantity')),
    where: and(
      cmp(col.contracts('direction'), '=', text('purchase')),
      cmp(col.contracts('status'), '<>', text('cancelled')),
    ),
  },
});

// ---------------------------------------------------------------------------------------------------
// Facts: what the evaluator (and the pure predicates) read. Field names are the drizzle properties,
// values as drizzle returns them (numeric → decimal string, date → 'YYYY-MM-DD').

export type ContractRecord = {
  id: number;
  clientId: number;
  marketId: number;
  cropId: number;
  cropYear: number;
  displayContractId: string;
  contractType: ContractType;
  direction: ContractDirection;
  status: ContractStatus;
  quantity: string;
  deliveredQuantity: string;
  cancelledQuantity: string;
  pricedQuantity: string;
  deliveryStart: string;
  deliveryEnd: string;
  optionMonth: string | null;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
  priceStatus: PriceStatus;
  offerPrice: string | null;
  strike: string | null;
  callOptionFee: string | null;
  expiration: string | null;
  description: string | null;
  specialty: string | null;
  mpOption: string | null;
  esignEligible: boolean;
  esignSent: boolean;
  signed: boolean;
  signedTermsHash: string | null;
  termsHash: string | null;
  contractDate: string;
  lastTicketDate: string | null;
};

export type ScaleTicketRecord = {
  id: number;
  clientId: number;
  marketId: number;
  cropId: number;
  cropYear: number;
  displayScaleTicketId: string;
  deliveryDate: string;
  quantity: string;
  weight: string | null;
  appliedQuantity: string;
  unappliedQuantity: string;
  moisture: string | null;
  testWeight: string | null;
  foreignMaterial: string | null;
  damage: string | null;
};

/** The client (legal entity) of a row, as far as the rules need it. */
export type ClientRecord = {
  id: number;
  name: string;
  area: string | null;
  estimatedYield: string | null;
  contractedWithOther: string | null;
};

export type ContractFacts = ContractRecord & {
  kind: 'contract';
  client?: ClientRecord | null;
  /**
   * The client's contracts (any crop and year; the rules pick the same crop and crop year). When
   * omitted, the contract alone. Needed only for double_obligation.
   */
  clientContracts?: readonly ContractRecord[];
};

export type ScaleTicketFacts = ScaleTicketRecord & { kind: 'scaleTicket'; client?: ClientRecord | null };

/** A row of either list: a contract, or a scale ticket (the deliveries list). */
export type ViewFacts = ContractFacts | ScaleTicketFacts;

export type EvalContext = { today: string };

// ---------------------------------------------------------------------------------------------------
// Evaluation

type Value = { type: ValueType; value: string | number | boolean | null };

function readColumn(ref: ColumnRef, facts: ViewFacts, inner: ContractRecord | null): Value {
  const type = columnType(ref);
  let source: Record<string, unknown> | null | undefined;
  if (ref.table === 'legalEntities') source = facts.client as Record<string, unknown> | null | undefined;
  else if (ref.table === 'contracts')
    source = (inner ?? (facts.kind === 'contract' ? facts : null)) as Record<string, unknown> | null;
  else source = facts.kind === 'scaleTicket' ? (facts as unknown as Record<string, unknown>) : null;
  if (source === null || source === undefined) {
    // Not a column of this row's table: SQL would not compile; here it is a programming error.
    if (ref.table !== 'legalEntities')
      throw new Error(`Column ${ref.table}.${ref.name} does not exist on a ${facts.kind} row`);
    return { type, value: null };
  }
  const v = source[ref.name];
  return { type, value: v === undefined ? null : (v as string | number | boolean | null) };
}

function evalExpr(e: Expr, facts: ViewFacts, ctx: EvalContext, inner: ContractRecord | null): Value {
  switch (e.kind) {
    case 'col':
      return readColumn(e, facts, inner);
    case 'lit':
      return { type: e.type, value: e.value };
    case 'param':
      return { type: 'date', value: ctx.today };
    case 'add':
    case 'sub':
    case 'mul': {
      const l = evalExpr(e.left, facts, ctx, inner);
      const r = evalExpr(e.right, facts, ctx, inner);
      if (l.value === null || r.value === null) return { type: 'decimal', value: null };
      const a = toDecimal(l.value as string | number);
      const b = toDecimal(r.value as string | number);
      const out = e.kind === 'add' ? a.plus(b) : e.kind === 'sub' ? a.minus(b) : a.times(b);
      return { type: 'decimal', value: out.toFixed() };
    }
    case 'coalesce': {
      let last: Value = { type: 'decimal', value: null };
      for (const a of e.args) {
        last = evalExpr(a, facts, ctx, inner);
        if (last.value !== null) return last;
      }
      return last;
    }
    case 'keptSum': {
      if (facts.kind !== 'contract') throw new Error('A kept sum applies to contract rows');
      const { of, where } = KEPT_SUMS[e.name];
      const pool = facts.clientContracts ?? [facts];
      let sum = new CrmDecimal(0);
      // Inside the definition, `contracts` columns are the summed contract's (`c`).
      for (const c of pool) {
        if (c.clientId !== facts.clientId || c.cropId !== facts.cropId || c.cropYear !== facts.cropYear) continue;
        if (evalCondition(where, facts, ctx, c) !== true) continue;
        const v = evalExpr(of, facts, ctx, c);
        if (v.value !== null) sum = sum.plus(toDecimal(v.value as string | number));
      }
      return { type: 'decimal', value: sum.toFixed() };
    }
  }
}

/** -1, 0, 1; null when either side is NULL (unknown). */
function compareValues(a: Value, b: Value): number | null {
  if (a.value === null || b.value === null) return null;
  const type = a.type === 'decimal' || b.type === 'decimal' ? 'decimal' : a.type;
  if (type === 'decimal' || type === 'integer') {
    return toDecimal(a.value as string | number).comparedTo(toDecimal(b.value as string | number));
  }
  if (type === 'boolean') return Number(a.value) - Number(b.value);
  const x = String(a.value);
  const y = String(b.value);
  return x < y ? -1 : x > y ? 1 : 0;
}

type Tri = boolean | null;

function evalCondition(c: Condition, facts: ViewFacts, ctx: EvalContext, inner: ContractRecord | null): Tri {
  switch (c.op) {
    case 'true':
      return true;
    case 'and': {
      let unknown = false;
      for (const a of c.args) {
        const r = evalCondition(a, facts, ctx, inner);
        if (r === false) return false;
        if (r === null) unknown = true;
      }
      return unknown ? null : true;
    }
    case 'or': {
      let unknown = false;
      for (const a of c.args) {
        const r = evalCondition(a, facts, ctx, inner);
        if (r === true) return true;
        if (r === null) unknown = true;
      }
      return unknown ? null : false;
    }
    case 'not': {
      const r = evalCondition(c.arg, facts, ctx, inner);
      return r === null ? null : !r;
    }
    case 'cmp': {
      const d = compareValues(evalExpr(c.left, facts, ctx, inner), evalExpr(c.right, facts, ctx, inner));
      if (d === null) return null;
      switch (c.cmp) {
        case '=':
          return d === 0;
        case '<>':
          return d !== 0;
        case '<':
          return d < 0;
        case '<=':
          return d <= 0;
        case '>':
          return d > 0;
        case '>=':
          return d >= 0;
      }
      return null;
    }
    case 'isNull':
      return evalExpr(c.arg, facts, ctx, inner).value === null;
    case 'distinct': {
      const l = evalExpr(c.left, facts, ctx, inner);
      const r = evalExpr(c.right, facts, ctx, inner);
      if (l.value === null || r.value === null) return (l.value === null) !== (r.value === null);
      return compareValues(l, r) !== 0;
    }
    case 'in': {
      const v = evalExpr(c.arg, facts, ctx, inner);
      if (v.value === null) return null;
      let unknown = false;
      for (const x of c.values) {
        if (x === null) {
          unknown = true;
          continue;
        }
        if (compareValues(v, { type: v.type, value: x }) === 0) return true;
      }
      return unknown ? null : false;
    }
    case 'contains': {
      const v = evalExpr(c.arg, facts, ctx, inner);
      if (v.value === null) return null;
      return String(v.value).toLowerCase().includes(c.value.toLowerCase());
    }
  }
}

/** SQL semantics: true when the condition holds; false when it fails or is unknown (NULL). */
export function evaluateCondition(condition: Condition, facts: ViewFacts, ctx: EvalContext): boolean {
  return evalCondition(condition, facts, ctx, null) === true;
}

/** The value of an expression on a row (for sort keys and keyset cursors); null for SQL NULL. */
export function evaluateExpr(expr: Expr, facts: ViewFacts, ctx: EvalContext): string | number | boolean | null {
  return evalExpr(expr, facts, ctx, null).value;
}

/** Compares two expression values the way the condition language does (decimals exactly, NULLs → null). */
export function compareExprValues(type: ValueType, a: Literal, b: Literal): number | null {
  return compareValues({ type, value: a }, { type, value: b });
}

/** The type an expression evaluates to (for the server's casts and for comparisons). */
export function exprType(e: Expr): ValueType {
  switch (e.kind) {
    case 'col':
      return columnType(e);
    case 'lit':
    case 'param':
      return e.type;
    case 'coalesce':
      return e.args[0] ? exprType(e.args[0]) : 'decimal';
    default:
      return 'decimal';
  }
}

/** The builders as one object (the package root exports this rather than the short names). */
export const conditionBuilders = Object.freeze({
  col,
  lit,
  dec,
  text,
  bool,
  TODAY,
  add,
  sub,
  mul,
  coalesce,
  keptSum,
  and,
  or,
  not,
  cmp,
  isNull,
  isNotNull,
  distinct,
  inList,
  contains,
  ALWAYS,
});
