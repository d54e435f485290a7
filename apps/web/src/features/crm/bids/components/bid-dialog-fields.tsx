import {
  Box,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtFuturesMonth } from '../bids-format';
import { BID_CROPS } from './bid-draft';
import type { BidDialogForm } from './use-bid-dialog-form';

// The bid dialog's sections, top to bottom: crop, delivery and name, pricing, then cap, visibility, offers and notes.

/** The crop (fixed once the bid exists) and its crop year. */
export function BidCropFields({ form, editing }: { form: BidDialogForm; editing: boolean }) {
  const t = useT();
  const { draft, set, errorOf } = form;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
      <TextField
        select
        label={t('crm.bids.dialog.crop')}
        value={draft.cropId}
        onChange={(e) => set('cropId', Number(e.target.value))}
        disabled={editing}
        error={Boolean(errorOf('cropId'))}
        helperText={errorOf('cropId')}
      >
        {BID_CROPS.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.displayName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('crm.bids.dialog.cropYear')}
        value={draft.cropYear}
        onChange={(e) => set('cropYear', e.target.value.replace(/\D/g, '').slice(0, 4))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errorOf('cropYear'))}
        helperText={errorOf('cropYear')}
      />
    </Box>
  );
}

/** The delivery dates, and the bid's name (named after them until typed). */
export function BidDeliveryFields({ form }: { form: BidDialogForm }) {
  const t = useT();
  const { draft, set, setName, errorOf } = form;
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          type="date"
          label={t('crm.bids.dialog.deliveryStart')}
          value={draft.deliveryStart}
          onChange={(e) => set('deliveryStart', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errorOf('deliveryStart'))}
          helperText={errorOf('deliveryStart')}
        />
        <TextField
          type="date"
          label={t('crm.bids.dialog.deliveryEnd')}
          value={draft.deliveryEnd}
          onChange={(e) => set('deliveryEnd', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errorOf('deliveryEnd'))}
          helperText={errorOf('deliveryEnd')}
        />
      </Box>
      <TextField
        label={t('crm.bids.dialog.name')}
        value={draft.name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errorOf('name'))}
        helperText={errorOf('name') ?? t('crm.bids.dialog.nameHelp')}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
    </>
  );
}

/** Basis or flat pricing (basis only for a crop with futures). */
function PricingToggle({ form }: { form: BidDialogForm }) {
  const { draft, set, errorOf, product } = form;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="bid-pricing-label" sx={{ mb: 0.75 }}>
        <T id="crm.bids.dialog.pricing" />
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={draft.pricing}
        onChange={(_e, v: 'basis' | 'flat' | null) => v && set('pricing', v)}
        aria-labelledby="bid-pricing-label"
      >
        <ToggleButton value="basis" disabled={!product}>
          <T id="crm.bids.dialog.pricing.basis" />
        </ToggleButton>
        <ToggleButton value="flat">
          <T id="crm.bids.dialog.pricing.flat" />
        </ToggleButton>
      </ToggleButtonGroup>
      {errorOf('pricing') ? (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
          {errorOf('pricing')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A basis bid's futures month (the delivery's by default) and basis, with the cash it makes on the grid's quote. */
function BasisFields({ form }: { form: BidDialogForm }) {
  const t = useT();
  const prices = usePriceFormat();
  const { draft, set, errorOf, months, defaultSymbol, cashPreview, unit, basisMeaning } = form;
  const cash = cashPreview ? prices.withUnit(cashPreview, unit) : null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <TextField
        select
        label={t('crm.bids.dialog.futuresMonth')}
        value={draft.futuresSymbol}
        onChange={(e) => set('futuresSymbol', e.target.value)}
        error={Boolean(errorOf('futuresSymbol'))}
        helperText={errorOf('futuresSymbol')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('crm.bids.dialog.futuresDefault', { symbol: defaultSymbol ?? '—' })}</MenuItem>
        {months.map((m) => (
          <MenuItem key={m.symbol} value={m.symbol}>
            {m.symbol} · {fmtFuturesMonth(m.optionMonth)}
          </MenuItem>
        ))}
        {draft.futuresSymbol && !months.some((m) => m.symbol === draft.futuresSymbol) ? (
          <MenuItem value={draft.futuresSymbol}>{draft.futuresSymbol}</MenuItem>
        ) : null}
      </TextField>
      <TextField
        label={form.basisLabel}
        value={draft.basis}
        onChange={(e) => set('basis', e.target.value)}
        error={Boolean(errorOf('basis'))}
        helperText={
          errorOf('basis') ??
          (basisMeaning && cash
            ? t('crm.bids.basis.meaningWithCash', { meaning: basisMeaning, cash })
            : (basisMeaning ?? (cash ? t('crm.bids.dialog.cashPreview', { cash }) : form.basisHelp)))
        }
        slotProps={{ htmlInput: { inputMode: 'text' } }}
      />
    </Box>
  );
}

/** The pricing, then the basis fields or the flat price. */
export function BidPricingFields({ form }: { form: BidDialogForm }) {
  const t = useT();
  const { draft, set, errorOf, product, currency, unitWord } = form;
  return (
    <>
      <PricingToggle form={form} />
      {draft.pricing === 'basis' && product ? (
        <BasisFields form={form} />
      ) : (
        <TextField
          label={t('crm.bids.dialog.flatPrice', { currency, unit: unitWord })}
          value={draft.flatPrice}
          onChange={(e) => set('flatPrice', e.target.value)}
          error={Boolean(errorOf('flatPrice'))}
          helperText={errorOf('flatPrice')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
    </>
  );
}

/** The quantity cap, who sees the bid, whether it takes offers, and notes. */
export function BidTermsFields({ form }: { form: BidDialogForm }) {
  const t = useT();
  const { draft, set, errorOf, quantityWord } = form;
  return (
    <>
      <TextField
        label={t('crm.bids.dialog.cap', { unit: quantityWord })}
        value={draft.quantityCap}
        onChange={(e) => set('quantityCap', e.target.value)}
        error={Boolean(errorOf('quantityCap'))}
        helperText={errorOf('quantityCap') ?? t('crm.bids.dialog.capHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary" id="bid-visibility-label">
          <T id="crm.bids.dialog.visibility" />
        </Typography>
        <RadioGroup
          row
          aria-labelledby="bid-visibility-label"
          value={draft.visibility}
          onChange={(e) => set('visibility', e.target.value as 'public' | 'private')}
        >
          <FormControlLabel value="public" control={<Radio />} label={t('crm.bids.visibility.public')} />
          <FormControlLabel value="private" control={<Radio />} label={t('crm.bids.visibility.private')} />
        </RadioGroup>
        <Typography variant="caption" color="text.secondary">
          {draft.visibility === 'public'
            ? t('crm.bids.dialog.visibility.publicHelp')
            : t('crm.bids.dialog.visibility.privateHelp')}
        </Typography>
      </Box>
      <FormControlLabel
        control={<Switch checked={draft.offersAllowed} onChange={(e) => set('offersAllowed', e.target.checked)} />}
        label={t('crm.bids.dialog.offersAllowed')}
      />
      <TextField
        label={t('crm.bids.dialog.notes')}
        value={draft.notes}
        onChange={(e) => set('notes', e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </>
  );
}
