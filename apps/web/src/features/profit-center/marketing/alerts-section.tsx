import { CROPS, type PriceAlert, type PriceAlertBody } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useDates } from '../../../lib/i18n/use-dates';
import { T, useT } from '../../../lib/i18n/t';
import { typedPrice } from '../../../lib/trading/offer-fields';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { LoadErrorAlert } from '../../../lib/ui/page-states';
import { futuresMonthName } from '../markets/market-summary-tab';
import { useQuotesSymbols } from '../markets/markets-api';
import { useCropBids, usePriceAlerts, useRemoveAlert, useSaveAlert } from './marketing-api';

const cropName = (cropId: number) => CROPS.find((c) => c.id === cropId)?.name ?? String(cropId);

const alertForm = z
  .object({
    kind: z.enum(['futures', 'bid']),
    symbol: z.string().trim(),
    bidId: z.string(),
    direction: z.enum(['above', 'below']),
    level: z
      .string()
      .trim()
      .refine((v) => typedPrice(v) !== null, 'pc.marketing.error.price'),
    expiresOn: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'futures' && !/^[A-Z]{1,4}[FGHJKMNQUVXZ]\d{2}$/.test(v.symbol.toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'pc.marketing.error.symbol' });
    if (v.kind === 'bid' && !/^\d+$/.test(v.bidId))
      ctx.addIssue({ code: 'custom', path: ['bidId'], message: 'pc.marketing.error.bid' });
  });
type AlertForm = z.input<typeof alertForm>;

function formOf(alert: PriceAlert | null, price: (v: string) => string): AlertForm {
  return {
    kind: alert?.kind ?? 'futures',
    symbol: alert?.kind === 'futures' ? (alert.symbol ?? '') : '',
    bidId: alert?.bidId ? String(alert.bidId) : '',
    direction: alert?.direction ?? 'above',
    level: alert ? price(alert.level) : '',
    expiresOn: alert?.expiresOn ?? '',
  };
}

/**
 * The bids of the crop at the farmer's markets, as choices ('Dec 2026 · Ames Elevator'); a placeholder while they
 * load, the server's reason with a retry when they do not, and a line when the crop has no bid at the markets.
 */
function BidChoices({ crop }: { crop: string }) {
  const t = useT();
  const bids = useCropBids(crop, true);
  if (bids.isError)
    return (
      <LoadErrorAlert
        error={bids.error}
        fallback={t('pc.marketing.alert.bidsFailed')}
        retryLabel={<T id="pc.marketing.retry" />}
        onRetry={() => void bids.refetch()}
      />
    );
  if (!bids.data) return <Skeleton variant="rounded" height={40} aria-label={t('pc.marketing.alert.bid')} />;
  const choices = bids.data.markets.flatMap((m) =>
    m.rows.map((r) => ({ id: r.id, label: t('pc.marketing.alert.bidChoice', { bid: r.name, market: m.label }) })),
  );
  if (choices.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        <T id="pc.marketing.alert.noBids" />
      </Typography>
    );
  return (
    <FormTextField<AlertForm> name="bidId" select label={t('pc.marketing.alert.bid')} size="small" fullWidth>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/**
 * The futures contracts of the crop the server quotes (quotes-symbols-list, the months still trading), as choices
 * ('Dec 2026 (ZCZ26)'): the server takes only these (400 on symbol otherwise). A saved alert's month that no longer
 * trades stays listed so the dialog opens on it.
 */
function SymbolChoices({ crop, current }: { crop: string; current: string }) {
  const t = useT();
  const symbols = useQuotesSymbols();
  const cropId = CROPS.find((c) => c.name === crop)?.id;
  if (symbols.isError)
    return (
      <LoadErrorAlert
        error={symbols.error}
        fallback={t('pc.marketing.alert.symbolsFailed')}
        retryLabel={<T id="pc.marketing.retry" />}
        onRetry={() => void symbols.refetch()}
      />
    );
  if (!symbols.data) return <Skeleton variant="rounded" height={40} aria-label={t('pc.marketing.alert.symbol')} />;
  const choices = symbols.data.symbols
    .filter((s) => s.cropId === cropId)
    .map((s) => ({ symbol: s.symbol, label: `${futuresMonthName(s.optionMonth)} (${s.symbol})` }));
  if (current !== '' && !choices.some((c) => c.symbol === current))
    choices.unshift({ symbol: current, label: current });
  if (choices.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        <T id="pc.marketing.alert.noSymbols" />
      </Typography>
    );
  return (
    <FormTextField<AlertForm> name="symbol" select label={t('pc.marketing.alert.symbol')} size="small" fullWidth>
      {choices.map((c) => (
        <MenuItem key={c.symbol} value={c.symbol}>
          {c.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** Create or edit an alert (saving arms it again); the server's field errors land on their fields. */
function AlertDialog({ crop, alert, onClose }: { crop: string; alert: PriceAlert | null; onClose: () => void }) {
  const t = useT();
  const prices = usePriceFormat();
  const save = useSaveAlert();
  const form = useZodForm(alertForm, { defaultValues: formOf(alert, (v) => prices.cash(v)) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const alertCrop = alert ? cropName(alert.cropId) : crop;

  const onSubmit = form.handleSubmit(async (v) => {
    const common = {
      direction: v.direction,
      level: typedPrice(v.level)!,
      expiresOn: v.expiresOn === '' ? null : v.expiresOn,
    };
    const body: PriceAlertBody =
      v.kind === 'futures'
        ? { kind: 'futures', symbol: v.symbol.toUpperCase(), ...common }
        : { kind: 'bid', bidId: Number(v.bidId), ...common };
    try {
      await save.mutateAsync({ crop: alertCrop, alertId: alert?.id ?? null, body });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form.setError, error, ['symbol', 'bidId', 'direction', 'level', 'expiresOn']))
        form.setError('root', { message: 'pc.marketing.alert.saveFailed' });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pc-alert-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <DialogTitle id="pc-alert-title">
            <T id={alert ? 'pc.marketing.alert.titleEdit' : 'pc.marketing.alert.titleNew'} />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField<AlertForm> name="kind" select label={t('pc.marketing.alert.kind')} size="small">
                <MenuItem value="futures">{t('pc.marketing.alert.kind.futures')}</MenuItem>
                <MenuItem value="bid">{t('pc.marketing.alert.kind.bid')}</MenuItem>
              </FormTextField>
              {kind === 'futures' ? (
                <SymbolChoices crop={alertCrop} current={alert?.kind === 'futures' ? (alert.symbol ?? '') : ''} />
              ) : (
                <BidChoices crop={alertCrop} />
              )}
              <FormTextField<AlertForm> name="direction" select label={t('pc.marketing.alert.direction')} size="small">
                <MenuItem value="above">{t('pc.marketing.alert.direction.above')}</MenuItem>
                <MenuItem value="below">{t('pc.marketing.alert.direction.below')}</MenuItem>
              </FormTextField>
              <FormTextField<AlertForm> name="level" label={t('pc.marketing.alert.level')} size="small" />
              <FormTextField<AlertForm>
                name="expiresOn"
                type="date"
                label={t('pc.marketing.alert.expiresOn')}
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Typography variant="body2" color="text.secondary">
                <T id="pc.marketing.alert.help" />
              </Typography>
              {form.formState.errors.root && (
                <Alert severity="error">
                  <T id="pc.marketing.alert.saveFailed" />
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              <T id="pc.marketing.alert.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="pc.marketing.alert.save" />
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}

function AlertRow({ alert, onEdit }: { alert: PriceAlert; onEdit: () => void }) {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const remove = useRemoveAlert();
  const price = (v: string) => prices.withUnit(v, alert.priceUnit);
  const what =
    alert.kind === 'futures'
      ? t('pc.marketing.alerts.futures', { crop: alert.crop, symbol: alert.symbol ?? '' })
      : t('pc.marketing.alerts.bid', { crop: alert.crop, bid: alert.bidName ?? '', market: alert.market ?? '' });
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{what}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t(alert.triggeredAt ? 'pc.marketing.alerts.detailTriggered' : 'pc.marketing.alerts.detail', {
            rule: t('pc.marketing.alerts.rule', { direction: alert.direction, level: price(alert.level) }),
            now:
              alert.currentPrice === null
                ? t('pc.marketing.alerts.noPrice')
                : t('pc.marketing.alerts.now', { price: price(alert.currentPrice) }),
            when: alert.triggeredAt ? dates.dateTime(alert.triggeredAt) : '',
          })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
        <Chip
          size="small"
          color={alert.status === 'triggered' ? 'success' : alert.status === 'active' ? 'primary' : 'default'}
          variant={alert.status === 'active' ? 'outlined' : 'filled'}
          label={t('pc.marketing.alerts.status', {
            status: alert.status,
            price: alert.triggeredPrice ? price(alert.triggeredPrice) : '',
          })}
        />
        <IconButton aria-label={t('pc.marketing.alerts.edit')} onClick={onEdit}>
          <EditOutlined />
        </IconButton>
        <IconButton
          aria-label={t('pc.marketing.alerts.remove')}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ crop: cropName(alert.cropId), alertId: alert.id })}
        >
          <DeleteOutline />
        </IconButton>
      </Box>
      {remove.isError && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          <T id="pc.marketing.alerts.removeFailed" />
        </Alert>
      )}
    </Box>
  );
}

/** The user's price alerts, with the create and edit dialog (new alerts on the tab's crop). */
export function AlertsSection({ crop }: { crop: string }) {
  const t = useT();
  const alerts = usePriceAlerts();
  const [editing, setEditing] = useState<PriceAlert | 'new' | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pc-alerts" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography id="pc-alerts" variant="h6" component="h2">
          <T id="pc.marketing.alerts.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <T id="pc.marketing.alerts.new" />
        </Button>
      </Stack>
      {alerts.error ? (
        <LoadErrorAlert
          error={alerts.error}
          fallback={t('pc.marketing.loadFailed')}
          retryLabel={<T id="pc.marketing.retry" />}
          onRetry={() => void alerts.refetch()}
        />
      ) : !alerts.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : alerts.data.alerts.length === 0 ? (
        <Typography color="text.secondary">
          <T id="pc.marketing.alerts.empty" />
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {alerts.data.alerts.map((a) => (
            <AlertRow key={a.id} alert={a} onEdit={() => setEditing(a)} />
          ))}
        </Box>
      )}
      {editing !== null && (
        <AlertDialog crop={crop} alert={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
