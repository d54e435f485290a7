import type { OfferStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';

// An offer's state as the buyer's /crm/offers and the farmer's /my-sales-lite/bids both show it.

export const OFFER_STATE_LABEL: Record<OfferStatus, MessageId> = {
  pending_approval: 'offers.state.pending_approval',
  working: 'offers.state.working',
  price_hit: 'offers.state.price_hit',
  filled: 'offers.state.filled',
  cancelled: 'offers.state.cancelled',
  expired: 'offers.state.expired',
  rejected: 'offers.state.rejected',
};

const OFFER_STATE_COLOR: Record<OfferStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  pending_approval: 'info',
  working: 'primary',
  price_hit: 'warning',
  filled: 'success',
  cancelled: 'default',
  expired: 'default',
  rejected: 'error',
};

/** The state as a chip: filled for the states that call for action or are done (price hit, filled), outlined otherwise. */
export function OfferStatusChip({ status }: { status: OfferStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={OFFER_STATE_COLOR[status]}
      variant={status === 'price_hit' || status === 'filled' ? 'filled' : 'outlined'}
      label={t(OFFER_STATE_LABEL[status])}
    />
  );
}
