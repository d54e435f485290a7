import { PAYMENT_NOTE_MAX, type EligibleSettlement, type PaymentMethod } from '@granary/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { useMoney } from './use-money';

const schema = z.object({ method: z.enum(['ach', 'check']), note: z.string().max(PAYMENT_NOTE_MAX) });

/** Confirm: how many settlements, the total, and how to be paid (ACH only where the farm has it set up). */
export function RequestPaymentDialog({
  chosen,
  total,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  chosen: readonly EligibleSettlement[];
  total: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: { method: PaymentMethod; note?: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const money = useMoney();
  const achPossible = chosen.some((s) => s.ach);
  const form = useZodForm(schema, { defaultValues: { method: achPossible ? 'ach' : 'check', note: '' } });
  const submit = form.handleSubmit((v) =>
    onSubmit({ method: v.method, ...(v.note.trim() ? { note: v.note.trim() } : {}) }),
  );
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="msl-pay-title">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id="msl-pay-title">
            <T id="payments.msl.confirm.title" />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{t('payments.msl.confirm.body', { count: chosen.length, amount: money(total) })}</Typography>
              <Controller
                control={form.control}
                name="method"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id="msl-pay-method">
                      <T id="payments.msl.confirm.method" />
                    </FormLabel>
                    <RadioGroup aria-labelledby="msl-pay-method" {...field}>
                      <FormControlLabel
                        value="ach"
                        control={<Radio />}
                        label={t('payments.msl.confirm.ach')}
                        disabled={!achPossible}
                      />
                      <FormControlLabel value="check" control={<Radio />} label={t('payments.msl.confirm.check')} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              {!achPossible ? (
                <Typography variant="body2" color="text.secondary">
                  <T id="payments.msl.confirm.noAch" />
                </Typography>
              ) : null}
              <FormTextField name="note" label={t('payments.msl.confirm.note')} multiline minRows={2} />
              {error ? (
                <Alert severity="error" role="alert">
                  {error instanceof Error ? error.message : t('msl.loadFailed')}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              <T id="payments.action.back" />
            </Button>
            <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
              <T id="payments.msl.confirm.submit" />
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
