import { formatNumber, type MarketingPlan } from '@granary/domain';
import { Alert, Box, Button, Chip, IconButton, Paper, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlineRounded';
import { useEffect } from 'react';
import { FormProvider, useFieldArray } from 'react-hook-form';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useDates } from '../../../lib/i18n/use-dates';
import { T, useT } from '../../../lib/i18n/t';
import { typedPrice } from '../../../lib/trading/offer-fields';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { LoadErrorAlert } from '../../../lib/ui/page-states';
import { useMarketingPlan, useSavePlan } from './marketing-api';

const targetForm = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pc.marketing.error.date'),
  percentSold: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'pc.marketing.error.percent')
    .refine((v) => Number(v) <= 100, 'pc.marketing.error.percent'),
  minPrice: z
    .string()
    .trim()
    .refine((v) => v === '' || typedPrice(v) !== null, 'pc.marketing.error.price'),
});
const planForm = z.object({ targets: z.array(targetForm) });
type PlanForm = z.input<typeof planForm>;

/** The form's values of a saved plan: prices written as the pages write them (typed back through parsePrice). */
function formOf(plan: MarketingPlan, price: (v: string) => string): PlanForm {
  return {
    targets: plan.targets.map((t) => ({
      date: t.date,
      percentSold: t.percentSold,
      minPrice: t.minPrice === null ? '' : price(t.minPrice),
    })),
  };
}

/** Target % sold by date as a line, and the % sold now as a level across it (recharts, as the summary's chart). */
function ProgressChart({ plan }: { plan: MarketingPlan }) {
  const t = useT();
  const dates = useDates();
  const theme = useTheme();
  const sold = plan.progress.percentSold === null ? null : Number(plan.progress.percentSold);
  const data = plan.targets.map((x) => ({ date: dates.day(x.date), target: Number(x.percentSold) }));
  if (data.length === 0) return null;
  return (
    <Box role="img" aria-label={t('pc.marketing.chart.title')} sx={{ height: 220, mb: 2 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={12} />
          <YAxis domain={[0, 100]} unit="%" fontSize={12} width={44} />
          <Tooltip />
          <Legend />
          <Line
            type="stepAfter"
            dataKey="target"
            name={t('pc.marketing.chart.target')}
            stroke={theme.palette.primary.main}
            isAnimationActive={false}
          />
          {sold !== null && (
            <ReferenceLine
              y={sold}
              stroke={theme.palette.success.main}
              strokeDasharray="6 3"
              label={{ value: t('pc.marketing.chart.sold'), position: 'insideTopLeft', fontSize: 12 }}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

function ProgressLine({ plan }: { plan: MarketingPlan }) {
  const t = useT();
  const prices = usePriceFormat();
  const p = plan.progress;
  const unit = p.quantityUnit === 'tonnes' ? t('pc.marketing.unit.tonnes') : t('pc.marketing.unit.bushels');
  const quantity = (v: string) => `${formatNumber(v, { maxFractionDigits: 0 })} ${unit}`;
  if (p.percentSold === null || p.production === null)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        <T id="pc.marketing.plan.noEstimate" values={{ crop: plan.crop, year: plan.cropYear }} />{' '}
        <T id="pc.marketing.plan.contracted" values={{ quantity: quantity(p.contracted) }} />
      </Alert>
    );
  return (
    <Typography sx={{ mb: 2 }}>
      <T
        id="pc.marketing.plan.progress"
        values={{
          percent: `${formatNumber(p.percentSold, { maxFractionDigits: 1 })}%`,
          production: quantity(p.production),
          price: p.averageCash === null ? '—' : prices.withUnit(p.averageCash, priceUnitOf(p.quantityUnit)),
        }}
      />
    </Typography>
  );
}

function PlanEditor({ plan, crop, year }: { plan: MarketingPlan; crop: string; year: number }) {
  const t = useT();
  const prices = usePriceFormat();
  const save = useSavePlan(crop, year);
  const form = useZodForm(planForm, { defaultValues: formOf(plan, (v) => prices.cash(v)) });
  const targets = useFieldArray({ control: form.control, name: 'targets' });
  const { reset } = form;
  useEffect(() => reset(formOf(plan, (v) => prices.cash(v))), [plan, reset, prices]);
  const statusOf = new Map(plan.targets.map((x) => [x.date, x.status]));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        targets: values.targets.map((x) => ({
          date: x.date,
          percentSold: x.percentSold,
          minPrice: x.minPrice === '' ? null : typedPrice(x.minPrice),
        })),
      });
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) form.setError('root', { message: 'pc.marketing.plan.saveFailed' });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {targets.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            <T id="pc.marketing.plan.empty" />
          </Typography>
        )}
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {targets.fields.map((field, i) => {
            const status = statusOf.get(plan.targets[i]?.date ?? '');
            return (
              <Box
                component="li"
                key={field.id}
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '11rem 7rem 10rem 1fr' },
                  alignItems: 'start',
                }}
              >
                <FormTextField<PlanForm>
                  name={`targets.${i}.date`}
                  type="date"
                  size="small"
                  label={t('pc.marketing.target.date')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormTextField<PlanForm>
                  name={`targets.${i}.percentSold`}
                  size="small"
                  label={t('pc.marketing.target.percent')}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <FormTextField<PlanForm>
                  name={`targets.${i}.minPrice`}
                  size="small"
                  label={t('pc.marketing.target.minPrice')}
                  helperText={t('pc.marketing.target.minPrice.help')}
                />
                <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ pt: 0.75 }}>
                    {status && (
                      <Chip
                        size="small"
                        color={status === 'met' ? 'success' : status === 'behind' ? 'warning' : 'default'}
                        label={t('pc.marketing.target.status', { status })}
                      />
                    )}
                  </Box>
                  <IconButton
                    aria-label={t('pc.marketing.target.remove', { n: i + 1 })}
                    onClick={() => targets.remove(i)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Stack>
        {form.formState.errors.root?.message && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('pc.marketing.plan.saveFailed')}
          </Alert>
        )}
        {save.isSuccess && !form.formState.isDirty && (
          <Alert severity="success" sx={{ mt: 2 }}>
            <T id="pc.marketing.plan.saved" />
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => targets.append({ date: '', percentSold: '', minPrice: '' })}>
            <T id="pc.marketing.target.add" />
          </Button>
          <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
            <T id="pc.marketing.plan.save" />
          </FormSubmitButton>
        </Stack>
      </Box>
    </FormProvider>
  );
}

/** The marketing plan of a crop and year: the sales against it, its chart and the targets' editor. */
export function PlanSection({ crop, year }: { crop: string; year: number }) {
  const t = useT();
  const plan = useMarketingPlan(crop, year);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pc-marketing-plan" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="pc-marketing-plan" variant="h6" component="h2" gutterBottom>
        <T id="pc.marketing.plan.title" />
      </Typography>
      {plan.error ? (
        <LoadErrorAlert
          error={plan.error}
          fallback={t('pc.marketing.loadFailed')}
          retryLabel={<T id="pc.marketing.retry" />}
          onRetry={() => void plan.refetch()}
        />
      ) : !plan.data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            <T id="pc.marketing.plan.intro" values={{ crop: plan.data.crop, year: plan.data.cropYear }} />
          </Typography>
          <ProgressLine plan={plan.data} />
          <ProgressChart plan={plan.data} />
          <PlanEditor plan={plan.data} crop={crop} year={year} />
        </>
      )}
    </Paper>
  );
}
