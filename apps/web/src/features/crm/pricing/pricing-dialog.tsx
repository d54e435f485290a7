import {
  baselineEvents,
  basisSetSchema,
  creditSaleSchema,
  futuresSetSchema,
  parseBasis,
  parsePrice,
  planBasisSet,
  planFuturesSet,
  planPricingAddendum,
  previewCash,
  pricingAddendaSchema,
  secondaryObligationSchema,
  structuredAddendumSchema,
  toDecimal,
  type ContractDetail,
  type ContractPricing,
  type StoredPricingEvent,
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
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { crmKeys } from '../api/crm-keys';
import { useCrmFormat } from '../components/use-crm-format';
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

/** The contract's pricing events as the domain's rules read them (its stored figures when it has none). */
export function eventsOf(detail: ContractDetail): StoredPricingEvent[] {
  if (detail.pricingEvents.length > 0)
    return detail.pricingEvents.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      futuresPrice: e.futuresPrice,
      basis: e.basis,
      cashPrice: e.cashPrice,
    }));
  const row = detail.contract;
  const quantity = row.quantity ?? '0';
  const cancelled = row.cancelledQuantity ?? '0';
  const open = toDecimal(quantity).minus(toDecimal(cancelled));
  const priced = open.minus(toDecimal(row.unpricedQuantity ?? open.toFixed())).toFixed();
  return baselineEvents({
    quantity,
    cancelledQuantity: cancelled,
    pricedQuantity: priced,
    priceStatus: row.priceStatus ?? 'unpriced',
    futuresPrice: row.averageFutures,
    basis: row.averageBasis,
    cashPrice: row.averageCash,
  });
}

/** Terms typed one a line, 'name: value' → a record; null when a line has no name. */
export function parseTerms(text: string): Record<string, string> | null {
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
  const names = useStructuredAddendaNames(action === 'structured_addendum');
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
  function bodyOf(): { body: Record<string, unknown> } | { errors: Partial<Record<Field, string>> } {
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
    const outcome = bodyOf();
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

type Preview = { pricing: ContractPricing; addendumCash: string | null };

/** The averages the save would store (the domain's rules on the events the dialog read); null while incomplete. */
function usePreview(
  detail: ContractDetail,
  action: PricingAction,
  quantity: string,
  values: Values,
  livePrice: string | null,
  basisNotation: 'cents' | 'dollars',
): Preview | null {
  return useMemo(() => {
    if (action !== 'futures_set' && action !== 'basis_set' && action !== 'pricing_addenda') return null;
    const q = quantity.trim().replace(/,/g, '');
    if (!/^\d+(\.\d{1,4})?$/.test(q) || toDecimal(q).isZero()) return null;
    const futures = livePrice ?? (values.futuresPrice.trim() ? parsePrice(values.futuresPrice) : null);
    const basisParsed = parseBasis(values.basis, { notation: basisNotation });
    const basis = basisParsed.ok ? basisParsed.value : null;
    const contract = {
      quantity: detail.contract.quantity ?? '0',
      cancelledQuantity: detail.contract.cancelledQuantity ?? '0',
    };
    try {
      const events = eventsOf(detail);
      if (action === 'futures_set' && futures !== null)
        return {
          pricing: planFuturesSet(contract, events, { quantity: q, futuresPrice: futures }).pricing,
          addendumCash: null,
        };
      if (action === 'basis_set' && basis !== null)
        return { pricing: planBasisSet(contract, events, { quantity: q, basis }).pricing, addendumCash: null };
      if (action === 'pricing_addenda' && futures !== null && basis !== null)
        return {
          pricing: planPricingAddendum(contract, events, { quantity: q, futuresPrice: futures, basis }).pricing,
          addendumCash: previewCash(futures, basis),
        };
    } catch {
      return null;
    }
    return null;
  }, [detail, action, quantity, values.futuresPrice, values.basis, livePrice, basisNotation]);
}

function PricingPreview({ preview, detail }: { preview: Preview; detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const p = preview.pricing;
  const open = toDecimal(row.quantity ?? '0')
    .minus(toDecimal(row.cancelledQuantity ?? '0'))
    .toFixed();
  const figure = (label: string, value: string) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value || '—'}</Typography>
    </Box>
  );
  return (
    <Box
      role="region"
      aria-label={t('crm.pricing.preview')}
      sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
        {t('crm.pricing.preview')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('crm.pricing.preview.priced', {
          priced: `${format.quantity(p.pricedQuantity)}`,
          open: `${format.quantity(open)} ${row.quantityUnit}`,
        })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {figure(t('crm.pricing.preview.futures'), p.averageFutures ? format.prices.futures(p.averageFutures) : '')}
        {figure(t('crm.pricing.preview.basis'), p.averageBasis ? format.prices.basis(p.averageBasis) : '')}
        {figure(
          preview.addendumCash ? t('crm.pricing.preview.addendumCash') : t('crm.pricing.preview.cash'),
          preview.addendumCash
            ? format.prices.cash(preview.addendumCash)
            : p.averageCash
              ? format.prices.cash(p.averageCash)
              : '',
        )}
      </Box>
    </Box>
  );
}
