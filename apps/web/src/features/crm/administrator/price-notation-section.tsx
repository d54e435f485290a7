import { Box, MenuItem, Typography } from '@mui/material';
import {
  BASIS_NOTATIONS,
  PRICE_NOTATIONS,
  formatBasis,
  formatPrice,
  priceNotationSettingsSchema,
  type BasisNotation,
  type PriceNotation,
} from '@granary/domain';
import { FormProvider, useWatch } from 'react-hook-form';
import { usePartner } from '../../../lib/brand/partner-context';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { showToast } from '../../../lib/toast/toast-store';
import { CrmErrorState } from '../components/crm-page-frame';
import { useSavePriceNotation } from './price-notation-api';

// The trade's own examples: December corn at $4.33½ with a basis of 45 under, cash $3.88½.
const FUTURES = '4.3350';
const BASIS = '-0.4500';
const CASH = '3.8850';
const MONTH = 'Z';

const PRICE_LABELS: Record<PriceNotation, MessageId> = {
  fraction: 'crm.administrator.notation.price.fraction',
  eighths: 'crm.administrator.notation.price.eighths',
  decimal: 'crm.administrator.notation.price.decimal',
};
const BASIS_LABELS: Record<BasisNotation, MessageId> = {
  cents: 'crm.administrator.notation.basis.cents',
  dollars: 'crm.administrator.notation.basis.dollars',
};

/** How the partner's pages write prices: two selects, each option with its example, and the result on a corn bid. */
export function PriceNotationForm() {
  const t = useT();
  const partner = usePartner();
  const save = useSavePriceNotation();
  const form = useZodForm(priceNotationSettingsSchema, { defaultValues: partner.priceNotation });
  const [price, basis] = useWatch({ control: form.control, name: ['price', 'basis'] });
  const submit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values).then(
      (saved) => {
        form.reset(saved);
        showToast({ messageId: 'crm.administrator.notation.saved' }, { severity: 'success' });
      },
      () => undefined,
    );
  });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 260px)' } }}>
          <FormTextField name="price" select label={t('crm.administrator.notation.price')}>
            {PRICE_NOTATIONS.map((n) => (
              <MenuItem key={n} value={n}>
                {t(PRICE_LABELS[n], { example: formatPrice(FUTURES, { notation: n }) })}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField name="basis" select label={t('crm.administrator.notation.basis')}>
            {BASIS_NOTATIONS.map((n) => (
              <MenuItem key={n} value={n}>
                {t(BASIS_LABELS[n], { example: formatBasis(BASIS, { notation: n, month: MONTH }) })}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, fontVariantNumeric: 'tabular-nums' }}>
          <T
            id="crm.administrator.notation.preview"
            values={{
              futures: formatPrice(FUTURES, { notation: price }),
              basis: formatBasis(BASIS, { notation: basis, month: MONTH }),
              cash: formatPrice(CASH, { notation: price }),
              canola: formatPrice('651.3', { notation: price, unit: 'tonne', currency: 'cad', showUnit: true }),
            }}
          />
        </Typography>
        {save.error ? (
          <Box sx={{ mt: 2 }}>
            <CrmErrorState error={save.error} />
          </Box>
        ) : null}
        <FormSubmitButton
          fullWidth={false}
          size="medium"
          sx={{ mt: 2 }}
          disabled={!form.formState.isDirty || save.isPending}
        >
          <T id="crm.administrator.notation.save" />
        </FormSubmitButton>
      </Box>
    </FormProvider>
  );
}
