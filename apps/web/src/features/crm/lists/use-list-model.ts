import {
  applyViewSortParams,
  canUseListTab,
  chooseMarketId,
  clearFilters,
  dropTokenWithoutPage,
  hasFilters,
  LIST_TABS,
  listQueryToParams,
  parseListQuery,
  sortParamForColumn,
  tabDefaultView,
  viewDefinition,
  viewFilters,
  viewTab,
  type ContractView,
  type CrmMarketRow,
  type EntitlementContext,
  type ListColumn,
  type ListFilter,
  type ListQuery,
  type ListTab,
  type MerchandisingBootstrap,
  type SortOrder,
  type ViewDefinition,
} from '@granary/domain';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentRouteDef, useLocalizedPath } from '../../../lib/routing/route-handle';
import { useSelectedMarket } from '../components/use-selected-market';
import type { CrmContextData } from '../components/crm-page-frame';

/** The raw list parameters of the URL, one string per key (repeated keys joined with commas, as the domain reads them). */
export type RawParams = Record<string, string>;

function paramsOf(search: URLSearchParams): RawParams {
  const out: RawParams = {};
  for (const key of new Set(search.keys())) {
    const joined = search
      .getAll(key)
      .filter((value) => value.trim() !== '')
      .join(',');
    if (joined !== '') out[key] = joined;
  }
  return out;
}

/** The section 6 entitlement context of one market (the same inputs the server's entitlementsFor uses). */
function entitlementContext(bootstrap: MerchandisingBootstrap, market: CrmMarketRow): EntitlementContext {
  return {
    brand: bootstrap.partner.shortName,
    marketPermissions: market.userPermissions,
    partnerHasCrm: bootstrap.partnerHasCrm,
    structuredProductAccess: bootstrap.structuredProductAccess,
    marketSustainabilityEnabled: market.sustainabilityEnabled,
  };
}

/** Parameters that move the list to another set of rows: a change of any of them starts again at page 1. */
const PAGING = ['page', 'paginationToken'] as const;

/** What a tab switch keeps: the market, the context, the page size and the filters both lists share. */
const TAB_SWITCH_KEEP = [
  'market_id',
  'pageSize',
  'commodity',
  'cropId',
  'crop_year',
  'crop',
  'cropFilter',
  'cropYear',
  'from',
  'to',
  'search',
] as const;

/** The route of a tab: deliveries live on /crm/deliveries; contracts and contract documents on /crm/contracts. */
function tabPath(tab: ListTab): string {
  return tab === 'deliveries' ? '/crm/deliveries' : '/crm/contracts';
}

/**
 * The list parameters as the page's route reads them: on /crm/deliveries a list without a deliveries view is the
 * deliveries tab (the route is the tab); on /crm/contracts the parameters decide.
 */
export function effectiveParams(raw: RawParams, deliveriesRoute: boolean): RawParams {
  if (!deliveriesRoute) return raw;
  const out = { ...raw };
  if (out.predefinedFilter !== 'unapplied') delete out.predefinedFilter;
  out.tab = 'deliveries';
  delete out.type;
  return out;
}

/**
 * The list call's parameters for a URL, outside React: the same reading as useListModel (route, view, the first
 * market where the tab may be used when market_id names none), so that the first page can be asked for as soon as
 * the markets are known (prefetchContractList), before the page has rendered. null when no market allows the tab.
 */
export function listApiParams(
  search: URLSearchParams,
  deliveriesRoute: boolean,
  context: Pick<CrmContextData, 'bootstrap' | 'markets'>,
): Record<string, string> | null {
  const parsed = parseListQuery(effectiveParams(paramsOf(search), deliveriesRoute));
  const usable = context.markets
    .filter((market) => canUseListTab(entitlementContext(context.bootstrap, market), parsed.tab))
    .map((market) => market.id);
  const marketId = chooseMarketId(search.get('market_id'), usable);
  if (marketId === null) return null;
  return listQueryToParams({ ...parsed, marketId, highlightId: null, tabFilter: null });
}

export type ListModel = {
  deliveriesRoute: boolean;
  raw: RawParams;
  query: ListQuery;
  definition: ViewDefinition;
  filters: readonly ListFilter[];
  market: CrmMarketRow | null;
  marketId: number | null;
  markets: CrmMarketRow[];
  tabs: ListTab[];
  /** The canonical parameters of the list call (market resolved, highlight and tab sub-filter left out). */
  apiParams: Record<string, string> | null;
  filtered: boolean;
  selectMarket: (marketId: number) => void;
  /** Sets (or, with null / '' / [], removes) parameters; the list starts again at page 1. */
  setFilters: (patch: Record<string, string | readonly (string | number)[] | null>) => void;
  selectTab: (tab: ListTab) => void;
  selectView: (view: ContractView) => void;
  sortBy: (column: ListColumn) => void;
  setPageSize: (size: number) => void;
  goToPage: (page: number, token?: string | null) => void;
  clear: () => void;
};

/**
 * The URL state of the contract and delivery lists (grain-marketing.md 2 'CRM list query parameters' and its
 * rules), read with the domain's parseListQuery and written back with its rules: has filters, clear filters, a
 * token only with a page, per-view sort columns.
 */
export function useListModel(context: CrmContextData): ListModel {
  const deliveriesRoute = useCurrentRouteDef()?.id === 'crm-deliveries';
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const raw = useMemo(() => paramsOf(search), [search]);
  const effective = useMemo(() => effectiveParams(raw, deliveriesRoute), [raw, deliveriesRoute]);
  const parsed = useMemo(() => parseListQuery(effective), [effective]);

  // The markets where this list's tab may be used (the server lists the first such market when none is named).
  const usable = useCallback(
    (market: CrmMarketRow) => canUseListTab(entitlementContext(context.bootstrap, market), parsed.tab),
    [context.bootstrap, parsed.tab],
  );
  const { market, marketId, markets, selectMarket } = useSelectedMarket(context.markets, usable);
  const tabs = useMemo(
    () => (market ? LIST_TABS.filter((tab) => canUseListTab(entitlementContext(context.bootstrap, market), tab)) : []),
    [context.bootstrap, market],
  );

  const query = useMemo<ListQuery>(() => ({ ...parsed, marketId }), [parsed, marketId]);
  const definition = viewDefinition(query.view, query.listType);
  const filters = viewFilters(query.view, query.listType);
  const apiParams = useMemo(
    () => (marketId === null ? null : listQueryToParams({ ...query, highlightId: null, tabFilter: null })),
    [marketId, query],
  );

  const write = useCallback(
    (next: RawParams, options: { replace?: boolean } = {}) => {
      setSearch(new URLSearchParams(dropTokenWithoutPage(next)), { replace: options.replace ?? false });
    },
    [setSearch],
  );

  const setFilters = useCallback(
    (patch: Record<string, string | readonly (string | number)[] | null>) => {
      const next: RawParams = { ...raw };
      for (const [key, value] of Object.entries(patch)) {
        const text = value === null ? '' : typeof value === 'string' ? value.trim() : value.join(',');
        if (text === '') delete next[key];
        else next[key] = text;
      }
      for (const key of PAGING) delete next[key];
      delete next.highlight_id;
      write(next, { replace: 'search' in patch || 'tag' in patch });
    },
    [raw, write],
  );

  const selectTab = useCallback(
    (tab: ListTab) => {
      const next: RawParams = {};
      for (const key of TAB_SWITCH_KEEP) if (raw[key] !== undefined) next[key] = raw[key];
      if (tab === 'contract-documents') next.tab = tab;
      const search = new URLSearchParams(next).toString();
      navigate(`${localized(tabPath(tab))}${search ? `?${search}` : ''}`);
    },
    [raw, navigate, localized],
  );

  const selectView = useCallback(
    (view: ContractView) => {
      const next: RawParams = { ...raw };
      for (const key of PAGING) delete next[key];
      delete next.highlight_id;
      const tab = viewTab(view);
      if (view === tabDefaultView(query.tab) || (view === 'default' && query.tab === 'deliveries'))
        delete next.predefinedFilter;
      else next.predefinedFilter = view;
      if (query.tab === 'contract-documents' && tab === 'contract-documents') next.tab = 'contract-documents';
      else delete next.tab;
      // Filters the new view hides are dropped; a sort column outside the view is not sent (section 2).
      for (const filter of viewDefinition(view, query.listType).hiddenFilters) {
        if (filter === 'optionMonths') delete next.optionMonth;
        if (filter === 'contractTypes') delete next.contractType;
      }
      const checked = applyViewSortParams(effectiveParams(next, deliveriesRoute));
      if (deliveriesRoute && next.tab === undefined) delete checked.tab;
      write(checked);
    },
    [raw, query.tab, query.listType, deliveriesRoute, write],
  );

  const sortBy = useCallback(
    (column: ListColumn) => {
      const next: RawParams = { ...raw };
      for (const key of PAGING) delete next[key];
      // Columns sharing a sort parameter (expirationDay sorts by expiration) are one sort.
      const same = sortParamForColumn(query.sort) === sortParamForColumn(column);
      const order: SortOrder = same && query.sortOrder === 'asc' ? 'desc' : 'asc';
      next.sort = sortParamForColumn(column);
      next.sortOrder = order;
      const checked = applyViewSortParams(effectiveParams(next, deliveriesRoute));
      if (deliveriesRoute && raw.tab === undefined) delete checked.tab;
      write(checked);
    },
    [raw, query.sort, query.sortOrder, deliveriesRoute, write],
  );

  const setPageSize = useCallback(
    (size: number) => {
      const next: RawParams = { ...raw };
      for (const key of PAGING) delete next[key];
      if (size === 100) delete next.pageSize;
      else next.pageSize = String(size);
      write(next);
    },
    [raw, write],
  );

  const goToPage = useCallback(
    (page: number, token?: string | null) => {
      const next: RawParams = { ...raw };
      delete next.paginationToken;
      delete next.highlight_id;
      if (page <= 1) delete next.page;
      else {
        next.page = String(page);
        if (token) next.paginationToken = token;
      }
      write(next);
    },
    [raw, write],
  );

  const clear = useCallback(() => write(clearFilters(raw)), [raw, write]);

  return {
    deliveriesRoute,
    raw,
    query,
    definition,
    filters,
    market,
    marketId,
    markets,
    tabs,
    apiParams,
    filtered: hasFilters(raw),
    selectMarket,
    setFilters,
    selectTab,
    selectView,
    sortBy,
    setPageSize,
    goToPage,
    clear,
  };
}
