import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  CONTRACT_PAYMENT_TERMS,
  CONTRACT_TYPES,
  CONTRACT_TYPE_LABELS,
  FILTERABLE_CROPS,
  MP_OPTION_CHOICES,
  cashPrice,
  contractFieldShown,
  futuresMonthForDelivery,
  futuresProductForCrop,
  futuresSymbol,
  quantityUnitForCrop,
  toDecimal,
  type ContractType,
  type CrmMarketRow,
  type TypedField,
} from '@granary/domain';
import { Box, Button, IconButton, MenuItem, Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../lib/forms/form-fields';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { basisMeaning, readBasis } from '../bids/components/basis-input';
import { useCrmFormat } from '../components/use-crm-format';
import { formatOptionMonth } from '../lists/components/list-cells';
import { ClientPicker } from './client-picker';
import { optionMonthChoices, type ContractFormValues } from './contract-form';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The contract's client (a search among the market's clients); fixed when editing. */
function ContractClient({ disabled }: { disabled: boolean }) {
  const t = useT();
  const { control, setValue } = useFormContext<ContractFormValues>();
  const { field, fieldState } = useController({ control, name: 'clientId' });
  const name = useWatch({ control, name: 'clientName' });
  const marketId = useWatch({ control, name: 'marketId' });
  return (
    <Box sx={{ gridColumn: { sm: 'span 2' } }}>
      <ClientPicker
        marketId={marketId}
        value={field.value === null ? null : { id: field.value, name }}
        onChange={(c) => {
          field.onChange(c?.id ?? null);
          setValue('clientName', c?.name ?? '');
        }}
        label={t('crm.write.client')}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? t('crm.write.clientHelp')}
        disabled={disabled}
        inputRef={field.ref}
      />
    </Box>
  );
}

/** Splits between clients: a client and a share per row, the total shown. */
function SplitsEditor() {
  const t = useT();
  const { control, formState } = useFormContext<ContractFormValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'splits' });
  const splits = useWatch({ control, name: 'splits' });
  const marketId = useWatch({ control, name: 'marketId' });
  const clientId = useWatch({ control, name: 'clientId' });
  const clientName = useWatch({ control, name: 'clientName' });
  const format = useCrmFormat();
  const total = splits.reduce((sum, s) => {
    try {
      return sum.plus(toDecimal(s.pct.replace('%', '').trim() || '0'));
    } catch {
      return sum;
    }
  }, toDecimal(0));
  const error = (formState.errors.splits as { message?: string } | undefined)?.message;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="subtitle2">{t('crm.write.splits')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('crm.write.splitsHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((row, i) => {
          const rowError = formState.errors.splits?.[i];
          return (
            <Box key={row.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr) 110px 40px' }}>
              <ClientPicker
                marketId={marketId}
                size="small"
                value={splits[i]?.clientId ? { id: splits[i].clientId, name: splits[i].clientName } : null}
                onChange={(c) =>
                  update(i, { clientId: c?.id ?? null, clientName: c?.name ?? '', pct: splits[i]?.pct ?? '' })
                }
                label={t('crm.write.client')}
                error={Boolean(rowError?.clientId)}
                helperText={rowError?.clientId?.message}
              />
              <FormTextField<ContractFormValues>
                name={`splits.${i}.pct`}
                label={t('crm.write.splitPct')}
                size="small"
                inputMode="decimal"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <IconButton
                aria-label={t('crm.write.splitRemove', { name: splits[i]?.clientName || String(i + 1) })}
                onClick={() => remove(i)}
                sx={{ alignSelf: 'start', mt: 0.25 }}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<AddRoundedIcon />}
          onClick={() => {
            // The first split row is the contract's own client.
            if (fields.length === 0 && clientId !== null) append({ clientId, clientName, pct: '' });
            append({ clientId: null, clientName: '', pct: '' });
          }}
        >
          {t('crm.write.splitAdd')}
        </Button>
        {fields.length > 0 ? (
          <Typography variant="body2" color={total.equals(100) ? 'text.secondary' : 'error'}>
            {t('crm.write.splitTotal', { total: format.quantity(total.toString()) })}
          </Typography>
        ) : null}
      </Stack>
      {error ? (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The pricing fields the type takes, with the live cash preview (futures + basis) where both are fixed. */
function PricingFields({ type, unit }: { type: ContractType; unit: string }) {
  const t = useT();
  const format = useCrmFormat();
  const notation = usePriceFormat().notation.basis;
  const { control } = useFormContext<ContractFormValues>();
  const [futures, basisText, cropId, optionMonth] = useWatch({
    control,
    name: ['futuresPrice', 'basis', 'cropId', 'optionMonth'],
  });
  const product = cropId === null ? null : futuresProductForCrop(cropId);
  const symbol = product && optionMonth ? futuresSymbol(product.root, optionMonth) : null;
  const shown = (f: TypedField) => contractFieldShown(type, f);
  const money = { currency: format.currency === 'CAD' ? 'C$' : '$', unit };
  const basis = readBasis(basisText, { unit: 'bushel', notation, futuresSymbol: null });
  const preview =
    shown('futuresPrice') && shown('basis') && basis.state === 'ok' && /^\d+(\.\d+)?$/.test(futures.trim())
      ? cashPrice(futures.trim(), basis.value)
      : null;
  return (
    <>
      {shown('futuresPrice') ? (
        <FormTextField<ContractFormValues>
          name="futuresPrice"
          label={t('crm.write.futuresPrice', money)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      {shown('basis') ? (
        <FormTextField<ContractFormValues>
          name="basis"
          label={t(notation === 'cents' ? 'crm.write.basisCents' : 'crm.write.basisDollars', money)}
          helperText={
            basis.state === 'ok'
              ? basisMeaning(basis.value, { unit: 'bushel', currency: format.currency, futuresSymbol: symbol })
              : t('crm.write.basisHelp')
          }
        />
      ) : null}
      {shown('cashPrice') ? (
        <FormTextField<ContractFormValues>
          name="cashPrice"
          label={t('crm.write.cashPrice', money)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      {shown('strike') ? (
        <FormTextField<ContractFormValues>
          name="strike"
          label={t('crm.write.strike', money)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      {shown('callOptionFee') ? (
        <FormTextField<ContractFormValues>
          name="callOptionFee"
          label={t('crm.write.callOptionFee', money)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      {shown('expiration') ? (
        <FormTextField<ContractFormValues>
          name="expiration"
          type="date"
          label={t('crm.write.expiration')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
      {shown('mpOption') ? (
        <FormTextField<ContractFormValues> name="mpOption" select label={t('crm.write.mpOption')}>
          {MP_OPTION_CHOICES.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </FormTextField>
      ) : null}
      {shown('pricingPeriodStart') ? (
        <FormTextField<ContractFormValues>
          name="pricingPeriodStart"
          type="date"
          label={t('crm.write.pricingPeriodStart')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
      {shown('pricingPeriodEnd') ? (
        <FormTextField<ContractFormValues>
          name="pricingPeriodEnd"
          type="date"
          label={t('crm.write.pricingPeriodEnd')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
      {shown('futuresPrice') && shown('basis') ? (
        <Box sx={{ gridColumn: '1 / -1' }} role="status" aria-live="polite">
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: preview ? 600 : 400 }}>
            {preview
              ? t('crm.write.cashPreview', { price: format.prices.cash(preview) })
              : t('crm.write.cashPreviewOpen')}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}

/**
 * The form's fields, grouped (Parties, Grain, Delivery, Pricing, Payment, Notes), only those the chosen type takes
 * (the domain's rule table).
 */
export function ContractFields({
  markets,
  editing,
  today,
}: {
  markets: readonly CrmMarketRow[];
  editing: boolean;
  today: string;
}) {
  const t = useT();
  const { control, setValue } = useFormContext<ContractFormValues>();
  const [type, cropId, optionMonth, deliveryEnd] = useWatch({
    control,
    name: ['contractType', 'cropId', 'optionMonth', 'deliveryEnd'],
  });
  // The futures month a delivery window prices off, proposed once the window's end is known (the writer may change it).
  useEffect(() => {
    const product = cropId === null ? null : futuresProductForCrop(cropId);
    if (!optionMonth && product && /^\d{4}-\d{2}-\d{2}$/.test(deliveryEnd))
      setValue('optionMonth', futuresMonthForDelivery(product, deliveryEnd));
  }, [cropId, deliveryEnd, optionMonth, setValue]);
  const unit = quantityUnitForCrop(cropId ?? 1) === 'tonnes' ? 't' : 'bu';
  const months = optionMonthChoices(cropId, today, optionMonth);
  const year = Number(today.slice(0, 4));
  const shown = (f: TypedField) => contractFieldShown(type, f);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormTextField<ContractFormValues> name="contractType" select label={t('crm.write.type')}>
          {CONTRACT_TYPES.map((c) => (
            <MenuItem key={c} value={c}>
              {CONTRACT_TYPE_LABELS[c]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ContractFormValues> name="direction" select label={t('crm.write.direction')}>
          <MenuItem value="purchase">{t('crm.write.direction.purchase')}</MenuItem>
          <MenuItem value="sale">{t('crm.write.direction.sale')}</MenuItem>
        </FormTextField>
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {t('crm.write.fixedByType', {
            type: CONTRACT_TYPE_LABELS[type],
            fixes: t(`crm.write.fixes.${type}` as MessageId),
          })}
        </Typography>
      </Box>
      <Group title={t('crm.write.section.parties')}>
        <ContractClient disabled={editing} />
        <FormTextField<ContractFormValues> name="marketId" select label={t('crm.write.market')}>
          {markets.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.label}
            </MenuItem>
          ))}
        </FormTextField>
      </Group>
      <Group title={t('crm.write.section.grain')}>
        <FormTextField<ContractFormValues> name="cropId" select label={t('crm.write.crop')}>
          {FILTERABLE_CROPS.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.displayName}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ContractFormValues> name="cropYear" select label={t('crm.write.cropYear')}>
          {[year - 1, year, year + 1, year + 2].map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ContractFormValues>
          name="quantity"
          label={t('crm.write.quantity', { unit })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Group>
      <Group title={t('crm.write.section.delivery')}>
        <FormTextField<ContractFormValues>
          name="deliveryStart"
          type="date"
          label={t('crm.write.deliveryStart')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField<ContractFormValues>
          name="deliveryEnd"
          type="date"
          label={t('crm.write.deliveryEnd')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {shown('optionMonth') ? (
          <FormTextField<ContractFormValues> name="optionMonth" select label={t('crm.write.optionMonth')}>
            {months.map((m) => (
              <MenuItem key={m} value={m}>
                {formatOptionMonth(m)}
              </MenuItem>
            ))}
          </FormTextField>
        ) : null}
      </Group>
      <Group title={t('crm.write.section.pricing')}>
        <PricingFields type={type} unit={unit} />
      </Group>
      <Group title={t('crm.write.section.payment')}>
        <FormTextField<ContractFormValues> name="paymentTerms" select label={t('crm.write.paymentTerms')}>
          {type === 'basic_cs' ? null : <MenuItem value="">{t('crm.write.paymentTerms.none')}</MenuItem>}
          {CONTRACT_PAYMENT_TERMS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`crm.write.paymentTerms.${p}` as MessageId)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ContractFormValues> name="program" label={t('crm.write.program')} />
      </Group>
      <Group title={t('crm.write.section.notes')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField<ContractFormValues>
            name="description"
            label={t('crm.write.description')}
            multiline
            minRows={2}
            fullWidth
          />
        </Box>
        <SplitsEditor />
      </Group>
    </>
  );
}
