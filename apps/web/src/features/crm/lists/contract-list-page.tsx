import AddRoundedIcon from '@mui/icons-material/AddRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { MAX_TOTAL_ROWS, formatNumber, isoDateInZone, openClientParams, type ContractListRow } from '@granary/domain';
import { Box, Button, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/t';
import { useCurrentRouteDef, useLocalizedPath } from '../../../lib/routing/route-handle';
import { GridToolbar } from '../../../lib/ui/grid/grid-toolbar';
import { useSlashToSearch } from '../../../lib/ui/grid/use-grid-keyboard';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { ContractDrawer } from '../contract/contract-drawer';
import { NewContractDialog } from '../contract-writing/new-contract-dialog';
import { DeliveriesHeaderActions, UnappliedBulkBar, useUnappliedActions } from '../deliveries/unapplied-actions';
import { contractCsvHref, contractSearchQueryOptions, useContractSearch } from './api/contract-search';
import { useOptionMonths } from './api/option-months';
import { ContractTable, contractGridColumns } from './components/contract-table';
import { FilterIndicator, ListFilters, ListSearch, useCompactFilters } from './components/list-filters';
import { ListPagination } from './components/list-pagination';
import { ListTabs, ViewPicker, viewMessageId } from './components/list-tabs';
import { BulkActionsBar, ContractRowAction, bulkActionsOf, rowActionOf } from './components/row-actions';
import { useRowSelection } from './components/use-row-selection';
import { OpenPositionsToggle } from '../pricing/open-positions';
import { useListModel, type ListModel, type RawParams } from './use-list-model';

type ContractSearch = ReturnType<typeof useContractSearch>;

/** The page size and the market are the user's, not part of a saved view. */
const LIST_PAGE_PARAMS = ['pageSize'];

/**
 * The path of a client's profile opened from a list row (grain-marketing.md 2 'Opening a client from a list'): the
 * domain's openClientParams. A list row does not carry the client's defaultCommodity / defaultCropYear, so the
 * list's commodity and crop-year context is left out and the profile falls back to the client's own defaults (the
 * profile call's documented default) — the outcome the rule asks for.
 */
export function clientProfilePath(raw: RawParams, row: Pick<ContractListRow, 'clientId'>): string {
  const params = openClientParams(raw, { defaultCommodity: null, defaultCropYear: null });
  delete params.commodity;
  delete params.cropId;
  delete params.crop_year;
  const search = new URLSearchParams(params).toString();
  return `/crm/client/${row.clientId}${search ? `?${search}` : ''}`;
}

/** The heading's actions: the market, the CSV export of the current view and a new contract (issue 14). */
function ListActions({ context }: { context: CrmContextData }) {
  const t = useT();
  const model = useListModel(context);
  const [writing, setWriting] = useState(false);
  const canWrite = context.markets.some((m) => m.entitlements.includes('grain-buying-contracts'));
  return (
    <>
      {canWrite && !model.deliveriesRoute ? (
        <>
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setWriting(true)}>
            {t('crm.write.new')}
          </Button>
          <NewContractDialog
            open={writing}
            onClose={() => setWriting(false)}
            markets={context.markets}
            marketId={model.marketId}
          />
        </>
      ) : null}
      {model.deliveriesRoute ? <DeliveriesHeaderActions market={model.market} /> : null}
      {model.markets.length > 0 ? (
        <MarketSelector markets={model.markets} marketId={model.marketId} onChange={model.selectMarket} />
      ) : null}
      {model.apiParams ? (
        <Tooltip title={t('crm.lists.exportHint')} describeChild>
          <Button
            variant="outlined"
            component="a"
            href={contractCsvHref(model.apiParams)}
            download
            startIcon={<FileDownloadOutlinedIcon />}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('crm.lists.export')}
          </Button>
        </Tooltip>
      ) : null}
    </>
  );
}

/**
 * Keeps the route and the URL right: /crm/contracts asked for the deliveries list goes to /crm/deliveries, and the
 * market in force goes into the URL. True while on the wrong route (the list is not fetched then).
 */
function useListRoute(model: ListModel): boolean {
  const { query, marketId, raw, deliveriesRoute } = model;
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const location = useLocation();
  const [, setSearch] = useSearchParams();

  // /crm/contracts asked for the deliveries list (tab=deliveries, predefinedFilter=unapplied): its route is /crm/deliveries.
  const wrongRoute = !deliveriesRoute && query.tab === 'deliveries';
  useEffect(() => {
    if (wrongRoute) navigate(`${localized('/crm/deliveries')}${location.search}`, { replace: true });
  }, [wrongRoute, navigate, localized, location.search]);

  // The market in force goes into the URL, so that a shared or reloaded link opens the same market.
  useEffect(() => {
    if (marketId !== null && raw.market_id !== String(marketId)) {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('market_id', String(marketId));
          return next;
        },
        { replace: true },
      );
    }
  }, [marketId, raw.market_id, setSearch]);
  return wrongRoute;
}

/** The path of a row's client profile in the current language, with the list's market. */
function useClientHref(model: ListModel) {
  const { raw, marketId } = model;
  const localized = useLocalizedPath();
  return useCallback(
    (row: ContractListRow) => {
      const [path, search] = clientProfilePath(
        marketId === null ? raw : { ...raw, market_id: String(marketId) },
        row,
      ).split('?');
      return `${localized(path!)}${search ? `?${search}` : ''}`;
    },
    [raw, marketId, localized],
  );
}

/** The next page is fetched as soon as the user reaches for it, so that paging feels instant (keyset: cheap). */
function usePrefetchNext(model: ListModel, list: ContractSearch) {
  const queryClient = useQueryClient();
  const page = model.query.page;
  const nextToken = list.isPlaceholderData ? null : (list.data?.paginationToken ?? null);
  return useCallback(() => {
    if (!model.apiParams || !nextToken) return;
    void queryClient.prefetchQuery(
      contractSearchQueryOptions({ ...model.apiParams, page: String(page + 1), paginationToken: nextToken }),
    );
  }, [queryClient, model.apiParams, nextToken, page]);
}

/** How many contracts (or tickets) the view holds, capped at MAX_TOTAL_ROWS; '' until the first page comes. */
function useCountText(data: ContractSearch['data'], tickets: boolean): string {
  const t = useT();
  return useMemo(() => {
    if (!data) return '';
    if (data.totalCount >= MAX_TOTAL_ROWS) {
      return t(tickets ? 'crm.lists.total.cappedTickets' : 'crm.lists.total.cappedContracts', {
        count: formatNumber(MAX_TOTAL_ROWS),
      });
    }
    return t(tickets ? 'crm.lists.total.tickets' : 'crm.lists.total.contracts', { count: data.totalCount });
  }, [data, tickets, t]);
}

/** A list without rows: a page past the end, filters that match nothing, or nothing yet. */
function EmptyList({ model, tickets }: { model: ListModel; tickets: boolean }) {
  const t = useT();
  if (model.query.page > 1) {
    return (
      <Box sx={{ p: 2 }}>
        <CrmEmptyState
          icon={<InboxOutlinedIcon />}
          title={t('crm.lists.emptyPage.title')}
          action={
            <Button variant="outlined" onClick={() => model.goToPage(1)}>
              {t('crm.lists.emptyPage.action')}
            </Button>
          }
        />
      </Box>
    );
  }
  if (model.filtered) {
    return (
      <Box sx={{ p: 2 }}>
        <CrmEmptyState
          icon={<SearchOffIcon />}
          title={t('crm.lists.emptyFiltered.title')}
          body={t('crm.lists.emptyFiltered.body')}
          action={
            <Button variant="contained" startIcon={<FilterAltOffOutlinedIcon />} onClick={model.clear}>
              {t('crm.lists.clearFilters')}
            </Button>
          }
        />
      </Box>
    );
  }
  return (
    <Box sx={{ p: 2 }}>
      <CrmEmptyState
        icon={<InboxOutlinedIcon />}
        title={t(tickets ? 'crm.lists.emptyTickets.title' : 'crm.lists.empty.title')}
        body={t(tickets ? 'crm.lists.emptyTickets.body' : 'crm.lists.empty.body')}
      />
    </Box>
  );
}

/** Above the list: its tabs, the view picker, the filter indicator and search (wide screens), and the filters. */
function ListControls({
  model,
  optionMonths,
  today,
}: {
  model: ListModel;
  optionMonths: readonly string[];
  today: string;
}) {
  const { query } = model;
  const compact = useCompactFilters();
  const searchRef = useRef<HTMLDivElement | null>(null);
  useSlashToSearch(searchRef);
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <ListTabs tabs={model.tabs} tab={query.tab} onSelect={model.selectTab} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ViewPicker tab={query.tab} view={query.view} onSelect={model.selectView} />
        </Box>
        {compact ? null : <FilterIndicator filtered={model.filtered} onClear={model.clear} />}
        {compact || !model.filters.includes('search') ? null : (
          <Box ref={searchRef}>
            <ListSearch query={query} onChange={model.setFilters} />
          </Box>
        )}
      </Box>
      <ListFilters
        query={query}
        filters={model.filters}
        optionMonths={optionMonths}
        filtered={model.filtered}
        today={today}
        onChange={model.setFilters}
        onClear={model.clear}
      />
    </>
  );
}

function ContractList({ context }: { context: CrmContextData }) {
  const t = useT();
  const model = useListModel(context);
  const { query, market, marketId } = model;
  const location = useLocation();
  // The contract open in the side drawer (its number in a row is a button); closing it leaves the list as it was.
  const [openContract, setOpenContract] = useState<{ clientId: number; contractId: number } | null>(null);
  const wrongRoute = useListRoute(model);

  const today = market ? isoDateInZone(new Date(), market.timezone) : new Date().toISOString().slice(0, 10);
  const showsOptionMonths = model.filters.includes('optionMonths');
  const optionMonths = useOptionMonths(marketId !== null && showsOptionMonths ? { market_id: String(marketId) } : null);
  const list = useContractSearch(wrongRoute ? null : model.apiParams);
  const clientHref = useClientHref(model);
  const navigate = useNavigate();
  const prefetchNext = usePrefetchNext(model, list);

  const tickets = query.listType === 'deliveries';
  const viewLabel = t(viewMessageId(query.view, query.tab));
  const data = list.data;
  const rows = data?.rows ?? null;
  const totalCount = data?.totalCount ?? 0;
  const countText = useCountText(data, tickets);
  // The Unapplied view's Apply / Spot sale per row and Apply selected (deliveries, issue 14).
  const unapplied = useUnappliedActions(query.view === 'unapplied', rows);
  // In-place and bulk actions of the task views (issue 14): Price, Send, Apply tickets; send for signature, roll.
  const view = query.view;
  const hasRowAction = !tickets && (rows ?? []).some((row) => rowActionOf(view, row) !== null);
  const bulk = !tickets && bulkActionsOf(view).length > 0;
  const selection = useRowSelection(rows, `${view}|${query.page}|${marketId}`);

  if (!market) {
    // No market allows this tab: offer the contracts tab when that is not the one asked for.
    return (
      <CrmEmptyState
        title={t('crm.lists.noTabs')}
        action={
          query.tab !== 'contracts' ? (
            <Button variant="outlined" onClick={() => model.selectTab('contracts')}>
              {t('crm.lists.tab.contracts')}
            </Button>
          ) : undefined
        }
      />
    );
  }

  let body;
  if (list.error && !list.isPlaceholderData) {
    body = (
      <Box sx={{ p: 2 }}>
        <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Box>
    );
  } else if (rows !== null && rows.length === 0 && !list.isPlaceholderData) {
    body = <EmptyList model={model} tickets={tickets} />;
  } else {
    body = (
      <>
        <ContractTable
          grid={tickets ? 'deliveries' : 'contracts'}
          label={t('crm.lists.table.label', { view: viewLabel })}
          columns={model.definition.columns}
          sortColumns={model.definition.sortColumns}
          sort={query.sort}
          sortOrder={query.sortOrder}
          onSort={model.sortBy}
          rows={rows}
          stale={list.isPlaceholderData}
          loadingRows={Math.min(query.pageSize, 12)}
          highlightId={query.highlightId}
          clientHref={clientHref}
          onOpenContract={(row) => setOpenContract({ clientId: row.clientId, contractId: row.id })}
          onOpenRow={(row) =>
            row.kind === 'contract'
              ? setOpenContract({ clientId: row.clientId, contractId: row.id })
              : void navigate(clientHref(row))
          }
          rowAction={hasRowAction ? (row) => <ContractRowAction view={view} row={row} /> : undefined}
          selection={bulk ? selection : undefined}
          {...unapplied.tableProps}
        />
        {data ? (
          <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
            <ListPagination
              page={query.page}
              pageSize={query.pageSize}
              rowsOnPage={data.rows.length}
              totalCount={totalCount}
              nextToken={list.isPlaceholderData ? null : data.paginationToken}
              disabled={list.isPlaceholderData}
              onPage={model.goToPage}
              onPageSize={model.setPageSize}
              onNextIntent={prefetchNext}
            />
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListControls model={model} optionMonths={optionMonths.data?.optionMonths ?? []} today={today} />
      <UnappliedBulkBar selected={unapplied.selected} onClear={unapplied.clear} />
      {tickets ? null : <OpenPositionsToggle marketId={marketId} />}
      {bulk ? <BulkActionsBar view={view} selected={selection.selected} onClear={selection.clear} /> : null}
      <Paper
        variant="outlined"
        sx={{ overflow: 'hidden', position: 'relative' }}
        data-location={`${location.pathname}${location.search}`}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, px: 2, py: 1.25, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {viewLabel}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {countText || (list.isLoading ? t('crm.lists.loading') : '')}
          </Typography>
          <Box sx={{ ml: 'auto' }}>
            <GridToolbar
              grid={tickets ? 'deliveries' : 'contracts'}
              columns={contractGridColumns(model.definition.columns)}
              ignoreParams={LIST_PAGE_PARAMS}
            />
          </Box>
        </Box>
        <Box sx={{ height: 3, position: 'relative' }}>
          {list.isFetching ? <LinearProgress sx={{ position: 'absolute', inset: 0, height: 3 }} /> : null}
        </Box>
        {body}
      </Paper>
      <ContractDrawer
        clientId={openContract?.clientId ?? 0}
        contractId={openContract?.contractId ?? null}
        onClose={() => setOpenContract(null)}
      />
    </Box>
  );
}

/** /crm/contracts and /crm/deliveries (issue 4): the merchandiser's book, by tab and view, filtered, sorted and paged in the URL. */
export function ContractListPage() {
  const t = useT();
  const deliveriesRoute = useCurrentRouteDef()?.id === 'crm-deliveries';
  return (
    <CrmPageFrame
      title={t(deliveriesRoute ? 'crm.lists.title.deliveries' : 'crm.lists.title.contracts')}
      maxWidth={false}
      actions={(context) => <ListActions context={context} />}
    >
      {(context) => <ContractList context={context} />}
    </CrmPageFrame>
  );
}
