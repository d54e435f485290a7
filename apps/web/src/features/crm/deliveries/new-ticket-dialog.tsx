import {
  CROPS,
  bushelWeightLb,
  isDecimalString,
  isoDateInZone,
  type CrmMarketRow,
  type ScaleTicketCreate,
  type TicketFigures,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import { ClientPicker, type PickedClient } from '../contract-writing/client-picker';
import { useCreateTicket, useTicketPreview, type PreviewInput } from './deliveries-api';

/** Crops received by the bushel (those with a bushel weight), in the crop list's order. */
export const TICKET_CROPS = CROPS.filter((c) => c.filterable && bushelWeightLb(c.name) !== null);

const number = z.string().trim().refine(isDecimalString, 'deliveries.form.number');
const optionalNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || isDecimalString(v), 'deliveries.form.number');
const picked = z.object({ id: z.number(), name: z.string() });

const ticketFormSchema = z
  .object({
    client: picked.nullable().refine((v) => v !== null, 'deliveries.form.required'),
    splitClient: picked.nullable(),
    splitPct: optionalNumber,
    cropId: z.string().min(1, 'deliveries.form.required'),
    cropYear: z.string().regex(/^\d{4}$/, 'deliveries.form.required'),
    deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'deliveries.form.required'),
    gross: number,
    tare: number,
    weightUnit: z.enum(['lb', 'kg']),
    moisture: optionalNumber,
    testWeight: optionalNumber,
    foreignMaterial: optionalNumber,
    damage: optionalNumber,
    source: z.enum(['scale', 'manual']),
  })
  .superRefine((v, ctx) => {
    if (v.splitClient && (v.splitPct === '' || !(Number(v.splitPct) > 0 && Number(v.splitPct) < 100)))
      ctx.addIssue({ code: 'custom', path: ['splitPct'], message: 'deliveries.form.splitPctRange' });
  });
type TicketFormValues = z.input<typeof ticketFormSchema>;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The request body of the form's values: a split makes two shares (the first client's % and the rest). */
function ticketBody(marketId: number, v: z.output<typeof ticketFormSchema>): ScaleTicketCreate {
  const first = v.splitClient ? v.splitPct.trim() : '100';
  const rest = v.splitClient ? (100 - Number(first)).toFixed(2).replace(/\.?0+$/, '') : null;
  return {
    marketId,
    clientId: v.client!.id,
    cropId: Number(v.cropId),
    cropYear: Number(v.cropYear),
    deliveryDate: v.deliveryDate,
    gross: v.gross.trim(),
    tare: v.tare.trim(),
    weightUnit: v.weightUnit,
    moisture: orNull(v.moisture),
    testWeight: orNull(v.testWeight),
    foreignMaterial: orNull(v.foreignMaterial),
    damage: orNull(v.damage),
    source: v.source,
    splits: v.splitClient
      ? [
          { clientId: v.client!.id, splitPct: first },
          { clientId: v.splitClient.id, splitPct: rest! },
        ]
      : [],
  };
}

/** What the preview asks for once gross and tare are numbers (null before), a moment after the last key. */
function usePreviewInput(marketId: number, values: TicketFormValues): PreviewInput | null {
  const dec = (v: string | undefined) => (v && isDecimalString(v.trim()) ? v.trim() : null);
  const gross = dec(values.gross);
  const tare = dec(values.tare);
  const input =
    gross && tare && values.cropId && Number(gross) > Number(tare)
      ? {
          marketId,
          cropId: Number(values.cropId),
          gross,
          tare,
          weightUnit: values.weightUnit,
          moisture: dec(values.moisture),
          testWeight: dec(values.testWeight),
          foreignMaterial: dec(values.foreignMaterial),
          damage: dec(values.damage),
        }
      : null;
  const key = JSON.stringify(input);
  const [settled, setSettled] = useState<PreviewInput | null>(input);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key === 'null' ? null : (JSON.parse(key) as PreviewInput)), 250);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/** The live figures beside the form: gross bushels, shrink, net, drying and the grade discounts. */
function TicketPreview({ figures, pending }: { figures: TicketFigures | undefined; pending: boolean }) {
  const t = useT();
  const f = useCrmFormat();
  const line = (label: string, value: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography
        variant="body2"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 600 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : 400, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
  const bu = (v: string) => t('deliveries.bushels', { quantity: f.columnQuantity(v) });
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('deliveries.preview.title')}
      aria-busy={pending}
      sx={{ p: 2, bgcolor: 'grey.50', opacity: pending ? 0.7 : 1 }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('deliveries.preview.title')}
      </Typography>
      {figures ? (
        <>
          {line(t('deliveries.preview.grossBushels'), bu(figures.grossBushels))}
          {line(
            t('deliveries.preview.shrink', { pct: f.percent(figures.shrinkPct) }),
            `− ${bu(figures.shrinkBushels)}`,
          )}
          {line(t('deliveries.preview.netBushels'), bu(figures.netBushels), true)}
          <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
          {line(t('deliveries.preview.drying'), f.money(figures.dryingCharge))}
          {line(t('deliveries.preview.testWeight'), f.money(figures.testWeightDiscount))}
          {line(t('deliveries.preview.damage'), f.money(figures.damageDiscount))}
          {line(t('deliveries.preview.foreignMaterial'), f.money(figures.foreignMaterialDiscount))}
          {line(t('deliveries.preview.discounts'), f.money(figures.discountAmount), true)}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('deliveries.preview.empty')}
        </Typography>
      )}
    </Paper>
  );
}

/** The ticket's fields: client (and a split), crop, year, day, weights and grade factors. */
function TicketFields({ marketId }: { marketId: number }) {
  const t = useT();
  const form = useFormContext<TicketFormValues>();
  const [split, setSplit] = useState(false);
  const market = { id: marketId };
  const num = (name: keyof TicketFormValues, label: string, suffix?: string) => (
    <FormTextField<TicketFormValues>
      name={name}
      label={label}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : {},
      }}
    />
  );

  return (
    <>
      <Controller
        control={form.control}
        name="client"
        render={({ field, fieldState }) => (
          <ClientPicker
            marketId={market.id}
            value={field.value ?? null}
            onChange={(c: PickedClient | null) => field.onChange(c)}
            label={t('deliveries.form.client')}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? t('deliveries.form.required') : undefined}
            size="small"
          />
        )}
      />
      {split ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 120px', gap: 1.5 }}>
          <Controller
            control={form.control}
            name="splitClient"
            render={({ field }) => (
              <ClientPicker
                marketId={market.id}
                value={field.value ?? null}
                onChange={(c) => field.onChange(c)}
                label={t('deliveries.form.splitClient')}
                size="small"
              />
            )}
          />
          {num('splitPct', t('deliveries.form.splitPct'), '%')}
        </Box>
      ) : (
        <Box>
          <Button size="small" onClick={() => setSplit(true)}>
            {t('deliveries.form.addSplit')}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1.4fr' }, gap: 1.5 }}>
        <FormTextField<TicketFormValues> name="cropId" select label={t('deliveries.form.crop')} size="small">
          {TICKET_CROPS.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.displayName}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<TicketFormValues> name="cropYear" label={t('deliveries.form.cropYear')} size="small" />
        <FormTextField<TicketFormValues>
          name="deliveryDate"
          type="date"
          label={t('deliveries.form.date')}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 90px' }, gap: 1.5 }}>
        {num('gross', t('deliveries.form.gross'))}
        {num('tare', t('deliveries.form.tare'))}
        <FormTextField<TicketFormValues> name="weightUnit" select label={t('deliveries.form.unit')} size="small">
          <MenuItem value="lb">{t('deliveries.form.unit.lb')}</MenuItem>
          <MenuItem value="kg">{t('deliveries.form.unit.kg')}</MenuItem>
        </FormTextField>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {num('moisture', t('deliveries.form.moisture'), '%')}
        {num('testWeight', t('deliveries.form.testWeight'), 'lb/bu')}
        {num('foreignMaterial', t('deliveries.form.foreignMaterial'), '%')}
        {num('damage', t('deliveries.form.damage'), '%')}
      </Box>
      <FormTextField<TicketFormValues>
        name="source"
        select
        label={t('deliveries.form.source')}
        size="small"
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="scale">{t('deliveries.form.source.scale')}</MenuItem>
        <MenuItem value="manual">{t('deliveries.form.source.manual')}</MenuItem>
      </FormTextField>
    </>
  );
}

function TicketForm({ market, onClose }: { market: CrmMarketRow; onClose: () => void }) {
  const t = useT();
  const today = isoDateInZone(new Date(), market.timezone);
  const form = useZodForm(ticketFormSchema, {
    defaultValues: {
      client: null,
      splitClient: null,
      splitPct: '',
      cropId: String(TICKET_CROPS[0]?.id ?? 1),
      cropYear: today.slice(0, 4),
      deliveryDate: today,
      gross: '',
      tare: '',
      weightUnit: 'lb',
      moisture: '',
      testWeight: '',
      foreignMaterial: '',
      damage: '',
      source: 'scale',
    },
  });
  const values = useWatch({ control: form.control }) as TicketFormValues;
  const previewInput = usePreviewInput(market.id, values);
  const preview = useTicketPreview(previewInput);
  const create = useCreateTicket();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const out = await create.mutateAsync(ticketBody(market.id, v));
      showToast(
        {
          messageId: 'deliveries.form.saved',
          values: { numbers: out.tickets.map((x) => x.displayScaleTicketId).join(', ') },
        },
        { severity: 'success' },
      );
      onClose();
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) setFailure(isApiError(error) ? error.message : String(error));
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 260px' }, gap: 3 }}>
            <Stack spacing={2}>
              <TicketFields marketId={market.id} />
              {failure ? <Alert severity="error">{failure}</Alert> : null}
            </Stack>
            <TicketPreview figures={previewInput ? preview.data : undefined} pending={preview.isFetching} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>{t('deliveries.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('deliveries.form.save')}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}

/** "New ticket" (issue 14): a load entered by hand or from the scale, with the net bushels and discounts as typed. */
export function NewTicketDialog({
  open,
  onClose,
  market,
}: {
  open: boolean;
  onClose: () => void;
  market: CrmMarketRow | null;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open && market !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{t('deliveries.form.title')}</DialogTitle>
      {open && market ? <TicketForm market={market} onClose={onClose} /> : null}
    </Dialog>
  );
}
