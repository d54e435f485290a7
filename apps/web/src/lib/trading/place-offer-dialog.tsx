import {
  defaultOfferExpiry,
  isOfferPriceHit,
  suggestedTargetCash,
  type Offer,
  type OfferPlaceInput,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormProvider, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, reasonOf } from '../api/api-error';
import { useZodForm } from '../forms/use-zod-form';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';
import { OfferFormFields, offerFieldsShape, typedPrice, unitSingular } from './offer-fields';

function placeOfferSchema(clientRequired: MessageId) {
  return z.object({
    clientId: z
      .number()
      .nullable()
      .refine((id) => Boolean(id), clientRequired),
    ...offerFieldsShape,
  });
}

/** The place-offer form's values; a feature's own field for who the offer is for binds to `clientId`. */
export type PlaceOfferValues = z.input<ReturnType<typeof placeOfferSchema>>;

/** Why the server refused an offer, in the spec's words ('Unable to place offer') and the reason it gave. */
function placeOfferFailure(error: unknown, t: ReturnType<typeof useT>): string {
  const head = t('offers.error.place');
  const known: Record<string, MessageId> = {
    bid_cap_exceeded: 'offers.reason.bid_cap_exceeded',
    offers_not_allowed: 'offers.reason.offers_not_allowed',
    expiry: 'offers.reason.expiry',
  };
  const reason = reasonOf(error);
  const id = reason ? known[reason] : undefined;
  if (id) return `${head}. ${t(id)}`;
  if (isApiError(error) && error.status === 404) return `${head}. ${t('offers.reason.bid')}`;
  if (isApiError(error) && error.status === 403) return `${head}. ${t('offers.reason.permission')}`;
  return head;
}

/** What a dialog says in its own words (the buyer's and the farmer's differ); the refusals are the same. */
export type PlaceOfferWording = {
  title: ReactNode;
  subtitle: string;
  currentCash: string;
  perUnit: (unit: string) => string;
  /** The line under the fields, for the target as typed (null while it is not a price). */
  explain: (target: string | null) => string;
  atOrBelow: ReactNode;
  submit: ReactNode;
  cancel: ReactNode;
};

/** The cash price now, large, with its unit ('per bushel'), above the fields. */
function CurrentCashBox({ label, cash, perUnit }: { label: string; cash: string; perUnit: string }) {
  return (
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
        {label}
      </Typography>
      <Typography variant="h3" component="p" aria-label={label} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {cash}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {perUnit}
        </Typography>
      </Typography>
    </Box>
  );
}

/**
 * 'Place offer' on a bid (grain-marketing.md 4), the buyer's for a client (/crm/bids) and the farmer's (/my-sales-lite
 * bids): who the offer is for (the feature's own field, `who`, bound to `clientId`), the quantity, a target cash price
 * proposed a nickel above the cash now (shown), and the day it is good through. Checked on submit, then as typed;
 * `place` sends it (a refusal shows with its reason and the dialog stays).
 */
export function PlaceOfferDialog({
  labelId,
  wording,
  cash,
  cashPrice,
  quantityUnit,
  today,
  instrumentId,
  clientId,
  clientRequired,
  who,
  quantityHelp,
  notices,
  place,
  onClose,
  onPlaced,
}: {
  labelId: string;
  wording: PlaceOfferWording;
  /** The cash price now as shown. */
  cash: string;
  cashPrice: string | null;
  quantityUnit: string;
  today: string;
  instrumentId: number;
  /** Who the offer is for at first (null: to be picked). */
  clientId: number | null;
  clientRequired: MessageId;
  who: ReactNode;
  quantityHelp?: string | null;
  notices?: ReactNode;
  place: (input: OfferPlaceInput) => Promise<Offer>;
  onClose: () => void;
  onPlaced: (offer: Offer) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(placeOfferSchema(clientRequired), {
    reValidateMode: 'onChange',
    defaultValues: {
      clientId,
      quantity: '5000',
      target: suggestedTargetCash(cashPrice),
      expiresOn: defaultOfferExpiry(today),
    },
  });
  const { isSubmitting } = useFormState({ control: form.control });
  const typedTarget = typedPrice(useWatch({ control: form.control, name: 'target' }));
  const unit = unitSingular(quantityUnit);
  const hitNow = typedTarget !== null && isOfferPriceHit(typedTarget, cashPrice);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        const offer = await place({
          instrumentId,
          clientId: values.clientId!,
          quantity: values.quantity,
          targetCashPrice: values.target,
          expiresOn: values.expiresOn,
        });
        onPlaced(offer);
      } catch (e) {
        setError(placeOfferFailure(e, t));
      }
    },
    () => setError(null),
  );

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullScreen={phone}
      maxWidth="xs"
      fullWidth
      aria-labelledby={labelId}
    >
      <DialogTitle id={labelId}>
        {wording.title}
        <Typography variant="body2" color="text.secondary">
          {wording.subtitle}
        </Typography>
      </DialogTitle>
      <FormProvider {...form}>
        <DialogContent>
          <CurrentCashBox label={wording.currentCash} cash={cash} perUnit={wording.perUnit(unit)} />
          <OfferFormFields
            quantityUnit={quantityUnit}
            cashPrice={cashPrice}
            quantityHelp={quantityHelp}
            minDate={today}
          >
            {who}
          </OfferFormFields>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {wording.explain(typedTarget)}
          </Typography>
          {hitNow ? (
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {wording.atOrBelow}
            </Alert>
          ) : null}
          {notices}
          {error ? (
            <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {wording.cancel}
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={isSubmitting}>
            {wording.submit}
          </Button>
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
