import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  QUOTES_TOPIC,
  cropById,
  futuresProductForCrop,
  parseFuturesSymbol,
  toDecimal,
  tradingSession,
  type LiveEvent,
  type Quote,
  type QuotesEventPayload,
  type QuotesResponse,
} from '@granary/domain';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { T, useT } from '../../../lib/i18n/t';
import { useLiveEvents, type LiveConnectionState } from '../../../lib/live/use-live-events';
import { futuresKeys, useQuotesOfRoot } from './api/futures-api';

/** How long a changed price stays highlighted. */
const FLASH_MS = 1500;

type Direction = 'up' | 'down';

/** The quotes of a 'quotes' event merged into the board's cache (a newer version only); false when it needs a reload. */
export function mergeQuotes(
  current: QuotesResponse,
  root: string,
  payload: QuotesEventPayload,
): { next: QuotesResponse; moved: Map<string, Direction>; complete: boolean } {
  const bySymbol = new Map(current.quotes.map((q) => [q.symbol, q]));
  const moved = new Map<string, Direction>();
  let complete = true;
  for (const live of payload.quotes) {
    if (parseFuturesSymbol(live.symbol)?.root !== root) continue;
    const known = bySymbol.get(live.symbol);
    if (!known) {
      complete = false;
      continue;
    }
    if (live.version <= known.version) continue;
    const delta = toDecimal(live.last).minus(toDecimal(known.last));
    if (!delta.isZero()) moved.set(live.symbol, delta.gt(0) ? 'up' : 'down');
    bySymbol.set(live.symbol, {
      ...known,
      last: live.last,
      change: live.change,
      previousSettle: live.previousSettle,
      tradeDate: live.tradeDate,
      quotedAt: live.quotedAt,
      version: live.version,
      source: payload.source,
    });
  }
  return { next: { quotes: current.quotes.map((q) => bySymbol.get(q.symbol) ?? q) }, moved, complete };
}

function LiveChip({ state }: { state: LiveConnectionState }) {
  const t = useT();
  const open = state === 'open';
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'success' : 'default'}
      label={t(
        open ? 'futures.live.open' : state === 'connecting' ? 'futures.live.connecting' : 'futures.live.reconnecting',
      )}
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: open ? 'success.contrastText' : 'text.disabled',
            ml: '8px !important',
          }}
        />
      }
      sx={{ fontWeight: 600 }}
    />
  );
}

function ChangeCell({ quote, decimals }: { quote: Quote; decimals: number }) {
  const intl = useIntl();
  const t = useT();
  if (quote.change === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" title={t('futures.board.noChange')}>
        —
      </Typography>
    );
  }
  const change = toDecimal(quote.change);
  const text = intl.formatNumber(Math.abs(change.toNumber()), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  if (change.isZero()) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" aria-label={t('futures.board.unchanged')}>
        {text}
      </Typography>
    );
  }
  const up = change.gt(0);
  return (
    <Box
      component="span"
      aria-label={t(up ? 'futures.board.up' : 'futures.board.down', { change: text })}
      sx={{ display: 'inline-flex', alignItems: 'center', color: up ? 'success.main' : 'error.main', fontWeight: 600 }}
    >
      {up ? (
        <ArrowDropUpIcon fontSize="small" sx={{ mx: -0.5 }} />
      ) : (
        <ArrowDropDownIcon fontSize="small" sx={{ mx: -0.5 }} />
      )}
      {up ? '+' : '−'}
      {text}
    </Box>
  );
}

/**
 * A compact live futures board of a crop: each listed month's last price, its change since the previous settlement
 * (green up, red down) and the time of the quote, updated from the 'quotes' live events (a changed price flashes).
 * The board of a crop without futures says so.
 */
export function QuoteBoard({ cropId, maxRows }: { cropId: number; maxRows?: number }) {
  const t = useT();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const product = futuresProductForCrop(cropId);
  const root = product?.root ?? null;
  const quotes = useQuotesOfRoot(root);
  const [flash, setFlash] = useState<ReadonlyMap<string, Direction>>(new Map());
  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const opened = useRef(false);

  const live = useLiveEvents({
    topics: root ? [QUOTES_TOPIC] : [],
    enabled: root !== null,
    onOpen: () => {
      // A reconnection may have missed ticks: read the board again (not on the first open).
      if (opened.current && root) void queryClient.invalidateQueries({ queryKey: futuresKeys.root(root) });
      opened.current = true;
    },
    onEvent: (event: LiveEvent) => {
      if (!root || event.topic !== QUOTES_TOPIC) return;
      const key = futuresKeys.root(root);
      const current = queryClient.getQueryData<QuotesResponse>(key);
      if (!current) return;
      if (event.truncated || !event.payload) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      const { next, moved, complete } = mergeQuotes(current, root, event.payload as QuotesEventPayload);
      queryClient.setQueryData(key, next);
      if (!complete) void queryClient.invalidateQueries({ queryKey: key });
      if (moved.size > 0) {
        setFlash(moved);
        if (flashTimer.current) clearTimeout(flashTimer.current);
        flashTimer.current = setTimeout(() => setFlash(new Map()), FLASH_MS);
      }
    },
  });
  useEffect(
    () => () => {
      if (flashTimer.current) clearTimeout(flashTimer.current);
    },
    [],
  );

  const name = product?.name ?? cropById(cropId)?.displayName ?? '';
  const decimals = product?.priceUnit === 'tonne' ? 2 : 4;
  const closed = !tradingSession(new Date()).open;

  let body;
  if (!product) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        <T id="futures.board.noFutures" />
      </Typography>
    );
  } else if (quotes.error) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 1.5 }}
        action={
          <Button color="inherit" size="small" onClick={() => void quotes.refetch()}>
            {t('futures.board.retry')}
          </Button>
        }
      >
        {t('futures.board.loadFailed')}
      </Alert>
    );
  } else if (!quotes.data) {
    body = (
      <Stack spacing={0.5} sx={{ p: 1.5 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  } else if (quotes.data.quotes.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        <T id="futures.board.empty" />
      </Typography>
    );
  } else {
    const rows = maxRows ? quotes.data.quotes.slice(0, maxRows) : quotes.data.quotes;
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={t('futures.board.label', { name })}
          sx={{
            '& td, & th': { whiteSpace: 'nowrap', px: 1.25, py: 0.75 },
            '& td:first-of-type, & th:first-of-type': { pl: 2 },
            '& td:last-of-type, & th:last-of-type': { pr: 2 },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('futures.board.contract')}</TableCell>
              <TableCell align="right">{t('futures.board.last')}</TableCell>
              <TableCell align="right">{t('futures.board.change')}</TableCell>
              <TableCell align="right">{t('futures.board.time')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((q) => {
              const [y, m] = q.optionMonth.split('-').map(Number) as [number, number];
              const moved = flash.get(q.symbol);
              return (
                <TableRow key={q.symbol} data-symbol={q.symbol} hover>
                  <TableCell>
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ display: 'block', fontWeight: 700, fontFamily: 'monospace', lineHeight: 1.3 }}
                    >
                      {q.symbol}
                    </Typography>
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', lineHeight: 1.2 }}
                    >
                      {intl.formatDate(new Date(Date.UTC(y, m - 1, 1)), {
                        month: 'short',
                        year: 'numeric',
                        timeZone: 'UTC',
                      })}
                    </Typography>
                  </TableCell>
                  <TableCell
                    align="right"
                    data-flash={moved ?? undefined}
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: 600,
                      transition: 'background-color 600ms ease-out',
                      bgcolor:
                        moved === 'up'
                          ? 'rgba(46, 125, 50, 0.16)'
                          : moved === 'down'
                            ? 'rgba(211, 47, 47, 0.14)'
                            : 'transparent',
                    }}
                  >
                    {intl.formatNumber(Number(q.last), {
                      minimumFractionDigits: decimals,
                      maximumFractionDigits: decimals,
                    })}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    <ChangeCell quote={q} decimals={decimals} />
                  </TableCell>
                  <TableCell align="right" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                    {intl.formatTime(new Date(q.quotedAt), { hour: 'numeric', minute: '2-digit' })}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('futures.board.label', { name })}
      sx={{ overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, py: 1.25, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {t('futures.board.title', { name })}
          </Typography>
          {product ? (
            <Typography variant="caption" color="text.secondary">
              {t('futures.board.unit', {
                exchange: product.exchange,
                currency: product.currency,
                unit: product.priceUnit,
              })}
            </Typography>
          ) : null}
        </Box>
        {product ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
            <LiveChip state={live} />
            {closed ? <Chip size="small" variant="outlined" label={t('futures.board.closed')} /> : null}
          </Stack>
        ) : null}
      </Stack>
      {body}
    </Paper>
  );
}
