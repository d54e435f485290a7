import type { Offer, OfferUserAction } from '@granary/domain';
import { Button, Stack } from '@mui/material';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import type { OfferCommand } from '../api/offers-api';

/** The buttons of a row, in the order shown: the likely next step first. */
const ACTION_ORDER: readonly OfferUserAction[] = ['accept', 'approve', 'reset_price_hit', 'edit', 'reject', 'cancel'];

/** An action's words, on its row button and on its confirm dialog's button. */
export const OFFER_ACTION_LABEL: Record<OfferUserAction, MessageId> = {
  accept: 'offers.action.accept',
  approve: 'offers.action.approve',
  reset_price_hit: 'offers.action.reset_price_hit',
  edit: 'offers.action.edit',
  reject: 'offers.action.reject',
  cancel: 'offers.action.cancel',
};

/** What the buyer may do with an offer now (its `actions`), as a row's buttons; nothing when there is none. */
export function OfferRowActions({
  offer,
  onAct,
}: {
  offer: Offer;
  onAct: (offer: Offer, command: OfferCommand | 'edit') => void;
}) {
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
          <T id={OFFER_ACTION_LABEL[a]} />
        </Button>
      ))}
    </Stack>
  );
}
