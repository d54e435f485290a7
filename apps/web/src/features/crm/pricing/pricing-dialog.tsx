import {
  basisSetSchema,
  creditSaleSchema,
  futuresSetSchema,
  parseBasis,
  parsePrice,
  pricingAddendaSchema,
  secondaryObligationSchema,
  structuredAddendumSchema,
  toDecimal,
  type ContractDetail,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { crmKeys } from '../api/crm-keys';
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

type Field =
  | 'quantity'
  | 'futuresPrice'
  | 'basis'
  | 'name'
  | 'terms'
  | 'deferredPaymentDate'
  | 'kind'
  | 'dueDate'
  | 'description'
  | 'reason';

const FIELDS: Readonly<Record<PricingAction, readonly Field[]>> = {
  futures_set: ['quantity', 'futuresPrice', 'reason'],
  basis_set: ['quantity', 'basis', 'reason'],
  pricing_addenda: ['quantity', 'futuresPrice', 'basis', 'reason'],
  structured_addendum: ['name', 'terms', 'reason'],
  credit_sale: ['deferredPaymentDate', 'reason'],
  secondary_obligation: ['kind', 'quantity', 'dueDate', 'description'],
};

const SCHEMAS = {
  futures_set: futuresSetSchema,
  basis_set: basisSetSchema,
  pricing_addenda: pricingAddendaSchema,
  structured_addendum: structuredAddendumSchema,
  credit_sale: creditSaleSchema,
  secondary_obligation: secondaryObligationSchema,
} as const;

/** Terms typed one a line, 'name: value' → a record; null when a line has no name. */
function parseTerms(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf(':');
    const name = (at < 0 ? trimmed : trimmed.slice(0, at)).trim();
    if (!name) return null;
    out[name] = at < 0 ? '' : trimmed.slice(at + 1).trim();
  }
  return out;
}

type Values = Record<Field, string>;

function initialValues(action: PricingAction, open: string | null): Values {
  return {
    quantity: action === 'secondary_obligation' ? '' : (open ?? ''),
    futuresPrice: '',
    basis: '',
    name: '',
    terms: '',
    deferredPaymentDate: '',
    kind: 'delivery',
    dueDate: '',
    description: '',
    reason: '',
  };
}

/** The request body from what was typed (the domain's schema decides), or the field errors. */
function pricingBody(
  action: PricingAction,
  values: Values,
  quantityValue: string,
  useLive: boolean,
  basisNotation: 'cents' | 'dollars',
  t: (id: MessageId) => string,
): { body: Record<string, unknown> } | { errors: Partial<Record<Field, string>> } {
  const fields = FIELDS[action];
  const errs: Partial<Record<Field, string>> = {};
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = (field === 'quantity' ? quantityValue : values[field]).trim();
    if (field === 'reason' || field === 'description') {
      if (raw) body[field] = raw;
    } else if (field === 'futuresPrice') {
      if (action === 'futures_set' && useLive) body.useLivePrice = true;
      else {
        const price = raw ? parsePrice(raw) : null;
        if (price === null) errs.futuresPrice = raw ? t('crm.pricing.invalidPrice') : t('crm.pricing.required');
        else body.futuresPrice = price;
      }
    } else if (field === 'basis') {
      const parsed = parseBasis(raw, { notation: basisNotation });
      if (!parsed.ok) errs.basis = raw ? t('crm.pricing.invalidBasis') : t('crm.pricing.required');
      else body.basis = parsed.value;
    } else if (field === 'quantity') {
      const cleaned = raw.replace(/,/g, '');
      if (!/^\d+(\.\d{1,4})?$/.test(cleaned) || toDecimal(cleaned).isZero())
        errs.quantity = t('crm.pricing.invalidQuantity');
      else body.quantity = cleaned;
    } else if (field === 'terms') {
      const terms = parseTerms(raw);
      if (terms === null) errs.terms = t('crm.pricing.field.terms');
      else body.terms = terms;
    } else {
      if (!raw) errs[field] = t('crm.pricing.required');
      else body[field] = raw;
    }
  }
  if (Object.keys(errs).length) return { errors: errs };
  const parsed = SCHEMAS[action].safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as Field;
      if (fields.includes(key) && !errs[key]) errs[key] = issue.message;
    }
    return { errors: errs };
  }
  return { body };
}

/**
 * One pricing operation as a dialog (decision 041): prices typed in the partner's notation (parsePrice, parseBasis in
 * cents), checked with the domain's schema, a preview of the averages the save will store, sent with the version read
 * (a stale one reloads and says so; a refusal shows the server's message, and its field errors on the fields).
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
  const openQuantity =
    action === 'futures_set'
      ? (extras.data?.futuresOpenQuantity ?? null)
      : action === 'basis_set'
        ? (extras.data?.basisOpenQuantity ?? null)
        : action === 'pricing_addenda'
          ? (extras.data?.unfixedQuantity ?? null)
          : null;
  const [values, setValues] = useState<Values>(() => initialValues(action, null));
  const [touchedQuantity, setTouchedQuantity] = useState(false);
  const [useLive, setUseLive] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = FIELDS[action];
  const number = row.displayContractId ?? String(row.id);
  const basisNotation = format.prices.notation.basis;
  const quantityValue = touchedQuantity || openQuantity === null ? values.quantity : openQuantity;

  const set = (field: Field, value: string) => {
    if (field === 'quantity') setTouchedQuantity(true);
    if (field === 'futuresPrice') setUseLive(false);
    setValues((current) => ({ ...current, [field]: value }));
  };

  /** The body the server gets, or the field errors. */

  const preview = usePreview(
    detail,
    action,
    quantityValue,
    values,
    useLive ? (live.quote?.last ?? null) : null,
    basisNotation,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const outcome = pricingBody(action, values, quantityValue, useLive, basisNotation, t);
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync({ action, body: outcome.body, version: detail.version });
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
      const fieldErrors = isApiError(error)
        ? (error.details as { fields?: Record<string, string> } | null | undefined)?.fields
        : undefined;
      if (fieldErrors && typeof fieldErrors === 'object' && !Array.isArray(fieldErrors)) {
        const next: Partial<Record<Field, string>> = {};
        for (const [key, message] of Object.entries(fieldErrors))
          if (fields.includes(key as Field) && typeof message === 'string') next[key as Field] = message;
        setErrors(next);
      }
      setFailure(error instanceof Error ? error.message : t('crm.loadFailed'));
    }
  }

  const help = t(`crm.pricing.help.${action}` as MessageId, {
    quantity: `${format.quantity(openQuantity ?? row.unpricedQuantity ?? '0')} ${row.quantityUnit}`,
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle>
        {t(`crm.pricing.op.${action}` as MessageId)} · {number}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <PricingFields
            action={action}
            detail={detail}
            values={values}
            quantityValue={quantityValue}
            errors={errors}
            set={set}
            useLive={useLive}
            setUseLive={setUseLive}
          />
          {preview ? <PricingPreview preview={preview} detail={detail} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('crm.pricing.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {t('crm.pricing.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type FieldsProps = {
  action: PricingAction;
  detail: ContractDetail;
  values: Values;
  quantityValue: string;
  errors: Partial<Record<Field, string>>;
  set: (field: Field, value: string) => void;
  useLive: boolean;
  setUseLive: (value: boolean) => void;
};

/** The fields of an action, in order: prices in the partner's notation, the live futures quote to use. */
function PricingFields({ action, detail, values, quantityValue, errors, set, useLive, setUseLive }: FieldsProps) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const fields = FIELDS[action];
  const names = useStructuredAddendaNames(action === 'structured_addendum');
  const live = useLiveQuote(action === 'futures_set' ? row.cropId : null, row.optionMonth);
  const textField = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      key={field}
      name={field}
      label={t(`crm.pricing.field.${field}` as MessageId)}
      value={field === 'quantity' ? quantityValue : values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? (field === 'basis' ? t('crm.pricing.field.basisHelp') : ' ')}
      required={!['reason', 'description', 'terms'].includes(field)}
      fullWidth
      {...extra}
    />
  );
  return (
    <>
      {fields.map((field) => {
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
                  value: useLive && live.quote ? format.prices.futures(live.quote.last) : values.futuresPrice,
                  slotProps: { htmlInput: { inputMode: 'decimal' } },
                  helperText:
                    errors.futuresPrice ??
                    (useLive && live.quote
                      ? t('crm.pricing.usingLive', { price: format.prices.futures(live.quote.last) })
                      : ' '),
                })}
                {action === 'futures_set' ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: -0.5 }}>
                    <Button
                      size="small"
                      variant={useLive ? 'contained' : 'outlined'}
                      disabled={!live.quote}
                      onClick={() => setUseLive(true)}
                    >
                      {t('crm.pricing.useLive')}
                    </Button>
                    <Typography variant="body2" color="text.secondary" aria-live="polite">
                      {live.quote
                        ? t('crm.pricing.liveQuote', {
                            symbol: live.symbol ?? '',
                            price: format.prices.futures(live.quote.last),
                          })
                        : live.isLoading
                          ? ''
                          : t('crm.pricing.noLiveQuote')}
                    </Typography>
                  </Stack>
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
