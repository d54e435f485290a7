import type { Offer, OfferEditInput } from '@granary/domain';
import { useState } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { useEditOffer, useOfferCommand, type OfferCommand } from './api/offers-api';
import { useOfferErrorText } from './use-offer-error-text';

type Pending = { offer: Offer; command: OfferCommand | 'edit' };

const DONE_OF: Record<OfferCommand | 'edit', MessageId> = {
  accept: 'offers.done.accept',
  approve: 'offers.done.approve',
  reject: 'offers.done.reject',
  cancel: 'offers.done.cancel',
  reset_price_hit: 'offers.done.reset_price_hit',
  edit: 'offers.done.edit',
};

/**
 * A row action from its button to its outcome: the action waiting in its dialog (a confirm, or the edit), the
 * failure shown in that dialog (the spec's message and why), and the notice once done ('Offer accepted: contract
 * OF-2'). While a call is out (`busy`) the dialog does not close.
 */
export function useOfferActions(marketId: number) {
  const t = useT();
  const command = useOfferCommand(marketId);
  const edit = useEditOffer(marketId);
  const errorText = useOfferErrorText();
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ message: string; severity: 'success' | 'error' } | null>(null);
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
  const dismissNotice = () => setNotice(null);

  return { pending, dialogError, notice, busy, open, close, confirm, save, dismissNotice };
}
