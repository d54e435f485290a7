import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import {
  canSearchClients,
  MAX_TOTAL_ROWS,
  openClientParams,
  type ClientSearchRow,
  type CrmMarketRow,
} from '@granary/domain';
import { Chip, LinearProgress, Paper, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useNavigate } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { useSelectedMarket } from '../components/use-selected-market';
import { ClientCards } from './components/client-cards';
import { ClientListPagination } from './components/client-list-pagination';
import { ClientSearchBox } from './components/client-search-box';
import { ClientTable } from './components/client-table';
import { useClientList } from './use-client-list';

const searchableMarket = (market: CrmMarketRow) => canSearchClients(market.userPermissions);

/** /crm/clients: the buyer's clients at a market, searched as you type, page by page; a row opens the client's profile. */
export function ClientListPage() {
  const t = useT();
  return <CrmPageFrame title={t('crm.clients.title')}>{(context) => <ClientList context={context} />}</CrmPageFrame>;
}

function ClientList({ context }: { context: CrmContextData }) {
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { marketId, markets, selectMarket } = useSelectedMarket(context.markets, searchableMarket);
  const { text, setText, search, page, pageSize, query, goToPage, changePageSize } = useClientList(marketId);

  const profileHref = (row: ClientSearchRow) => {
    const openParams = openClientParams({ market_id: marketId === null ? null : String(marketId) }, row);
    return `${localized(`/crm/client/${row.id}`)}?${new URLSearchParams(openParams).toString()}`;
  };
  const openClient = (row: ClientSearchRow) => void navigate(profileHref(row));

  if (marketId === null || markets.length === 0) {
    return (
      <CrmEmptyState
        icon={<PeopleAltOutlinedIcon />}
        title={<T id="crm.clients.noMarket.title" />}
        body={<T id="crm.clients.noMarket.body" />}
      />
    );
  }

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
          {narrow ? (
            <ClientCards rows={rows} href={profileHref} onOpen={openClient} />
          ) : (
            <ClientTable rows={rows} href={profileHref} onOpen={openClient} />
          )}
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
    </Stack>
  );
}
