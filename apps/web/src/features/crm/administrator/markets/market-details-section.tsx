import { MARKET_PHONE_PATTERN, type MarketDetails } from '@granary/domain';
import { Box, MenuItem, Stack } from '@mui/material';
import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { Section, useSaveToasts } from '../../public-bids-admin/components/section';
import { useSaveMarketDetails } from './admin-markets-api';

/** The zones a market of the partners' countries runs on; a market's own zone is offered even when not listed. */
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Halifax',
  'America/Toronto',
  'America/Winnipeg',
  'America/Regina',
  'America/Edmonton',
  'America/Vancouver',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Adelaide',
  'Australia/Perth',
];

const detailsFormSchema = z.object({
  displayName: z.string().max(80),
  addressLine1: z.string().max(120),
  city: z.string().trim().min(1, 'adminMarkets.details.required').max(80),
  administrativeAreaLevel1: z.string().trim().min(1, 'adminMarkets.details.required').max(40),
  postalCode: z.string().max(20),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || MARKET_PHONE_PATTERN.test(v), 'adminMarkets.details.phoneInvalid'),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'adminMarkets.details.emailInvalid'),
  timezone: z.string().min(1),
});
type DetailsFormValues = z.input<typeof detailsFormSchema>;
const FIELDS = Object.keys(detailsFormSchema.shape) as (keyof DetailsFormValues)[];

function valuesOf(d: MarketDetails): DetailsFormValues {
  return {
    displayName: d.displayName ?? '',
    addressLine1: d.addressLine1 ?? '',
    city: d.city,
    administrativeAreaLevel1: d.administrativeAreaLevel1,
    postalCode: d.postalCode ?? '',
    phone: d.phone ?? '',
    email: d.email ?? '',
    timezone: d.timezone,
  };
}

/** A market's details (MERCH/market): display name, address, phone, e-mail and time zone, saved at the version read. */
export function MarketDetailsSection({ details, platformId }: { details: MarketDetails; platformId: number }) {
  const t = useT();
  const save = useSaveMarketDetails(details.marketId, platformId);
  const toasts = useSaveToasts();
  const form = useZodForm(detailsFormSchema, { defaultValues: valuesOf(details) });
  const { isDirty } = form.formState;
  const { reset } = form;
  // Read again (after a save or a 412): an untouched form follows; one being edited keeps what was typed.
  useEffect(() => {
    if (!isDirty) reset(valuesOf(details));
  }, [details, isDirty, reset]);
  const zones = ZONES.includes(details.timezone) ? ZONES : [details.timezone, ...ZONES];
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        version: details.version,
        body: {
          ...values,
          displayName: values.displayName.trim() || null,
          addressLine1: values.addressLine1.trim() || null,
          postalCode: values.postalCode.trim() || null,
          phone: values.phone || null,
          email: values.email || null,
        },
      });
      reset(valuesOf(saved));
      toasts.saved('adminMarkets.details.saved');
    } catch (error) {
      if (!applyServerErrors(form.setError, error, FIELDS)) toasts.failed(error);
    }
  });
  return (
    <Section title={t('adminMarkets.details.title')} subtitle={<T id="adminMarkets.details.subtitle" />}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <Stack spacing={2}>
            <FormTextField<DetailsFormValues>
              name="displayName"
              label={t('adminMarkets.details.displayName')}
              helperText={t('adminMarkets.details.displayNameHelp', {
                label: `${details.city}, ${details.administrativeAreaLevel1}`,
              })}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <FormTextField<DetailsFormValues>
              name="addressLine1"
              label={t('adminMarkets.details.address')}
              autoComplete="address-line1"
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<DetailsFormValues> name="city" label={t('adminMarkets.details.city')} required fullWidth />
              <FormTextField<DetailsFormValues>
                name="administrativeAreaLevel1"
                label={t(
                  details.countryCode === 'CAN' ? 'adminMarkets.details.province' : 'adminMarkets.details.state',
                )}
                required
                sx={{ width: { sm: 160 } }}
              />
              <FormTextField<DetailsFormValues>
                name="postalCode"
                label={t(
                  details.countryCode === 'USA' ? 'adminMarkets.details.zip' : 'adminMarkets.details.postalCode',
                )}
                sx={{ width: { sm: 160 } }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<DetailsFormValues>
                name="phone"
                type="tel"
                label={t('adminMarkets.details.phone')}
                fullWidth
              />
              <FormTextField<DetailsFormValues>
                name="email"
                type="email"
                label={t('adminMarkets.details.email')}
                fullWidth
              />
            </Stack>
            <FormTextField<DetailsFormValues>
              name="timezone"
              select
              label={t('adminMarkets.details.timezone')}
              helperText={t('adminMarkets.details.timezoneHelp')}
              fullWidth
            >
              {zones.map((zone) => (
                <MenuItem key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </MenuItem>
              ))}
            </FormTextField>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <FormSubmitButton size="medium" fullWidth={false} sx={{}} busy={save.isPending}>
                <T id="adminMarkets.details.save" />
              </FormSubmitButton>
            </Stack>
          </Stack>
        </Box>
      </FormProvider>
    </Section>
  );
}
