// Sorting and keyset pagination of the CRM lists. Each sortable column has one SQL expression per list
// (contracts or scale tickets); the order is always (expression NULLS LAST, id) in the same direction,
// so a page ends at a unique key and the next page starts strictly after it (keysetCondition).

import {
  and,
  cmp,
  col,
  compareExprValues,
  evaluateExpr,
  exprType,
  isNull,
  lit,
  or,
  sub,
  type Condition,
  type EvalContext,
  type Expr,
  type Literal,
  type ViewFacts,
} from './conditions.ts';
import type { ListType } from './contracts.ts';
import type { ListColumn } from './list-row.ts';
import { viewDefinition, type ContractView, type SortOrder } from './views.ts';

const c = col.contracts;
const t = col.scaleTickets;

/** The SQL expression each sortable column sorts by, per list. expirationDay sorts by expiration. */
export const SORT_EXPRESSIONS: Readonly<Partial<Record<ListColumn, { contract?: Expr; deliveries?: Expr }>>> =
  Object.freeze({
    displayContractId: { contract: c('displayContractId') },
    client: { contract: col.client('name'), deliveries: col.client('name') },
    contractType: { contract: c('contractType') },
    cropYear: { contract: c('cropYear'), deliveries: t('cropYear') },
    contractStatus: { contract: c('status') },
    quantity: { contract: c('quantity'), deliveries: t('quantity') },
    deliveryStartIsoStr: { contract: c('deliveryStart') },
    deliveryEndIsoStr: { contract: c('deliveryEnd') },
    priceStatus: { contract: c('priceStatus') },
    averageFutures: { contract: c('futuresPrice') },
    averageBasis: { contract: c('basis') },
    averageCash: { contract: c('cashPrice') },
    deliveredQuantity: { contract: c('deliveredQuantity') },
    undeliveredQuantity: { contract: sub(sub(c('quantity'), c('cancelledQuantity')), c('deliveredQuantity')) },
    unpricedQuantity: { contract: sub(sub(c('quantity'), c('cancelledQuantity')), c('pricedQuantity')) },
    cancelledQuantity: { contract: c('cancelledQuantity') },
    optionMonth: { contract: c('optionMonth') },
    expiration: { contract: c('expiration') },
    expirationDay: { contract: c('expiration') },
    offerPrice: { contract: c('offerPrice') },
    strike: { contract: c('strike') },
    callOptionFee: { contract: c('callOptionFee') },
    lastTicketDate: { contract: c('lastTicketDate') },
    date: { contract: c('contractDate'), deliveries: t('deliveryDate') },
    eSignEligible: { contract: c('esignEligible') },
    eSignSent: { contract: c('esignSent') },
    signed: { contract: c('signed') },
    displayScaleTicketId: { deliveries: t('displayScaleTicketId') },
    scaleTicketNum: { deliveries: t('displayScaleTicketId') },
    deliveryDate: { deliveries: t('deliveryDate') },
    weight: { deliveries: t('weight') },
    actualApplied: { deliveries: t('appliedQuantity') },
    actualUnapplied: { deliveries: t('unappliedQuantity') },
    moisture: { deliveries: t('moisture') },
    testWeight: { deliveries: t('testWeight') },
    foreignMaterial: { deliveries: t('foreignMaterial') },
    damage: { deliveries: t('damage') },
  });

/** Columns whose sort parameter is not their own name (section 3 'Sorting'). */
const SORT_PARAM_ALIASES: Readonly<Partial<Record<ListColumn, string>>> = {
  eSignEligible: 'esign_eligible',
  expirationDay: 'expiration',
};

/** The `sort` query value for a column: eSignEligible → 'esign_eligible', expirationDay → 'expiration'. */
export function sortParamForColumn(column: ListColumn): string {
  return SORT_PARAM_ALIASES[column] ?? column;
}

/**
 * The column a `sort` query value means in a view, or null when it does not belong to the view: a
 * column's own name or its parameter alias ('esign_eligible'; 'expiration' also for expirationDay).
 */
export function sortColumnForParam(
  param: string | null | undefined,
  view: ContractView,
  listType?: ListType,
): ListColumn | null {
  if (!param) return null;
  const allowed = viewDefinition(view, listType).sortColumns;
  for (const column of allowed) if (column === param) return column;
  for (const column of allowed) if (sortParamForColumn(column) === param) return column;
  return null;
}

/**
 * The sort parameters to send for a view: only when the column belongs to the view (section 2);
 * otherwise none (the server then uses the view's default sort).
 */
export function sortParamsForView(
  view: ContractView,
  column: ListColumn | string | null | undefined,
  order: SortOrder | null | undefined,
  listType?: ListType,
): { sort?: string; sortOrder?: SortOrder } {
  const resolved = typeof column === 'string' ? sortColumnForParam(column, view, listType) : null;
  if (!resolved) return {};
  return order ? { sort: sortParamForColumn(resolved), sortOrder: order } : { sort: sortParamForColumn(resolved) };
}

export function sortExpression(column: ListColumn, listType: ListType): Expr {
  const e = SORT_EXPRESSIONS[column]?.[listType];
  if (!e) throw new Error(`Column ${column} cannot sort the ${listType} list`);
  return e;
}

export function idExpression(listType: ListType): Expr {
  return listType === 'deliveries' ? t('id') : c('id');
}

export type OrderTerm = { expr: Expr; order: SortOrder; nulls: 'last' };

/** ORDER BY terms: the column's expression NULLS LAST, then the id, both in `order`. */
export function orderByTerms(column: ListColumn, order: SortOrder, listType: ListType): OrderTerm[] {
  return [
    { expr: sortExpression(column, listType), order, nulls: 'last' },
    { expr: idExpression(listType), order, nulls: 'last' },
  ];
}

/** The key of the last row of a page: its sort value and id. */
export type KeysetCursor = { value: Literal; id: number };

/** A row's keyset key for a sort column (what the next page's token carries). */
export function keysetKeyOf(facts: ViewFacts, column: ListColumn, listType: ListType, ctx: EvalContext): KeysetCursor {
  const value = evaluateExpr(sortExpression(column, listType), facts, ctx);
  return { value: value === undefined ? null : value, id: facts.id };
}

/**
 * Rows strictly after `cursor` in the order of orderByTerms (NULLS LAST in both directions):
 * asc, value v: expr > v OR (expr = v AND id > id0) OR expr IS NULL; asc, NULL: expr IS NULL AND id > id0;
 * desc uses < instead of >.
 */
export function keysetCondition(
  column: ListColumn,
  order: SortOrder,
  listType: ListType,
  cursor: KeysetCursor,
): Condition {
  const expr = sortExpression(column, listType);
  const id = idExpression(listType);
  const after = order === 'asc' ? '>' : '<';
  const idAfter = cmp(id, after, lit(cursor.id, 'integer'));
  if (cursor.value === null) return and(isNull(expr), idAfter);
  const v = lit(cursor.value, exprType(expr));
  return or(cmp(expr, after, v), and(cmp(expr, '=', v), idAfter), isNull(expr));
}

/** Sorts rows in memory exactly as orderByTerms orders them in SQL (tests, the web's optimistic updates). */
export function compareByKeyset(
  a: KeysetCursor,
  b: KeysetCursor,
  order: SortOrder,
  type: Parameters<typeof compareExprValues>[0],
): number {
  const dir = order === 'asc' ? 1 : -1;
  if (a.value === null || b.value === null) {
    if (a.value !== null) return -1;
    if (b.value !== null) return 1;
  } else {
    const d = compareExprValues(type, a.value, b.value) ?? 0;
    if (d !== 0) return d * dir;
  }
  return (a.id - b.id) * dir;
}
