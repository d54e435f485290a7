import { PAYMENT_NOTE_MAX, type PaymentRequestRow } from '@granary/domain';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import type { PaymentCommand } from '../api/payments-api';

export type PaymentDialogKind = 'approve' | 'reject' | 'settle' | 'return';

const TITLE: Record<PaymentDialogKind, MessageId> = {
  approve: 'payments.approve.title',
  reject: 'payments.reject.title',
  settle: 'payments.settle.title',
  return: 'payments.return.title',
};

const ACTION: Record<PaymentDialogKind, MessageId> = {
  approve: 'payments.action.approve',
  reject: 'payments.action.reject',
  settle: 'payments.action.settleCheck',
  return: 'payments.action.return',
};

const schema = z.object({
  reason: z.string().max(PAYMENT_NOTE_MAX),
  checkNumber: z
    .string()
    .max(20)
    .regex(/^[0-9A-Za-z-]*$/),
});

/**
 * Approve (with a check number when paid by check), Reject or Mark returned (each with a reason), Mark paid: the
 * request's figures, the server's refusal in place (409: someone decided first), Back beside the action.
 */
export function PaymentDialog({
  kind,
  row,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  kind: PaymentDialogKind;
  row: PaymentRequestRow;
  busy: boolean;
  error: unknown;
  onSubmit: (command: PaymentCommand) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useCrmFormat();
  const form = useZodForm(schema, { defaultValues: { reason: '', checkNumber: '' } });
  const needsReason = kind === 'reject' || kind === 'return';
  const values = {
    amount: fmt.money(row.amount),
    client: row.clientName,
    method: t(row.method === 'ach' ? 'payments.method.ach' : 'payments.method.check'),
  };
  const submit = form.handleSubmit(async (v) => {
    if (needsReason && v.reason.trim() === '') {
      form.setError('reason', { type: 'required', message: t('payments.reject.reason') });
      return;
    }
    const command: PaymentCommand =
      kind === 'approve'
        ? { op: 'approve', ...(v.checkNumber.trim() ? { checkNumber: v.checkNumber.trim() } : {}) }
        : kind === 'settle'
          ? { op: 'settle' }
          : { op: kind, reason: v.reason.trim() };
    try {
      await onSubmit(command);
    } catch (e) {
      applyServerErrors(form.setError, e, ['reason', 'checkNumber']);
    }
  });
  const action = kind === 'settle' && row.method === 'ach' ? 'payments.action.settleAch' : ACTION[kind];
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="payment-dialog-title">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id="payment-dialog-title">
            <T id={TITLE[kind]} />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                {kind === 'approve'
                  ? t('payments.approve.body', values)
                  : kind === 'settle'
                    ? t('payments.settle.body', values)
                    : t(kind === 'reject' ? 'payments.reject.body' : 'payments.return.body')}
              </Typography>
              {kind === 'approve' && row.method === 'check' ? (
                <FormTextField name="checkNumber" label={t('payments.approve.checkNumber')} size="small" />
              ) : null}
              {needsReason ? (
                <FormTextField
                  name="reason"
                  label={t(kind === 'reject' ? 'payments.reject.reason' : 'payments.return.reason')}
                  multiline
                  minRows={2}
                  required
                  autoFocus
                />
              ) : null}
              {error ? (
                <Alert severity="error" role="alert">
                  {error instanceof Error ? error.message : t('crm.loadFailed')}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              <T id="payments.action.back" />
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={needsReason ? 'error' : 'primary'}
              disabled={busy}
              aria-busy={busy}
            >
              <T id={action} />
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
