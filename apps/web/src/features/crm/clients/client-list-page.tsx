import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import {
  canSearchClients,
  clampPage,
  clampPageSize,
  cropBySymbol,
  MAX_TOTAL_ROWS,
  openClientParams,
  PAGE_SIZES,
  type ClientSearchRow,
  type CrmMarketRow,
} from '@granary/domain';
import {
  Avatar,
  Box,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useClientSearch } from './api/client-search';

/** Typing waits this long before the list is searched (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_CLIENT_PAGE_SIZE = 25;

const searchableMarket = (market: CrmMarketRow) => canSearchClients(market.userPermissions);

/** /crm/clients: the buyer's clients at a market, searched as you type, page by page; a row opens the client's profile. */
export function ClientListPage() {
  const t = useT();
  return <CrmPageFrame title={t('crm.clients.title')}>{(context) => <ClientList context={context} />}</CrmPageFrame>;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

function ClientList({ context }: { context: CrmContextData }) {
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const { marketId, markets, selectMarket } = useSelectedMarket(context.markets, searchableMarket);

  const search = (params.get('search') ?? '').trim();
  const page = clampPage(params.get('page'));
  const pageSize = params.get('pageSize') === null ? DEFAULT_CLIENT_PAGE_SIZE : clampPageSize(params.get('pageSize'));
  const paginationToken = page > 1 ? params.get('paginationToken') : null;

  // The search box: typed text goes to the URL after a pause; the URL (Back, a link) wins when it changes.
  const [text, setText] = useState(search);
  const lastPushed = useRef(search);
  useEffect(() => {
    if (search !== lastPushed.current) {
      lastPushed.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === lastPushed.current) return;
    const timer = setTimeout(() => {
      lastPushed.current = wanted;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('search', wanted);
          else next.delete('search');
          next.delete('page');
          next.delete('paginationToken');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const query = useClientSearch(marketId === null ? null : { marketId, search, page, pageSize, paginationToken });

  // Tokens of the pages seen, so that Previous goes back by key rather than by offset.
  const tokens = useRef(new Map<string, string>());
  const queryScope = `${marketId}|${search}|${pageSize}`;
  useEffect(() => {
    if (query.data?.paginationToken && !query.isPlaceholderData)
      tokens.current.set(`${queryScope}|${query.data.page + 1}`, query.data.paginationToken);
  }, [query.data, query.isPlaceholderData, queryScope]);

  const goToPage = (target: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target <= 1) {
        next.delete('page');
        next.delete('paginationToken');
      } else {
        next.set('page', String(target));
        const token = target === page + 1 ? query.data?.paginationToken : tokens.current.get(`${queryScope}|${target}`);
        if (token) next.set('paginationToken', token);
        else next.delete('paginationToken');
      }
      return next;
    });
  };

  const changePageSize = (size: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('pageSize', String(size));
      next.delete('page');
      next.delete('paginationToken');
      return next;
    });
  };

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
  const hasNext = Boolean(data?.paginationToken);
  const firstRow = (page - 1) * pageSize + 1;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            label={t('crm.clients.search.label')}
            placeholder={t('crm.clients.search.placeholder')}
            size="small"
            fullWidth
            autoComplete="off"
            slotProps={{
              htmlInput: { maxLength: 200, 'aria-describedby': 'client-search-help' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: text ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label={t('crm.clients.search.clear')}
                      onClick={() => setText('')}
                      edge="end"
                    >
                      <ClearRoundedIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
          <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />
        </Stack>
        <Typography id="client-search-help" variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {data
            ? search
              ? t('crm.clients.resultsFor', { count: totalLabel, search })
              : totalLabel
            : t('crm.clients.search.help')}
        </Typography>
      </Paper>

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
          <Stack
            direction="row"
            spacing={{ xs: 0.5, sm: 1 }}
            sx={{
              px: { xs: 1.5, sm: 2 },
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              alignItems: 'center',
              justifyContent: 'flex-end',
            }}
          >
            <TextField
              select
              size="small"
              variant="standard"
              label={t('crm.clients.pageSize')}
              value={pageSize}
              onChange={(event) => changePageSize(Number(event.target.value))}
              sx={{ minWidth: { xs: 84, sm: 110 }, mr: { sm: 2 } }}
            >
              {PAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ flexGrow: { xs: 1, sm: 0 }, textAlign: 'right', whiteSpace: 'nowrap' }}
            >
              {t('crm.clients.range', { from: firstRow, to: firstRow + rows.length - 1, page, pages: totalPages })}
            </Typography>
            <Tooltip title={t('crm.clients.previousPage')}>
              <span>
                <IconButton
                  aria-label={t('crm.clients.previousPage')}
                  disabled={page <= 1}
                  onClick={() => goToPage(page - 1)}
                >
                  <ChevronLeftRoundedIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('crm.clients.nextPage')}>
              <span>
                <IconButton
                  aria-label={t('crm.clients.nextPage')}
                  disabled={!hasNext}
                  onClick={() => goToPage(page + 1)}
                >
                  <ChevronRightRoundedIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

type RowsProps = {
  rows: ClientSearchRow[];
  href: (row: ClientSearchRow) => string;
  onOpen: (row: ClientSearchRow) => void;
};

/** A click anywhere on a row opens the client, except on its links (phone, e-mail) and with a modifier (new tab via the name link). */
function rowClick(row: ClientSearchRow, onOpen: (row: ClientSearchRow) => void) {
  return (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a,button')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    onOpen(row);
  };
}

function rowKey(row: ClientSearchRow, onOpen: (row: ClientSearchRow) => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
  };
}

function place(row: ClientSearchRow): string {
  return [row.city, row.administrativeAreaLevel1].filter(Boolean).join(', ');
}

function defaultCrop(row: ClientSearchRow): string {
  const crop = cropBySymbol(row.defaultCommodity)?.displayName ?? row.defaultCommodity ?? '';
  return [crop, row.defaultCropYear ?? ''].filter(Boolean).join(' ');
}

function ClientTable({ rows, href, onOpen }: RowsProps) {
  const t = useT();
  const none = t('crm.clients.none');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('crm.clients.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('crm.clients.column.client')}</TableCell>
            <TableCell>{t('crm.clients.column.location')}</TableCell>
            <TableCell>{t('crm.clients.column.phone')}</TableCell>
            <TableCell>{t('crm.clients.column.email')}</TableCell>
            <TableCell>{t('crm.clients.column.defaultCrop')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              tabIndex={-1}
              onClick={rowClick(row, onOpen)}
              onKeyDown={rowKey(row, onOpen)}
              sx={{ cursor: 'pointer', '& td': { py: 1.25 } }}
            >
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar
                    sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', opacity: 0.9 }}
                    aria-hidden
                  >
                    {initials(row.name)}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Link
                      component={RouterLink}
                      to={href(row)}
                      underline="hover"
                      sx={{ fontWeight: 600, color: 'text.primary' }}
                    >
                      {row.name}
                    </Link>
                    {row.extClientId ? (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('crm.clients.extId', { id: row.extClientId })}
                      </Typography>
                    ) : null}
                  </Box>
                </Stack>
              </TableCell>
              <TableCell>{place(row) || none}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.phoneNumber ? (
                  <Link href={`tel:${row.phoneNumber}`} underline="hover" color="inherit">
                    {row.phoneNumber}
                  </Link>
                ) : (
                  none
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {row.emailAddress ? (
                  <Link href={`mailto:${row.emailAddress}`} underline="hover" color="inherit">
                    {row.emailAddress}
                  </Link>
                ) : (
                  none
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{defaultCrop(row) || none}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ClientCards({ rows, href, onOpen }: RowsProps) {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('crm.clients.table')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          onClick={rowClick(row, onOpen)}
          sx={{
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            cursor: 'pointer',
            '&:last-of-type': { borderBottom: 0 },
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
              {initials(row.name)}
            </Avatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Link
                  component={RouterLink}
                  to={href(row)}
                  underline="hover"
                  sx={{ fontWeight: 600, color: 'text.primary', minWidth: 0 }}
                >
                  {row.name}
                </Link>
                {row.extClientId ? (
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {t('crm.clients.extId', { id: row.extClientId })}
                  </Typography>
                ) : null}
              </Stack>
              <Stack
                spacing={0.25}
                sx={{
                  mt: 0.5,
                  color: 'text.secondary',
                  '& svg': { fontSize: 16, mr: 0.75, verticalAlign: 'text-bottom' },
                }}
              >
                {place(row) ? (
                  <Typography variant="body2">
                    <PlaceOutlinedIcon />
                    {place(row)}
                    {defaultCrop(row) ? t('crm.clients.separated', { value: defaultCrop(row) }) : null}
                  </Typography>
                ) : null}
                {row.phoneNumber ? (
                  <Typography variant="body2">
                    <PhoneOutlinedIcon />
                    <Link href={`tel:${row.phoneNumber}`} color="inherit" underline="hover">
                      {row.phoneNumber}
                    </Link>
                  </Typography>
                ) : null}
                {row.emailAddress ? (
                  <Typography variant="body2" noWrap>
                    <EmailOutlinedIcon />
                    <Link href={`mailto:${row.emailAddress}`} color="inherit" underline="hover">
                      {row.emailAddress}
                    </Link>
                  </Typography>
                ) : null}
              </Stack>
            </Box>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
