import { useCallback } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { OFFER_STATE_LABEL } from '../../../lib/trading/offer-status';
import type { OfferCommand } from './api/offers-api';

const ERROR_OF: Record<OfferCommand | 'edit', MessageId> = {
  accept: 'offers.error.accept',
  approve: 'offers.error.approve',
  reject: 'offers.error.reject',
  cancel: 'offers.error.cancel',
  reset_price_hit: 'offers.error.reset_price_hit',
  edit: 'offers.error.edit',
};

/** The spec's failure message ('Unable to accept offer'), then why, when the server said. */
export function useOfferErrorText() {
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
