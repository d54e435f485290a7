import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import {
  QUOTES_TOPIC,
  bidsMarketTopic,
  isOpenOfferStatus,
  offersClientTopic,
  parseLiveTopic,
  type Offer,
  type OfferBid,
  type OfferMarket,
  type OfferStatus,
} from '@granary/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { OfferStatusChip } from '../../../lib/trading/offer-status';
import { MslFrame, useMslEmbedding } from '../components/msl-frame';
import { MslEmpty, MslError, MslLoading } from '../components/msl-states';
import { farmOffersKeys, useCancelOwnOffer, useFarmOffers, useMakeOffer } from './farm-offers-api';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { STATUS_TOAST, fmtBasis, fmtFutures, fmtPrice, fmtQuantity } from './farm-offer-format';
import { PlaceOfferDialog } from './place-offer-dialog';
import { ElevatorPosts } from './elevator-posts';

/** Toasts when one of the farmer's offers changes state under their eyes (price hit, filled, declined, expired). */
function useStatusToasts(offers: readonly Offer[] | undefined) {
  const seen = useRef<Map<number, OfferStatus> | null>(null);
  const price = usePriceFormat();
  useEffect(() => {
    if (!offers) return;
    const before = seen.current;
    seen.current = new Map(offers.map((o) => [o.id, o.status]));
    if (!before) return;
    for (const o of offers) {
      const was = before.get(o.id);
      const toast = STATUS_TOAST[o.status];
      if (was === undefined || was === o.status || !toast) continue;
      // Approved is 'working' coming from pending; a reset price hit is not news.
      if (o.status === 'working' && was !== 'pending_approval') continue;
      showToast(
        { messageId: toast, values: { crop: o.crop, price: fmtPrice(o.targetCashPrice, o.quantityUnit, price) } },
        { severity: o.status === 'filled' || o.status === 'price_hit' ? 'success' : 'info' },
      );
    }
  }, [offers, price]);
}

/**
 * Live bids page on the page's shared stream: the farm's offer events (offers:client:<id> per farm) read the offers
 * and the market's bids again at once (the status toasts follow from the new offers), the market's bids and the
 * quotes at most every 1.5 s.
 */
function useFarmOffersLive(clientIds: readonly number[], marketId: number) {
  const queryClient = useQueryClient();
  return useLiveRefresh({
    topics: [...clientIds.map(offersClientTopic), bidsMarketTopic(marketId), QUOTES_TOPIC],
    enabled: clientIds.length > 0,
    refresh: () => void queryClient.invalidateQueries({ queryKey: farmOffersKeys.all }),
    urgent: (event) => parseLiveTopic(event.topic)?.kind === 'offers-client',
  });
}

function MarketPicker({
  markets,
  market,
  onChange,
}: {
  markets: OfferMarket[];
  market: OfferMarket;
  onChange: (m: OfferMarket) => void;
}) {
  const t = useT();
  if (markets.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('offers.farm.market')}
      value={market.id}
      onChange={(e) => {
        const next = markets.find((m) => m.id === Number(e.target.value));
        if (next) onChange(next);
      }}
      sx={{ minWidth: 220 }}
    >
      {markets.map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function BidsOfCrop({ crop, bids, onPlace }: { crop: string; bids: OfferBid[]; onPlace: (bid: OfferBid) => void }) {
  const t = useT();
  const price = usePriceFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const label = t('offers.farm.bidsOf', { crop });
  const placeButton = (b: OfferBid) =>
    b.offersAllowed ? (
      <Button
        size="small"
        variant="outlined"
        onClick={() => onPlace(b)}
        aria-label={t('offers.farm.placeOfferFor', { crop: b.crop, delivery: b.deliveryPeriod })}
        disabled={b.cashPrice === null}
      >
        <T id="offers.farm.placeOffer" />
      </Button>
    ) : (
      <Typography variant="caption" color="text.secondary">
        <T id="offers.farm.offersClosed" />
      </Typography>
    );
  return (
    <Box component="section" aria-label={label} sx={{ mb: 3 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {crop}
      </Typography>
      {phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {bids.map((b) => (
            <Paper
              key={b.instrumentId}
              component="li"
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{b.deliveryPeriod}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {b.futuresSymbol
                    ? `${b.futuresSymbol} ${fmtBasis(b.basis, b.futuresSymbol, b.quantityUnit, price)}`
                    : ''}
                </Typography>
              </Box>
              <Stack sx={{ alignItems: 'flex-end' }} spacing={0.5}>
                <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {fmtPrice(b.cashPrice, b.quantityUnit, price)}
                </Typography>
                {placeButton(b)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('offers.farm.col.delivery')}</TableCell>
                <TableCell>{t('offers.farm.col.futures')}</TableCell>
                <TableCell align="right">{t('offers.farm.col.basis')}</TableCell>
                <TableCell align="right">{t('offers.farm.col.cash')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {bids.map((b) => (
                <TableRow key={b.instrumentId} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{b.deliveryPeriod}</TableCell>
                  <TableCell>
                    {b.futuresSymbol ?? '—'}
                    {b.futuresPrice ? (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        {fmtFutures(b.futuresPrice, b.quantityUnit, price)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={numericCellSx}>
                    {fmtBasis(b.basis, b.futuresSymbol, b.quantityUnit, price)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...numericCellSx, fontWeight: 700 }}>
                    {fmtPrice(b.cashPrice, b.quantityUnit, price)}
                  </TableCell>
                  <TableCell align="right">{placeButton(b)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function MyOffers({ offers, onCancel }: { offers: Offer[]; onCancel: (offer: Offer) => void }) {
  const t = useT();
  const dates = useDates();
  const price = usePriceFormat();
  return (
    <Box component="section" aria-labelledby="my-offers-heading">
      <Typography id="my-offers-heading" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        <T id="offers.farm.mine" />
      </Typography>
      {offers.length === 0 ? (
        <Typography color="text.secondary">
          <T id="offers.farm.mine.empty" />
        </Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="my-offers-heading">
          {offers.map((o) => (
            <Paper
              key={o.id}
              component="li"
              variant="outlined"
              data-offer-id={o.id}
              sx={{
                p: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1.5,
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {t('offers.quantity', { quantity: fmtQuantity(o.quantity), unit: o.quantityUnit })} · {o.crop}{' '}
                  {o.deliveryPeriod}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('offers.farm.target', { price: fmtPrice(o.targetCashPrice, o.quantityUnit, price) })}
                  {o.currentCashPrice && isOpenOfferStatus(o.status)
                    ? ` · ${t('offers.farm.now', { price: fmtPrice(o.currentCashPrice, o.quantityUnit, price) })}`
                    : ''}
                  {isOpenOfferStatus(o.status)
                    ? ` · ${t('offers.farm.expires', { date: dates.day(o.expiresOn) })}`
                    : ''}
                  {o.displayContractId ? ` · ${t('offers.contract', { contract: o.displayContractId })}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <OfferStatusChip status={o.status} />
                {o.actions.includes('cancel') ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onCancel(o)}
                    aria-label={t('offers.farm.cancelOf', { quantity: fmtQuantity(o.quantity), crop: o.crop })}
                  >
                    <T id="offers.farm.cancel" />
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function MarketBids({ market, offers }: { market: OfferMarket; offers: Offer[] }) {
  const t = useT();
  const price = usePriceFormat();
  const make = useMakeOffer(market.id);
  const cancel = useCancelOwnOffer();
  const clientIds = useMemo(() => (make.data?.clients ?? []).map((c) => c.id), [make.data]);
  useFarmOffersLive(clientIds, market.id);
  const [placing, setPlacing] = useState<OfferBid | null>(null);
  const [cancelling, setCancelling] = useState<Offer | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const groups = useMemo(() => {
    const out = new Map<string, OfferBid[]>();
    for (const b of make.data?.bids ?? []) out.set(b.crop, [...(out.get(b.crop) ?? []), b]);
    return [...out.entries()];
  }, [make.data]);
  const mine = offers.filter((o) => o.marketId === market.id).slice(0, 20);

  return (
    <>
      <ElevatorPosts marketId={market.id} />
      {make.error ? <MslError error={make.error} onRetry={() => void make.refetch()} /> : null}
      {!make.data && !make.error ? <MslLoading count={2} height={160} /> : null}
      {make.data && groups.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          <T id="offers.farm.noBids" />
        </Typography>
      ) : null}
      {groups.map(([crop, bids]) => (
        <BidsOfCrop key={crop} crop={crop} bids={bids} onPlace={setPlacing} />
      ))}
      <MyOffers
        offers={mine}
        onCancel={(o) => {
          setCancelError(null);
          setCancelling(o);
        }}
      />
      {placing && make.data ? (
        <PlaceOfferDialog
          bid={placing}
          context={make.data}
          onClose={() => setPlacing(null)}
          onPlaced={(offer) => {
            setPlacing(null);
            showToast(
              { messageId: offer.status === 'pending_approval' ? 'offers.place.doneApproval' : 'offers.place.done' },
              { severity: 'success' },
            );
          }}
        />
      ) : null}
      {cancelling ? (
        <Dialog
          open
          onClose={() => !cancel.isPending && setCancelling(null)}
          maxWidth="xs"
          fullWidth
          aria-labelledby="cancel-offer-title"
        >
          <DialogTitle id="cancel-offer-title">
            <T id="offers.confirm.cancel.title" />
          </DialogTitle>
          <DialogContent>
            <Typography>
              {t('offers.quantity', { quantity: fmtQuantity(cancelling.quantity), unit: cancelling.quantityUnit })} ·{' '}
              {cancelling.crop} {cancelling.deliveryPeriod} ·{' '}
              {t('offers.farm.target', { price: fmtPrice(cancelling.targetCashPrice, cancelling.quantityUnit, price) })}
            </Typography>
            {cancelError ? (
              <Typography role="alert" color="error" sx={{ mt: 2 }}>
                {cancelError}
              </Typography>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setCancelling(null)} disabled={cancel.isPending}>
              <T id="offers.confirm.back" />
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(cancelling, {
                  onSuccess: () => {
                    setCancelling(null);
                    showToast({ messageId: 'offers.done.cancel' }, { severity: 'success' });
                  },
                  onError: () => setCancelError(t('offers.error.cancel')),
                })
              }
            >
              <T id="offers.farm.cancel" />
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * /my-sales-lite/bids/:marketName?: the cash bids of the markets the farm sells to (the first one without a name),
 * per crop with futures, basis and cash; 'Place offer' on a bid; the farmer's offers there, live (a price hit or a
 * fill shows as a toast).
 */
export function FarmBidsPage() {
  const embedding = useMslEmbedding();
  const params = useParams();
  const marketName = embedding ? embedding.marketName : params.marketName;
  const bidsPath = embedding?.bidsPath ?? '/my-sales-lite/bids';
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const data = useFarmOffers();
  useStatusToasts(data.data?.offers);
  const markets = data.data?.markets ?? [];
  const market = markets.find((m) => m.slug === marketName) ?? markets[0] ?? null;
  return (
    <MslFrame
      title="offers.farm.title"
      actions={
        market ? (
          <MarketPicker
            markets={markets}
            market={market}
            onChange={(m) => navigate(localized(`${bidsPath}/${m.slug}`))}
          />
        ) : undefined
      }
    >
      {data.error ? <MslError error={data.error} onRetry={() => void data.refetch()} /> : null}
      {!data.data && !data.error ? <MslLoading count={2} height={160} /> : null}
      {data.data && !market ? (
        <MslEmpty
          icon={<StorefrontOutlinedIcon />}
          title={<T id="offers.farm.noMarkets.title" />}
          body={<T id="offers.farm.noMarkets.body" />}
        />
      ) : null}
      {market ? (
        <>
          {markets.length < 2 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {market.name}
            </Typography>
          ) : null}
          <MarketBids key={market.id} market={market} offers={data.data?.offers ?? []} />
        </>
      ) : null}
    </MslFrame>
  );
}
