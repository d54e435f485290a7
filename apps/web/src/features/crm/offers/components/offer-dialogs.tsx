import { toDecimal, type Offer, type OfferEditInput } from '@granary/domain';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { OfferFields, useOfferFields } from '../../../../lib/trading/offer-fields';
import type { OfferCommand } from '../api/offers-api';
import { fmtOfferPrice, fmtOfferQuantity } from './offer-format';

const CONFIRM_TITLE = {
  accept: 'offers.confirm.accept.title',
  approve: 'offers.confirm.approve.title',
  reject: 'offers.confirm.reject.title',
  cancel: 'offers.confirm.cancel.title',
  reset_price_hit: 'offers.confirm.reset_price_hit.title',
} as const;

const CONFIRM_BODY = {
  accept: 'offers.confirm.accept.body',
  approve: 'offers.confirm.approve.body',
  reject: 'offers.confirm.reject.body',
  cancel: 'offers.confirm.cancel.body',
  reset_price_hit: 'offers.confirm.reset_price_hit.body',
} as const;

const ACTION_LABEL = {
  accept: 'offers.action.accept',
  approve: 'offers.action.approve',
  reject: 'offers.action.reject',
  cancel: 'offers.action.cancel',
  reset_price_hit: 'offers.action.reset_price_hit',
} as const;

/** Are you sure? for a row action, with the spec's failure message shown in place when it fails. */
export function OfferConfirmDialog({
  offer,
  command,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  offer: Offer;
  command: OfferCommand;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const values = {
    client: offer.clientName,
    quantity: t('offers.quantity', { quantity: fmtOfferQuantity(offer.quantity), unit: offer.quantityUnit }),
    crop: offer.crop,
    delivery: offer.deliveryPeriod,
    price: fmtOfferPrice(offer.targetCashPrice),
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="offer-confirm-title">
      <DialogTitle id="offer-confirm-title">
        <T id={CONFIRM_TITLE[command]} />
      </DialogTitle>
      <DialogContent>
        <Typography>{t(CONFIRM_BODY[command], values)}</Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <T id="offers.confirm.back" />
        </Button>
        <Button
          variant="contained"
          color={command === 'cancel' || command === 'reject' ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          <T id={ACTION_LABEL[command]} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Edit an open offer: quantity, target and the day it is good through. */
export function OfferEditDialog({
  offer,
  busy,
  error,
  onSave,
  onClose,
}: {
  offer: Offer;
  busy: boolean;
  error: string | null;
  onSave: (patch: OfferEditInput) => void;
  onClose: () => void;
}) {
  const fields = useOfferFields({
    quantity: toDecimal(offer.quantity).toFixed(0),
    target: toDecimal(offer.targetCashPrice).toFixed(2),
    expiresOn: offer.expiresOn,
  });
  const { setTouched, quantityValue: q, targetValue: p, expiresOn: expires } = fields;
  const submit = () => {
    setTouched(true);
    if (q === null || p === null) return;
    const patch: OfferEditInput = {};
    if (!toDecimal(q).eq(toDecimal(offer.quantity))) patch.quantity = q;
    if (!toDecimal(p).eq(toDecimal(offer.targetCashPrice))) patch.targetCashPrice = p;
    if (expires !== offer.expiresOn) patch.expiresOn = expires;
    if (Object.keys(patch).length === 0) return onClose();
    onSave(patch);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="offer-edit-title">
      <DialogTitle id="offer-edit-title">
        <T id="offers.edit.title" />
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {offer.clientName} · {offer.crop} {offer.deliveryPeriod}
        </Typography>
        <OfferFields fields={fields} quantityUnit={offer.quantityUnit} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <T id="offers.confirm.back" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          <T id="offers.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
