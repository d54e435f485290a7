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
  type FuturesProduct,
  type PriceUnit,
  type LiveEvent,
  type Quote,
  type QuotesEventPayload,
  type QuotesResponse,
} from '@granary/domain';
import { useEffect, useRef, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { useLiveEvents, type LiveConnectionState } from '../../../lib/live/use-live-events';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { futuresKeys, useQuotesOfRoot } from './api/futures-api';
import { QuoteRow, type Direction } from './quote-board-row';

/** How long a changed price stays highlighted. */
const FLASH_MS = 1500;

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

/**
 * The live 'quotes' events of a futures root merged into the board's cache (a reconnection reads the board again), and
 * the prices that just moved, each with its direction for FLASH_MS. The live connection's state goes with them.
 */
function useLiveQuotes(root: string | null) {
  const queryClient = useQueryClient();
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
  return { live, flash };
}

function QuoteTable({
  quotes,
  label,
  unit,
  flash,
}: {
  quotes: readonly Quote[];
  label: string;
  /** The product's price unit: bushel prices take the partner's notation, tonne prices dollars and cents. */
  unit: PriceUnit;
  flash: ReadonlyMap<string, Direction>;
}) {
  const t = useT();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={label}
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
          {quotes.map((q) => (
            <QuoteRow key={q.symbol} quote={q} unit={unit} moved={flash.get(q.symbol)} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Below the board's heading: its quotes, or why there are none (no futures, loading, a failure, an empty board). */
function QuoteBoardBody({
  product,
  quotes,
  name,
  maxRows,
  flash,
}: {
  product: FuturesProduct | null;
  quotes: ReturnType<typeof useQuotesOfRoot>;
  name: string;
  maxRows: number | undefined;
  flash: ReadonlyMap<string, Direction>;
}) {
  const t = useT();
  if (!product) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        <T id="futures.board.noFutures" />
      </Typography>
    );
  }
  if (quotes.error) {
    return (
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
  }
  if (!quotes.data) {
    return (
      <Stack spacing={0.5} sx={{ p: 1.5 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  }
  if (quotes.data.quotes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        <T id="futures.board.empty" />
      </Typography>
    );
  }
  return (
    <QuoteTable
      quotes={maxRows ? quotes.data.quotes.slice(0, maxRows) : quotes.data.quotes}
      label={t('futures.board.label', { name })}
      unit={priceUnitOf(product.priceUnit)}
      flash={flash}
    />
  );
}

/**
 * A compact live futures board of a crop: each listed month's last price, its change since the previous settlement
 * (green up, red down) and the time of the quote, updated from the 'quotes' live events (a changed price flashes).
 * The board of a crop without futures says so.
 */
export function QuoteBoard({ cropId, maxRows }: { cropId: number; maxRows?: number }) {
  const t = useT();
  const product = futuresProductForCrop(cropId);
  const root = product?.root ?? null;
  const quotes = useQuotesOfRoot(root);
  const { live, flash } = useLiveQuotes(root);
  const name = product?.name ?? cropById(cropId)?.displayName ?? '';
  const closed = !tradingSession(new Date()).open;

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
      <QuoteBoardBody product={product} quotes={quotes} name={name} maxRows={maxRows} flash={flash} />
    </Paper>
  );
}
