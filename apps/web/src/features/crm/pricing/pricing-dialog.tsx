import type { ContractDetail } from '@granary/domain';
import { Box, Button, MenuItem, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
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
import { PricingPreview, usePreview } from './pricing-preview';
import {
  pricingKeys,
  useLiveQuote,
  usePricingExtras,
  usePricingOperation,
  useStructuredAddendaNames,
  type PricingAction,
} from './pricing-api';
import {
  PRICING_FIELDS,
  pricingFormDefaults,
  pricingFormSchema,
  type PricingField,
  type PricingFormValues,
} from './pricing-form';

/**
 * One pricing operation as a dialog (decision 041) on the forms library (decision 032): prices typed in the partner's
 * notation (parsePrice, parseBasis in cents), checked with the domain's request schema, a preview of the averages the
 * save will store, sent with the version read (a stale one reloads and says so; a refusal shows the server's message,
 * and its field errors on the fields).
 */
export function PricingDialog({
  detail,
  action,
  onClose,
}: {
  detail: ContractDetail;
  action: PricingAction;
  onClose: () => void;
}) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const queryClient = useQueryClient();
  const extras = usePricingExtras(row.clientId, row.id);
  const live = useLiveQuote(action === 'futures_set' ? row.cropId : null, row.optionMonth);
  const mutation = usePricingOperation(row.clientId, row.id);
  const basisNotation = format.prices.notation.basis;
  const schema = useMemo(() => pricingFormSchema(action, basisNotation), [action, basisNotation]);
  const [failure, setFailure] = useState<string | null>(null);
  const openQuantity =
    action === 'futures_set'
      ? (extras.data?.futuresOpenQuantity ?? null)
      : action === 'basis_set'
        ? (extras.data?.basisOpenQuantity ?? null)
        : action === 'pricing_addenda'
          ? (extras.data?.unfixedQuantity ?? null)
          : null;
  // The quantity still open to the operation is proposed: at once when already read (the contract page), else once
  // read, unless the user has typed one.
  const form = useZodForm(schema, {
    defaultValues: { ...pricingFormDefaults(action), quantity: openQuantity ?? '' },
  });
  const number = row.displayContractId ?? String(row.id);

  useEffect(() => {
    const typed = form.getFieldState('quantity').isDirty;
    if (openQuantity !== null && !typed && form.getValues('quantity') !== openQuantity)
      form.resetField('quantity', { defaultValue: openQuantity });
  }, [form, openQuantity]);

  const [quantity, futuresPrice, basis, useLive] = useWatch({
    control: form.control,
    name: ['quantity', 'futuresPrice', 'basis', 'useLive'],
  });
  const preview = usePreview(
    detail,
    action,
    quantity,
    { futuresPrice, basis },
    useLive ? (live.quote?.last ?? null) : null,
    basisNotation,
  );

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ action, body, version: detail.version });
      showToast(
        { messageId: 'crm.pricing.done', values: { operation: t(`crm.pricing.op.${action}` as MessageId), number } },
        { severity: 'success' },
      );
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 412) {
        setFailure(t('crm.pricing.stale'));
        await queryClient.invalidateQueries({ queryKey: crmKeys.contract(row.clientId, row.id) });
        await queryClient.invalidateQueries({ queryKey: pricingKeys.extras(row.clientId, row.id) });
        return;
      }
      applyServerErrors(form.setError, error, PRICING_FIELDS[action]);
      setFailure(error instanceof Error ? error.message : t('crm.loadFailed'));
    }
  });

  const help = t(`crm.pricing.help.${action}` as MessageId, {
    quantity: `${format.quantity(openQuantity ?? row.unpricedQuantity ?? '0')} ${row.quantityUnit}`,
  });

  return (
    <ContractFormDialog
      form={form}
      onSubmit={submit}
      onClose={onClose}
      title={`${t(`crm.pricing.op.${action}` as MessageId)} · ${number}`}
      help={help}
      failure={failure}
      dismissLabel={t('crm.pricing.cancel')}
      submitLabel={t('crm.pricing.save')}
    >
      <PricingFields action={action} detail={detail} form={form} />
      {preview ? <PricingPreview preview={preview} detail={detail} /> : null}
    </ContractFormDialog>
  );
}

type FieldProps = Partial<Parameters<typeof FormTextField<PricingFormValues>>[0]>;

/**
 * The fields of an action, in order: prices in the partner's notation, the live futures quote to use (its line and
 * button under the futures price; typing a price stops using it).
 */
function PricingFields({
  action,
  detail,
  form,
}: {
  action: PricingAction;
  detail: ContractDetail;
  form: UseFormReturn<PricingFormValues, unknown, Record<string, unknown>>;
}) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const names = useStructuredAddendaNames(action === 'structured_addendum');
  const live = useLiveQuote(action === 'futures_set' ? row.cropId : null, row.optionMonth);
  const useLive = useWatch({ control: form.control, name: 'useLive' });
  const livePrice = live.quote ? format.prices.futures(live.quote.last) : null;

  // At the live price, the field shows the quote as it moves; a price typed by the user stops using it (below).
  useEffect(() => {
    if (useLive && livePrice) form.setValue('futuresPrice', livePrice);
  }, [form, useLive, livePrice]);

  const textField = (field: PricingField, extra: FieldProps = {}) => (
    <FormTextField<PricingFormValues>
      key={field}
      name={field}
      label={t(`crm.pricing.field.${field}` as MessageId)}
      helperText={field === 'basis' ? t('crm.pricing.field.basisHelp') : undefined}
      required={!['reason', 'description', 'terms'].includes(field)}
      fullWidth
      {...extra}
    />
  );
  return (
    <>
      {PRICING_FIELDS[action].map((field) => {
        switch (field) {
          case 'quantity':
            return textField(field, {
              slotProps: {
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <Typography color="text.secondary">{row.quantityUnit}</Typography> },
              },
            });
          case 'futuresPrice':
            return (
              <Box key={field}>
                {textField(field, {
                  slotProps: { htmlInput: { inputMode: 'decimal' } },
                  parse: (typed) => {
                    if (form.getValues('useLive')) form.setValue('useLive', false);
                    return typed;
                  },
                  helperText: useLive && livePrice ? t('crm.pricing.usingLive', { price: livePrice }) : undefined,
                })}
                {action === 'futures_set' ? (
                  <LiveQuoteLine
                    text={
                      live.quote
                        ? t('crm.pricing.liveQuote', { symbol: live.symbol ?? '', price: livePrice ?? '' })
                        : live.isLoading
                          ? ''
                          : t('crm.pricing.noLiveQuote')
                    }
                    using={useLive}
                    disabled={!live.quote}
                    onUse={() => {
                      form.setValue('useLive', true);
                      form.clearErrors('futuresPrice');
                    }}
                  />
                ) : null}
              </Box>
            );
          case 'basis':
            return textField(field, { slotProps: { htmlInput: { inputMode: 'text' } } });
          case 'name':
            return textField(field, {
              select: true,
              children: (names.data?.names ?? []).map((n) => (
                <MenuItem key={n.id} value={n.name}>
                  {n.name}
                </MenuItem>
              )),
            });
          case 'kind':
            return textField(field, {
              select: true,
              children: (['delivery', 'pricing'] as const).map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`crm.pricing.kind.${kind}`)}
                </MenuItem>
              )),
            });
          case 'deferredPaymentDate':
          case 'dueDate':
            return textField(field, { type: 'date', slotProps: { inputLabel: { shrink: true } } });
          case 'terms':
          case 'reason':
          case 'description':
            return textField(field, { multiline: true, minRows: field === 'terms' ? 3 : 1 });
          default:
            return null;
        }
      })}
    </>
  );
}

/**
 * The live quote of the contract's futures month and the button to use it: one framed line under the futures price,
 * the quote on the left and the button on the right, wrapping the button under the quote on a narrow screen.
 */
function LiveQuoteLine({
  text,
  using,
  disabled,
  onUse,
}: {
  text: string;
  using: boolean;
  disabled: boolean;
  onUse: () => void;
}) {
  const t = useT();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 1,
        mt: 0.5,
        px: 1.5,
        py: 1,
        border: 1,
        borderColor: using ? 'primary.main' : 'divider',
        borderRadius: 1,
      }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0 }}
      >
        {text}
      </Typography>
      <Button size="small" variant={using ? 'contained' : 'outlined'} disabled={disabled} onClick={onUse}>
        {t('crm.pricing.useLive')}
      </Button>
    </Box>
  );
}
