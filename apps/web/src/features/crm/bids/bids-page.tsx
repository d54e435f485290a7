import AddIcon from '@mui/icons-material/Add';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import {
  findCrop,
  futuresProductForCrop,
  type CrmMarketRow,
  type InstrumentCropSummary,
  type InstrumentRow,
  type RoundingMode,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Snackbar,
  Stack,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { T, useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { QuoteBoard } from '../futures/quote-board';
import { useSelectedMarket } from '../components/use-selected-market';
import { useBids, useDeleteBid, useUndeleteBid, type BidsFilters } from './api/instruments';
import { BidDialog } from './components/bid-dialog';
import { CropCards, CropTable, movable, type GridActions } from './components/bids-grid';
import { MoveBasisDialog } from './components/move-basis-dialog';
import { PlaceOfferDialog } from './components/place-offer-dialog';
import { fmtCash, fmtQuantity } from './bids-format';
import { useBidsLive } from './use-bids-live';

/** Bids are managed with the instruments permission at the market (grain-marketing.md 6). */
const hasInstruments = (market: CrmMarketRow) => market.userPermissions.includes('instruments');

type Visibility = BidsFilters['visibility'];
type Notice = { message: string; undo?: () => void; severity?: 'success' | 'error' | 'info' };

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, hasInstruments);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

/** cropFilter and instrumentVisibility of the URL (grain-marketing.md 2 'CRM list query parameters'). */
function useBidsUrlState() {
  const [params, setParams] = useSearchParams();
  const cropParam = params.get('cropFilter');
  const crop = cropParam ? findCrop(cropParam) : null;
  const visibilityParam = params.get('instrumentVisibility');
  const visibility: Visibility =
    visibilityParam === 'public' || visibilityParam === 'private' ? visibilityParam : 'all';
  const setParam = useCallback(
    (key: 'cropFilter' | 'instrumentVisibility', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // instrument: a bid to point at (a link from an offer, a notification): highlighted and scrolled to.
  const instrumentParam = params.get('instrument');
  const highlightId = instrumentParam && /^\d{1,15}$/.test(instrumentParam) ? Number(instrumentParam) : null;
  return { cropId: crop?.id ?? null, visibility, highlightId, setParam };
}

function MarketBids({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const { cropId, visibility, highlightId, setParam } = useBidsUrlState();
  const [showDeleted, setShowDeleted] = useState(false);
  const filters: BidsFilters = { cropFilter: null, visibility, deleted: showDeleted };
  // One list per market (every crop): tabs switch instantly and the counts stay right.
  const bids = useBids(market.id, filters);
  const live = useBidsLive(market.id);
  const remove = useDeleteBid(market.id);
  const restore = useUndeleteBid(market.id);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ rowId: number | null } | null>(null);
  const [moveOpen, setMoveOpen] = useState(false);
  const [offerFor, setOfferFor] = useState<number | null>(null);
  // Offers are placed with the offers permission at the market (grain-marketing.md 4 instrumentPlaceOffer).
  const canOffer = market.userPermissions.includes('offers');
  const [notice, setNotice] = useState<Notice | null>(null);

  const data = bids.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const crops = useMemo<InstrumentCropSummary[]>(() => data?.crops ?? [], [data]);
  const shownRows = cropId === null ? rows : rows.filter((r) => r.cropId === cropId);
  const selectedRows = rows.filter((r) => selected.has(r.id) && movable(r));
  const quotes = useMemo(
    () =>
      new Map(
        rows.flatMap((r) => (r.futuresSymbol && r.futuresLast ? [[r.futuresSymbol, r.futuresLast] as const] : [])),
      ),
    [rows],
  );
  const roundingModes = useMemo(
    () => new Map<number, RoundingMode>(crops.map((c) => [c.cropId, c.roundingMode])),
    [crops],
  );
  const lastQuote = rows.reduce<string | null>(
    (acc, r) => (r.quotedAt && (!acc || r.quotedAt > acc) ? r.quotedAt : acc),
    null,
  );

  const busy = (id: number, on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const undelete = (row: InstrumentRow, version?: number) => {
    busy(row.id, true);
    restore.mutate(
      { id: row.id, ...(version === undefined ? {} : { version }) },
      {
        onSuccess: () => setNotice({ message: t('crm.bids.restoredNotice', { name: row.name }), severity: 'success' }),
        onError: (e) =>
          setNotice({
            message:
              isApiError(e) && e.status === 412 ? t('crm.bids.staleNotice') : e.message || t('crm.bids.actionFailed'),
            severity: 'error',
          }),
        onSettled: () => busy(row.id, false),
      },
    );
  };

  const highlightShown = highlightId !== null && rows.some((r) => r.id === highlightId);
  useEffect(() => {
    if (!highlightShown) return;
    const element = document.querySelector(`[data-bid-id="${highlightId}"]`);
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'center' });
  }, [highlightShown, highlightId]);

  const actions: GridActions = {
    marketId: market.id,
    highlightId,
    selected,
    busyIds,
    onToggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    onToggleAll: (ids, on) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    onEdit: (row) => setDialog({ rowId: row.id }),
    onDelete: (row) => {
      busy(row.id, true);
      remove.mutate(
        { id: row.id, version: row.version },
        {
          onSuccess: (deleted) => {
            setSelected((current) => {
              const next = new Set(current);
              next.delete(row.id);
              return next;
            });
            setNotice({
              message: t('crm.bids.deletedNotice', { name: row.name }),
              undo: () => undelete(row, deleted.version),
            });
          },
          onError: (e) =>
            setNotice({
              message:
                isApiError(e) && e.status === 412 ? t('crm.bids.staleNotice') : e.message || t('crm.bids.actionFailed'),
              severity: 'error',
            }),
          onSettled: () => busy(row.id, false),
        },
      );
    },
    onUndelete: (row) => undelete(row),
    ...(canOffer ? { onPlaceOffer: (row: InstrumentRow) => setOfferFor(row.id) } : {}),
  };
  const offerRow = offerFor !== null ? (rows.find((r) => r.id === offerFor && r.deletedAt === null) ?? null) : null;

  const editing = dialog?.rowId != null ? (rows.find((r) => r.id === dialog.rowId) ?? null) : null;
  const cropGroups = (cropId === null ? crops : crops.filter((c) => c.cropId === cropId))
    .map((crop) => ({ crop, rows: shownRows.filter((r) => r.cropId === crop.cropId) }))
    .filter((g) => g.rows.length > 0);

  // The live futures board of the crop shown (the first crop with futures on 'All crops'): beside the grid on a wide
  // screen, a short one above it otherwise.
  const boardCropId =
    cropId !== null
      ? futuresProductForCrop(cropId)
        ? cropId
        : null
      : (crops.find((c) => futuresProductForCrop(c.cropId))?.cropId ?? null);

  let body;
  if (bids.error && !data) body = <CrmErrorState error={bids.error} onRetry={() => void bids.refetch()} />;
  else if (!data) body = <PageSpinner />;
  else if (rows.length === 0 && crops.every((c) => c.count === 0) && visibility === 'all' && !showDeleted)
    body = (
      <CrmEmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={<T id="crm.bids.empty.title" />}
        body={<T id="crm.bids.empty.body" />}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ rowId: null })}>
            <T id="crm.bids.newBid" />
          </Button>
        }
      />
    );
  else if (cropGroups.length === 0)
    body = (
      <CrmEmptyState
        icon={<PriceChangeOutlinedIcon />}
        title={<T id="crm.bids.emptyFiltered.title" />}
        body={<T id="crm.bids.emptyFiltered.body" />}
      />
    );
  else
    body = (
      <Stack spacing={2}>
        {cropGroups.map((g) =>
          phone ? (
            <CropCards key={g.crop.cropId} crop={g.crop} rows={g.rows} actions={actions} />
          ) : (
            <CropTable key={g.crop.cropId} crop={g.crop} rows={g.rows} actions={actions} />
          ),
        )}
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {data && crops.length > 0 ? (
        <Paper variant="outlined" sx={{ px: 1 }}>
          <Tabs
            value={cropId ?? 'all'}
            onChange={(_e, value: number | 'all') => setParam('cropFilter', value === 'all' ? null : String(value))}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('crm.bids.crops')}
          >
            <Tab value="all" label={t('crm.bids.allCrops')} />
            {crops.map((c) => (
              <Tab
                key={c.cropId}
                value={c.cropId}
                label={t('crm.bids.cropTab', { crop: c.cropName, count: c.count })}
              />
            ))}
          </Tabs>
        </Paper>
      ) : null}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={visibility}
            onChange={(_e, v: Visibility | null) => v && setParam('instrumentVisibility', v === 'all' ? null : v)}
            aria-label={t('crm.bids.visibility')}
          >
            <ToggleButton value="all">{t('crm.bids.visibility.all')}</ToggleButton>
            <ToggleButton value="public">{t('crm.bids.visibility.public')}</ToggleButton>
            <ToggleButton value="private">{t('crm.bids.visibility.private')}</ToggleButton>
          </ToggleButtonGroup>
          <FormControlLabel
            control={<Switch checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />}
            label={t('crm.bids.showDeleted')}
          />
          {live ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label={t('crm.bids.live')}
              title={t('crm.bids.liveHelp')}
            />
          ) : null}
          {lastQuote ? (
            <Typography variant="caption" color="text.secondary">
              {t('crm.bids.asOf', {
                time: new Date(lastQuote).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }),
              })}
            </Typography>
          ) : null}
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            justifyContent: { xs: 'space-between', md: 'flex-end' },
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          {selectedRows.length > 0 ? (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite">
                {t('crm.bids.selected', { count: selectedRows.length })}
              </Typography>
              <Button size="small" onClick={() => setSelected(new Set())}>
                <T id="crm.bids.clearSelection" />
              </Button>
              <Button variant="outlined" startIcon={<SwapVertIcon />} onClick={() => setMoveOpen(true)}>
                <T id="crm.bids.moveBasis" />
              </Button>
            </>
          ) : null}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ rowId: null })}>
            <T id="crm.bids.newBid" />
          </Button>
        </Stack>
      </Stack>
      {bids.isFetching && data ? <LinearProgress sx={{ height: 2, mt: '-10px !important' }} aria-hidden /> : null}
      {bids.error && data ? <CrmErrorState error={bids.error} onRetry={() => void bids.refetch()} /> : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 340px' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0, order: { xs: 2, xl: 1 } }}>{body}</Box>
        {data && boardCropId !== null ? (
          <Box
            sx={{
              order: { xs: 1, xl: 2 },
              maxWidth: { xs: 560, xl: 'none' },
              position: { xl: 'sticky' },
              top: { xl: 16 },
            }}
          >
            <QuoteBoard key={boardCropId} cropId={boardCropId} maxRows={wide ? 8 : 3} />
          </Box>
        ) : null}
      </Box>
      {dialog && data ? (
        <BidDialog
          key={dialog.rowId ?? 'new'}
          open
          marketId={market.id}
          today={data.today}
          row={editing}
          defaultCropId={cropId ?? crops[0]?.cropId ?? 1}
          quotes={quotes}
          roundingModes={roundingModes}
          onClose={() => setDialog(null)}
          onSaved={(saved, created) => {
            setDialog(null);
            setNotice({
              message: t(created ? 'crm.bids.dialog.created' : 'crm.bids.dialog.saved', { name: saved.name }),
              severity: 'success',
            });
          }}
        />
      ) : null}
      {offerRow && data ? (
        <PlaceOfferDialog
          key={offerRow.id}
          marketId={market.id}
          row={offerRow}
          today={data.today}
          onClose={() => setOfferFor(null)}
          onPlaced={(offer) => {
            setOfferFor(null);
            const price = fmtCash(offer.targetCashPrice, offerRow.currency);
            setNotice({
              message:
                offer.status === 'price_hit'
                  ? t('crm.bids.offer.placedHit', { client: offer.clientName })
                  : t('crm.bids.offer.placed', {
                      client: offer.clientName,
                      quantity: fmtQuantity(offer.quantity),
                      unit: offer.quantityUnit,
                      price,
                    }),
              severity: 'success',
            });
          }}
        />
      ) : null}
      {moveOpen ? (
        <MoveBasisDialog
          open
          marketId={market.id}
          rows={selectedRows}
          onClose={() => setMoveOpen(false)}
          onMoved={(count, cents) => {
            setMoveOpen(false);
            setSelected(new Set());
            setNotice({ message: t('crm.bids.move.done', { count, cents }), severity: 'success' });
          }}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.undo ? 8000 : 4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.severity ?? 'info'}
            variant="filled"
            onClose={() => setNotice(null)}
            action={
              notice.undo ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    const undo = notice.undo;
                    setNotice(null);
                    undo?.();
                  }}
                >
                  <T id="crm.bids.undo" />
                </Button>
              ) : undefined
            }
          >
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}

function BidsBody({ context }: { context: CrmContextData }) {
  const { market } = useSelectedMarket(context.markets, hasInstruments);
  if (!market)
    return (
      <CrmEmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={<T id="crm.bids.noMarkets.title" />}
        body={<T id="crm.bids.noMarkets.body" />}
      />
    );
  // Keyed by market: another market starts with its own selection and dialogs.
  return (
    <Box>
      <MarketBids key={market.id} market={market} />
    </Box>
  );
}

/** /crm/bids: a market's cash bids per crop — futures, basis, cash, caps and visibility — with inline and bulk basis moves. */
export function BidsPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('crm.bids.title')} actions={(context) => <MarketPicker context={context} />}>
      {(context) => <BidsBody context={context} />}
    </CrmPageFrame>
  );
}
