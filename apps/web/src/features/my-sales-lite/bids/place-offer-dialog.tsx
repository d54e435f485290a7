import type { Offer, OfferBid, RequestMakeOfferResponse } from '@granary/domain';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { T, useT } from '../../../lib/i18n/t';
import { unitSingular } from '../../../lib/trading/offer-fields';
import { PlaceOfferDialog as PlaceOffer, type PlaceOfferValues } from '../../../lib/trading/place-offer-dialog';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { usePlaceOffer } from './farm-offers-api';

/** The farm the offer is for, when the farmer has several selling here. */
function FarmSelect({ clients }: { clients: RequestMakeOfferResponse['clients'] }) {
  const t = useT();
  const { field } = useController<PlaceOfferValues, 'clientId'>({ name: 'clientId' });
  return (
    <TextField
      select
      label={t('offers.field.farm')}
      value={field.value ?? 0}
      inputRef={field.ref}
      onChange={(e) => field.onChange(Number(e.target.value))}
    >
      {clients.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * 'Place offer' on a bid, the shared dialog (lib/trading) in the farmer's words: the farm (when the farmer has
 * several selling here), and whether the market approves offers first. It says what the target means.
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
  const price = usePriceFormat();
  // The sentence and the cash box name the unit themselves ('per bushel'): the price is written without it.
  const cash = (value: string | null) => (value === null ? '—' : price.cash(value, priceUnitOf(bid.quantityUnit)));
  const place = usePlaceOffer();
  return (
    <PlaceOffer
      labelId="place-offer-title"
      wording={{
        title: <T id="offers.place.title" />,
        subtitle: t('offers.place.bid', { crop: bid.crop, delivery: bid.deliveryPeriod }),
        currentCash: t('offers.place.currentCash'),
        perUnit: (unit) => t('offers.farm.perUnit', { unit }),
        explain: (p) => t('offers.place.explain', { price: p ? cash(p) : '—', unit: unitSingular(bid.quantityUnit) }),
        atOrBelow: <T id="offers.place.atOrBelow" />,
        submit: <T id="offers.place.submit" />,
        cancel: <T id="offers.place.cancel" />,
      }}
      cash={cash(bid.cashPrice)}
      cashPrice={bid.cashPrice}
      quantityUnit={bid.quantityUnit}
      today={context.today}
      instrumentId={bid.instrumentId}
      clientId={context.clients[0]?.id ?? null}
      clientRequired="offers.field.farmRequired"
      who={context.clients.length > 1 ? <FarmSelect clients={context.clients} /> : null}
      notices={
        context.market.offersRequireApproval ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            <T id="offers.place.needsApproval" />
          </Alert>
        ) : null
      }
      place={place.mutateAsync}
      onClose={onClose}
      onPlaced={onPlaced}
    />
  );
}
