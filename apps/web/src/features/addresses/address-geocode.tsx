import { MANAGE_GEOCODE_OVERRIDES, formatCoordinates, geocodeProblems, holdsAdminPermission } from '@granary/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { z } from 'zod';
import { useBootstrap } from '../../lib/api/bootstrap';
import { FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useGeocode, useGeocodeOverride, type AddressGeocode } from './addresses-api';
import { BookDialog } from './book-frame';
import { applyFieldProblems } from './field-problems';

/** Decimal degrees as typed; the range rule is the domain's (geocodeProblems), as the server applies it. */
const schema = z
  .object({ latitude: z.string().trim(), longitude: z.string().trim() })
  .superRefine((v, ctx) => {
    const latitude = v.latitude === '' ? Number.NaN : Number(v.latitude);
    const longitude = v.longitude === '' ? Number.NaN : Number(v.longitude);
    for (const p of geocodeProblems({ latitude, longitude }))
      ctx.addIssue({ code: 'custom', path: [p.field], message: `addresses.geocode.${p.field}Range` });
  })
  .transform((v) => ({ latitude: Number(v.latitude), longitude: Number(v.longitude) }));
type Values = z.input<typeof schema>;

/**
 * Where an address lies (platform.md 7.4 geocodes; decision 051 addendum): its latitude and longitude and where they
 * come from — the geocoder (and how closely) or staff's override. Staff holding manage-geocode-overrides (6.5) may set
 * the location by hand, and clear it to go back to the geocoder's.
 */
export function AddressGeocodeLine({ enterpriseId, addressId }: { enterpriseId: number; addressId: number }) {
  const query = useGeocode(enterpriseId, addressId);
  const me = useBootstrap().data?.user;
  const canOverride = Boolean(me?.isLoggedIn && holdsAdminPermission(me, MANAGE_GEOCODE_OVERRIDES));
  const override = useGeocodeOverride(enterpriseId, addressId);
  const [editing, setEditing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const g = query.data;
  if (!g) return null;
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
      <GeocodeText geocode={g} />
      {canOverride ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" onClick={() => setEditing(true)}>
            <T id="addresses.geocode.override" />
          </Button>
          {g.override ? (
            <Button size="small" color="inherit" onClick={() => setClearing(true)}>
              <T id="addresses.geocode.clear" />
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {editing ? (
        <OverrideDialog
          geocode={g}
          onSave={(values) => override.set.mutateAsync(values)}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {clearing ? (
        <ConfirmDialog
          title={<T id="addresses.geocode.clearTitle" />}
          body={<T id="addresses.geocode.clearBody" />}
          confirmLabel={<T id="addresses.geocode.clear" />}
          cancelLabel={<T id="addresses.cancel" />}
          busy={override.clear.isPending}
          onConfirm={() =>
            override.clear.mutate(undefined, {
              onSuccess: () => {
                setClearing(false);
                showToast({ messageId: 'addresses.geocode.cleared' }, { severity: 'success' });
              },
              onError: (error) =>
                showToast(
                  error instanceof Error && error.message
                    ? { text: error.message }
                    : { messageId: 'addresses.saveFailed' },
                  {
                    severity: 'error',
                  },
                ),
            })
          }
          onClose={() => setClearing(false)}
        />
      ) : null}
    </Stack>
  );
}

function GeocodeText({ geocode: g }: { geocode: AddressGeocode }) {
  const dates = useDates();
  if (g.latitude === null || g.longitude === null || g.source === null)
    return (
      <Typography variant="body2" color="text.secondary">
        <T id="addresses.geocode.unknown" />
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">
        <T id="addresses.geocode.location" values={{ coordinates: formatCoordinates(g.latitude, g.longitude) }} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {g.source === 'override' && g.override ? (
          <T
            id={g.override.setBy ? 'addresses.geocode.overrideBy' : 'addresses.geocode.overrideSet'}
            values={{ name: g.override.setBy ?? '', when: dates.dateTime(g.override.at) }}
          />
        ) : (
          <T id={`addresses.geocode.precision.${g.precision ?? 'region'}`} />
        )}
      </Typography>
    </>
  );
}

/** Staff's "Override location" form: latitude and longitude in decimal degrees. */
function OverrideDialog({
  geocode: g,
  onSave,
  onClose,
}: {
  geocode: AddressGeocode;
  onSave: (values: { latitude: number; longitude: number }) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const form = useZodForm(schema, {
    defaultValues: { latitude: g.latitude?.toString() ?? '', longitude: g.longitude?.toString() ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      showToast({ messageId: 'addresses.geocode.saved' }, { severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyFieldProblems(form.setError, error, ['latitude', 'longitude']))
        showToast(
          error instanceof Error && error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' },
          { severity: 'error' },
        );
    }
  });
  const decimal = { inputMode: 'decimal' as const };
  return (
    <BookDialog titleId="addresses.geocode.overrideTitle" form={form} onSubmit={submit} onClose={onClose}>
      <Typography variant="body2" color="text.secondary">
        <T id="addresses.geocode.overrideHelp" />
      </Typography>
      <FormTextField<Values>
        name="latitude"
        label={t('addresses.geocode.latitude')}
        helperText={t('addresses.geocode.latitudeHelp')}
        slotProps={{ htmlInput: decimal }}
      />
      <FormTextField<Values>
        name="longitude"
        label={t('addresses.geocode.longitude')}
        helperText={t('addresses.geocode.longitudeHelp')}
        slotProps={{ htmlInput: decimal }}
      />
    </BookDialog>
  );
}
