// The ten contract views of grain-marketing.md 4 ('predefined filters'): ids, tabs, list types, column
// sets, filters shown, sort columns, and each view's rule, once: a Condition tree (VIEW_RULES) that the
// server turns into SQL and evaluateCondition runs in memory (contractInView, taskListStatuses, and the
// client profile's clientExposure, which reports double_obligation's terms). The tests hold the trees to
// independent hand-written predicates (test-fixtures.ts). The definitions are explained for people in
// docs/crm-views.md.

import {
  ALWAYS,
  add,
  and,
  bool,
  cmp,
  coalesce,
  col,
  dec,
  distinct,
  evaluateCondition,
  evaluateExpr,
  inList,
  isNotNull,
  keptSum,
  mul,
  sub,
  text,
  TODAY,
  type Condition,
  type ContractFacts,
  type EvalContext,
  type Expr,
  type ViewFacts,
} from './conditions.ts';
import { OPTION_CONTRACT_TYPES, TASK_LIST_STATUSES, type ListType, type TaskListStatus } from './contracts.ts';
import { CrmDecimal, decimalString, toDecimal, toDecimalOrNull } from './exact.ts';
import type { ListColumn } from './list-row.ts';

export const CONTRACT_VIEWS = [
  'default',
  'delinquent',
  'to_arrive',
  'committed',
  'mp_pricing',
  'get_signatures',
  'unapplied',
  'needs_pricing',
  'double_obligation',
  'signature_mismatch',
] as const;
export type ContractView = (typeof CONTRACT_VIEWS)[number];
export const DEFAULT_VIEW: ContractView = 'default';

export function isContractView(value: unknown): value is ContractView {
  return typeof value === 'string' && (CONTRACT_VIEWS as readonly string[]).includes(value);
}

export const LIST_TABS = ['contracts', 'deliveries', 'contract-documents'] as const;
export type ListTab = (typeof LIST_TABS)[number];

export function isListTab(value: unknown): value is ListTab {
  return typeof value === 'string' && (LIST_TABS as readonly string[]).includes(value);
}

/** Section 4: unapplied → deliveries; get_signatures and signature_mismatch → contract-documents; the rest → contracts. */
export function viewTab(view: ContractView): ListTab {
  if (view === 'unapplied') return 'deliveries';
  if (view === 'get_signatures' || view === 'signature_mismatch') return 'contract-documents';
  return 'contracts';
}

/** unapplied belongs to the deliveries list; all other views to the contract list. */
export function viewListType(view: ContractView): ListType {
  return view === 'unapplied' ? 'deliveries' : 'contract';
}

export function tabListType(tab: ListTab): ListType {
  return tab === 'deliveries' ? 'deliveries' : 'contract';
}

/** The view a tab opens on when no view is named: contract-documents opens on get_signatures. */
export function tabDefaultView(tab: ListTab): ContractView {
  return tab === 'contract-documents' ? 'get_signatures' : 'default';
}

/** The views offered on a tab (its view picker): deliveries → default (all tickets) and unapplied. */
export function viewsForTab(tab: ListTab): ContractView[] {
  if (tab === 'deliveries') return ['default', 'unapplied'];
  return CONTRACT_VIEWS.filter((v) => viewTab(v) === tab);
}

/** The list filters (section 3 'List state' filters). */
export const LIST_FILTERS = [
  'crops',
  'years',
  'optionMonths',
  'contractTypes',
  'deliveryRange',
  'search',
  'view',
  'keyword',
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export type SortOrder = 'asc' | 'desc';
export const SORT_ORDERS = ['asc', 'desc'] as const;

export type ViewDefinition = {
  readonly view: ContractView;
  readonly label: string;
  readonly tab: ListTab;
  readonly listType: ListType;
  readonly columns: readonly ListColumn[];
  /** Columns the list may be sorted by in this view (each has an indexed or cheap SQL expression). */
  readonly sortColumns: readonly ListColumn[];
  readonly defaultSort: { readonly column: ListColumn; readonly order: SortOrder };
  /** Filters not offered (and ignored) in this view. */
  readonly hiddenFilters: readonly ListFilter[];
};

const ID_COLUMNS = [
  'displayContractId',
  'client',
  'contractType',
  'commodity',
  'cropYear',
] as const satisfies readonly ListColumn[];
const TICKET_COLUMNS = [
  'displayScaleTicketId',
  'client',
  'commodity',
  'cropYear',
  'deliveryDate',
  'weight',
  'quantity',
  'actualApplied',
  'actualUnapplied',
  'moisture',
  'testWeight',
  'foreignMaterial',
  'damage',
] as const satisfies readonly ListColumn[];
const TICKET_SORTS = [
  'displayScaleTicketId',
  'client',
  'deliveryDate',
  'quantity',
  'actualUnapplied',
] as const satisfies readonly ListColumn[];
const TICKET_HIDDEN_FILTERS = ['optionMonths', 'contractTypes'] as const satisfies readonly ListFilter[];

function def(
  view: ContractView,
  label: string,
  columns: readonly ListColumn[],
  sortColumns: readonly ListColumn[],
  defaultSort: { column: ListColumn; order: SortOrder },
  hiddenFilters: readonly ListFilter[] = [],
): ViewDefinition {
  return Object.freeze({
    view,
    label,
    tab: viewTab(view),
    listType: viewListType(view),
    columns,
    sortColumns,
    defaultSort,
    hiddenFilters,
  });
}

export const VIEW_DEFINITIONS: Readonly<Record<ContractView, ViewDefinition>> = Object.freeze({
  default: def(
    'default',
    'All contracts',
    [
      ...ID_COLUMNS,
      'contractStatus',
      'quantity',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'priceStatus',
      'averageFutures',
      'averageBasis',
      'averageCash',
      'optionMonth',
      'deliveredQuantity',
      'undeliveredQuantity',
      'cancelledQuantity',
      'date',
    ],
    [
      'displayContractId',
      'client',
      'contractType',
      'cropYear',
      'contractStatus',
      'quantity',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'priceStatus',
      'averageCash',
      'optionMonth',
      'date',
    ],
    { column: 'date', order: 'desc' },
  ),
  delinquent: def(
    'delinquent',
    'Delinquent',
    [
      ...ID_COLUMNS,
      'quantity',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'deliveredQuantity',
      'undeliveredQuantity',
      'lastTicketDate',
      'priceStatus',
      'averageCash',
    ],
    ['displayContractId', 'client', 'quantity', 'deliveryEndIsoStr', 'undeliveredQuantity', 'lastTicketDate'],
    { column: 'deliveryEndIsoStr', order: 'asc' },
  ),
  to_arrive: def(
    'to_arrive',
    'To arrive',
    [
      ...ID_COLUMNS,
      'quantity',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'deliveredQuantity',
      'undeliveredQuantity',
      'priceStatus',
      'optionMonth',
      'averageCash',
    ],
    ['displayContractId', 'client', 'quantity', 'deliveryStartIsoStr', 'deliveryEndIsoStr', 'undeliveredQuantity'],
    { column: 'deliveryStartIsoStr', order: 'asc' },
  ),
  committed: def(
    'committed',
    'Committed',
    [
      ...ID_COLUMNS,
      'quantity',
      'priceStatus',
      'averageFutures',
      'averageBasis',
      'averageCash',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'deliveredQuantity',
      'undeliveredQuantity',
      'date',
    ],
    ['displayContractId', 'client', 'quantity', 'averageCash', 'deliveryEndIsoStr', 'undeliveredQuantity', 'date'],
    { column: 'deliveryEndIsoStr', order: 'asc' },
  ),
  mp_pricing: def(
    'mp_pricing',
    'MP pricing',
    [
      ...ID_COLUMNS,
      'mpOption',
      'quantity',
      'unpricedQuantity',
      'optionMonth',
      'strike',
      'callOptionFee',
      'expiration',
      'expirationDay',
      'inTheMoney',
      'averageFutures',
      'averageBasis',
      'offerPrice',
    ],
    [
      'displayContractId',
      'client',
      'quantity',
      'unpricedQuantity',
      'optionMonth',
      'strike',
      'expiration',
      'expirationDay',
    ],
    { column: 'expiration', order: 'asc' },
  ),
  get_signatures: def(
    'get_signatures',
    'Get signatures',
    [...ID_COLUMNS, 'quantity', 'date', 'document', 'eSignEligible', 'eSignSent', 'signed', 'outstanding'],
    ['displayContractId', 'client', 'date', 'eSignEligible', 'eSignSent'],
    { column: 'date', order: 'asc' },
  ),
  unapplied: def(
    'unapplied',
    'Unapplied',
    TICKET_COLUMNS,
    TICKET_SORTS,
    { column: 'deliveryDate', order: 'asc' },
    TICKET_HIDDEN_FILTERS,
  ),
  needs_pricing: def(
    'needs_pricing',
    'Needs pricing',
    [
      ...ID_COLUMNS,
      'quantity',
      'priceStatus',
      'unpricedQuantity',
      'optionMonth',
      'averageFutures',
      'averageBasis',
      'offerPrice',
      'expiration',
      'daysAccumulated',
      'deliveryEndIsoStr',
    ],
    [
      'displayContractId',
      'client',
      'quantity',
      'priceStatus',
      'unpricedQuantity',
      'optionMonth',
      'expiration',
      'deliveryEndIsoStr',
    ],
    { column: 'deliveryEndIsoStr', order: 'asc' },
  ),
  double_obligation: def(
    'double_obligation',
    'Double obligation',
    [
      ...ID_COLUMNS,
      'quantity',
      'deliveredQuantity',
      'undeliveredQuantity',
      'deliveryStartIsoStr',
      'deliveryEndIsoStr',
      'priceStatus',
      'averageCash',
      'date',
    ],
    ['client', 'displayContractId', 'quantity', 'deliveryEndIsoStr', 'date'],
    { column: 'client', order: 'asc' },
  ),
  signature_mismatch: def(
    'signature_mismatch',
    'Signature mismatch',
    [
      ...ID_COLUMNS,
      'displayContractAmendmentId',
      'quantity',
      'date',
      'document',
      'eSignEligible',
      'eSignSent',
      'signed',
      'description',
    ],
    ['displayContractId', 'client', 'date', 'eSignEligible'],
    { column: 'date', order: 'desc' },
  ),
});

/** The deliveries list without a view: every scale ticket, newest first. */
export const DELIVERIES_LIST_DEFINITION: ViewDefinition = Object.freeze({
  ...def(
    'default',
    'All deliveries',
    TICKET_COLUMNS,
    TICKET_SORTS,
    { column: 'deliveryDate', order: 'desc' },
    TICKET_HIDDEN_FILTERS,
  ),
  tab: 'deliveries',
  listType: 'deliveries',
});

/** The definition in force: the view's own, except 'default' on the deliveries list (all tickets). */
export function viewDefinition(view: ContractView, listType: ListType = viewListType(view)): ViewDefinition {
  return view === 'default' && listType === 'deliveries' ? DELIVERIES_LIST_DEFINITION : VIEW_DEFINITIONS[view];
}

export function viewColumns(view: ContractView, listType?: ListType): readonly ListColumn[] {
  return viewDefinition(view, listType).columns;
}

/** Filters the list shows in a view: all but the hidden ones (unapplied hides option month and contract type). */
export function viewFilters(view: ContractView, listType?: ListType): ListFilter[] {
  const hidden = viewDefinition(view, listType).hiddenFilters;
  return LIST_FILTERS.filter((f) => !hidden.includes(f));
}

// ---------------------------------------------------------------------------------------------------
// The rules as conditions (for SQL)

const c = col.contracts;
const ZERO = dec('0');
const OPEN = cmp(c('status'), '=', text('open'));
const NOT_CANCELLED = cmp(c('status'), '<>', text('cancelled'));
/** quantity − cancelled (what is still contracted). */
const OPEN_QTY = sub(c('quantity'), c('cancelledQuantity'));
const UNDELIVERED = cmp(sub(OPEN_QTY, c('deliveredQuantity')), '>', ZERO);
const UNPRICED = cmp(sub(OPEN_QTY, c('pricedQuantity')), '>', ZERO);
const FULLY_PRICED = cmp(c('pricedQuantity'), '>=', OPEN_QTY);
const PURCHASE = cmp(c('direction'), '=', text('purchase'));

// double_obligation's terms, for the client, crop and crop year of the row's contract: the view compares them,
// the client profile reports them (clientExposure).
/** Σ (quantity − cancelled) of the client's purchase contracts (not cancelled) of the crop and crop year: kept by the database. */
const WITH_COMPANY: Expr = keptSum('contractedWithCompany');
/** The client's sales of the crop to others (missing = 0). */
const WITH_OTHER: Expr = coalesce(col.client('contractedWithOther'), ZERO);
/** area × estimated yield: NULL (no judgement) when either is unknown. */
const PRODUCTION: Expr = mul(col.client('area'), col.client('estimatedYield'));

export const VIEW_RULES: Readonly<Record<ContractView, Condition>> = Object.freeze({
  default: ALWAYS,
  delinquent: and(OPEN, cmp(c('deliveryEnd'), '<', TODAY), UNDELIVERED),
  to_arrive: and(OPEN, cmp(c('deliveryEnd'), '>=', TODAY), UNDELIVERED),
  committed: and(OPEN, FULLY_PRICED, UNDELIVERED),
  mp_pricing: and(inList(c('contractType'), OPTION_CONTRACT_TYPES), OPEN, UNPRICED),
  get_signatures: and(NOT_CANCELLED, cmp(c('esignEligible'), '=', bool(true)), cmp(c('signed'), '=', bool(false))),
  unapplied: cmp(col.scaleTickets('unappliedQuantity'), '>', ZERO),
  needs_pricing: and(OPEN, UNPRICED),
  double_obligation: and(
    PURCHASE,
    OPEN,
    isNotNull(col.client('area')),
    isNotNull(col.client('estimatedYield')),
    cmp(add(WITH_COMPANY, WITH_OTHER), '>', PRODUCTION),
  ),
  signature_mismatch: and(
    NOT_CANCELLED,
    cmp(c('signed'), '=', bool(true)),
    isNotNull(c('signedTermsHash')),
    distinct(c('termsHash'), c('signedTermsHash')),
  ),
});

/** Task-list statuses as conditions (the dashboard counts them in SQL). */
export const TASK_LIST_RULES: Readonly<Record<TaskListStatus, Condition>> = Object.freeze({
  signature_needed: VIEW_RULES.get_signatures,
  pricing_needed: VIEW_RULES.needs_pricing,
  delivery_needed: and(OPEN, cmp(c('deliveryStart'), '<=', TODAY), UNDELIVERED),
});

// ---------------------------------------------------------------------------------------------------
// The rules over rows in memory (the same trees, evaluated)

/**
 * Whether a row belongs to a view on `today` (the market's calendar day, 'YYYY-MM-DD'): its rule evaluated.
 * Contract views never hold scale tickets and unapplied never holds contracts; default holds every row of its list.
 */
export function contractInView(facts: ViewFacts, view: ContractView, today: string): boolean {
  if (view === 'default') return true;
  if ((viewListType(view) === 'deliveries') !== (facts.kind === 'scaleTicket')) return false;
  return evaluateCondition(VIEW_RULES[view], facts, { today });
}

/**
 * The dashboard task list (section 4 'Task-list statuses') of a contract: signature_needed (as
 * get_signatures), pricing_needed (as needs_pricing), delivery_needed (open, undelivered, and its
 * delivery window has opened: deliveryStart ≤ today).
 */
export function taskListStatuses(facts: ContractFacts, today: string): TaskListStatus[] {
  return TASK_LIST_STATUSES.filter((status) => evaluateCondition(TASK_LIST_RULES[status], facts, { today }));
}

export type ClientExposure = {
  /** area × estimated yield; null when either is unknown. */
  estimatedProduction: string | null;
  /** Σ (quantity − cancelled) of the client's purchase contracts, not cancelled, same crop and crop year. */
  contractedWithCompany: string;
  contractedWithOther: string;
  /** withCompany + withOther − production when positive, else '0'; null when production is unknown. */
  doubleObligation: string | null;
  /** production − withCompany − withOther when positive, else '0'; null when production is unknown. */
  remaining: string | null;
};

/** double_obligation's terms read no day (TODAY): they are evaluated without one. */
const NO_DAY: EvalContext = { today: '' };

/**
 * What a client has contracted for the crop and crop year of `facts` against what the farm is expected
 * to grow (the client profile's 'contracted' block: withCompany, withOther, doubleObligation, remaining):
 * double_obligation's own terms, evaluated. doubleObligation > 0 exactly when the rule's comparison holds.
 */
export function clientExposure(facts: ContractFacts): ClientExposure {
  const withCompany = toDecimal(evaluateExpr(WITH_COMPANY, facts, NO_DAY) as string);
  const withOther = toDecimal(evaluateExpr(WITH_OTHER, facts, NO_DAY) as string);
  const production = toDecimalOrNull(evaluateExpr(PRODUCTION, facts, NO_DAY) as string | null);
  const total = withCompany.plus(withOther);
  return {
    estimatedProduction: production === null ? null : decimalString(production),
    contractedWithCompany: decimalString(withCompany),
    contractedWithOther: decimalString(withOther),
    doubleObligation: production === null ? null : decimalString(CrmDecimal.max(total.minus(production), 0)),
    remaining: production === null ? null : decimalString(CrmDecimal.max(production.minus(total), 0)),
  };
}
