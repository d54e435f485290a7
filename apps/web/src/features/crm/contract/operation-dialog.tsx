import {
  CONTRACT_NOTE_MAX_LENGTH,
  contractBasisRollSchema,
  contractCancelSchema,
  contractFuturesRollSchema,
  contractPartialCancelSchema,
  contractRollSchema,
  exchangeToday,
  rollOptionMonths,
  type ContractDetail,
  type ContractOperation,
} from '@granary/domain';
import { MenuItem } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { crmKeys } from '../api/crm-keys';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { useCrmFormat } from '../components/use-crm-format';
import { formatOptionMonth } from '../lists/components/list-cells';
import { useContractOperation } from './contract-api';

type Field =
  'quantity' | 'optionMonth' | 'spread' | 'deliveryStart' | 'deliveryEnd' | 'basisAdjustment' | 'reason' | 'note';

/** The fields each operation asks for, in order (docs/api/crm.md). */
const FIELDS: Readonly<Record<ContractOperation, readonly Field[]>> = {
  cancel: ['reason'],
  partial_cancel: ['quantity', 'reason'],
  futures_roll: ['optionMonth', 'spread', 'reason'],
  basis_roll: ['deliveryStart', 'deliveryEnd', 'basisAdjustment', 'reason'],
  roll: ['optionMonth', 'spread', 'deliveryStart', 'deliveryEnd', 'basisAdjustment', 'reason'],
  note: ['note'],
};

type Body = Record<string, string>;

/** The request schemas the server validates with (packages/domain); a note is its text. */
const SCHEMAS: Readonly<Record<ContractOperation, z.ZodType<Body, Body>>> = {
  cancel: contractCancelSchema,
  partial_cancel: contractPartialCancelSchema,
  futures_roll: contractFuturesRollSchema,
  basis_roll: contractBasisRollSchema,
  roll: contractRollSchema,
  note: z.object({ note: z.string() }),
};

const formShape = {
  quantity: z.string(),
  optionMonth: z.string(),
  spread: z.string(),
  deliveryStart: z.string(),
  deliveryEnd: z.string(),
  basisAdjustment: z.string(),
  reason: z.string(),
  note: z.string(),
};

/**
 * The operation's form: the trimmed text of its fields (an empty reason left out) checked by the domain's request
 * schema, as the server does (an empty field is required first); a note is at most CONTRACT_NOTE_MAX_LENGTH long (`tooLong` is its message).
 */
function operationFormSchema(operation: ContractOperation, tooLong: string) {
  const fields = FIELDS[operation];
  return z
    .object(formShape)
    .transform((values, ctx) => {
      const body: Body = {};
      for (const field of fields) {
        const value = values[field].trim();
        if (value !== '' || field !== 'reason') body[field] = value;
      }
      // An empty field is 'Required' (the request schema would say what type it expected).
      for (const field of fields)
        if (field !== 'reason' && !body[field])
          ctx.addIssue({ code: 'custom', message: 'crm.contract.required', path: [field] });
      if (operation === 'note' && (body.note ?? '').length > CONTRACT_NOTE_MAX_LENGTH)
        ctx.addIssue({ code: 'custom', message: tooLong, path: ['note'] });
      return body;
    })
    .pipe(SCHEMAS[operation]);
}

const INPUT_TYPES: Partial<Record<Field, string>> = {
  deliveryStart: 'date',
  deliveryEnd: 'date',
};

/** 'YYYY-MM-DD' plus one day. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The last day of the month after the one `day` falls in. */
function endOfNextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month + 1, 0, 12)).toISOString().slice(0, 10);
}

function initialValues(detail: ContractDetail, rollMonths: readonly string[]): Record<Field, string> {
  const row = detail.contract;
  // A roll moves the delivery window on: proposed, the month after the current window (the server requires a
  // later end).
  const end = row.deliveryEndIsoStr;
  return {
    quantity: '',
    // The crop's next listed futures month after the current one (corn on March → May).
    optionMonth: rollMonths[0] ?? '',
    spread: '0',
    deliveryStart: end ? nextDay(end) : (row.deliveryStartIsoStr ?? ''),
    deliveryEnd: end ? endOfNextMonth(end) : '',
    basisAdjustment: '0',
    reason: '',
    note: '',
  };
}

/**
 * One contract operation as a dialog on the forms library (decision 032): the fields it needs, checked with the same
 * rules the server applies (the domain's schemas), then sent with the version read with the contract. A stale version
 * (412) reloads the contract and says so; a refused operation (409, 400) shows the server's message, its field errors
 * on the fields; nothing typed is lost.
 */
export function OperationDialog({
  detail,
  operation,
  onClose,
}: {
  detail: ContractDetail;
  operation: ContractOperation;
  onClose: () => void;
}) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const mutation = useContractOperation(row.clientId, row.id);
  const queryClient = useQueryClient();
  const tooLong = t('crm.contract.tooLong', { max: CONTRACT_NOTE_MAX_LENGTH });
  const schema = useMemo(() => operationFormSchema(operation, tooLong), [operation, tooLong]);
  // The months a roll may go to: only the crop's listed futures months after the current one.
  const rollMonths = useMemo(
    () => rollOptionMonths(row.cropId, row.optionMonth, exchangeToday()),
    [row.cropId, row.optionMonth],
  );
  const form = useZodForm(schema, { defaultValues: initialValues(detail, rollMonths) });
  const [failure, setFailure] = useState<string | null>(null);
  const fields = FIELDS[operation];
  const number = row.displayContractId ?? String(row.id);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      if (operation === 'note') await mutation.mutateAsync({ operation, note: body.note ?? '' });
      else await mutation.mutateAsync({ operation, body, version: detail.version });
      showToast(
        { messageId: operation === 'note' ? 'crm.contract.noteAdded' : 'crm.contract.done', values: { number } },
        { severity: 'success' },
      );
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 412) {
        setFailure(t('crm.contract.stale'));
        await queryClient.invalidateQueries({ queryKey: crmKeys.contract(row.clientId, row.id) });
        return;
      }
      applyServerErrors(form.setError, error, fields);
      setFailure(error instanceof Error ? error.message : t('crm.loadFailed'));
    }
  });

  const help = t(`crm.contract.op.${operation}.help` as MessageId, {
    quantity: `${format.quantity(row.undeliveredQuantity)} ${row.quantityUnit}`,
  });
  return (
    <ContractFormDialog
      form={form}
      onSubmit={submit}
      onClose={onClose}
      title={t(`crm.contract.op.${operation}` as MessageId)}
      help={help}
      failure={failure}
      dismissLabel={t('crm.contract.dismiss')}
      submitLabel={t('crm.contract.submit')}
      submitColor={operation === 'cancel' ? 'error' : 'primary'}
    >
      {fields.map((field) => (
        <FormTextField<Record<Field, string>>
          key={field}
          name={field}
          label={t(`crm.contract.field.${field}` as MessageId)}
          type={INPUT_TYPES[field] ?? 'text'}
          select={field === 'optionMonth'}
          multiline={field === 'note' || field === 'reason'}
          minRows={field === 'note' ? 4 : 1}
          required={field !== 'reason'}
          slotProps={{
            inputLabel: INPUT_TYPES[field] ? { shrink: true } : {},
            htmlInput: ['quantity', 'spread', 'basisAdjustment'].includes(field) ? { inputMode: 'decimal' } : {},
          }}
          fullWidth
        >
          {field === 'optionMonth'
            ? rollMonths.map((month) => (
                <MenuItem key={month} value={month}>
                  {formatOptionMonth(month)}
                </MenuItem>
              ))
            : null}
        </FormTextField>
      ))}
    </ContractFormDialog>
  );
}
