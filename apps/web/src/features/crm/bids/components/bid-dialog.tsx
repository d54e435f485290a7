import {
  CROPS,
  addDays,
  basisBoundDollars,
  bidCashPrice,
  defaultFuturesSymbol,
  defaultInstrumentName,
  futuresProductForCrop,
  instrumentProblems,
  listedContracts,
  normalizeInstrument,
  priceUnitForCrop,
  currencyForCrop,
  quantityUnitForCrop,
  type InstrumentFields,
  type InstrumentProblemCode,
  type InstrumentRow,
  type RoundingMode,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useCreateBid, useUpdateBid } from '../api/instruments';
import { fmtCash, fmtFuturesMonth, parseTypedDecimal } from '../bids-format';

/** Crops a market can bid: those with futures, and the filterable flat-price crops (barley, durum, rice). */
const BID_CROPS = CROPS.filter((c) => futuresProductForCrop(c.id) !== null || c.filterable);

type Draft = {
  cropId: number;
  cropYear: string;
  name: string;
  nameTouched: boolean;
  deliveryStart: string;
  deliveryEnd: string;
  pricing: 'basis' | 'flat';
  futuresSymbol: string;
  basis: string;
  flatPrice: string;
  quantityCap: string;
  visibility: 'public' | 'private';
  offersAllowed: boolean;
  notes: string;
};

type FieldKey = keyof InstrumentFields;

function monthEnd(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

function cropYearFor(cropId: number, day: string): number {
  const harvest = CROPS.find((c) => c.id === cropId)?.harvestMonth ?? 9;
  const y = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= harvest ? y : y - 1;
}

function draftOf(row: InstrumentRow | null, today: string, cropId: number): Draft {
  if (row) {
    return {
      cropId: row.cropId,
      cropYear: String(row.cropYear),
      name: row.name,
      nameTouched: true,
      deliveryStart: row.deliveryStart,
      deliveryEnd: row.deliveryEnd,
      pricing: row.pricing,
      futuresSymbol: row.futuresSymbol ?? '',
      basis: row.basis === null ? '' : String(Number(row.basis)),
      flatPrice: row.flatPrice === null ? '' : String(Number(row.flatPrice)),
      quantityCap: row.quantityCap === null ? '' : String(Number(row.quantityCap)),
      visibility: row.visibility,
      offersAllowed: row.offersAllowed,
      notes: row.notes ?? '',
    };
  }
  const end = monthEnd(today);
  return {
    cropId,
    cropYear: String(cropYearFor(cropId, today)),
    name: defaultInstrumentName(today, end),
    nameTouched: false,
    deliveryStart: today,
    deliveryEnd: end,
    pricing: futuresProductForCrop(cropId) ? 'basis' : 'flat',
    futuresSymbol: '',
    basis: '',
    flatPrice: '',
    quantityCap: '',
    visibility: 'public',
    offersAllowed: true,
    notes: '',
  };
}

/**
 * Create or edit a bid (dialog width sm, 600 px; full screen on a phone). The domain's rules are checked as the
 * merchandiser types (and again by the server); the cash price now shows beside the basis when the futures month
 * has a quote in the grid. On a 412 the latest bid is loaded and the draft kept.
 */
export function BidDialog({
  open,
  marketId,
  today,
  row,
  defaultCropId,
  quotes,
  roundingModes,
  onClose,
  onSaved,
}: {
  open: boolean;
  marketId: number;
  today: string;
  /** The bid edited (its latest version), or null for a new one. */
  row: InstrumentRow | null;
  defaultCropId: number;
  /** Futures last by symbol, from the grid (for the cash preview). */
  quotes: ReadonlyMap<string, string>;
  roundingModes: ReadonlyMap<number, RoundingMode>;
  onClose: () => void;
  onSaved: (row: InstrumentRow, created: boolean) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateBid(marketId);
  const update = useUpdateBid(marketId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, today, defaultCropId));
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<{ field: string; code: string }[]>([]);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const product = futuresProductForCrop(draft.cropId);
  const unit = priceUnitForCrop(draft.cropId);
  const currency = currencyForCrop(draft.cropId);
  const unitWord = t(unit === 'tonne' ? 'crm.bids.unit.tonne' : 'crm.bids.unit.bushel');
  const quantityWord = quantityUnitForCrop(draft.cropId);
  const months = useMemo(() => (product ? listedContracts(product, today, 8) : []), [product, today]);
  const defaultSymbol = product && draft.deliveryEnd ? defaultFuturesSymbol(draft.cropId, draft.deliveryEnd) : null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      if (
        (key === 'deliveryStart' || key === 'deliveryEnd') &&
        !d.nameTouched &&
        next.deliveryStart &&
        next.deliveryEnd &&
        next.deliveryEnd >= next.deliveryStart
      ) {
        next.name = defaultInstrumentName(next.deliveryStart, next.deliveryEnd);
      }
      if (key === 'cropId') {
        const id = value as number;
        next.futuresSymbol = '';
        if (!futuresProductForCrop(id)) next.pricing = 'flat';
        if (!row) next.cropYear = String(cropYearFor(id, next.deliveryStart || today));
      }
      return next;
    });
    setServerProblems([]);
  };

  // The draft as the rules read it; number fields that are not numbers are problems of their own.
  const parsed = useMemo(() => {
    const numberProblems: { field: FieldKey; code: 'number' }[] = [];
    const num = (field: FieldKey, text: string): string | null => {
      if (text.trim() === '') return null;
      const v = parseTypedDecimal(text);
      if (v === null) numberProblems.push({ field, code: 'number' });
      return v;
    };
    const fields: InstrumentFields = {
      cropId: draft.cropId,
      cropYear: Number(draft.cropYear),
      name: draft.name,
      deliveryStart: draft.deliveryStart,
      deliveryEnd: draft.deliveryEnd,
      pricing: draft.pricing,
      futuresSymbol: draft.pricing === 'basis' ? draft.futuresSymbol || null : null,
      basis: draft.pricing === 'basis' ? num('basis', draft.basis) : null,
      flatPrice: draft.pricing === 'flat' ? num('flatPrice', draft.flatPrice) : null,
      quantityCap: num('quantityCap', draft.quantityCap),
      visibility: draft.visibility,
      offersAllowed: draft.offersAllowed,
      notes: draft.notes,
    };
    const ruleProblems =
      draft.deliveryStart && draft.deliveryEnd ? instrumentProblems(normalizeInstrument(fields), { today }) : [];
    return {
      fields,
      problems: [...numberProblems, ...ruleProblems.filter((p) => !numberProblems.some((n) => n.field === p.field))],
    };
  }, [draft, today]);

  const bound = basisBoundDollars(unit).toFixed(2);
  const messageOf = (code: string): string => {
    if (code === 'number') return t('crm.bids.problem.number');
    if (code === 'basis_out_of_bound')
      return t('crm.bids.problem.basis_out_of_bound', { min: `-${bound}`, max: bound });
    const id = `crm.bids.problem.${code}` as MessageId;
    return t(id);
  };
  const required = (field: 'name' | 'deliveryStart' | 'deliveryEnd' | 'cropYear') =>
    submitted && String(draft[field]).trim() === '';
  const errorOf = (field: FieldKey): string | undefined => {
    if (
      (field === 'name' || field === 'deliveryStart' || field === 'deliveryEnd' || field === 'cropYear') &&
      required(field)
    )
      return t('crm.bids.dialog.required');
    const server = serverProblems.find((p) => p.field === field);
    if (server) return messageOf(server.code);
    const local = parsed.problems.find((p) => p.field === field);
    // Rules show once saved once, or as soon as a typed value breaks them (not while a field is still empty).
    if (!local) return undefined;
    if (submitted || (local.code !== 'basis_required' && local.code !== 'flat_price_required'))
      return messageOf(local.code as InstrumentProblemCode);
    return undefined;
  };

  const symbolForPreview = draft.pricing === 'basis' ? draft.futuresSymbol || defaultSymbol : null;
  const basisValue = parseTypedDecimal(draft.basis);
  const flatValue = parseTypedDecimal(draft.flatPrice);
  const cashPreview =
    draft.pricing === 'flat'
      ? flatValue &&
        bidCashPrice({ futuresPrice: null, basis: null, flatPrice: flatValue }, roundingModes.get(draft.cropId))
      : symbolForPreview && basisValue && quotes.get(symbolForPreview)
        ? bidCashPrice(
            { futuresPrice: quotes.get(symbolForPreview)!, basis: basisValue, flatPrice: null },
            roundingModes.get(draft.cropId),
          )
        : null;

  const submit = () => {
    setSubmitted(true);
    setStale(false);
    setFailure(null);
    const missing = ['name', 'deliveryStart', 'deliveryEnd', 'cropYear'].some(
      (f) => String(draft[f as keyof Draft]).trim() === '',
    );
    if (missing || parsed.problems.length > 0) return;
    const f = parsed.fields;
    const body = {
      cropId: f.cropId,
      cropYear: f.cropYear,
      name: f.name.trim(),
      deliveryStart: f.deliveryStart,
      deliveryEnd: f.deliveryEnd,
      pricing: f.pricing,
      futuresSymbol: f.futuresSymbol,
      basis: f.basis,
      flatPrice: f.flatPrice,
      quantityCap: f.quantityCap,
      visibility: f.visibility,
      offersAllowed: f.offersAllowed,
      notes: (f.notes ?? '').trim() === '' ? null : f.notes,
    };
    const onError = (error: Error) => {
      if (isApiError(error) && error.status === 412) setStale(true);
      else if (isApiError(error) && error.status === 400) {
        const problems = (error.details as { problems?: { field: string; code: string }[] } | undefined)?.problems;
        if (problems && problems.length > 0) setServerProblems(problems);
        else setFailure(error.message);
      } else setFailure(error.message || t('crm.bids.actionFailed'));
    };
    if (row)
      update.mutate(
        { id: row.id, version: row.version, patch: body },
        { onSuccess: (saved) => onSaved(saved, false), onError },
      );
    else create.mutate({ marketId, ...body }, { onSuccess: (saved) => onSaved(saved, true), onError });
  };

  const hasErrors = submitted && (parsed.problems.length > 0 || serverProblems.length > 0);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="bid-dialog-title"
    >
      <DialogTitle id="bid-dialog-title">
        {row ? <T id="crm.bids.dialog.editTitle" /> : <T id="crm.bids.dialog.createTitle" />}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.25}>
          {stale ? <Alert severity="warning">{t('crm.bids.dialog.stale')}</Alert> : null}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          {hasErrors ? <Alert severity="error">{t('crm.bids.dialog.checkFields')}</Alert> : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
            <TextField
              select
              label={t('crm.bids.dialog.crop')}
              value={draft.cropId}
              onChange={(e) => set('cropId', Number(e.target.value))}
              disabled={row !== null}
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
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value, nameTouched: true }))}
            error={Boolean(errorOf('name'))}
            helperText={errorOf('name') ?? t('crm.bids.dialog.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
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
          {draft.pricing === 'basis' && product ? (
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
                label={t('crm.bids.dialog.basis', { currency, unit: unitWord })}
                value={draft.basis}
                onChange={(e) => set('basis', e.target.value)}
                error={Boolean(errorOf('basis'))}
                helperText={
                  errorOf('basis') ??
                  (cashPreview
                    ? t('crm.bids.dialog.cashPreview', { cash: fmtCash(cashPreview, currency) })
                    : t('crm.bids.dialog.basisHelp'))
                }
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          <T id="crm.bids.dialog.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {pending ? (
            <T id="crm.bids.dialog.saving" />
          ) : row ? (
            <T id="crm.bids.dialog.save" />
          ) : (
            <T id="crm.bids.dialog.create" />
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
