import { AREA_UNITS, CROPS, MONITOR_KINDS, formatNumber, type MonitorKind } from '@granary/domain';
import { Alert, Autocomplete, Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { Controller, FormProvider, type Control } from 'react-hook-form';
import { z } from 'zod';
import { useEnterprise, usePatchEnterpriseProfile } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import type { EnterpriseState } from '../../lib/enterprise/enterprise-store';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { useDates } from '../../lib/i18n/use-dates';
import { useCatalogue, type Catalogue } from './account-api';
import { AreaUnitsSelect, Fact, numberField, toastFailure, useAreaText } from './account-parts';

const schema = z.object({
  name: z.string().trim().min(1, 'profile.enterprise.nameRequired').max(120, 'profile.enterprise.nameRequired'),
  areaEstimate: numberField('profile.enterprise.areaInvalid', { min: 0, max: 10_000_000, empty: 0 }),
  areaEstimateUnits: z.enum(AREA_UNITS),
  crops: z.array(z.string()),
  softwareTools: z.array(z.string()),
  plantingMonitorBrands: z.array(z.string()),
  harvestMonitorBrands: z.array(z.string()),
  applicationMonitorBrands: z.array(z.string()),
});
type Values = z.input<typeof schema>;

const MONITOR_FIELD = {
  planting: 'plantingMonitorBrands',
  harvest: 'harvestMonitorBrands',
  application: 'applicationMonitorBrands',
} as const satisfies Record<MonitorKind, keyof Values>;

const CROP_OPTIONS = CROPS.map((c) => ({ id: c.name, name: c.displayName }));

/**
 * The enterprise profile (platform.md 3.3): its name, farmed area with units, crops, farm software and monitors,
 * edited by the owner or a member with has_manage (others see it read-only with the owner's line); and its details:
 * owner, fields, subscriptions, grain accounts, referral code, billing.
 */
export function EnterpriseProfileSection({ enterpriseId }: EnterpriseSectionProps) {
  const enterprise = useEnterprise(enterpriseId);
  if (!enterprise?.isProfileLoaded || enterprise.isError || !enterprise.permissions) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      {enterprise.permissions.hasManage ? (
        <ProfileForm key={enterprise.publicId} enterprise={enterprise} />
      ) : (
        <ProfileReadOnly enterprise={enterprise} />
      )}
      <ProfileDetails enterprise={enterprise} />
    </Box>
  );
}

function ProfileForm({ enterprise }: { enterprise: EnterpriseState }) {
  const t = useT();
  const patch = usePatchEnterpriseProfile();
  const tools = useCatalogue('software-tools');
  const brands = useCatalogue('monitor-brands');
  const form = useZodForm(schema, {
    defaultValues: {
      name: enterprise.name,
      areaEstimate: enterprise.areaEstimate ? String(enterprise.areaEstimate) : '',
      areaEstimateUnits: enterprise.areaEstimateUnits ?? 'acres',
      crops: enterprise.crops ?? [],
      softwareTools: enterprise.softwareTools ?? [],
      plantingMonitorBrands: enterprise.plantingMonitorBrands ?? [],
      harvestMonitorBrands: enterprise.harvestMonitorBrands ?? [],
      applicationMonitorBrands: enterprise.applicationMonitorBrands ?? [],
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await patch(enterprise.legacyId, values);
      form.reset({
        ...values,
        name: saved.name,
        areaEstimate: saved.areaEstimate ? String(saved.areaEstimate) : '',
        crops: saved.crops,
      });
      showToast({ messageId: 'profile.enterprise.saved' }, { severity: 'success' });
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        toastFailure(error);
      }
    }
  });
  const units = form.watch('areaEstimateUnits');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        <T id="profile.enterprise.title" />
      </Typography>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2.5}>
            <FormTextField<Values> name="name" label={t('profile.enterprise.name')} fullWidth required />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<Values>
                name="areaEstimate"
                label={t('profile.enterprise.areaEstimate')}
                inputMode="decimal"
                sx={{ flex: 2 }}
                helperText={
                  units === 'hectares' && enterprise.acresEstimate
                    ? t('profile.enterprise.acresEquivalent', { acres: formatNumber(enterprise.acresEstimate) })
                    : undefined
                }
              />
              <Controller
                control={form.control}
                name="areaEstimateUnits"
                render={({ field }) => (
                  <AreaUnitsSelect value={field.value} onChange={field.onChange} sx={{ flex: 1, minWidth: 140 }} />
                )}
              />
            </Stack>
            <ChoiceList
              control={form.control}
              name="crops"
              label={t('profile.enterprise.crops')}
              options={CROP_OPTIONS}
            />
            <ChoiceList
              control={form.control}
              name="softwareTools"
              label={t('profile.enterprise.softwareTools')}
              options={tools.data?.items ?? []}
            />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pt: 0.5 }}>
              <T id="profile.enterprise.monitors" />
            </Typography>
            {MONITOR_KINDS.map((kind) => (
              <ChoiceList
                key={kind}
                control={form.control}
                name={MONITOR_FIELD[kind]}
                label={t(`profile.enterprise.monitor.${kind}`)}
                options={brands.data?.items ?? []}
              />
            ))}
            <Box>
              <FormSubmitButton fullWidth={false} size="medium">
                <T id="profile.enterprise.save" />
              </FormSubmitButton>
            </Box>
          </Stack>
        </Box>
      </FormProvider>
    </Paper>
  );
}

/** A multiple choice from a catalogue (crops, software, monitor brands), shown as chips. */
function ChoiceList({
  control,
  name,
  label,
  options,
}: {
  control: Control<Values, unknown, z.output<typeof schema>>;
  name: 'crops' | 'softwareTools' | 'plantingMonitorBrands' | 'harvestMonitorBrands' | 'applicationMonitorBrands';
  label: string;
  options: Catalogue['items'];
}) {
  const t = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const byId = new Map(options.map((o) => [o.id, o]));
        const value = field.value.map((id) => byId.get(id) ?? { id, name: id });
        return (
          <Autocomplete
            multiple
            options={options}
            value={value}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, chosen) => field.onChange(chosen.map((o) => o.id))}
            // The text box takes no room of its own until focused: chips that fill a phone's row no longer push
            // an empty line below them.
            sx={{
              '& .MuiAutocomplete-inputRoot:not(.Mui-focused) .MuiAutocomplete-input': value.length
                ? { minWidth: 0, width: 0, px: 0 }
                : {},
            }}
            renderInput={(params) => (
              // An empty list reads 'None' (the label stays above it), not a blank box.
              <TextField
                {...params}
                label={label}
                placeholder={value.length ? undefined : t('profile.enterprise.noneChosen')}
                slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
              />
            )}
          />
        );
      }}
    />
  );
}

/**
 * The profile for a member without has_manage: the same facts as words (chips for the lists, 'None' for an empty
 * one, as the details' empty facts read), not a form of disabled fields.
 */
function ProfileReadOnly({ enterprise }: { enterprise: EnterpriseState }) {
  const t = useT();
  const areaText = useAreaText();
  const tools = useCatalogue('software-tools');
  const brands = useCatalogue('monitor-brands');
  const cropNames = new Map(CROP_OPTIONS.map((c) => [c.id, c.name]));
  const toolNames = new Map(tools.data?.items.map((o) => [o.id, o.name]));
  const brandNames = new Map(brands.data?.items.map((o) => [o.id, o.name]));
  const chips = (ids: readonly string[] | undefined, names: Map<string, string>, empty: MessageId) =>
    ids?.length ? (
      <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
        {ids.map((id) => (
          <Chip key={id} size="small" variant="outlined" label={names.get(id) ?? id} />
        ))}
      </Stack>
    ) : (
      <T id={empty} />
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        <T id="profile.enterprise.title" />
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        <T id="enterprise.readOnly" />
      </Alert>
      <Stack spacing={2}>
        <Fact label={<T id="profile.enterprise.name" />}>{enterprise.name}</Fact>
        <Fact label={<T id="profile.enterprise.areaEstimate" />}>
          {enterprise.areaEstimate ? (
            areaText(enterprise.areaEstimate, enterprise.areaEstimateUnits ?? 'acres')
          ) : (
            <T id="account.areaNotSet" />
          )}
        </Fact>
        <Fact label={<T id="profile.enterprise.crops" />}>
          {chips(enterprise.crops, cropNames, 'profile.enterprise.noCrops')}
        </Fact>
        <Fact label={<T id="profile.enterprise.softwareTools" />}>
          {chips(enterprise.softwareTools, toolNames, 'profile.enterprise.noSoftwareTools')}
        </Fact>
        {MONITOR_KINDS.map((kind) => (
          <Fact key={kind} label={t(`profile.enterprise.monitor.${kind}`)}>
            {chips(enterprise[MONITOR_FIELD[kind]], brandNames, 'profile.enterprise.noneChosen')}
          </Fact>
        ))}
      </Stack>
    </Paper>
  );
}

function ProfileDetails({ enterprise }: { enterprise: EnterpriseState }) {
  const t = useT();
  const dates = useDates();
  const areaText = useAreaText();
  const owner = enterprise.owner;
  const fields = enterprise.fields;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        <T id="profile.enterprise.details" />
      </Typography>
      <Stack spacing={2}>
        <Fact label={<T id="profile.enterprise.owner" />}>
          {owner ? [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email : <T id="account.none" />}
        </Fact>
        <Fact label={<T id="profile.enterprise.fields" />}>
          {fields?.count ? (
            <T
              id="profile.enterprise.fieldsSummary"
              values={{ count: fields.count, area: areaText(fields.areaAcres, 'acres') }}
            />
          ) : (
            <T id="profile.enterprise.noFields" />
          )}
        </Fact>
        {enterprise.areaEstimate ? (
          <Fact label={<T id="profile.enterprise.areaEstimate" />}>
            {areaText(enterprise.areaEstimate, enterprise.areaEstimateUnits ?? 'acres')}
          </Fact>
        ) : null}
        <Fact label={<T id="profile.enterprise.subscriptions" />}>
          {enterprise.subscriptions?.length ? (
            <Stack spacing={0.75} sx={{ mt: 0.5 }}>
              {enterprise.subscriptions.map((s) => (
                <Stack
                  key={`${s.type}-${s.startsOn}`}
                  direction="row"
                  sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                >
                  <span>{subscriptionName(t, s.type)}</span>
                  <Chip
                    size="small"
                    color={s.active ? 'success' : 'default'}
                    label={t(
                      s.active ? 'profile.enterprise.subscriptionActive' : 'profile.enterprise.subscriptionEnded',
                    )}
                  />
                  <Typography variant="body2" color="text.secondary" component="span">
                    {s.endsOn
                      ? t('profile.enterprise.subscriptionRange', {
                          start: dates.day(s.startsOn),
                          end: dates.day(s.endsOn),
                        })
                      : t('profile.enterprise.subscriptionDates', { start: dates.day(s.startsOn) })}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          ) : (
            <T id="profile.enterprise.noSubscriptions" />
          )}
        </Fact>
        <Fact label={<T id="profile.enterprise.legalEntities" />}>
          {enterprise.legalEntities?.length ? (
            <Stack spacing={0.5}>
              {enterprise.legalEntities.map((e) => (
                <span key={e.id}>
                  <T id="profile.enterprise.legalEntity" values={{ name: e.name, partner: e.partnerName }} />
                </span>
              ))}
            </Stack>
          ) : (
            <T id="profile.enterprise.noLegalEntities" />
          )}
        </Fact>
        {enterprise.referralCode ? (
          <Fact label={<T id="profile.enterprise.referralCode" />}>{enterprise.referralCode}</Fact>
        ) : null}
        <Fact label={<T id="profile.enterprise.billing" />}>
          <T
            id={
              enterprise.location?.validForBilling
                ? 'profile.enterprise.billingValid'
                : 'profile.enterprise.billingInvalid'
            }
          />
        </Fact>
      </Stack>
    </Paper>
  );
}

function subscriptionName(t: ReturnType<typeof useT>, type: string): string {
  const id = `profile.enterprise.subscription.${type}`;
  return t(id as 'profile.enterprise.subscription.data_product');
}
