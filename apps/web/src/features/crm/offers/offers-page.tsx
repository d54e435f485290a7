import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import {
  OFFER_STATUS_FILTERS,
  QUOTES_TOPIC,
  offersMarketTopic,
  parseOfferStatusFilter,
  type LiveEvent,
  type CrmMarketRow,
  type Offer,
  type OfferEditInput,
  type OffersEventPayload,
  type OfferStatusFilter,
  type OfferUserAction,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { OFFER_STATE_LABEL, OfferStatusChip } from '../../../lib/trading/offer-status';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { offersKeys, useEditOffer, useOfferCommand, useOffers, type OfferCommand } from './api/offers-api';
import { OfferConfirmDialog, OfferEditDialog } from './components/offer-dialogs';
import { distanceOf, fmtOfferDateTime, fmtOfferDay, fmtOfferPrice, fmtOfferQuantity } from './components/offer-format';

/** Offers are worked with the offers permission at the market (grain-marketing.md 6). */
const hasOffers = (market: CrmMarketRow) => market.userPermissions.includes('offers');

const FILTER_LABEL: Record<OfferStatusFilter, MessageId> = {
  open: 'offers.filter.open',
  price_hit: 'offers.filter.price_hit',
  filled: 'offers.filter.filled',
  canceled: 'offers.filter.canceled',
  expired: 'offers.filter.expired',
  all: 'offers.filter.all',
};

/** The buttons of a row, in the order shown: the likely next step first. */
const ACTION_ORDER: readonly OfferUserAction[] = ['accept', 'approve', 'reset_price_hit', 'edit', 'reject', 'cancel'];
const ACTION_LABEL: Record<OfferUserAction, MessageId> = {
  accept: 'offers.action.accept',
  approve: 'offers.action.approve',
  reset_price_hit: 'offers.action.reset_price_hit',
  edit: 'offers.action.edit',
  reject: 'offers.action.reject',
  cancel: 'offers.action.cancel',
};
const ERROR_OF: Record<OfferCommand | 'edit', MessageId> = {
  accept: 'offers.error.accept',
  approve: 'offers.error.approve',
  reject: 'offers.error.reject',
  cancel: 'offers.error.cancel',
  reset_price_hit: 'offers.error.reset_price_hit',
  edit: 'offers.error.edit',
};
const DONE_OF: Record<OfferCommand | 'edit', MessageId> = {
  accept: 'offers.done.accept',
  approve: 'offers.done.approve',
  reject: 'offers.done.reject',
  cancel: 'offers.done.cancel',
  reset_price_hit: 'offers.done.reset_price_hit',
  edit: 'offers.done.edit',
};

/** The spec's failure message ('Unable to accept offer'), then why, when the server said. */
function useOfferErrorText() {
  const t = useT();
  return useCallback(
    (command: OfferCommand | 'edit', error: unknown): string => {
      const base = t(ERROR_OF[command]);
      if (!isApiError(error)) return base;
      const details = (error.details ?? {}) as { reason?: string; status?: keyof typeof OFFER_STATE_LABEL };
      let why: string | null = null;
      if (error.status === 412) why = t('offers.reason.stale');
      else if (details.reason === 'bid_cap_exceeded') why = t('offers.reason.bid_cap_exceeded');
      else if (details.reason === 'price_not_hit') why = t('offers.reason.price_not_hit');
      else if (details.reason === 'expired') why = t('offers.reason.expired');
      else if (details.reason === 'expiry') why = t('offers.reason.expiry');
      else if (
        (details.reason === 'not_open' || details.reason === 'wrong_state') &&
        details.status &&
        OFFER_STATE_LABEL[details.status]
      )
        why = t('offers.reason.taken', { status: t(OFFER_STATE_LABEL[details.status]).toLowerCase() });
      return why ? `${base}. ${why}` : base;
    },
    [t],
  );
}

/** status and paging in the URL (grain-marketing.md 2 'CRM list query parameters': status, page, paginationToken). */
function useOffersUrlState() {
  const [params, setParams] = useSearchParams();
  const status = parseOfferStatusFilter(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const token = params.get('paginationToken');
  const set = useCallback(
    (values: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(values)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { status, page, token, set };
}

type Pending = { offer: Offer; command: OfferCommand | 'edit' };

function RowActions({ offer, onAct }: { offer: Offer; onAct: (offer: Offer, command: OfferCommand | 'edit') => void }) {
  const t = useT();
  const actions = ACTION_ORDER.filter((a) => offer.actions.includes(a));
  if (actions.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ flexWrap: 'wrap', rowGap: 0.5 }}
      role="group"
      aria-label={t('offers.rowActions', { client: offer.clientName })}
    >
      {actions.map((a) => (
        <Button
          key={a}
          size="small"
          variant={a === 'accept' || a === 'approve' ? 'contained' : 'text'}
          color={a === 'cancel' || a === 'reject' ? 'error' : 'primary'}
          onClick={() => onAct(offer, a)}
        >
          <T id={ACTION_LABEL[a]} />
        </Button>
      ))}
    </Stack>
  );
}

function CurrentCash({ offer }: { offer: Offer }) {
  const t = useT();
  const d = distanceOf(offer);
  if (offer.currentCashPrice === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('offers.noQuote')}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2">{fmtOfferPrice(offer.currentCashPrice)}</Typography>
      {d && (offer.status === 'working' || offer.status === 'pending_approval' || offer.status === 'price_hit') ? (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: d.hit ? 'success.main' : 'text.secondary', fontWeight: d.hit ? 600 : 400, whiteSpace: 'nowrap' }}
        >
          {t(d.id, { amount: d.amount })}
        </Typography>
      ) : null}
    </Box>
  );
}

function Placed({ offer }: { offer: Offer }) {
  const t = useT();
  const who = offer.placedBy?.name ?? t(offer.placedByFarmer ? 'offers.placed.farmer' : 'offers.placed.buyer');
  return (
    <Box>
      <Typography variant="body2">{who}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {fmtOfferDateTime(offer.createdAt)}
      </Typography>
    </Box>
  );
}

type ViewProps = {
  rows: Offer[];
  justHit: ReadonlySet<number>;
  onAct: (offer: Offer, command: OfferCommand | 'edit') => void;
};

function OffersTable({ rows, justHit, onAct }: ViewProps) {
  const t = useT();
  const theme = useTheme();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('offers.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('offers.col.client')}</TableCell>
            <TableCell>{t('offers.col.crop')}</TableCell>
            <TableCell align="right">{t('offers.col.quantity')}</TableCell>
            <TableCell align="right">{t('offers.col.target')}</TableCell>
            <TableCell align="right">{t('offers.col.current')}</TableCell>
            <TableCell>{t('offers.col.expires')}</TableCell>
            <TableCell>{t('offers.col.status')}</TableCell>
            <TableCell>{t('offers.col.placed')}</TableCell>
            <TableCell>{t('offers.col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((o) => {
            const hot = justHit.has(o.id) && o.status === 'price_hit';
            return (
              <TableRow
                key={o.id}
                hover
                data-offer-id={o.id}
                sx={
                  hot
                    ? { bgcolor: alpha(theme.palette.warning.main, 0.14), transition: 'background-color 600ms' }
                    : undefined
                }
              >
                <TableCell sx={{ fontWeight: 600 }}>{o.clientName}</TableCell>
                <TableCell>
                  <Typography variant="body2">{o.crop}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {o.deliveryPeriod}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('offers.quantity', { quantity: fmtOfferQuantity(o.quantity), unit: o.quantityUnit })}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {fmtOfferPrice(o.targetCashPrice)}
                </TableCell>
                <TableCell align="right">
                  <CurrentCash offer={o} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmtOfferDay(o.expiresOn)}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <OfferStatusChip status={o.status} />
                    {hot ? (
                      <Typography variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                        {t('offers.justHit')}
                      </Typography>
                    ) : null}
                    {o.displayContractId ? (
                      <Typography variant="caption">
                        {t('offers.contract', { contract: o.displayContractId })}
                      </Typography>
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Placed offer={o} />
                </TableCell>
                <TableCell>
                  <RowActions offer={o} onAct={onAct} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OfferCards({ rows, justHit, onAct }: ViewProps) {
  const t = useT();
  const theme = useTheme();
  return (
    <Stack spacing={1.5} component="ul" aria-label={t('offers.table')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((o) => {
        const hot = justHit.has(o.id) && o.status === 'price_hit';
        return (
          <Paper
            key={o.id}
            component="li"
            variant="outlined"
            data-offer-id={o.id}
            sx={{ p: 2, ...(hot ? { bgcolor: alpha(theme.palette.warning.main, 0.14) } : {}) }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {o.clientName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.crop} · {o.deliveryPeriod}
                </Typography>
              </Box>
              <OfferStatusChip status={o.status} />
            </Stack>
            <Stack direction="row" spacing={2} sx={{ mt: 1.5, justifyContent: 'space-between' }}>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.quantity')}
                </Typography>
                <Typography variant="body2">
                  {t('offers.quantity', { quantity: fmtOfferQuantity(o.quantity), unit: o.quantityUnit })}
                </Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.target')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {fmtOfferPrice(o.targetCashPrice)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.current')}
                </Typography>
                <CurrentCash offer={o} />
              </Box>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('offers.col.expires')} {fmtOfferDay(o.expiresOn)}
              {o.displayContractId ? ` · ${t('offers.contract', { contract: o.displayContractId })}` : ''}
            </Typography>
            <Placed offer={o} />
            <Box sx={{ mt: 1 }}>
              <RowActions offer={o} onAct={onAct} />
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * Live /crm/offers on the page's shared stream: the market's offer events (at once) and the quotes (at most every
 * 1.5 s) read the list again. Offers that just became price-hit are remembered so the rows can highlight them.
 */
function useOffersLive(marketId: number) {
  const queryClient = useQueryClient();
  const [justHit, setJustHit] = useState<ReadonlySet<number>>(new Set());
  const state = useLiveRefresh({
    topics: [offersMarketTopic(marketId), QUOTES_TOPIC],
    refresh: () => void queryClient.invalidateQueries({ queryKey: offersKeys.market(marketId) }),
    urgent: (event) => event.topic !== QUOTES_TOPIC,
    onEvent: (event: LiveEvent) => {
      const payload = event.topic === QUOTES_TOPIC ? null : (event.payload as OffersEventPayload | null);
      if (payload?.status === 'price_hit') setJustHit((current) => new Set([...current, ...payload.offerIds]));
    },
  });
  return { state, justHit };
}

function MarketOffers({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { status, page, token, set } = useOffersUrlState();
  const offers = useOffers(market.id, status, { page, token });
  const live = useOffersLive(market.id);
  const command = useOfferCommand(market.id);
  const edit = useEditOffer(market.id);
  const errorText = useOfferErrorText();
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ message: string; severity: 'success' | 'error' } | null>(null);
  const [tokens, setTokens] = useState<Record<number, string | null>>({});

  const data = offers.data;
  const rows = data?.rows ?? [];
  const busy = command.isPending || edit.isPending;

  const open = (offer: Offer, c: OfferCommand | 'edit') => {
    setDialogError(null);
    setPending({ offer, command: c });
  };
  const close = () => {
    if (!busy) setPending(null);
  };
  const done = (c: OfferCommand | 'edit', saved: Offer) => {
    setPending(null);
    setNotice({ message: t(DONE_OF[c], { contract: saved.displayContractId ?? '' }), severity: 'success' });
  };
  const confirm = () => {
    if (!pending || pending.command === 'edit') return;
    const c = pending.command;
    command.mutate(
      { offer: pending.offer, command: c },
      { onSuccess: (saved) => done(c, saved), onError: (e) => setDialogError(errorText(c, e)) },
    );
  };
  const save = (patch: OfferEditInput) => {
    if (!pending) return;
    edit.mutate(
      { offer: pending.offer, patch },
      { onSuccess: (saved) => done('edit', saved), onError: (e) => setDialogError(errorText('edit', e)) },
    );
  };

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
      <OfferCards rows={rows} justHit={live.justHit} onAct={open} />
    ) : (
      <OffersTable rows={rows} justHit={live.justHit} onAct={open} />
    );

  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack
          direction="row"
          spacing={1}
          role="group"
          aria-label={t('offers.filters')}
          sx={{ flexWrap: 'wrap', rowGap: 1 }}
        >
          {OFFER_STATUS_FILTERS.map((f) => (
            <Chip
              key={f}
              clickable
              color={f === status ? 'primary' : 'default'}
              variant={f === status ? 'filled' : 'outlined'}
              aria-pressed={f === status}
              label={
                data
                  ? t('offers.filter.count', { label: t(FILTER_LABEL[f]), count: data.counts[f] ?? 0 })
                  : t(FILTER_LABEL[f])
              }
              onClick={() => set({ status: f === 'open' ? null : f, page: null, paginationToken: null })}
            />
          ))}
        </Stack>
        {live.state === 'connecting' ? null : (
          <Chip
            size="small"
            color={live.state === 'open' ? 'success' : 'default'}
            variant="outlined"
            label={t(live.state === 'open' ? 'offers.live' : 'offers.reconnecting')}
            title={t(live.state === 'open' ? 'offers.liveHelp' : 'offers.reconnectingHelp')}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          />
        )}
      </Stack>
      {offers.isFetching && data ? <LinearProgress sx={{ height: 2, mt: '-10px !important' }} aria-hidden /> : null}
      {offers.error && data ? <CrmErrorState error={offers.error} onRetry={() => void offers.refetch()} /> : null}
      {body}
      {data && data.totalCount > data.pageSize ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary">
            {t('offers.page.of', { page, count: data.totalCount })}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <T id="offers.page.prev" />
          </Button>
          <Button size="small" disabled={page >= pages || !data.paginationToken} onClick={() => goTo(page + 1)}>
            <T id="offers.page.next" />
          </Button>
        </Stack>
      ) : null}
      {pending && pending.command !== 'edit' ? (
        <OfferConfirmDialog
          offer={pending.offer}
          command={pending.command}
          busy={busy}
          error={dialogError}
          onConfirm={confirm}
          onClose={close}
        />
      ) : null}
      {pending && pending.command === 'edit' ? (
        <OfferEditDialog offer={pending.offer} busy={busy} error={dialogError} onSave={save} onClose={close} />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)}>
            {notice.message}
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
