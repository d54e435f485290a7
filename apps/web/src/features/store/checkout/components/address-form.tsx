import { FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { checkoutApi } from '../checkout-api';
import { fieldProblems } from '../checkout-errors';
import { CheckoutFieldset, FieldGrid, FieldsetActions } from './checkout-fieldset';

type AddressFormat = 'postal' | 'can_lll';

/** What the address book is sent for a new address of the form's fields. */
function addressBody(
  f: Record<string, string>,
  format: AddressFormat,
  addressType: 'shipping_address' | 'default_billing_address',
  country: string,
) {
  const num = (k: string) => (f[k] ? Number(f[k]) : null);
  return format === 'postal'
    ? {
        addressType,
        format,
        name: f.name ?? '',
        line1: f.line1 ?? '',
        city: f.city ?? '',
        region: f.region ?? '',
        postalCode: f.postalCode ?? '',
        country,
      }
    : {
        addressType,
        format,
        name: f.name ?? '',
        region: f.region ?? '',
        country: 'CAN',
        lllQuarter: f.lllQuarter ?? null,
        lllSection: num('lllSection'),
        lllTownship: num('lllTownship'),
        lllRange: num('lllRange'),
        lllMeridian: f.lllMeridian ?? null,
      };
}

/** A new address: postal, or in Canada a legal land location (quarter-section-township-range-meridian). */
export function AddressForm({
  country,
  addressType,
  onSaved,
  onCancel,
}: {
  country: string;
  addressType: 'shipping_address' | 'default_billing_address';
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [format, setFormat] = useState<AddressFormat>('postal');
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (name: string, span: number, opts: { type?: string; select?: readonly string[] } = {}) => (
    <TextField
      size="small"
      select={Boolean(opts.select)}
      label={t(`store.checkout.field.${name}` as MessageId)}
      type={opts.type ?? 'text'}
      value={f[name] ?? ''}
      onChange={(e) => setF({ ...f, [name]: e.target.value })}
      sx={{ gridColumn: { xs: span <= 2 ? 'span 3' : 'span 6', sm: `span ${span}` } }}
    >
      {opts.select?.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  const save = async () => {
    setSaving(true);
    try {
      const a = await checkoutApi.addAddress(addressBody(f, format, addressType, country));
      onSaved(a.id);
    } catch (e) {
      setProblem(fieldProblems(t, e));
      setSaving(false);
    }
  };
  return (
    <CheckoutFieldset
      legend={
        <T
          id={
            addressType === 'shipping_address'
              ? 'store.checkout.newDeliveryAddress'
              : 'store.checkout.newBillingAddress'
          }
        />
      }
      problem={problem}
      actions={
        <FieldsetActions
          save={<T id="store.checkout.saveAddress" />}
          onSave={() => void save()}
          saving={saving}
          onCancel={onCancel}
        />
      }
    >
      {country === 'CAN' && addressType === 'shipping_address' ? (
        <RadioGroup
          row
          value={format}
          onChange={(e) => setFormat(e.target.value as AddressFormat)}
          aria-label={t('store.checkout.addressFormat')}
          sx={{ mb: 1 }}
        >
          <FormControlLabel value="postal" control={<Radio size="small" />} label={t('store.checkout.format.postal')} />
          <FormControlLabel
            value="can_lll"
            control={<Radio size="small" />}
            label={t('store.checkout.format.can_lll')}
          />
        </RadioGroup>
      ) : null}
      <FieldGrid>
        {field('name', 6)}
        {format === 'postal' ? (
          <>
            {field('line1', 6)}
            {field('city', 3)}
            {field('region', 1)}
            {field('postalCode', 2)}
          </>
        ) : (
          <>
            {field('lllQuarter', 2, { select: ['NE', 'NW', 'SE', 'SW'] })}
            {field('lllSection', 2, { type: 'number' })}
            {field('lllTownship', 2, { type: 'number' })}
            {field('lllRange', 2, { type: 'number' })}
            {field('lllMeridian', 2, { select: ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'] })}
            {field('region', 2, { select: ['AB', 'SK', 'MB', 'BC'] })}
          </>
        )}
      </FieldGrid>
      {format === 'can_lll' ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          <T id="store.checkout.lllHint" />
        </Typography>
      ) : null}
    </CheckoutFieldset>
  );
}
