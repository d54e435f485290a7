import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import type { CrmMarketRow, InstrumentCropSummary, InstrumentRow } from '@granary/domain';
import { Box, LinearProgress, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { QuoteBoard } from '../futures/quote-board';
import { useSelectedMarket } from '../components/use-selected-market';
import { useBids } from './api/instruments';
import { CropCards, CropTable, useBidColumns } from './components/bids-grid';
import { movable, type GridActions } from './components/bids-grid-actions';
import { BidsNotice, type Notice } from './components/bids-notice';
import { BidsPageDialogs, type BidsPageDialogState } from './components/bids-page-dialogs';
import { BidsCropTabs, BidsToolbar, NewBidButton } from './components/bids-toolbar';
import { usePhoneGrid } from '../../../lib/ui/grid/data-grid';
import { visibleColumns } from '../../../lib/ui/grid/grid-columns';
import { GridToolbar } from '../../../lib/ui/grid/grid-toolbar';
import { useGridPrefs } from '../../../lib/ui/grid/use-grid-prefs';
import { useBidRowWrites } from './components/use-bid-row-writes';
import { useBidsGridSelection } from './components/use-bids-grid-selection';
import { useBidsLive } from './use-bids-live';
import { useBidsUrlState } from './use-bids-url-state';
import { useBidsView } from './use-bids-view';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { NewContractDialog } from '../contract-writing/new-contract-dialog';
import { prefillFromBid } from '../contract-writing/contract-form';
import { basisInputText } from './components/basis-input';

/** Bids are managed with the instruments permission at the market (grain-marketing.md 6). */
const hasInstruments = (market: CrmMarketRow) => market.userPermissions.includes('instruments');

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, hasInstruments);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

/** The grid, or what stands in its place: the load's error, a spinner, the empty states. */
function GridBody({
  bids,
  filtered,
  cropGroups,
  phone,
  actions,
  onNewBid,
}: {
  bids: ReturnType<typeof useBids>;
  /** A visibility filter or the deleted bids are on. */
  filtered: boolean;
  cropGroups: { crop: InstrumentCropSummary; rows: InstrumentRow[] }[];
  phone: boolean;
  actions: GridActions;
  onNewBid: () => void;
}) {
  const columns = useBidColumns();
  const [prefs] = useGridPrefs('bids');
  const visible = new Set(visibleColumns(columns, prefs).map((c) => c.id));
  const density = prefs.density;
  const data = bids.data;
  if (bids.error && !data) return <CrmErrorState error={bids.error} onRetry={() => void bids.refetch()} />;
  if (!data) return <PageSpinner />;
  if (data.rows.length === 0 && data.crops.every((c) => c.count === 0) && !filtered)
    return (
      <CrmEmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={<T id="crm.bids.empty.title" />}
        body={<T id="crm.bids.empty.body" />}
        action={<NewBidButton onClick={onNewBid} />}
      />
    );
  if (cropGroups.length === 0)
    return (
      <CrmEmptyState
        icon={<PriceChangeOutlinedIcon />}
        title={<T id="crm.bids.emptyFiltered.title" />}
        body={<T id="crm.bids.emptyFiltered.body" />}
      />
    );
  return (
    <Stack spacing={2}>
      {cropGroups.map((g) =>
        phone ? (
          <CropCards key={g.crop.cropId} crop={g.crop} rows={g.rows} actions={actions} />
        ) : (
          <CropTable
            key={g.crop.cropId}
            crop={g.crop}
            rows={g.rows}
            actions={actions}
            visible={visible}
            density={density}
          />
        ),
      )}
    </Stack>
  );
}

/** The bid the URL points at is scrolled to once it shows. */
function useScrollToHighlight(highlightId: number | null, rows: readonly InstrumentRow[]) {
  const highlightShown = highlightId !== null && rows.some((r) => r.id === highlightId);
  useEffect(() => {
    if (!highlightShown) return;
    const element = document.querySelector(`[data-bid-id="${highlightId}"]`);
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'center' });
  }, [highlightShown, highlightId]);
}

function MarketBids({ market }: { market: CrmMarketRow }) {
  const theme = useTheme();
  const phone = usePhoneGrid();
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const { cropId, visibility, highlightId, setParam } = useBidsUrlState();
  const [showDeleted, setShowDeleted] = useState(false);
  // One list per market (every crop): tabs switch instantly and the counts stay right.
  const bids = useBids(market.id, { cropFilter: null, visibility, deleted: showDeleted });
  const live = useBidsLive(market.id);
  const selection = useBidsGridSelection();
  const [dialog, setDialog] = useState<BidsPageDialogState['dialog']>(null);
  const [moveOpen, setMoveOpen] = useState(false);
  const [offerFor, setOfferFor] = useState<number | null>(null);
  const [contractFrom, setContractFrom] = useState<InstrumentRow | null>(null);
  const canWriteContracts = market.entitlements.includes('grain-buying-contracts');
  const basisNotation = usePriceFormat().notation.basis;
  // Offers are placed with the offers permission at the market (grain-marketing.md 4 instrumentPlaceOffer).
  const canOffer = market.userPermissions.includes('offers');
  const [notice, setNotice] = useState<Notice | null>(null);
  const writes = useBidRowWrites(market.id, setNotice, selection.deselect);

  const data = bids.data;
  const view = useBidsView(data, cropId);
  const selectedRows = view.rows.filter((r) => selection.selected.has(r.id) && movable(r));
  useScrollToHighlight(highlightId, view.rows);

  const actions: GridActions = {
    marketId: market.id,
    highlightId,
    selected: selection.selected,
    busyIds: writes.busyIds,
    onToggle: selection.onToggle,
    onToggleAll: selection.onToggleAll,
    onEdit: (row) => setDialog({ rowId: row.id }),
    onDelete: writes.onDelete,
    onUndelete: writes.onUndelete,
    ...(canOffer ? { onPlaceOffer: (row: InstrumentRow) => setOfferFor(row.id) } : {}),
    ...(canWriteContracts ? { onNewContract: (row: InstrumentRow) => setContractFrom(row) } : {}),
  };
  const newBid = () => setDialog({ rowId: null });
  const bidColumns = useBidColumns();

  return (
    <Stack spacing={2}>
      {data && view.crops.length > 0 ? (
        <BidsCropTabs
          crops={view.crops}
          cropId={cropId}
          onCrop={(id) => setParam('cropFilter', id === null ? null : String(id))}
        />
      ) : null}
      <BidsToolbar
        visibility={visibility}
        onVisibility={(v) => setParam('instrumentVisibility', v === 'all' ? null : v)}
        showDeleted={showDeleted}
        onShowDeleted={setShowDeleted}
        live={live}
        lastQuote={view.lastQuote}
        selectedCount={selectedRows.length}
        onClearSelection={selection.clear}
        onMove={() => setMoveOpen(true)}
        onNewBid={newBid}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
        <GridToolbar grid="bids" columns={bidColumns} />
      </Box>
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
        <Box sx={{ minWidth: 0, order: { xs: 2, xl: 1 } }}>
          <GridBody
            bids={bids}
            filtered={visibility !== 'all' || showDeleted}
            cropGroups={view.cropGroups}
            phone={phone}
            actions={actions}
            onNewBid={newBid}
          />
        </Box>
        {data && view.boardCropId !== null ? (
          <Box
            sx={{
              order: { xs: 1, xl: 2 },
              maxWidth: { xs: 560, xl: 'none' },
              position: { xl: 'sticky' },
              top: { xl: 16 },
            }}
          >
            <QuoteBoard key={view.boardCropId} cropId={view.boardCropId} maxRows={wide ? 8 : 3} />
          </Box>
        ) : null}
      </Box>
      <BidsPageDialogs
        marketId={market.id}
        data={data}
        rows={view.rows}
        crops={view.crops}
        cropId={cropId}
        quotes={view.quotes}
        roundingModes={view.roundingModes}
        selectedRows={selectedRows}
        state={{ dialog, offerFor, moveOpen }}
        onClose={(which) => {
          if (which === 'dialog') setDialog(null);
          else if (which === 'offerFor') setOfferFor(null);
          else setMoveOpen(false);
        }}
        onMoved={selection.clear}
        setNotice={setNotice}
      />
      <BidsNotice notice={notice} onClose={() => setNotice(null)} />
      <NewContractDialog
        open={contractFrom !== null}
        onClose={() => setContractFrom(null)}
        markets={[market]}
        marketId={market.id}
        prefill={
          contractFrom
            ? prefillFromBid(contractFrom, basisInputText(contractFrom.basis, 'bushel', basisNotation))
            : undefined
        }
      />
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
