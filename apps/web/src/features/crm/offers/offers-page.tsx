import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import type { CrmMarketRow, Offer } from '@granary/domain';
import { Alert, Box, LinearProgress, Paper, Snackbar, Stack } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import { visibleColumns } from '../../../lib/ui/grid/grid-columns';
import { GridToolbar } from '../../../lib/ui/grid/grid-toolbar';
import { useGridPrefs } from '../../../lib/ui/grid/use-grid-prefs';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useOffers } from './api/offers-api';
import { useOfferColumns } from './components/offer-columns';
import { OfferConfirmDialog, OfferEditDialog } from './components/offer-dialogs';
import { OffersPager } from './components/offers-pager';
import { OffersToolbar } from './components/offers-toolbar';
import { useOfferActions } from './use-offer-actions';
import { useOffersLive } from './use-offers-live';
import { useOffersUrlState } from './use-offers-url-state';

/** Offers are worked with the offers permission at the market (grain-marketing.md 6). */
const hasOffers = (market: CrmMarketRow) => market.userPermissions.includes('offers');

/** A market's offers: the filters and live chip, the list (a table, or cards on a phone), its pages, and the actions. */
function MarketOffers({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const { status, page, token, set } = useOffersUrlState();
  const offers = useOffers(market.id, status, { page, token });
  const live = useOffersLive(market.id);
  const actions = useOfferActions(market.id);
  const { pending, busy } = actions;
  const [tokens, setTokens] = useState<Record<number, string | null>>({});
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  // An offer has no page of its own: a row opens its client's profile at the offer's market, crop and crop year.
  const clientHref = useCallback(
    (o: Offer) =>
      `${localized(`/crm/client/${o.clientId}`)}?${new URLSearchParams({
        market_id: String(o.marketId),
        cropId: String(o.cropId),
        crop_year: String(o.cropYear),
      }).toString()}`,
    [localized],
  );
  const columns = useOfferColumns({ justHit: live.justHit, onAct: actions.open, clientHref });
  const [prefs] = useGridPrefs('offers');

  const data = offers.data;
  const rows = data?.rows ?? [];

  const goTo = (next: number) => {
    if (next < 1) return;
    const nextToken = next === 1 ? null : next === page + 1 ? (data?.paginationToken ?? null) : (tokens[next] ?? null);
    if (next === page + 1 && data?.paginationToken) setTokens((cur) => ({ ...cur, [next]: data.paginationToken }));
    set({ page: next === 1 ? null : String(next), paginationToken: nextToken });
  };

  let body;
  if (offers.error && !data) body = <CrmErrorState error={offers.error} onRetry={() => void offers.refetch()} />;
  else if (!data) body = <PageSpinner />;
  else if (rows.length === 0)
    body = (
      <CrmEmptyState
        icon={<LocalOfferOutlinedIcon />}
        title={<T id="offers.empty.title" />}
        body={<T id="offers.empty.body" />}
      />
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          label={t('offers.table')}
          columns={visibleColumns(columns, prefs)}
          rows={rows}
          rowKey={(o) => o.id}
          density={prefs.density}
          onOpen={(o) => void navigate(clientHref(o))}
          rowAttributes={(o) => ({
            'data-offer-id': o.id,
            sx:
              live.justHit.has(o.id) && o.status === 'price_hit'
                ? { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.14) }
                : {},
          })}
        />
      </Paper>
    );

  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <OffersToolbar
            status={status}
            counts={data?.counts}
            live={live.state}
            onStatus={(f) => set({ status: f === 'open' ? null : f, page: null, paginationToken: null })}
          />
        </Box>
        <GridToolbar grid="offers" columns={columns} />
      </Box>
      {offers.isFetching && data ? <LinearProgress sx={{ height: 2, mt: '-10px !important' }} aria-hidden /> : null}
      {offers.error && data ? <CrmErrorState error={offers.error} onRetry={() => void offers.refetch()} /> : null}
      {body}
      {data && data.totalCount > data.pageSize ? (
        <OffersPager
          page={page}
          count={data.totalCount}
          canNext={page < pages && Boolean(data.paginationToken)}
          onPage={goTo}
        />
      ) : null}
      {pending && pending.command !== 'edit' ? (
        <OfferConfirmDialog
          offer={pending.offer}
          command={pending.command}
          busy={busy}
          error={actions.dialogError}
          onConfirm={actions.confirm}
          onClose={actions.close}
        />
      ) : pending ? (
        <OfferEditDialog
          offer={pending.offer}
          busy={busy}
          error={actions.dialogError}
          onSave={actions.save}
          onClose={actions.close}
        />
      ) : null}
      <Snackbar
        open={actions.notice !== null}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && actions.dismissNotice()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {actions.notice ? (
          <Alert severity={actions.notice.severity} variant="filled" onClose={actions.dismissNotice}>
            {actions.notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, hasOffers);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function OffersBody({ context }: { context: CrmContextData }) {
  const { market } = useSelectedMarket(context.markets, hasOffers);
  if (!market)
    return (
      <CrmEmptyState
        icon={<LocalOfferOutlinedIcon />}
        title={<T id="offers.noMarkets.title" />}
        body={<T id="offers.noMarkets.body" />}
      />
    );
  return <MarketOffers key={market.id} market={market} />;
}

/** /crm/offers: farmers' offers at a market as working orders — filters, live prices and state, and the buyer's actions. */
export function OffersPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('offers.title')} actions={(context) => <MarketPicker context={context} />}>
      {(context) => <OffersBody context={context} />}
    </CrmPageFrame>
  );
}
