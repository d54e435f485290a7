import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import CloseIcon from '@mui/icons-material/Close';
import {
  QUOTES_TOPIC,
  cropById,
  formatNumber,
  toDecimal,
  type HedgeTrade,
  type PositionRow,
  type Positions,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { showToast } from '../../../lib/toast/toast-store';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { visuallyHidden } from '../../../lib/ui/visually-hidden';
import { CrmErrorState } from '../components/crm-page-frame';
import { useCrmFormat } from '../components/use-crm-format';
import { formatOptionMonth } from '../lists/components/list-cells';
import { positionKeys, usePositions, useTrades, useTradeWrite } from './position-manager-api';
import { TRADE_CROPS, HedgeTradeDialog } from './position-manager-trade-dialog';
import type { StructuresTabProps } from './structures-tabs';

/** Bushels as the trade writes them: whole bushels, grouped ('-125,000'). */
const bushels = (value: string) => formatNumber(value, { maxFractionDigits: 0 });

/** Quote ticks can come every few seconds; the position is read again at most this often. */
const REFRESH_EVERY_MS = 5000;

/** On a phone the futures column gives way (the price shows under the month) and the table keeps to 390 px. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', sm: 'none' } } as const;

const FIGURE_COLUMNS = [
  ['purchasePriced', 'structures.positions.col.purchases'],
  ['salePriced', 'structures.positions.col.sales'],
  ['structureDelta', 'structures.positions.col.structures'],
  ['hedges', 'structures.positions.col.hedges'],
  ['netToHedge', 'structures.positions.col.net'],
] as const;

/** A phone shows the contracts as one column (purchases + sales priced) so that the net stays on screen at 390 px. */
const narrowCell = { display: { xs: 'table-cell', sm: 'none' } } as const;
const columnSx = (key: (typeof FIGURE_COLUMNS)[number][0]) =>
  key === 'purchasePriced' || key === 'salePriced' ? wideOnly : {};
const contractsNet = (r: { purchasePriced: string; salePriced: string }) =>
  bushels(toDecimal(r.purchasePriced).plus(r.salePriced).toFixed());

const tableSx = {
  '& th, & td': { px: { xs: 0.5, sm: 1.5 }, py: 0.75, fontSize: { xs: 13, sm: 14 } },
  '& thead th': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, verticalAlign: 'bottom', lineHeight: 1.3 },
} as const;

function CropPosition({
  cropId,
  rows,
  totals,
}: {
  cropId: number;
  rows: PositionRow[];
  totals: Positions['totals'][number] | undefined;
}) {
  const t = useT();
  const format = useCrmFormat();
  const crop = cropById(cropId)?.displayName ?? String(cropId);
  const headingId = `position-crop-${cropId}`;
  const root = rows[0]?.futuresSymbol?.replace(/[A-Z]\d{2}$/, '') ?? '';
  // The betas' reference: a month whose beta is 1, one still quoted when there is one (an expired month is no hedge).
  const reference =
    (rows.find((r) => r.futureBeta === 1 && r.futures !== null) ?? rows.find((r) => r.futureBeta === 1))?.optionMonth ??
    null;
  // A month whose bushels are all unpriced has nothing in the net: it shows in the unpriced line only.
  const shown = rows.filter((r) => FIGURE_COLUMNS.some(([key]) => Number(r[key]) !== 0));
  const unpricedPurchases = rows.reduce((sum, r) => sum + Number(r.purchaseUnpriced), 0);
  const unpricedSales = rows.reduce((sum, r) => sum + Number(r.saleUnpriced), 0);
  // The structures' deltas are the background valuation's: when the oldest was computed, and how many wait for one.
  const asOf = rows.reduce<string | null>(
    (oldest, r) =>
      r.structureDeltaAsOf !== null && (oldest === null || r.structureDeltaAsOf < oldest)
        ? r.structureDeltaAsOf
        : oldest,
    null,
  );
  const pending = rows.reduce((sum, r) => sum + r.structurePending, 0);
  // Months that stopped trading are counted in the nearby month (the server's): the row says how much came from them.
  const fromExpired = rows.flatMap((r) =>
    r.fromExpiredMonths ? [{ month: r.optionMonth, ...r.fromExpiredMonths }] : [],
  );
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 0.5, display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {crop}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {root}
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t('structures.positions.table', { crop })} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('structures.positions.col.month')}</TableCell>
              <TableCell sx={{ ...numericCellSx, ...wideOnly }}>{t('structures.positions.col.futures')}</TableCell>
              <TableCell sx={{ ...numericCellSx, ...narrowCell, whiteSpace: 'normal' }}>
                {t('structures.positions.col.contracts')}
              </TableCell>
              {FIGURE_COLUMNS.map(([key, label]) => (
                <TableCell
                  key={key}
                  sx={{ ...numericCellSx, ...columnSx(key), whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
                >
                  {t(label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => {
              const futures = r.futures === null ? t('structures.positions.noQuote') : format.prices.futures(r.futures);
              return (
                <TableRow key={r.optionMonth} hover>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {formatOptionMonth(r.optionMonth)}
                    <Typography component="span" variant="caption" color="text.secondary" sx={narrowOnly}>
                      {futures}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...numericCellSx, ...wideOnly }}>{futures}</TableCell>
                  <TableCell sx={{ ...numericCellSx, ...narrowCell }}>{contractsNet(r)}</TableCell>
                  {FIGURE_COLUMNS.map(([key]) => (
                    <TableCell
                      key={key}
                      sx={{ ...numericCellSx, ...columnSx(key), ...(key === 'netToHedge' ? { fontWeight: 600 } : {}) }}
                    >
                      {bushels(r[key])}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {totals ? (
              <TableRow sx={{ '& th, & td': { fontWeight: 600, borderBottom: 0 } }}>
                <TableCell component="th" scope="row">
                  {t('structures.positions.total')}
                </TableCell>
                <TableCell sx={wideOnly} />
                <TableCell sx={{ ...numericCellSx, ...narrowCell }}>{contractsNet(totals)}</TableCell>
                {FIGURE_COLUMNS.map(([key]) => (
                  <TableCell key={key} sx={{ ...numericCellSx, ...columnSx(key) }}>
                    {bushels(totals[key])}
                  </TableCell>
                ))}
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 1, borderTop: 1, borderColor: 'divider' }}>
        {totals ? (
          <Typography variant="body2">
            {reference
              ? t('structures.positions.reference', {
                  month: formatOptionMonth(reference),
                  bushels: bushels(totals.netToHedgeReference),
                })
              : t('structures.positions.referenceNoMonth', { bushels: bushels(totals.netToHedgeReference) })}
          </Typography>
        ) : null}
        {unpricedPurchases !== 0 || unpricedSales !== 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('structures.positions.unpriced', {
              purchases: bushels(String(Math.round(unpricedPurchases))),
              sales: bushels(String(Math.round(unpricedSales))),
            })}
          </Typography>
        ) : null}
        {fromExpired.map((e) => (
          <Typography key={e.month} variant="body2" color="text.secondary">
            {t('structures.positions.fromExpired', {
              month: formatOptionMonth(e.month),
              bushels: bushels(e.bushels),
              count: e.months.length,
              months: e.months.map(formatOptionMonth).join(', '),
            })}
          </Typography>
        ))}
        {asOf !== null || pending > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {[
              asOf !== null ? t('structures.positions.deltasAsOf', { time: format.dateTime(asOf) }) : null,
              pending > 0 ? t('structures.positions.pendingInCrop', { count: pending }) : null,
            ]
              .filter(Boolean)
              .join(' ')}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}

function TradesTable({
  trades,
  canWrite,
  onEdit,
  onCancel,
}: {
  trades: HedgeTrade[];
  canWrite: boolean;
  onEdit: (trade: HedgeTrade) => void;
  onCancel: (trade: HedgeTrade) => void;
}) {
  const t = useT();
  const format = useCrmFormat();
  if (trades.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('structures.positions.trades.empty')}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('structures.positions.trades.table')} sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell sx={wideOnly}>{t('structures.positions.trades.tradedOn')}</TableCell>
            <TableCell>{t('structures.positions.trades.month')}</TableCell>
            <TableCell>{t('structures.positions.trades.instrument')}</TableCell>
            <TableCell sx={numericCellSx}>{t('structures.positions.trades.bushels')}</TableCell>
            <TableCell sx={numericCellSx}>{t('structures.positions.trades.price')}</TableCell>
            <TableCell sx={wideOnly}>{t('structures.positions.trades.account')}</TableCell>
            {canWrite ? (
              <TableCell sx={{ textAlign: 'right' }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('structures.positions.trades.actions')}
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {trades.map((trade) => {
            const instrument =
              trade.instrument === 'futures'
                ? t('structures.positions.instrument.futures')
                : t('structures.positions.instrument.option', {
                    kind: t(`structures.positions.instrument.${trade.instrument}`),
                    strike: format.prices.futures(trade.strike ?? '0'),
                  });
            return (
              <TableRow key={trade.id} hover>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{format.day(trade.tradedOn)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatOptionMonth(trade.optionMonth)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t(`structures.positions.direction.${trade.direction}`)} {instrument}
                </TableCell>
                <TableCell sx={numericCellSx}>{bushels(trade.bushels)}</TableCell>
                <TableCell sx={numericCellSx}>{format.prices.futures(trade.price)}</TableCell>
                <TableCell sx={wideOnly}>{trade.account ?? ''}</TableCell>
                {canWrite ? (
                  <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap', py: 0 }}>
                    <Tooltip title={t('structures.positions.trades.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('structures.positions.trades.editLabel', { id: trade.id })}
                        onClick={() => onEdit(trade)}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('structures.positions.trades.cancel')}>
                      <IconButton
                        size="small"
                        aria-label={t('structures.positions.trades.cancelLabel', { id: trade.id })}
                        onClick={() => onCancel(trade)}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CancelTrade({ trade, onClose }: { trade: HedgeTrade; onClose: () => void }) {
  const t = useT();
  const format = useCrmFormat();
  const write = useTradeWrite();
  const instrument =
    trade.instrument === 'futures'
      ? t('structures.positions.instrument.futures')
      : t('structures.positions.instrument.option', {
          kind: t(`structures.positions.instrument.${trade.instrument}`),
          strike: format.prices.futures(trade.strike ?? '0'),
        });
  return (
    <ConfirmDialog
      title={t('structures.positions.cancelTitle', { id: trade.id })}
      body={t('structures.positions.cancelBody', {
        side: t(`structures.positions.direction.${trade.direction}`),
        contracts: formatNumber(trade.contracts, { maxFractionDigits: 0 }),
        instrument,
        month: formatOptionMonth(trade.optionMonth),
      })}
      confirmLabel={t('structures.positions.cancelConfirm')}
      cancelLabel={t('structures.positions.cancelKeep')}
      busy={write.isPending}
      onClose={onClose}
      onConfirm={() =>
        write.mutate(
          { kind: 'cancel', id: trade.id, version: trade.version },
          {
            onSuccess: () => {
              showToast(
                { messageId: 'structures.positions.cancelled', values: { id: trade.id } },
                { severity: 'success' },
              );
              onClose();
            },
            onError: (error) => {
              showToast({ text: error.message }, { severity: 'error' });
              onClose();
            },
          },
        )
      }
    />
  );
}

/**
 * The structures page's Positions tab (issue 18 'The merchandiser's position'): per crop, a table of futures months —
 * purchases and sales priced, the live structures' deltas, the hedges and the net still to hedge, with totals and the
 * futures price each month was valued at — read again as quotes move (the `quotes` live topic, decision 017; the
 * server sums on each read, the structures' deltas stored by the background valuation and moved by their gamma, and
 * the page reads again every few seconds while some structure waits for its valuation); and the hedge trades, which structures administrators record, edit and cancel.
 */
export function PositionManagerTab({ market, canWrite }: StructuresTabProps) {
  const t = useT();
  const format = useCrmFormat();
  const queryClient = useQueryClient();
  const [cropId, setCropId] = useState<number | null>(null);
  const [scope, setScope] = useState<'all' | 'market'>('all');
  const [dialog, setDialog] = useState<{ trade: HedgeTrade | null } | null>(null);
  const [cancelling, setCancelling] = useState<HedgeTrade | null>(null);
  const positions = usePositions(cropId, scope === 'market' ? [market.id] : null);
  const trades = useTrades(cropId);
  const live = useLiveRefresh({
    topics: [QUOTES_TOPIC],
    everyMs: REFRESH_EVERY_MS,
    refresh: () => void queryClient.invalidateQueries({ queryKey: [...positionKeys.all, 'positions'] }),
  });
  const data = positions.data;
  const crops = data ? [...new Set(data.rows.map((r) => r.cropId))] : [];
  const marketName = market.label;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('structures.positions.crop')}
          value={cropId === null ? 'all' : String(cropId)}
          onChange={(e) => setCropId(e.target.value === 'all' ? null : Number(e.target.value))}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="all">{t('structures.positions.allCrops')}</MenuItem>
          {TRADE_CROPS.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('structures.positions.markets')}
          value={scope}
          onChange={(e) => setScope(e.target.value === 'market' ? 'market' : 'all')}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="all">{t('structures.positions.allMarkets')}</MenuItem>
          <MenuItem value="market">{marketName}</MenuItem>
        </TextField>
        {live === 'open' ? (
          <Chip size="small" color="success" variant="outlined" label={t('structures.positions.live')} />
        ) : null}
        {data ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('structures.positions.valuedAt', { time: format.dateTime(data.valuedAt) })}
          </Typography>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {canWrite ? (
          <Button variant="contained" onClick={() => setDialog({ trade: null })}>
            {t('structures.positions.record')}
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('structures.positions.help')}
      </Typography>
      {positions.error ? (
        <CrmErrorState error={positions.error} onRetry={() => void positions.refetch()} />
      ) : !data ? (
        <Skeleton variant="rounded" height={220} />
      ) : (
        <>
          {data.structures.pending.length > 0 ? (
            <Alert severity="info" role="status">
              {t('structures.positions.pending', { count: data.structures.pending.length })}
            </Alert>
          ) : null}
          {data.structures.skipped.length > 0 ? (
            <Alert severity="warning">
              {t('structures.positions.skippedStructures', {
                count: data.structures.skipped.length,
                reasons: [...new Set(data.structures.skipped.map((s) => s.reason))].join(' '),
              })}
            </Alert>
          ) : null}
          {data.skippedTrades.length > 0 ? (
            <Alert severity="warning">
              {t('structures.positions.skippedTrades', {
                count: data.skippedTrades.length,
                reasons: [...new Set(data.skippedTrades.map((s) => s.reason))].join(' '),
              })}
            </Alert>
          ) : null}
          {crops.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {t('structures.positions.empty')}
              </Typography>
            </Paper>
          ) : (
            crops.map((id) => (
              <CropPosition
                key={id}
                cropId={id}
                rows={data.rows.filter((r) => r.cropId === id)}
                totals={data.totals.find((x) => x.cropId === id)}
              />
            ))
          )}
        </>
      )}
      <Paper component="section" variant="outlined" aria-labelledby="position-trades" sx={{ minWidth: 0 }}>
        <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 0.5 }}>
          <Typography id="position-trades" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('structures.positions.trades')}
          </Typography>
        </Box>
        {trades.error ? (
          <Box sx={{ p: 2 }}>
            <CrmErrorState error={trades.error} onRetry={() => void trades.refetch()} />
          </Box>
        ) : !trades.data ? (
          <Skeleton variant="rectangular" height={96} />
        ) : (
          <TradesTable
            trades={trades.data}
            canWrite={canWrite}
            onEdit={(trade) => setDialog({ trade })}
            onCancel={setCancelling}
          />
        )}
      </Paper>
      {dialog ? (
        <HedgeTradeDialog
          trade={dialog.trade}
          defaultCropId={cropId ?? TRADE_CROPS[0]!.id}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {cancelling ? <CancelTrade trade={cancelling} onClose={() => setCancelling(null)} /> : null}
    </Box>
  );
}
