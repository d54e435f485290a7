// CRM list query parameters (grain-marketing.md 2 'CRM list query parameters'): parsing into a typed
// ListQuery (lenient: a value that does not fit is ignored, never an error, like the page-size clamp),
// the section 2 rules on the raw parameters (market choice, has-filters, clear filters, token without
// page, opening a client, per-view sort columns), the canonical parameters to put back in a URL, and the
// filters as one Condition for the server's WHERE clause.

import { z } from 'zod';
import { clampPage, clampPageSize, type PageSize } from '../lists/limits.ts';
import { ALWAYS, and, cmp, col, contains, inList, lit, or, type Condition } from './conditions.ts';
import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  type ContractStatus,
  type ContractType,
  type ListType,
} from './contracts.ts';
import { cropBySymbol, expandCropFilter, findCrop } from './crops.ts';
import { isIsoDate } from './exact.ts';
import type { ListColumn } from './list-row.ts';
import { canonicalJson, fnv1a32 } from './pagination.ts';
import { sortColumnForParam, sortParamForColumn } from './sorting.ts';
import {
  SORT_ORDERS,
  VIEW_RULES,
  isContractView,
  isListTab,
  tabDefaultView,
  tabListType,
  viewDefinition,
  viewListType,
  viewTab,
  type ContractView,
  type ListTab,
  type SortOrder,
} from './views.ts';

/** Every parameter of section 2's list, in its order. */
export const LIST_QUERY_PARAMS = [
  'commodity',
  'crop',
  'cropId',
  'cropYear',
  'from',
  'to',
  'predefinedFilter',
  'tab_filter',
  'optionMonth',
  'contractType',
  'tag',
  'tab',
  'page',
  'pageSize',
  'paginationToken',
  'search',
  'sort',
  'sortOrder',
  'market_id',
  'cropFilter',
  'instrumentVisibility',
  'instrument',
  'client_legal_entity_id',
  'status',
  'client_contact_id',
  'note_id',
  'recentClientActivity',
  'highlight_id',
  'demo_markets',
  'crop_year',
  'document_id',
  'structure_view',
  'structureType',
  'location',
  'type',
  'program_id',
] as const;
export type ListQueryParam = (typeof LIST_QUERY_PARAMS)[number];

/** Parameters that do not make a list 'filtered' (section 2): the context, the tab and the paging. */
export const NON_FILTER_PARAMS = [
  'market_id',
  'paginationToken',
  'tab',
  'page',
  'pageSize',
  'tab_filter',
  'commodity',
  'cropId',
  'crop_year',
] as const;

/**
 * What 'clear filters' keeps by default: the non-filter parameters minus the paging (a cleared list
 * starts again at page 1). After clearFilters(p), hasFilters is false.
 */
export const CLEAR_FILTERS_KEEP = [
  'market_id',
  'tab',
  'tab_filter',
  'pageSize',
  'commodity',
  'cropId',
  'crop_year',
] as const;

/** Parameters that only mean something on one client's profile (its note, contact, highlighted record). */
export const CLIENT_PROFILE_ONLY_PARAMS = ['note_id', 'client_contact_id', 'highlight_id'] as const;

/** The raw parameters as a query parser gives them: a string, or an array for a repeated key. */
export type ListParams = Readonly<Record<string, string | readonly string[] | null | undefined>>;
/** Parameters after one of the rules: one string per key. */
export type ListParamsOut = Record<string, string>;

function first(value: string | readonly string[] | null | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string') return null;
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
}

function all(value: string | readonly string[] | null | undefined): string[] {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return (values as readonly string[])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function flatten(params: ListParams): ListParamsOut {
  const out: ListParamsOut = {};
  for (const [k, v] of Object.entries(params)) {
    const values = Array.isArray(v) ? (v as readonly string[]) : typeof v === 'string' ? [v] : [];
    const joined = values.filter((x) => x.trim() !== '').join(',');
    if (joined !== '') out[k] = joined;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Section 2 rules on raw parameters

/** 'Has filters': any parameter other than NON_FILTER_PARAMS has a non-empty value. */
export function hasFilters(params: ListParams): boolean {
  return Object.entries(params).some(
    ([k, v]) => !(NON_FILTER_PARAMS as readonly string[]).includes(k) && all(v).length > 0,
  );
}

/** Clearing filters keeps only the named parameters (default CLEAR_FILTERS_KEEP). */
export function clearFilters(params: ListParams, keep: readonly string[] = CLEAR_FILTERS_KEEP): ListParamsOut {
  const flat = flatten(params);
  const out: ListParamsOut = {};
  for (const k of keep) if (flat[k] !== undefined) out[k] = flat[k];
  return out;
}

/** A paginationToken is dropped when there is no page. */
export function dropTokenWithoutPage(params: ListParams): ListParamsOut {
  const out = flatten(params);
  if (first(params.page) === null) delete out.paginationToken;
  return out;
}

/**
 * The market in force: market_id when it is one of the user's markets, else the user's first market;
 * null when the user has none.
 */
export function chooseMarketId(
  marketIdParam: string | readonly string[] | number | null | undefined,
  userMarketIds: readonly number[],
): number | null {
  const raw = typeof marketIdParam === 'number' ? String(marketIdParam) : first(marketIdParam);
  if (raw !== null && /^\d{1,15}$/.test(raw)) {
    const id = Number(raw);
    if (userMarketIds.includes(id)) return id;
  }
  return userMarketIds[0] ?? null;
}

/**
 * Opening a client from a list: removes the client-profile-only parameters and sets commodity to the
 * client's defaultCommodity and crop_year to its defaultCropYear (each left as it is when the client has
 * none). cropId is removed when the commodity is set (the commodity names the crop), and so is the
 * paging (another client, another list).
 */
export function openClientParams(
  params: ListParams,
  client: { defaultCommodity: string | null | undefined; defaultCropYear: number | null | undefined },
): ListParamsOut {
  const out = flatten(params);
  for (const k of CLIENT_PROFILE_ONLY_PARAMS) delete out[k];
  delete out.page;
  delete out.paginationToken;
  if (client.defaultCommodity) {
    out.commodity = client.defaultCommodity;
    delete out.cropId;
  }
  if (client.defaultCropYear !== null && client.defaultCropYear !== undefined)
    out.crop_year = String(client.defaultCropYear);
  return out;
}

/**
 * Per-view sort columns are sent only when the sort column belongs to the view: returns the parameters
 * without sort and sortOrder when it does not, with the column's parameter name when it does.
 */
export function applyViewSortParams(params: ListParams): ListParamsOut {
  const out = flatten(params);
  const q = parseListQuery(params);
  const column = sortColumnForParam(first(params.sort), q.view, q.listType);
  if (column === null) {
    delete out.sort;
    delete out.sortOrder;
  } else {
    out.sort = sortParamForColumn(column);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The typed query

export type ListQuery = {
  /** market_id as given (the server resolves it with chooseMarketId against the user's markets). */
  marketId: number | null;
  listType: ListType;
  tab: ListTab;
  view: ContractView;
  /** Context: the selected commodity (commodity code), crop (cropId or the commodity's crop) and crop year (crop_year). */
  commodity: string | null;
  selectedCropId: number | null;
  selectedCropYear: number | null;
  /** Filters: crops (crop, cropFilter: ids, codes or names; 'all' = every crop) and years (cropYear). */
  crops: number[];
  allCrops: boolean;
  cropYears: number[];
  /** Delivery range (from, to: 'YYYY-MM-DD'): contracts whose delivery window overlaps it; tickets delivered in it. */
  from: string | null;
  to: string | null;
  optionMonths: string[];
  contractTypes: ContractType[];
  /** tag: a keyword in the description, specialty or MP option (a ticket's number on the deliveries list). */
  keyword: string | null;
  /** search: part of the contract or ticket number or of the client's name. */
  search: string | null;
  statuses: ContractStatus[];
  /** client_legal_entity_id. */
  clientId: number | null;
  /** document_id: only the contract of this document (the server joins contract_documents). */
  documentId: number | null;
  /** highlight_id: the row the web highlights; not a filter. */
  highlightId: string | null;
  /** tab_filter: a sub-filter of the tab the web keeps; not a filter of these rules. */
  tabFilter: string | null;
  sort: ListColumn;
  sortOrder: SortOrder;
  page: number;
  pageSize: PageSize;
  /** Only with a page (section 2). */
  paginationToken: string | null;
};

const ID_RE = /^\d{1,15}$/;
const YEAR_RE = /^\d{4}$/;
const OPTION_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_TEXT = 200;

function intParam(v: string | null): number | null {
  return v !== null && ID_RE.test(v) ? Number(v) : null;
}

function textParam(v: string | null): string | null {
  return v === null ? null : v.slice(0, MAX_TEXT);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

export type ParseListQueryOptions = {
  /** The list the page shows when the parameters do not say (/crm/deliveries → 'deliveries'). */
  listType?: ListType;
};

/** The typed query of raw parameters. Never throws: values that do not fit are ignored. */
export function parseListQuery(params: ListParams, options: ParseListQueryOptions = {}): ListQuery {
  const p = (k: ListQueryParam) => first(params[k]);

  // View, tab and list type: a named view decides its tab; 'default' stays on the deliveries tab when asked.
  const viewParam = p('predefinedFilter');
  const namedView = isContractView(viewParam) ? viewParam : null;
  const tabParam = p('tab');
  const typeParam = p('type');
  const wantsDeliveries =
    tabParam === 'deliveries' ||
    (tabParam === null && (typeParam === 'deliveries' || (typeParam === null && options.listType === 'deliveries')));
  let view: ContractView;
  let tab: ListTab;
  if (namedView !== null && namedView !== 'default') {
    view = namedView;
    tab = viewTab(namedView);
  } else if (namedView === 'default') {
    view = 'default';
    tab = wantsDeliveries ? 'deliveries' : 'contracts';
  } else {
    tab = isListTab(tabParam) ? tabParam : wantsDeliveries ? 'deliveries' : 'contracts';
    view = tabDefaultView(tab);
  }
  const listType = view === 'default' ? tabListType(tab) : viewListType(view);
  const definition = viewDefinition(view, listType);
  const hidden = definition.hiddenFilters;
  const isContracts = listType === 'contract';

  // Crops and years.
  const commodityParam = p('commodity');
  const commodityCrop = cropBySymbol(commodityParam);
  const cropIdParam = intParam(p('cropId'));
  const selectedCropId = cropIdParam ?? commodityCrop?.id ?? null;
  const cropValues = [...all(params.crop), ...all(params.cropFilter)];
  const allCrops = cropValues.some((v) => v.toLowerCase() === 'all');
  const crops = allCrops
    ? []
    : unique(cropValues.map((v) => findCrop(v)?.id).filter((id): id is number => id !== undefined));
  const selectedYear = p('crop_year');
  const cropYears = unique(
    all(params.cropYear)
      .filter((y) => YEAR_RE.test(y))
      .map(Number),
  );

  // Delivery range (swapped when given backwards).
  let from = p('from');
  let to = p('to');
  from = isIsoDate(from) ? from : null;
  to = isIsoDate(to) ? to : null;
  if (from !== null && to !== null && from > to) [from, to] = [to, from];

  // Sort: only a column of the view; else the view's default. Columns that share a sort parameter
  // (expirationDay → expiration) are read as the parameter's own column, so URLs round-trip.
  const named = sortColumnForParam(p('sort'), view, listType);
  const sortColumn = named === null ? null : (sortColumnForParam(sortParamForColumn(named), view, listType) ?? named);
  const orderParam = p('sortOrder')?.toLowerCase() ?? null;
  const order = (SORT_ORDERS as readonly string[]).includes(orderParam ?? '') ? (orderParam as SortOrder) : null;

  const pageParam = p('page');
  const page = clampPage(pageParam);

  return {
    marketId: intParam(p('market_id')),
    listType,
    tab,
    view,
    commodity: commodityCrop?.symbol ?? null,
    selectedCropId,
    selectedCropYear: selectedYear !== null && YEAR_RE.test(selectedYear) ? Number(selectedYear) : null,
    crops,
    allCrops,
    cropYears,
    from,
    to,
    optionMonths:
      isContracts && !hidden.includes('optionMonths')
        ? unique(all(params.optionMonth).filter((m) => OPTION_MONTH_RE.test(m)))
        : [],
    contractTypes:
      isContracts && !hidden.includes('contractTypes')
        ? unique(
            all(params.contractType).filter((t): t is ContractType =>
              (CONTRACT_TYPES as readonly string[]).includes(t),
            ),
          )
        : [],
    keyword: textParam(p('tag')),
    search: textParam(p('search')),
    statuses: isContracts
      ? unique(
          all(params.status).filter((s): s is ContractStatus => (CONTRACT_STATUSES as readonly string[]).includes(s)),
        )
      : [],
    clientId: intParam(p('client_legal_entity_id')),
    documentId: isContracts ? intParam(p('document_id')) : null,
    highlightId: textParam(p('highlight_id')),
    tabFilter: textParam(p('tab_filter')),
    sort: sortColumn ?? definition.defaultSort.column,
    sortOrder: order ?? (sortColumn ? 'asc' : definition.defaultSort.order),
    page,
    pageSize: clampPageSize(params.pageSize),
    paginationToken: pageParam !== null && page > 1 ? p('paginationToken') : null,
  };
}

const paramValue = z.union([z.string(), z.array(z.string())]).nullish();

/**
 * zod schema from raw query parameters to a ListQuery (route querystring schemas on the server; the
 * web's URL state). Unknown parameters are ignored; it fails only when a value is not text.
 */
export const listQuerySchema = z.record(z.string(), paramValue).transform((params) => parseListQuery(params));

/**
 * The canonical URL parameters of a query: only what differs from the defaults, with the view's sort
 * parameter names, and a paginationToken only with a page.
 */
export function listQueryToParams(q: ListQuery): ListParamsOut {
  const out: ListParamsOut = {};
  const set = (k: ListQueryParam, v: string | number | null | readonly (string | number)[]) => {
    if (v === null) return;
    const s = Array.isArray(v) ? v.join(',') : String(v);
    if (s !== '') out[k] = s;
  };
  set('market_id', q.marketId);
  if (q.view !== 'default') set('predefinedFilter', q.view);
  const definition = viewDefinition(q.view, q.listType);
  if (q.tab !== viewTab(q.view) || (q.view === 'default' && q.tab !== 'contracts')) set('tab', q.tab);
  if (q.commodity !== null) set('commodity', q.commodity);
  if (q.selectedCropId !== null && cropBySymbol(q.commodity)?.id !== q.selectedCropId) set('cropId', q.selectedCropId);
  set('crop_year', q.selectedCropYear);
  if (q.allCrops) set('crop', 'all');
  else set('crop', q.crops);
  set('cropYear', q.cropYears);
  set('from', q.from);
  set('to', q.to);
  set('optionMonth', q.optionMonths);
  set('contractType', q.contractTypes);
  set('tag', q.keyword);
  set('search', q.search);
  set('status', q.statuses);
  set('client_legal_entity_id', q.clientId);
  set('document_id', q.documentId);
  set('highlight_id', q.highlightId);
  set('tab_filter', q.tabFilter);
  if (q.sort !== definition.defaultSort.column || q.sortOrder !== definition.defaultSort.order) {
    set('sort', sortParamForColumn(q.sort));
    set('sortOrder', q.sortOrder);
  }
  if (q.page > 1) {
    set('page', q.page);
    set('paginationToken', q.paginationToken);
  }
  if (q.pageSize !== 100) set('pageSize', q.pageSize);
  return out;
}

/**
 * Fingerprint of everything that decides which rows a page holds and in what order (not the page, the
 * token, the highlight or the tab sub-filter). Call it after the server has resolved marketId.
 */
export function listQueryFingerprint(q: ListQuery): string {
  const { page: _page, paginationToken: _token, highlightId: _highlight, tabFilter: _tabFilter, ...rest } = q;
  return fnv1a32(canonicalJson(rest));
}

/** The crop ids the list is restricted to (empty: every crop). */
export function effectiveCropIds(q: ListQuery): number[] {
  if (q.allCrops) return [];
  if (q.crops.length > 0) return expandCropFilter(q.crops);
  return q.selectedCropId !== null ? expandCropFilter([q.selectedCropId]) : [];
}

/** The crop years the list is restricted to (empty: every year): cropYear filter, else crop_year. */
export function effectiveCropYears(q: ListQuery): number[] {
  if (q.cropYears.length > 0) return q.cropYears;
  return q.selectedCropYear !== null ? [q.selectedCropYear] : [];
}

/**
 * The query's filters and its view rule as one Condition over the list's table (contracts or
 * scaleTickets, with legalEntities as the client). The server ANDs its own scope (partner, and the
 * market it resolved) and, for documentId, its join.
 */
export function listQueryCondition(q: ListQuery): Condition {
  const parts: Condition[] = [VIEW_RULES[q.view]];
  const isContracts = q.listType === 'contract';
  const column = isContracts ? col.contracts : col.scaleTickets;
  if (q.marketId !== null) parts.push(cmp(column('marketId'), '=', lit(q.marketId, 'integer')));
  const crops = effectiveCropIds(q);
  if (crops.length > 0) parts.push(inList(column('cropId'), crops));
  const years = effectiveCropYears(q);
  if (years.length > 0) parts.push(inList(column('cropYear'), years));
  if (q.clientId !== null) parts.push(cmp(column('clientId'), '=', lit(q.clientId, 'integer')));
  if (isContracts) {
    const c = col.contracts;
    if (q.from !== null) parts.push(cmp(c('deliveryEnd'), '>=', lit(q.from, 'date')));
    if (q.to !== null) parts.push(cmp(c('deliveryStart'), '<=', lit(q.to, 'date')));
    if (q.optionMonths.length > 0) parts.push(inList(c('optionMonth'), q.optionMonths));
    if (q.contractTypes.length > 0) parts.push(inList(c('contractType'), q.contractTypes));
    if (q.statuses.length > 0) parts.push(inList(c('status'), q.statuses));
    if (q.search !== null)
      parts.push(or(contains(c('displayContractId'), q.search), contains(col.client('name'), q.search)));
    if (q.keyword !== null) {
      parts.push(
        or(
          contains(c('description'), q.keyword),
          contains(c('specialty'), q.keyword),
          contains(c('mpOption'), q.keyword),
        ),
      );
    }
  } else {
    const t = col.scaleTickets;
    if (q.from !== null) parts.push(cmp(t('deliveryDate'), '>=', lit(q.from, 'date')));
    if (q.to !== null) parts.push(cmp(t('deliveryDate'), '<=', lit(q.to, 'date')));
    if (q.search !== null)
      parts.push(or(contains(t('displayScaleTicketId'), q.search), contains(col.client('name'), q.search)));
    if (q.keyword !== null) parts.push(contains(t('displayScaleTicketId'), q.keyword));
  }
  const real = parts.filter((x) => x !== ALWAYS);
  return real.length === 0 ? ALWAYS : real.length === 1 ? real[0]! : and(...real);
}
