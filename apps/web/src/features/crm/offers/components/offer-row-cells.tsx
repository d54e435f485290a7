import type { Offer } from '@granary/domain';
import { Box, Typography } from '@mui/material';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { useT } from '../../../../lib/i18n/t';
import type { OfferCommand } from '../api/offers-api';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { distanceOf, fmtOfferPrice } from './offer-format';

/** The cash price now and, while the offer works, how far it is from the target ('$0.03 to target'). */
export function OfferCurrentCash({ offer }: { offer: Offer }) {
  const t = useT();
  const price = usePriceFormat();
  const d = distanceOf(offer, price);
  if (offer.currentCashPrice === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('offers.noQuote')}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2">{fmtOfferPrice(offer.currentCashPrice, offer, price)}</Typography>
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

/** Who placed the offer (the farmer or a buyer, by name when known) and when. */
export function OfferPlaced({ offer }: { offer: Offer }) {
  const t = useT();
  const who = offer.placedBy?.name ?? t(offer.placedByFarmer ? 'offers.placed.farmer' : 'offers.placed.buyer');
  return (
    <Box>
      <Typography variant="body2">{who}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        <RelativeTime value={offer.createdAt} />
      </Typography>
    </Box>
  );
}

/** What the table and the cards show: the rows, the offers just price-hit (highlighted), and a row action's handler. */
export type OffersViewProps = {
  rows: Offer[];
  justHit: ReadonlySet<number>;
  onAct: (offer: Offer, command: OfferCommand | 'edit') => void;
};

/** An offer that has just become price-hit on the live stream, highlighted until the page is left. */
export function isJustHit(offer: Offer, justHit: ReadonlySet<number>): boolean {
  return justHit.has(offer.id) && offer.status === 'price_hit';
}
