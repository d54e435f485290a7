import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  discountScheduleTermsSchema,
  type CrmMarketRow,
  type DiscountBand,
  type DiscountSchedule,
  type DiscountScheduleTerms,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { useDiscountSchedule, useSaveDiscountSchedule } from '../deliveries/deliveries-api';
import { TICKET_CROPS } from '../deliveries/new-ticket-dialog';

type BandKey = 'testWeightBands' | 'damageBands' | 'foreignMaterialBands';
type NumberKey = Exclude<keyof DiscountScheduleTerms, BandKey>;

const termsOf = (s: DiscountSchedule): DiscountScheduleTerms => ({
  baseMoisture: s.baseMoisture,
  shrinkPerPoint: s.shrinkPerPoint,
  handlingShrink: s.handlingShrink,
  dryingPerPoint: s.dryingPerPoint,
  testWeightPar: s.testWeightPar,
  testWeightBands: s.testWeightBands,
  damageAllowance: s.damageAllowance,
  damageBands: s.damageBands,
  foreignMaterialAllowance: s.foreignMaterialAllowance,
  foreignMaterialBands: s.foreignMaterialBands,
});

/** Field errors of the terms (the domain's schema), by path ('damageBands.1.upTo'). */
function errorsOf(terms: DiscountScheduleTerms): Record<string, string> {
  const parsed = discountScheduleTermsSchema.safeParse(terms);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function BandTable({
  title,
  unit,
  bands,
  errors,
  prefix,
  onChange,
}: {
  title: string;
  unit: string;
  bands: DiscountBand[];
  errors: Record<string, string>;
  prefix: BandKey;
  onChange: (bands: DiscountBand[]) => void;
}) {
  const t = useT();
  const set = (i: number, patch: Partial<DiscountBand>) =>
    onChange(bands.map((b, k) => (k === i ? { ...b, ...patch } : b)));
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1}>
        {bands.map((b, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('discountSchedules.band.upTo', { unit })}
              value={b.upTo ?? ''}
              placeholder={t('discountSchedules.band.open')}
              onChange={(e) => set(i, { upTo: e.target.value.trim() === '' ? null : e.target.value.trim() })}
              error={Boolean(errors[`${prefix}.${i}.upTo`])}
              helperText={errors[`${prefix}.${i}.upTo`]}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={t('discountSchedules.band.cents', { unit })}
              value={b.centsPerUnit}
              onChange={(e) => set(i, { centsPerUnit: e.target.value.trim() })}
              error={Boolean(errors[`${prefix}.${i}.centsPerUnit`])}
              helperText={errors[`${prefix}.${i}.centsPerUnit`]}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">¢</InputAdornment> },
              }}
              sx={{ flex: 1 }}
            />
            <IconButton
              aria-label={t('discountSchedules.band.remove')}
              onClick={() => onChange(bands.filter((_, k) => k !== i))}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddRoundedIcon />}
            onClick={() => onChange([...bands, { upTo: null, centsPerUnit: '0' }])}
          >
            {t('discountSchedules.band.add')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ScheduleEditor({ market, cropId }: { market: CrmMarketRow; cropId: number }) {
  const t = useT();
  const schedule = useDiscountSchedule(market.id, cropId);
  const save = useSaveDiscountSchedule(market.id, cropId);
  const [terms, setTerms] = useState<DiscountScheduleTerms | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (schedule.data) setTerms(termsOf(schedule.data));
  }, [schedule.data]);
  const setNumber = useCallback(
    (key: NumberKey, value: string) => setTerms((x) => (x ? { ...x, [key]: value } : x)),
    [],
  );
  if (schedule.error) return <CrmErrorState error={schedule.error} onRetry={() => void schedule.refetch()} />;
  if (!schedule.data || !terms) return <PageSpinner />;
  const errors = errorsOf(terms);
  const invalid = Object.keys(errors).length > 0;

  async function submit() {
    if (!schedule.data || !terms) return;
    setRefusal(null);
    try {
      await save.mutateAsync({ terms, version: schedule.data.version });
      showToast({ messageId: 'discountSchedules.saved' }, { severity: 'success' });
    } catch (error) {
      if (isApiError(error) && error.status === 412) setRefusal(t('discountSchedules.stale'));
      else setRefusal(isApiError(error) ? error.message : String(error));
    }
  }

  const num = (key: NumberKey, label: string, adornment: string) => (
    <TextField
      size="small"
      label={label}
      value={terms[key]}
      onChange={(e) => setNumber(key, e.target.value.trim())}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? ' '}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> },
      }}
    />
  );

  return (
    <Stack spacing={3}>
      {schedule.data.version === 0 ? <Alert severity="info">{t('discountSchedules.notSaved')}</Alert> : null}
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t('discountSchedules.moisture')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          {num('baseMoisture', t('discountSchedules.baseMoisture'), '%')}
          {num('shrinkPerPoint', t('discountSchedules.shrinkPerPoint'), '%')}
          {num('handlingShrink', t('discountSchedules.handlingShrink'), '%')}
          {num('dryingPerPoint', t('discountSchedules.dryingPerPoint'), '$/bu')}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t('discountSchedules.grade')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          <Stack spacing={1.5}>
            {num('testWeightPar', t('discountSchedules.testWeightPar'), 'lb')}
            <BandTable
              title={t('discountSchedules.testWeightBands')}
              unit="lb"
              bands={terms.testWeightBands}
              errors={errors}
              prefix="testWeightBands"
              onChange={(bands) => setTerms({ ...terms, testWeightBands: bands })}
            />
          </Stack>
          <Stack spacing={1.5}>
            {num('damageAllowance', t('discountSchedules.damageAllowance'), '%')}
            <BandTable
              title={t('discountSchedules.damageBands')}
              unit="%"
              bands={terms.damageBands}
              errors={errors}
              prefix="damageBands"
              onChange={(bands) => setTerms({ ...terms, damageBands: bands })}
            />
          </Stack>
          <Stack spacing={1.5}>
            {num('foreignMaterialAllowance', t('discountSchedules.foreignMaterialAllowance'), '%')}
            <BandTable
              title={t('discountSchedules.foreignMaterialBands')}
              unit="%"
              bands={terms.foreignMaterialBands}
              errors={errors}
              prefix="foreignMaterialBands"
              onChange={(bands) => setTerms({ ...terms, foreignMaterialBands: bands })}
            />
          </Stack>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('discountSchedules.help')}
      </Typography>
      {refusal ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void schedule.refetch().then(() => setRefusal(null))}>
              {t('discountSchedules.reload')}
            </Button>
          }
        >
          {refusal}
        </Alert>
      ) : null}
      <Box>
        <Button variant="contained" disabled={invalid || save.isPending} onClick={() => void submit()}>
          {t('discountSchedules.save')}
        </Button>
      </Box>
    </Stack>
  );
}

const canEdit = (m: CrmMarketRow) => m.entitlements.includes('grain-buying-deliveries');

function DiscountSchedules({ context }: { context: CrmContextData }) {
  const t = useT();
  const { market } = useSelectedMarket(context.markets, canEdit);
  const [cropId, setCropId] = useState<number>(TICKET_CROPS[0]?.id ?? 1);
  if (!market) return <Alert severity="info">{t('discountSchedules.noMarket')}</Alert>;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={cropId}
          onChange={(_e, id: number) => setCropId(id)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('discountSchedules.crops')}
        >
          {TICKET_CROPS.map((c) => (
            <Tab key={c.id} value={c.id} label={c.displayName} />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <ScheduleEditor key={`${market.id}-${cropId}`} market={market} cropId={cropId} />
      </Box>
    </Paper>
  );
}

function Actions({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, canEdit);
  return markets.length > 0 ? <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} /> : null;
}

/** /crm/discount-schedules (issue 14): a market's shrink, drying and grade discounts per crop, edited and saved. */
export function DiscountSchedulesPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('discountSchedules.title')} actions={(context) => <Actions context={context} />}>
      {(context) => <DiscountSchedules context={context} />}
    </CrmPageFrame>
  );
}
