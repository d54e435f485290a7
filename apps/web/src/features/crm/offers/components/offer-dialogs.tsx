import { toDecimal, type Offer, type OfferEditInput } from '@granary/domain';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { OfferFormFields, offerFieldsShape } from '../../../../lib/trading/offer-fields';
import type { OfferCommand } from '../api/offers-api';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtOfferPrice, fmtOfferQuantity } from './offer-format';
import { OFFER_ACTION_LABEL } from './offer-row-actions';

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

/**
 * The frame both offer dialogs share: the title, what the dialog shows, the failure (the spec's message) in place
 * under it, and Back beside the dialog's action. While `busy` nothing closes it and both buttons wait.
 */
function OfferDialogFrame({
  labelId,
  title,
  busy,
  error,
  action,
  actionColor = 'primary',
  onAction,
  onClose,
  children,
}: {
  labelId: string;
  title: ReactNode;
  busy: boolean;
  error: string | null;
  action: ReactNode;
  actionColor?: 'primary' | 'error';
  onAction: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={labelId}>
      <DialogTitle id={labelId}>{title}</DialogTitle>
      <DialogContent>
        {children}
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
        <Button variant="contained" color={actionColor} onClick={onAction} disabled={busy}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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
  const price = usePriceFormat();
  const values = {
    client: offer.clientName,
    quantity: t('offers.quantity', { quantity: fmtOfferQuantity(offer.quantity), unit: offer.quantityUnit }),
    crop: offer.crop,
    delivery: offer.deliveryPeriod,
    price: fmtOfferPrice(offer.targetCashPrice, offer, price),
  };
  return (
    <OfferDialogFrame
      labelId="offer-confirm-title"
      title={<T id={CONFIRM_TITLE[command]} />}
      busy={busy}
      error={error}
      action={<T id={OFFER_ACTION_LABEL[command]} />}
      actionColor={command === 'cancel' || command === 'reject' ? 'error' : 'primary'}
      onAction={onConfirm}
      onClose={onClose}
    >
      <Typography>{t(CONFIRM_BODY[command], values)}</Typography>
    </OfferDialogFrame>
  );
}

const offerEditSchema = z.object(offerFieldsShape);

/**
 * Edit an open offer: quantity, target and the day it is good through (the shared offer fields, on the forms
 * library: checked on Save, then as typed). Only what changed is saved; nothing changed closes the dialog.
 */
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
  const form = useZodForm(offerEditSchema, {
    reValidateMode: 'onChange',
    defaultValues: {
      quantity: toDecimal(offer.quantity).toFixed(0),
      // A quarter-cent target stays as it is ('4.335'); a whole-cent one shows two decimals ('4.30').
      target: toDecimal(offer.targetCashPrice)
        .toFixed(4)
        .replace(/0{1,2}$/, ''),
      expiresOn: offer.expiresOn,
    },
  });
  const submit = form.handleSubmit(({ quantity, target, expiresOn }) => {
    const patch: OfferEditInput = {};
    if (!toDecimal(quantity).eq(toDecimal(offer.quantity))) patch.quantity = quantity;
    if (!toDecimal(target).eq(toDecimal(offer.targetCashPrice))) patch.targetCashPrice = target;
    if (expiresOn !== offer.expiresOn) patch.expiresOn = expiresOn;
    if (Object.keys(patch).length === 0) return onClose();
    onSave(patch);
  });
  return (
    <OfferDialogFrame
      labelId="offer-edit-title"
      title={<T id="offers.edit.title" />}
      busy={busy}
      error={error}
      action={<T id="offers.save" />}
      onAction={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {offer.clientName} · {offer.crop} {offer.deliveryPeriod}
      </Typography>
      <FormProvider {...form}>
        <OfferFormFields quantityUnit={offer.quantityUnit} />
      </FormProvider>
    </OfferDialogFrame>
  );
}
