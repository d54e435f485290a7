import {
  defaultOfferExpiry,
  suggestedTargetCash,
  type Offer,
  type OfferBid,
  type RequestMakeOfferResponse,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { reasonOf } from '../../../lib/api/api-error';
import { T, useT } from '../../../lib/i18n/t';
import { isTargetHitNow, OfferFields, unitSingular, useOfferFields } from '../../../lib/trading/offer-fields';
import { usePlaceOffer } from './farm-offers-api';
import { fmtPrice } from './farm-offer-format';

/**
 * 'Place offer' on a bid: the farm (when the farmer has several selling here), the quantity, a target cash price
 * proposed a nickel above the cash now, and the day it is good through. It says what the target means.
 */
export function PlaceOfferDialog({
  bid,
  context,
  onClose,
  onPlaced,
}: {
  bid: OfferBid;
  context: RequestMakeOfferResponse;
  onClose: () => void;
  onPlaced: (offer: Offer) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const place = usePlaceOffer();
  const [clientId, setClientId] = useState(context.clients[0]?.id ?? 0);
  const fields = useOfferFields({
    quantity: '5000',
    target: suggestedTargetCash(bid.cashPrice),
    expiresOn: defaultOfferExpiry(context.today),
  });
  const { setTouched, quantityValue: q, targetValue: p, expiresOn } = fields;
  const [error, setError] = useState<string | null>(null);
  const unit = unitSingular(bid.quantityUnit);
  const hitNow = isTargetHitNow(fields, bid.cashPrice);

  const submit = () => {
    setTouched(true);
    setError(null);
    if (q === null || p === null || !clientId) return;
    place.mutate(
      { instrumentId: bid.instrumentId, clientId, quantity: q, targetCashPrice: p, expiresOn },
      {
        onSuccess: onPlaced,
        onError: (e) => {
          const reason = reasonOf(e);
          const why =
            reason === 'bid_cap_exceeded'
              ? t('offers.reason.bid_cap_exceeded')
              : reason === 'offers_not_allowed'
                ? t('offers.reason.offers_not_allowed')
                : reason === 'expiry'
                  ? t('offers.reason.expiry')
                  : null;
          setError(why ? `${t('offers.error.place')}. ${why}` : t('offers.error.place'));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={place.isPending ? undefined : onClose}
      fullScreen={phone}
      maxWidth="xs"
      fullWidth
      aria-labelledby="place-offer-title"
    >
      <DialogTitle id="place-offer-title">
        <T id="offers.place.title" />
        <Typography variant="body2" color="text.secondary">
          {t('offers.place.bid', { crop: bid.crop, delivery: bid.deliveryPeriod })}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box
          sx={{
            p: 1.5,
            mb: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            <T id="offers.place.currentCash" />
          </Typography>
          <Typography variant="h3" component="p" aria-label={t('offers.place.currentCash')}>
            {fmtPrice(bid.cashPrice)}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
              {t('offers.farm.perUnit', { unit })}
            </Typography>
          </Typography>
        </Box>
        <Stack spacing={2}>
          {context.clients.length > 1 ? (
            <TextField
              select
              label={t('offers.field.farm')}
              value={clientId}
              onChange={(e) => setClientId(Number(e.target.value))}
            >
              {context.clients.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <OfferFields
            fields={fields}
            quantityUnit={bid.quantityUnit}
            cashPrice={bid.cashPrice}
            minDate={context.today}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('offers.place.explain', { price: p ? fmtPrice(p) : '—', unit })}
        </Typography>
        {hitNow ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            <T id="offers.place.atOrBelow" />
          </Alert>
        ) : null}
        {context.market.offersRequireApproval ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            <T id="offers.place.needsApproval" />
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={place.isPending}>
          <T id="offers.place.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={place.isPending}>
          <T id="offers.place.submit" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
