import {
  ADDRESS_TYPES,
  LLL_MERIDIANS,
  LLL_QUARTERS,
  PRAIRIE_PROVINCES,
  subdivisionsOf,
  type AddressType,
} from '@granary/domain';
import { Box, MenuItem, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import type { AddressValuesIn, BookAddress } from './addresses-api';
import { applyFieldProblems } from './field-problems';
import { BookDialog } from './book-frame';

const schema = z.object({
  addressType: z.enum(ADDRESS_TYPES),
  format: z.enum(['postal', 'can_lll']),
  landLocationKind: z.enum(['can_lll_home', 'can_lll_shipping']),
  name: z.string().trim().max(120),
  country: z.enum(['USA', 'CAN', 'AUS']),
  line1: z.string().trim().max(160),
  line2: z.string().trim().max(160),
  city: z.string().trim().max(80),
  region: z.string().trim().min(1, 'addresses.problem.required'),
  postalCode: z.string().trim().max(12),
  lllQuarter: z.string(),
  lllSection: z.string().regex(/^\d{0,2}$/, 'addresses.problem.invalid'),
  lllTownship: z.string().regex(/^\d{0,3}$/, 'addresses.problem.invalid'),
  lllRange: z.string().regex(/^\d{0,2}$/, 'addresses.problem.invalid'),
  lllMeridian: z.string(),
  instructions: z.string().trim().max(500),
});
type Values = z.input<typeof schema>;
const FIELDS = Object.keys(schema.shape);

const num = (s: string) => (s.trim() === '' ? null : Number(s));

function toBody(v: z.output<typeof schema>): AddressValuesIn {
  const lll = v.format === 'can_lll';
  return {
    format: v.format,
    landLocationKind: lll ? v.landLocationKind : null,
    name: v.name,
    line1: lll ? '' : v.line1,
    line2: lll ? '' : v.line2,
    city: lll ? '' : v.city,
    region: v.region,
    postalCode: v.postalCode,
    country: lll ? 'CAN' : v.country,
    lllQuarter: lll ? v.lllQuarter || null : null,
    lllSection: lll ? num(v.lllSection) : null,
    lllTownship: lll ? num(v.lllTownship) : null,
    lllRange: lll ? num(v.lllRange) : null,
    lllMeridian: lll ? v.lllMeridian || null : null,
    instructions: v.instructions,
  };
}

function defaultsOf(a: BookAddress | null, type: AddressType, country: 'USA' | 'CAN' | 'AUS'): Values {
  return {
    addressType: a?.addressType ?? type,
    format: a?.format ?? 'postal',
    landLocationKind: (a?.landLocationKind as Values['landLocationKind'] | null) ?? 'can_lll_shipping',
    name: a?.name ?? '',
    country: (a?.country as Values['country'] | undefined) ?? country,
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    region: a?.region ?? '',
    postalCode: a?.postalCode ?? '',
    lllQuarter: a?.lllQuarter ?? 'NE',
    lllSection: a?.lllSection?.toString() ?? '',
    lllTownship: a?.lllTownship?.toString() ?? '',
    lllRange: a?.lllRange?.toString() ?? '',
    lllMeridian: a?.lllMeridian ?? 'W4',
    instructions: a?.instructions ?? '',
  };
}

/** Add or edit an address of the book: its type, postal or (in Canada) a legal land location, and driver directions. */
export function AddressDialog({
  address,
  defaultType,
  defaultCountry,
  onSave,
  onClose,
}: {
  address: BookAddress | null;
  defaultType: AddressType;
  defaultCountry: 'USA' | 'CAN' | 'AUS';
  onSave: (type: string, values: AddressValuesIn) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const form = useZodForm(schema, { defaultValues: defaultsOf(address, defaultType, defaultCountry) });
  const format = form.watch('format');
  const country = form.watch('country');
  const lll = format === 'can_lll';
  const regions = lll
    ? subdivisionsOf('CAN').filter((s) => (PRAIRIE_PROVINCES as readonly string[]).includes(s.code))
    : subdivisionsOf(country);
  const region = form.watch('region');
  useEffect(() => {
    if (region && !regions.some((s) => s.code === region)) form.setValue('region', '');
  }, [region, regions, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values.addressType, toBody(values));
      showToast({ messageId: 'addresses.saved' }, { severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyFieldProblems(form.setError, error, FIELDS))
        showToast(
          error instanceof Error && error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' },
          {
            severity: 'error',
          },
        );
    }
  });
  const select = { select: true, fullWidth: true } as const;
  return (
    <BookDialog titleId={address ? 'addresses.edit' : 'addresses.add'} form={form} onSubmit={submit} onClose={onClose}>
      <FormTextField<Values> name="addressType" label={t('addresses.type')} {...select}>
        {ADDRESS_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            <T id={`addresses.typeOne.${type}`} />
          </MenuItem>
        ))}
      </FormTextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={format}
        aria-label={t('addresses.format')}
        onChange={(_e, value: Values['format'] | null) => {
          if (!value) return;
          form.setValue('format', value);
          form.setValue('region', '');
          if (value === 'can_lll') form.setValue('country', 'CAN');
        }}
      >
        <ToggleButton value="postal">
          <T id="addresses.format.postal" />
        </ToggleButton>
        <ToggleButton value="can_lll">
          <T id="addresses.format.can_lll" />
        </ToggleButton>
      </ToggleButtonGroup>
      <FormTextField<Values> name="name" label={t('addresses.name')} fullWidth />
      {lll ? (
        <LandLocationFields />
      ) : (
        <>
          <FormTextField<Values> name="country" label={t('addresses.country')} {...select}>
            {(['USA', 'CAN', 'AUS'] as const).map((c) => (
              <MenuItem key={c} value={c}>
                <T id={`addresses.country.${c}`} />
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField<Values> name="line1" label={t('addresses.line1')} fullWidth required />
          <FormTextField<Values> name="line2" label={t('addresses.line2')} fullWidth />
          <FormTextField<Values> name="city" label={t('addresses.city')} fullWidth required />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<Values>
          name="region"
          label={t(country === 'CAN' || lll ? 'addresses.province' : 'addresses.state')}
          {...select}
          required
        >
          {regions.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<Values>
          name="postalCode"
          label={t(country === 'USA' && !lll ? 'addresses.zip' : 'addresses.postalCode')}
          fullWidth
          required={!lll}
        />
      </Stack>
      <FormTextField<Values>
        name="instructions"
        label={t('addresses.instructions')}
        helperText={t('addresses.instructionsHelp')}
        fullWidth
        multiline
        minRows={2}
      />
    </BookDialog>
  );
}

/** Quarter, section, township, range and meridian (NW-12-34-5-W4) and what the land is used as. */
function LandLocationFields() {
  const t = useT();
  const select = { select: true, fullWidth: true } as const;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' } }}>
        <FormTextField<Values> name="lllQuarter" label={t('addresses.lll.quarter')} {...select}>
          {LLL_QUARTERS.map((q) => (
            <MenuItem key={q} value={q}>
              {q}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<Values> name="lllSection" label={t('addresses.lll.section')} inputMode="numeric" />
        <FormTextField<Values> name="lllTownship" label={t('addresses.lll.township')} inputMode="numeric" />
        <FormTextField<Values> name="lllRange" label={t('addresses.lll.range')} inputMode="numeric" />
        <FormTextField<Values> name="lllMeridian" label={t('addresses.lll.meridian')} {...select}>
          {LLL_MERIDIANS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <FormTextField<Values> name="landLocationKind" label={t('addresses.lll.kind')} {...select}>
        <MenuItem value="can_lll_home">
          <T id="addresses.lll.kind.can_lll_home" />
        </MenuItem>
        <MenuItem value="can_lll_shipping">
          <T id="addresses.lll.kind.can_lll_shipping" />
        </MenuItem>
      </FormTextField>
    </>
  );
}
