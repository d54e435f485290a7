import { Alert, Box, TextField } from '@mui/material';
import type { CheckoutView } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import type { SectionError } from '../checkout-errors';
import type { Write } from '../use-checkout';
import { LicenceForm } from './licence-form';
import { SectionCard } from './section-card';
import { SelectField } from './select-field';

/** Restricted-use products need an applicator licence on file: one of the buyer's, or a new one. */
function ApplicatorLicence({ view, write, errors }: { view: CheckoutView; write: Write; errors: SectionError[] }) {
  const t = useT();
  const dates = useDates();
  return (
    <Box sx={{ mb: 2 }}>
      {errors.length === 0 ? (
        <Alert severity={view.sections.otherInfo.filled ? 'success' : 'info'} sx={{ mb: 2 }}>
          <T id={view.sections.otherInfo.filled ? 'store.checkout.rupOnFile' : 'store.checkout.rup'} />
        </Alert>
      ) : null}
      {view.licences.length > 0 ? (
        <SelectField
          fullWidth
          label={t('store.checkout.rupHolder')}
          value={view.cart.rupHolderId ?? ''}
          onChange={(v) => void write('rup-holder', { rupHolderId: Number(v) })}
          sx={{ mb: 2 }}
          options={view.licences.map((l) => ({
            value: l.id,
            label: `${l.holderName} · ${l.licenceNumber} (${l.jurisdiction}, ${dates.day(l.expiresOn)})`,
            disabled: !l.valid,
          }))}
        />
      ) : null}
      {view.cart.rupHolderId === null ? (
        <LicenceForm onSaved={(id) => void write('rup-holder', { rupHolderId: id })} />
      ) : null}
    </Box>
  );
}

/** Step 3, other information: the applicator licence when the cart needs one, and the order's notes. */
export function OtherInfoSection({
  view,
  write,
  errors,
}: {
  view: CheckoutView;
  write: Write;
  errors: SectionError[];
}) {
  const t = useT();
  return (
    <SectionCard id="otherInfo" step={3} view={view} errors={errors}>
      {view.rupRequired ? <ApplicatorLicence view={view} write={write} errors={errors} /> : null}
      <TextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        label={t('store.checkout.notes')}
        defaultValue={view.cart.notes}
        onBlur={(e) => e.target.value !== view.cart.notes && void write('notes', { notes: e.target.value })}
      />
    </SectionCard>
  );
}
