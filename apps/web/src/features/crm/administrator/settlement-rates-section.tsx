import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CROPS,
  LEVY_BASES,
  NATIONAL_REGION,
  SETTLEMENT_RATES_PATH,
  decimalString,
  isDecimalString,
  levyWordOf,
  subdivisionsOf,
  toDecimal,
  type CrmMarketRow,
  type SettlementRates,
  type SettlementRatesSave,
} from '@granary/domain';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { showToast } from '../../../lib/toast/toast-store';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';

// The partner's checkoff/levy and storage rates (decision 044 addendum), buyer admins: GET, edit, PUT (If-Match).

const ratesKey = ['crm', 'settlement-rates'] as const;

const rateField = z
  .string()
  .trim()
  .refine((v) => isDecimalString(v) && !v.startsWith('-'), { message: 'settlementRates.error.rate' });
const required = z.string().trim().min(1, { message: 'settlementRates.error.required' });

const formSchema = z.object({
  levies: z.array(
    z.object({
      cropId: required,
      region: required,
      name: required,
      basis: z.enum(LEVY_BASES),
      rate: rateField,
      source: z.string(),
    }),
  ),
  storage: z.array(
    z.object({
      marketId: required,
      cropId: z.string(),
      freeDays: z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, { message: 'settlementRates.error.freeDays' }),
      rate: rateField,
    }),
  ),
});
type FormValues = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** A rate as typed: % of value is shown in percent (the API keeps a fraction, 0.005 = 0.5%). */
const shownRate = (basis: string, rate: string) =>
  decimalString(basis === 'pct_of_value' ? toDecimal(rate).times(100) : toDecimal(rate));

function valuesOf(rates: SettlementRates): FormValues {
  return {
    levies: rates.levies.map((l) => ({
      cropId: String(l.cropId),
      region: l.region,
      name: l.name,
      basis: l.basis,
      rate: shownRate(l.basis, l.rate),
      source: l.source,
    })),
    storage: rates.storage.map((s) => ({
      marketId: String(s.marketId),
      cropId: s.cropId === null ? '' : String(s.cropId),
      freeDays: String(s.freeDays),
      rate: shownRate('per_bushel', s.ratePerBushelPerDay),
    })),
  };
}

function bodyOf(v: FormOut): SettlementRatesSave {
  return {
    levies: v.levies.map((l) => ({
      cropId: Number(l.cropId),
      region: l.region,
      name: l.name.trim(),
      basis: l.basis,
      rate: l.basis === 'pct_of_value' ? decimalString(toDecimal(l.rate).div(100)) : l.rate,
      source: l.source.trim(),
    })),
    storage: v.storage.map((s) => ({
      marketId: Number(s.marketId),
      cropId: s.cropId === '' ? null : Number(s.cropId),
      freeDays: Number(s.freeDays),
      ratePerBushelPerDay: s.rate,
    })),
  };
}

const REGION_LABEL: Record<SettlementRates['country'], MessageId> = {
  USA: 'settlementRates.col.state',
  CAN: 'settlementRates.col.province',
  AUS: 'settlementRates.col.region',
};

/** Cells of a table on a wide screen; on a phone each row is a card of labelled fields, two a line. */
const cellSx = {
  px: { xs: 0, sm: 1 },
  py: { xs: 0, sm: 0.75 },
  verticalAlign: 'top',
  display: { xs: 'block', sm: 'table-cell' },
  borderBottom: { xs: 'none' },
} as const;
const rowSx = {
  display: { xs: 'grid', sm: 'table-row' },
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 1.5,
  py: { xs: 1.5, sm: 0 },
  borderBottom: { xs: 1, sm: 0 },
  borderColor: 'divider',
} as const;

type Option = { value: string; label: string };

/** One editable cell: a text field, or a select when options are given; labelled "<column> <row>". */
function Cell({
  name,
  column,
  row,
  options,
  inputMode,
  wide = false,
}: {
  name: FieldPath<FormValues>;
  column: string;
  row: number;
  /** On a phone, the field takes the card's whole width (names, sources, locations). */
  wide?: boolean;
  options?: Option[];
  inputMode?: 'decimal' | 'numeric';
}) {
  const stacked = useMediaQuery(useTheme().breakpoints.down('sm'));
  const label = `${column} ${row}`;
  return (
    <TableCell sx={{ ...cellSx, gridColumn: wide ? '1 / -1' : undefined }}>
      <FormTextField<FormValues>
        name={name}
        size="small"
        fullWidth
        select={options !== undefined}
        label={stacked ? column : undefined}
        slotProps={
          options
            ? {
                select: { displayEmpty: true, SelectDisplayProps: { 'aria-label': label } },
                inputLabel: { shrink: true },
              }
            : { htmlInput: { inputMode, 'aria-label': label } }
        }
      >
        {options?.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </FormTextField>
    </TableCell>
  );
}

/** A table of editable rows with a remove button each; `columns` are the headers (label and width). */
function RowsTable({
  label,
  minWidth,
  maxWidth,
  columns,
  rows,
  onRemove,
}: {
  label: string;
  minWidth: number;
  maxWidth?: number;
  columns: { label: string; width?: number }[];
  rows: { id: string; cells: ReactNode }[];
  onRemove: (index: number) => void;
}) {
  const t = useT();
  return (
    <Box sx={{ overflowX: 'auto', mb: 1.5 }}>
      <Table size="small" aria-label={label} sx={{ minWidth: { sm: minWidth }, maxWidth }}>
        <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} sx={{ ...cellSx, width: c.width }}>
                {c.label}
              </TableCell>
            ))}
            <TableCell sx={{ ...cellSx, width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={r.id} sx={rowSx}>
              {r.cells}
              <TableCell sx={cellSx}>
                <IconButton aria-label={t('settlementRates.removeRow', { row: i + 1 })} onClick={() => onRemove(i)}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const cropOptions: Option[] = CROPS.map((c) => ({ value: String(c.id), label: c.displayName }));

/** The checkoff/levy programs, one editable row each. */
function LeviesTable({ rates, markets }: { rates: SettlementRates; markets: CrmMarketRow[] }) {
  const t = useT();
  const { control } = useFormContext<FormValues>();
  const levies = useFieldArray({ control, name: 'levies' });
  const word = levyWordOf(rates.country);
  const regionLabel = t(REGION_LABEL[rates.country]);
  const regions: Option[] = [
    { value: NATIONAL_REGION, label: t('settlementRates.national') },
    // The states/provinces of every country the partner has locations in (a US partner may buy in Canada too).
    ...[...new Set([rates.country, ...markets.map((m) => m.countryCode)])].flatMap((c) =>
      subdivisionsOf(c).map((s) => ({ value: s.code, label: s.name })),
    ),
  ];
  const bases: Option[] = LEVY_BASES.map((b) => ({ value: b, label: t(`settlementRates.basis.${b}`) }));
  const col = {
    crop: t('settlementRates.col.crop'),
    program: t('settlementRates.col.program'),
    rate: t('settlementRates.col.rate'),
    basis: t('settlementRates.col.basis'),
    source: t('settlementRates.col.source'),
  };
  return (
    <>
      {levies.fields.length === 0 ? (
        <Alert severity="info" sx={{ mb: 1.5 }} role="status">
          {t(`settlementRates.empty.${word}`)}
        </Alert>
      ) : (
        <RowsTable
          label={t(`settlementRates.levies.${word}`)}
          minWidth={860}
          columns={[
            { label: col.crop, width: 150 },
            { label: regionLabel, width: 170 },
            { label: col.program },
            { label: col.rate, width: 110 },
            { label: col.basis, width: 130 },
            { label: col.source },
          ]}
          onRemove={(i) => levies.remove(i)}
          rows={levies.fields.map((f, i) => ({
            id: f.id,
            cells: (
              <>
                <Cell name={`levies.${i}.cropId`} column={col.crop} row={i + 1} options={cropOptions} />
                <Cell name={`levies.${i}.region`} column={regionLabel} row={i + 1} options={regions} />
                <Cell wide name={`levies.${i}.name`} column={col.program} row={i + 1} />
                <Cell name={`levies.${i}.rate`} column={col.rate} row={i + 1} inputMode="decimal" />
                <Cell name={`levies.${i}.basis`} column={col.basis} row={i + 1} options={bases} />
                <Cell wide name={`levies.${i}.source`} column={col.source} row={i + 1} />
              </>
            ),
          }))}
        />
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() =>
          levies.append({
            cropId: String(CROPS[0]!.id),
            region: NATIONAL_REGION,
            name: '',
            basis: 'per_bushel',
            rate: '',
            source: '',
          })
        }
      >
        {t(`settlementRates.add.${word}`)}
      </Button>
    </>
  );
}

/** The storage rates of the partner's locations: free days, then a rate per bushel and day. */
function StorageTable({ markets }: { markets: CrmMarketRow[] }) {
  const t = useT();
  const { control } = useFormContext<FormValues>();
  const storage = useFieldArray({ control, name: 'storage' });
  const locations: Option[] = markets.map((m) => ({ value: String(m.id), label: m.label }));
  const crops: Option[] = [{ value: '', label: t('settlementRates.allCrops') }, ...cropOptions];
  const col = {
    market: t('settlementRates.col.market'),
    crop: t('settlementRates.col.crop'),
    freeDays: t('settlementRates.col.freeDays'),
    perDay: t('settlementRates.col.perDay'),
  };
  return (
    <>
      {storage.fields.length === 0 ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('settlementRates.storage.empty')}
        </Alert>
      ) : (
        <RowsTable
          label={t('settlementRates.storage')}
          minWidth={600}
          maxWidth={820}
          columns={[
            { label: col.market },
            { label: col.crop, width: 170 },
            { label: col.freeDays, width: 110 },
            { label: col.perDay, width: 130 },
          ]}
          onRemove={(i) => storage.remove(i)}
          rows={storage.fields.map((f, i) => ({
            id: f.id,
            cells: (
              <>
                <Cell wide name={`storage.${i}.marketId`} column={col.market} row={i + 1} options={locations} />
                <Cell name={`storage.${i}.cropId`} column={col.crop} row={i + 1} options={crops} />
                <Cell name={`storage.${i}.freeDays`} column={col.freeDays} row={i + 1} inputMode="numeric" />
                <Cell name={`storage.${i}.rate`} column={col.perDay} row={i + 1} inputMode="decimal" />
              </>
            ),
          }))}
        />
      )}
      <Button
        startIcon={<AddIcon />}
        disabled={markets.length === 0}
        onClick={() => storage.append({ marketId: String(markets[0]?.id ?? ''), cropId: '', freeDays: '30', rate: '' })}
      >
        {t('settlementRates.storage.add')}
      </Button>
    </>
  );
}

function RatesForm({ rates, markets }: { rates: SettlementRates; markets: CrmMarketRow[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useZodForm(formSchema, { defaultValues: valuesOf(rates) });
  const word = levyWordOf(rates.country);
  const save = useMutation({
    mutationFn: async (body: SettlementRatesSave) =>
      (await request<SettlementRates>(SETTLEMENT_RATES_PATH, { method: 'PUT', body, ifMatch: `"${rates.version}"` }))
        .json,
    onSuccess: (saved) => queryClient.setQueryData(ratesKey, saved),
  });
  const { reset } = form;
  useEffect(() => reset(valuesOf(rates)), [rates, reset]);
  const stale = isApiError(save.error) && save.error.status === 412;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyOf(values));
      showToast({ messageId: 'settlementRates.saved' }, { severity: 'success' });
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t(`settlementRates.levies.${word}`)}
        </Typography>
        {rates.defaults && rates.levies.length > 0 ? (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {t('settlementRates.defaults')}
          </Alert>
        ) : null}
        <LeviesTable rates={rates} markets={markets} />

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3 }}>
          {t('settlementRates.storage')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('settlementRates.storage.hint')}
        </Typography>
        <StorageTable markets={markets} />

        {stale ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void queryClient.invalidateQueries({ queryKey: ratesKey })}
              >
                {t('settlementRates.reload')}
              </Button>
            }
          >
            {t('settlementRates.stale')}
          </Alert>
        ) : save.error ? (
          <Box sx={{ mt: 2 }}>
            <CrmErrorState error={save.error} />
          </Box>
        ) : null}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <FormSubmitButton fullWidth={false} size="medium">
            {t('settlementRates.save')}
          </FormSubmitButton>
        </Stack>
      </Box>
    </FormProvider>
  );
}

/**
 * /crm/administrator: the partner's checkoff ("Levies" for Canadian and Australian partners) and storage rates that
 * new settlements take. Buyer admins only: shown to no one else (the API answers 403).
 */
export function SettlementRatesSection({ markets }: { markets: CrmMarketRow[] }) {
  const t = useT();
  const rates = useQuery({
    queryKey: ratesKey,
    queryFn: ({ signal }) => getJson<SettlementRates>(SETTLEMENT_RATES_PATH, undefined, signal),
    retry: retryUnlessRefused,
  });
  if (isApiError(rates.error) && rates.error.status === 403) return null;
  const word = rates.data ? levyWordOf(rates.data.country) : 'checkoff';
  const title = t(`settlementRates.title.${word}`);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 760 }}>
        {t('settlementRates.subtitle')}
      </Typography>
      {rates.error ? (
        <CrmErrorState error={rates.error} onRetry={() => void rates.refetch()} />
      ) : !rates.data ? (
        <PageSpinner />
      ) : (
        <RatesForm rates={rates.data} markets={markets} />
      )}
    </Paper>
  );
}
