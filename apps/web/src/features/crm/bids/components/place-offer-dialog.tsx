import {
  defaultOfferExpiry,
  suggestedTargetCash,
  type ClientSearchRow,
  type InstrumentRow,
  type Offer,
} from '@granary/domain';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { isTargetHitNow, OfferFields, unitSingular, useOfferFields } from '../../../../lib/trading/offer-fields';
import { useClientSearch } from '../../clients/api/client-search';
import { usePlaceOffer } from '../api/place-offer';
import { fmtCash, fmtQuantity } from '../bids-format';

/** Typing waits this long before the market's clients are searched. */
const SEARCH_PAUSE_MS = 250;

/** Why the server refused, in the spec's words ('Unable to place offer') and the reason it gave. */
function placeFailure(error: unknown, t: ReturnType<typeof useT>): string {
  const head = t('crm.bids.offer.failed');
  if (!isApiError(error)) return head;
  const reason = ((error.details ?? {}) as { reason?: string }).reason;
  const known: Record<string, MessageId> = {
    bid_cap_exceeded: 'crm.bids.offer.reason.bid_cap_exceeded',
    offers_not_allowed: 'crm.bids.offer.reason.offers_not_allowed',
    expiry: 'crm.bids.offer.reason.expiry',
  };
  const id = reason ? known[reason] : undefined;
  if (id) return `${head}. ${t(id)}`;
  if (error.status === 404) return `${head}. ${t('crm.bids.offer.reason.bid')}`;
  if (error.status === 403) return `${head}. ${t('crm.bids.offer.reason.permission')}`;
  return head;
}

/**
 * 'Place offer' on a bid for a client (grain-marketing.md 4 instrumentPlaceOffer): the client searched among the
 * market's clients, the quantity, a target cash price proposed a nickel above the cash now (which is shown), and the
 * market day it is good through. A buyer's offer needs no approval: it works at once.
 */
export function PlaceOfferDialog({
  marketId,
  row,
  today,
  onClose,
  onPlaced,
}: {
  marketId: number;
  row: InstrumentRow;
  today: string;
  onClose: () => void;
  onPlaced: (offer: Offer) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const place = usePlaceOffer(marketId);
  const [client, setClient] = useState<ClientSearchRow | null>(null);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const fields = useOfferFields({
    quantity: '5000',
    target: suggestedTargetCash(row.cashPrice),
    expiresOn: defaultOfferExpiry(today),
  });
  const { touched, setTouched, quantityValue: q, targetValue: p, expiresOn } = fields;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const clients = useClientSearch({ marketId, search, page: 1, pageSize: 20, paginationToken: null });
  const options = clients.data?.rows ?? [];

  const unit = unitSingular(row.quantityUnit);
  const hitNow = isTargetHitNow(fields, row.cashPrice);

  const submit = () => {
    setTouched(true);
    setError(null);
    if (q === null || p === null || client === null) return;
    place.mutate(
      { instrumentId: row.id, clientId: client.id, quantity: q, targetCashPrice: p, expiresOn },
      { onSuccess: onPlaced, onError: (e) => setError(placeFailure(e, t)) },
    );
  };

  return (
    <Dialog
      open
      onClose={place.isPending ? undefined : onClose}
      fullScreen={phone}
      maxWidth="xs"
      fullWidth
      aria-labelledby="bid-offer-title"
    >
      <DialogTitle id="bid-offer-title">
        <T id="crm.bids.offer.title" />
        <Typography variant="body2" color="text.secondary">
          {t('crm.bids.offer.bid', { crop: row.cropName, name: row.name })}
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
            gap: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            <T id="crm.bids.offer.currentCash" />
          </Typography>
          <Typography
            variant="h3"
            component="p"
            aria-label={t('crm.bids.offer.currentCash')}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {fmtCash(row.cashPrice, row.currency) || '—'}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
              {t('crm.bids.offer.perUnit', { unit })}
            </Typography>
          </Typography>
        </Box>
        <Stack spacing={2}>
          <Autocomplete
            options={options}
            value={client}
            onChange={(_e, value) => setClient(value)}
            inputValue={input}
            onInputChange={(_e, value) => setInput(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(o) => o}
            loading={clients.isFetching}
            loadingText={t('crm.bids.offer.searching')}
            noOptionsText={t('crm.bids.offer.noClients')}
            renderOption={(props, o) => {
              const { key, ...rest } = props as typeof props & { key: string };
              const where = [o.city, o.administrativeAreaLevel1].filter(Boolean).join(', ');
              return (
                <Box component="li" key={key} {...rest}>
                  <Box>
                    <Typography variant="body2">{o.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {[o.extClientId, where].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('crm.bids.offer.client')}
                autoFocus
                error={touched && client === null}
                helperText={
                  touched && client === null ? t('crm.bids.offer.clientRequired') : t('crm.bids.offer.clientHelp')
                }
              />
            )}
          />
          <OfferFields
            fields={fields}
            quantityUnit={row.quantityUnit}
            cashPrice={row.cashPrice}
            quantityHelp={
              row.quantityRemaining !== null
                ? t('crm.bids.offer.remaining', {
                    remaining: fmtQuantity(row.quantityRemaining),
                    unit: row.quantityUnit,
                  })
                : null
            }
            minDate={today}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('crm.bids.offer.explain', { price: p ? fmtCash(p, row.currency) : '—' })}
        </Typography>
        {hitNow ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            <T id="crm.bids.offer.atOrBelow" />
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
          <T id="crm.bids.offer.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={place.isPending}>
          <T id="crm.bids.offer.submit" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
