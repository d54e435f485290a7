import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { BidCropFields, BidDeliveryFields, BidPricingFields, BidTermsFields } from './bid-dialog-fields';
import { OffersHitAlert } from './offers-hit-note';
import { useBidDialogForm, type BidDialogOptions } from './use-bid-dialog-form';

/**
 * Create or edit a bid (dialog width sm, 600 px; full screen on a phone). The domain's rules are checked as the
 * merchandiser types (and again by the server); the cash price now shows beside the basis when the futures month
 * has a quote in the grid. On a 412 the latest bid is loaded and the draft kept.
 */
export function BidDialog({
  open,
  onClose,
  ...options
}: BidDialogOptions & {
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useBidDialogForm(options);
  const { row } = options;
  const { pending } = form;

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="bid-dialog-title"
    >
      <DialogTitle id="bid-dialog-title">
        {row ? <T id="crm.bids.dialog.editTitle" /> : <T id="crm.bids.dialog.createTitle" />}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.25}>
          {form.stale ? <Alert severity="warning">{t('crm.bids.dialog.stale')}</Alert> : null}
          {form.failure ? <Alert severity="error">{form.failure}</Alert> : null}
          {form.hasErrors ? <Alert severity="error">{t('crm.bids.dialog.checkFields')}</Alert> : null}
          <BidCropFields form={form} editing={row !== null} />
          <BidDeliveryFields form={form} />
          <BidPricingFields form={form} />
          <OffersHitAlert count={form.offersHit} />
          <BidTermsFields form={form} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          <T id="crm.bids.dialog.cancel" />
        </Button>
        <Button variant="contained" onClick={form.submit} disabled={pending}>
          {pending ? (
            <T id="crm.bids.dialog.saving" />
          ) : row ? (
            <T id="crm.bids.dialog.save" />
          ) : (
            <T id="crm.bids.dialog.create" />
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
