import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import {
  canSearchClients,
  canViewClientProfile,
  hasAdminPermission,
  MAX_TOTAL_ROWS,
  openClientParams,
  type ClientSearchRow,
  type CrmMarketRow,
} from '@granary/domain';
import { Box, Chip, LinearProgress, Paper, Stack } from '@mui/material';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import { visibleColumns } from '../../../lib/ui/grid/grid-columns';
import { GridToolbar } from '../../../lib/ui/grid/grid-toolbar';
import { useSlashToSearch } from '../../../lib/ui/grid/use-grid-keyboard';
import { useGridPrefs } from '../../../lib/ui/grid/use-grid-prefs';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { useSelectedMarket } from '../components/use-selected-market';
import { ClientListPagination } from './components/client-list-pagination';
import { ClientSearchBox } from './components/client-search-box';
import { useClientColumns } from './components/client-columns';
import { SustainabilityEnrolments } from './components/sustainability-enrolments';
import { SustainabilityPrograms } from './components/sustainability-programs';
import { useClientList } from './use-client-list';

/** The page size is the user's, not part of a view. */
const CLIENT_PAGE_PARAMS = ['pageSize'];

const searchableMarket = (market: CrmMarketRow) => canSearchClients(market.userPermissions);

/** /crm/clients: the buyer's clients at a market, searched as you type, page by page; a row opens the client's profile. */
export function ClientListPage() {
  const t = useT();
  return <CrmPageFrame title={t('crm.clients.title')}>{(context) => <ClientList context={context} />}</CrmPageFrame>;
}

function ClientList({ context }: { context: CrmContextData }) {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { marketId, markets, selectMarket } = useSelectedMarket(context.markets, searchableMarket);
  const { text, setText, search, page, pageSize, query, goToPage, changePageSize } = useClientList(marketId);
  const bootstrap = useBootstrap();
  // The sustainability programs calls' own rule (loadCrmAdmin 'buyer-admin').
  const isBuyerAdmin = hasAdminPermission(context.adminPermissions, 'buyer-admin', {
    isSuperAdmin: bootstrap.data?.user.admin.is_super_admin === true,
  });

  const profileHref = useCallback(
    (row: ClientSearchRow) => {
      const openParams = openClientParams({ market_id: marketId === null ? null : String(marketId) }, row);
      return `${localized(`/crm/client/${row.id}`)}?${new URLSearchParams(openParams).toString()}`;
    },
    [marketId, localized],
  );
  const openClient = (row: ClientSearchRow) => void navigate(profileHref(row));
  const columns = useClientColumns(profileHref);
  const [prefs] = useGridPrefs('clients');
  const searchRef = useRef<HTMLDivElement | null>(null);
  useSlashToSearch(searchRef);

  if (marketId === null || markets.length === 0) {
    return (
      <CrmEmptyState
        icon={<PeopleAltOutlinedIcon />}
        title={<T id="crm.clients.noMarket.title" />}
        body={<T id="crm.clients.noMarket.body" />}
      />
    );
  }

  const selected = markets.find((m) => m.id === marketId) ?? null;
  const data = query.data;
  const rows = data?.rows ?? [];
  const total = data?.totalCount ?? 0;
  const totalLabel =
    total >= MAX_TOTAL_ROWS
      ? t('crm.clients.count.capped', { count: MAX_TOTAL_ROWS })
      : t('crm.clients.count', { count: total });
  const totalPages = Math.max(1, Math.ceil(Math.min(total, MAX_TOTAL_ROWS) / pageSize));

  return (
    <Stack spacing={2}>
      <ClientSearchBox
        searchRef={searchRef}
        text={text}
        onText={setText}
        markets={markets}
        marketId={marketId}
        onSelectMarket={selectMarket}
        status={
          data
            ? search
              ? t('crm.clients.resultsFor', { count: totalLabel, search })
              : totalLabel
            : t('crm.clients.search.help')
        }
      />

      {query.error ? (
        <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <LinearProgress aria-label={t('crm.clients.loading')} />
        </Paper>
      ) : rows.length === 0 ? (
        search ? (
          <CrmEmptyState
            icon={<SearchOffRoundedIcon />}
            title={<T id="crm.clients.empty.searchTitle" values={{ search }} />}
            body={<T id="crm.clients.empty.searchBody" />}
            action={
              <Chip
                label={t('crm.clients.search.clear')}
                onClick={() => setText('')}
                onDelete={() => setText('')}
                variant="outlined"
              />
            }
          />
        ) : (
          <CrmEmptyState
            icon={<PeopleAltOutlinedIcon />}
            title={<T id="crm.clients.empty.title" />}
            body={<T id="crm.clients.empty.body" />}
          />
        )
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
          {query.isFetching ? (
            <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
          ) : null}
          <Box
            sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <GridToolbar grid="clients" columns={columns} ignoreParams={CLIENT_PAGE_PARAMS} />
          </Box>
          <DataGrid
            label={t('crm.clients.table')}
            columns={visibleColumns(columns, prefs)}
            rows={rows}
            rowKey={(row) => row.id}
            density={prefs.density}
            onOpen={openClient}
          />
          <ClientListPagination
            page={page}
            pageSize={pageSize}
            shown={rows.length}
            totalPages={totalPages}
            hasNext={Boolean(data.paginationToken)}
            onPage={goToPage}
            onPageSize={changePageSize}
          />
        </Paper>
      )}
      {/* grain-buying-clients (section 6): the market's sustainability enrolments (decision 059). */}
      {selected && hasSustainabilityClients(selected) ? (
        <SustainabilityEnrolments platformId={context.platformId} market={selected} />
      ) : null}
      {/* The market's programs for buyer-admins (the programs calls' permission; decision 059's addendum). */}
      {selected && isBuyerAdmin ? <SustainabilityPrograms platformId={context.platformId} market={selected} /> : null}
    </Stack>
  );
}

/** The server's rule for the list: grain-buying-clients at the market and the client profile permission there. */
const hasSustainabilityClients = (market: CrmMarketRow) =>
  market.entitlements.includes('grain-buying-clients') && canViewClientProfile(market.userPermissions);
