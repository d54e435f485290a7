import type { ClientSearchRow, InstrumentRow, Offer } from '@granary/domain';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { T, useT } from '../../../../lib/i18n/t';
import { PlaceOfferDialog as PlaceOffer, type PlaceOfferValues } from '../../../../lib/trading/place-offer-dialog';
import { useClientSearch } from '../../clients/api/client-search';
import { usePlaceOffer } from '../api/place-offer';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtQuantity } from '../bids-format';

/** Typing waits this long before the market's clients are searched. */
const SEARCH_PAUSE_MS = 250;

/** The client the offer is for, searched among the market's clients. */
function ClientPicker({ marketId }: { marketId: number }) {
  const t = useT();
  const { field, fieldState } = useController<PlaceOfferValues, 'clientId'>({ name: 'clientId' });
  const [client, setClient] = useState<ClientSearchRow | null>(null);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const clients = useClientSearch({ marketId, search, page: 1, pageSize: 20, paginationToken: null });
  const options = clients.data?.rows ?? [];
  const missing = Boolean(fieldState.error);
  return (
    <Autocomplete
      options={options}
      value={client}
      onChange={(_e, value) => {
        setClient(value);
        field.onChange(value?.id ?? null);
      }}
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
          inputRef={field.ref}
          label={t('crm.bids.offer.client')}
          autoFocus
          error={missing}
          helperText={missing ? t('crm.bids.offer.clientRequired') : t('crm.bids.offer.clientHelp')}
        />
      )}
    />
  );
}

/**
 * 'Place offer' on a bid for a client (grain-marketing.md 4 instrumentPlaceOffer), the shared dialog (lib/trading) in
 * the buyer's words: the client searched among the market's clients, what is left under the bid's cap. A buyer's
 * offer needs no approval: it works at once.
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
  const price = usePriceFormat();
  const unit = priceUnitOf(row.priceUnit);
  const place = usePlaceOffer(marketId);
  return (
    <PlaceOffer
      labelId="bid-offer-title"
      wording={{
        title: <T id="crm.bids.offer.title" />,
        subtitle: t('crm.bids.offer.bid', { crop: row.cropName, name: row.name }),
        currentCash: t('crm.bids.offer.currentCash'),
        perUnit: (unit) => t('crm.bids.offer.perUnit', { unit }),
        explain: (p) => t('crm.bids.offer.explain', { price: p ? price.cash(p, unit) : '—' }),
        atOrBelow: <T id="crm.bids.offer.atOrBelow" />,
        submit: <T id="crm.bids.offer.submit" />,
        cancel: <T id="crm.bids.offer.cancel" />,
      }}
      cash={price.cash(row.cashPrice, unit) || '—'}
      cashPrice={row.cashPrice}
      quantityUnit={row.quantityUnit}
      today={today}
      instrumentId={row.id}
      clientId={null}
      clientRequired="crm.bids.offer.clientRequired"
      who={<ClientPicker marketId={marketId} />}
      quantityHelp={
        row.quantityRemaining !== null
          ? t('crm.bids.offer.remaining', { remaining: fmtQuantity(row.quantityRemaining), unit: row.quantityUnit })
          : null
      }
      place={place.mutateAsync}
      onClose={onClose}
      onPlaced={onPlaced}
    />
  );
}
