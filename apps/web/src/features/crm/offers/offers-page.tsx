import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import type { CrmMarketRow } from '@granary/domain';
import { Alert, LinearProgress, Snackbar, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useOffers } from './api/offers-api';
import { OfferCards } from './components/offer-cards';
import { OfferConfirmDialog, OfferEditDialog } from './components/offer-dialogs';
import { OffersPager } from './components/offers-pager';
import { OffersTable } from './components/offers-table';
import { OffersToolbar } from './components/offers-toolbar';
import { useOfferActions } from './use-offer-actions';
import { useOffersLive } from './use-offers-live';
import { useOffersUrlState } from './use-offers-url-state';

/** Offers are worked with the offers permission at the market (grain-marketing.md 6). */
const hasOffers = (market: CrmMarketRow) => market.userPermissions.includes('offers');

/** A market's offers: the filters and live chip, the list (a table, or cards on a phone), its pages, and the actions. */
function MarketOffers({ market }: { market: CrmMarketRow }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { status, page, token, set } = useOffersUrlState();
  const offers = useOffers(market.id, status, { page, token });
  const live = useOffersLive(market.id);
  const actions = useOfferActions(market.id);
  const { pending, busy } = actions;
  const [tokens, setTokens] = useState<Record<number, string | null>>({});

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
    body = phone ? (
      <OfferCards rows={rows} justHit={live.justHit} onAct={actions.open} />
    ) : (
      <OffersTable rows={rows} justHit={live.justHit} onAct={actions.open} />
    );

  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;

  return (
    <Stack spacing={2}>
      <OffersToolbar
        status={status}
        counts={data?.counts}
        live={live.state}
        onStatus={(f) => set({ status: f === 'open' ? null : f, page: null, paginationToken: null })}
      />
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
