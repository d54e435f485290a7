import { DOUBLE_UP_KINDS, STRUCTURE_KINDS, type StructureKindName } from '@granary/domain';
import { Box, Button, InputAdornment, MenuItem, Stack, Typography, type SxProps } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../lib/forms/form-fields';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import {
  STRUCTURE_KIND_MESSAGES,
  STRUCTURE_SIDE_MESSAGES,
  cropLabel,
  optionMonthLabel,
} from '../../../lib/trading/structure-format';
import { ClientPicker } from '../contract-writing/client-picker';
import { STRUCTURE_CROP_IDS, structureMonths } from './structure-crops';
import type { PricingFormValues } from './pricing-form';

const DOUBLE_UP_LABEL: Record<(typeof DOUBLE_UP_KINDS)[number], MessageId> = {
  none: 'structures.pricing.doubleUp.none',
  daily: 'structures.pricing.doubleUp.daily',
  euro: 'structures.pricing.doubleUp.euro',
};

/** A titled group of fields: two columns from 600 px. */
function Group({ title, children, sx }: { title: ReactNode; children: ReactNode; sx?: SxProps }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, ...sx }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.25, color: 'text.secondary', fontWeight: 700 }}>
        {title}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** A level in $/bu: the dollar sign before it, decimals on a phone's keypad. */
function LevelField({
  name,
  label,
  helperText,
  action,
}: {
  name:
    | 'accumulationLevel'
    | 'knockOut'
    | 'doubleUpTrigger'
    | 'floor'
    | 'futuresLevel'
    | 'fee'
    | 'pricingBarrier.level'
    | 'pricingBarrier.protectionLevel';
  label: string;
  helperText?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <FormTextField<PricingFormValues>
        name={name}
        label={label}
        fullWidth
        helperText={helperText}
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      {action ? <Box sx={{ mt: 0.5 }}>{action}</Box> : null}
    </Box>
  );
}

function ClientField({ marketId }: { marketId: number }) {
  const t = useT();
  const { control } = useFormContext<PricingFormValues>();
  const { field, fieldState } = useController({ control, name: 'client' });
  return (
    <ClientPicker
      marketId={marketId}
      value={field.value}
      onChange={field.onChange}
      label={t('structures.pricing.client')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? t('structures.pricing.clientHelp')}
      inputRef={field.ref}
    />
  );
}

/** The product: kind, side, crop and its futures month (a new crop starts on its nearest December, or first month). */
function ProductGroup({ today }: { today: string }) {
  const t = useT();
  const { control, setValue } = useFormContext<PricingFormValues>();
  const [cropId, optionMonth, side] = useWatch({ control, name: ['cropId', 'optionMonth', 'side'] });
  const months = structureMonths(cropId, today);
  const shownCrop = useRef(cropId);
  useEffect(() => {
    if (shownCrop.current === cropId) return;
    shownCrop.current = cropId;
    const listed = structureMonths(cropId, today);
    const month = listed.find((m) => m.optionMonth.endsWith('-12')) ?? listed[0];
    setValue('optionMonth', month?.optionMonth ?? '');
  }, [cropId, today, setValue]);
  if (optionMonth && !months.some((m) => m.optionMonth === optionMonth))
    months.push({ optionMonth, symbol: optionMonth });
  return (
    <Group title={<T id="structures.pricing.section.product" />}>
      <FormTextField<PricingFormValues> name="kind" select label={t('structures.pricing.kind')} fullWidth>
        {STRUCTURE_KINDS.map((k: StructureKindName) => (
          <MenuItem key={k} value={k}>
            {t(
              k === 'minimum-price' && side === 'purchase'
                ? 'structure.kind.maximum-price'
                : STRUCTURE_KIND_MESSAGES[k],
            )}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField<PricingFormValues> name="side" select label={t('structures.pricing.side')} fullWidth>
        {(['sale', 'purchase'] as const).map((s) => (
          <MenuItem key={s} value={s}>
            {t(STRUCTURE_SIDE_MESSAGES[s])}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField<PricingFormValues> name="cropId" select label={t('structures.pricing.crop')} fullWidth>
        {STRUCTURE_CROP_IDS.map((id) => (
          <MenuItem key={id} value={id}>
            {cropLabel(id)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField<PricingFormValues> name="optionMonth" select label={t('structures.pricing.month')} fullWidth>
        {months.map((m) => (
          <MenuItem key={m.optionMonth} value={m.optionMonth}>
            {t('structures.pricing.monthOption', { month: optionMonthLabel(m.optionMonth), symbol: m.symbol })}
          </MenuItem>
        ))}
      </FormTextField>
    </Group>
  );
}

/** The period, the pricing frequency (the accumulator family and the average price) and the quantity. */
function PeriodGroup() {
  const t = useT();
  const { control } = useFormContext<PricingFormValues>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <Group title={<T id="structures.pricing.section.period" />}>
      <FormTextField<PricingFormValues>
        name="start"
        type="date"
        label={t('structures.pricing.start')}
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField<PricingFormValues>
        name="end"
        type="date"
        label={t('structures.pricing.end')}
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {kind === 'accumulator' || kind === 'average-price' ? (
        <FormTextField<PricingFormValues> name="frequency" select label={t('structures.pricing.frequency')} fullWidth>
          <MenuItem value="daily">{t('structures.pricing.frequency.daily')}</MenuItem>
          <MenuItem value="weekly">{t('structures.pricing.frequency.weekly')}</MenuItem>
        </FormTextField>
      ) : null}
      <FormTextField<PricingFormValues>
        name="quantity"
        label={t('structures.pricing.quantity')}
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: { endAdornment: <InputAdornment position="end">{t('structures.bu')}</InputAdornment> },
        }}
      />
    </Group>
  );
}

type SolveProps = {
  solving: 'accumulationLevel' | 'knockOut' | null;
  onSolve: ((field: 'accumulationLevel' | 'knockOut') => void) | null;
};

/** The accumulator's levels: accumulation level and knock-out with their solves, double-up, floor, barrier. */
function AccumulatorLevels({ solving, onSolve }: SolveProps) {
  const t = useT();
  const { control } = useFormContext<PricingFormValues>();
  const [doubleUp, side] = useWatch({ control, name: ['doubleUp', 'side'] });
  const solveButton = (field: 'accumulationLevel' | 'knockOut', label: MessageId) =>
    onSolve ? (
      <Button size="small" onClick={() => onSolve(field)} disabled={solving !== null} sx={{ px: 0.75 }}>
        <T id={solving === field ? 'structures.pricing.solving' : label} />
      </Button>
    ) : null;
  return (
    <>
      <LevelField
        name="accumulationLevel"
        label={t('structures.pricing.accumulationLevel')}
        action={solveButton('accumulationLevel', 'structures.pricing.solveLevel')}
      />
      <LevelField
        name="knockOut"
        label={t('structures.pricing.knockOut')}
        helperText={t(
          side === 'sale' ? 'structures.pricing.knockOutHelp.sale' : 'structures.pricing.knockOutHelp.purchase',
        )}
        action={solveButton('knockOut', 'structures.pricing.solveKnockOut')}
      />
      <FormTextField<PricingFormValues> name="doubleUp" select label={t('structures.pricing.doubleUp')} fullWidth>
        {DOUBLE_UP_KINDS.map((d) => (
          <MenuItem key={d} value={d}>
            {t(DOUBLE_UP_LABEL[d])}
          </MenuItem>
        ))}
      </FormTextField>
      {doubleUp !== 'none' ? (
        <LevelField
          name="doubleUpTrigger"
          label={t('structures.pricing.trigger')}
          helperText={t('structures.pricing.triggerHelp')}
        />
      ) : (
        <Box />
      )}
      <LevelField
        name="floor"
        label={t('structures.pricing.floorAfterKnockOut')}
        helperText={t('structures.pricing.optional')}
      />
      <Box />
      <LevelField
        name="pricingBarrier.level"
        label={t('structures.pricing.barrier')}
        helperText={t('structures.pricing.optional')}
      />
      <LevelField name="pricingBarrier.protectionLevel" label={t('structures.pricing.protection')} />
    </>
  );
}

/**
 * The pricing tool's fields: the client and label, the product (kind, side, crop, futures month), the period and
 * quantity, the levels the kind takes (accumulation level and knock-out with their zero-cost solves, double-up and its
 * trigger, floor, pricing barrier and protection; a minimum price's floor; an HTA's futures level) and the fee.
 */
export function PricingFields({ marketId, today, solving, onSolve }: { marketId: number; today: string } & SolveProps) {
  const t = useT();
  const { control } = useFormContext<PricingFormValues>();
  const [kind, side] = useWatch({ control, name: ['kind', 'side'] });
  return (
    <Stack spacing={3}>
      <Group title={<T id="structures.pricing.section.client" />}>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <ClientField marketId={marketId} />
        </Box>
        <FormTextField<PricingFormValues> name="name" label={t('structures.pricing.name')} fullWidth />
        <FormTextField<PricingFormValues>
          name="cropYear"
          label={t('structures.pricing.cropYear')}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Group>
      <ProductGroup today={today} />
      <PeriodGroup />
      <Group title={<T id="structures.pricing.section.levels" />}>
        {kind === 'accumulator' ? (
          <AccumulatorLevels solving={solving} onSolve={onSolve} />
        ) : kind === 'minimum-price' ? (
          <LevelField
            name="floor"
            label={t(side === 'sale' ? 'structures.pricing.minimumFloor' : 'structures.pricing.maximumCap')}
          />
        ) : kind === 'hta' ? (
          <LevelField name="futuresLevel" label={t('structures.pricing.futuresLevel')} />
        ) : null}
        <LevelField name="fee" label={t('structures.pricing.fee')} helperText={t('structures.pricing.feeHelp')} />
      </Group>
    </Stack>
  );
}
