import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { AREA_UNITS, CROPS, formatNumber, normalizeNumberInput } from '@granary/domain';
import {
  Box,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { AccessDenied } from '../../lib/ui/access-denied';
import { useAgronomics, useChangeAgronomics } from './account-api';
import { AreaUnitsSelect, Loaded, numberField, toastFailure, useAreaText } from './account-parts';
import { numericCellSx } from '../../lib/ui/numeric-cell';

const CROP_OPTIONS = CROPS.filter((c) => c.hasBushelQuantity).map((c) => ({ id: c.name, name: c.displayName }));
const cropName = (key: string) => CROPS.find((c) => c.name === key)?.displayName ?? key;

const schema = z.object({
  cropYear: numberField('agronomics.yearInvalid', { min: 1990, max: 2100, empty: null }),
  crop: z.string().min(1, 'agronomics.areaInvalid'),
  area: numberField('agronomics.areaInvalid', { min: 0.01, max: 10_000_000, empty: null }),
  areaUnits: z.enum(AREA_UNITS),
  averageYield: z.string().transform((typed, ctx) => {
    if (typed.trim() === '') return null;
    // Typed as number fields are (platform.md 5.7: '1,204.5'); a lone '-' or '.' is no number.
    const text = normalizeNumberInput(typed);
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value) || value < 0 || value > 1000) {
      ctx.addIssue({ code: 'custom', message: 'agronomics.yieldInvalid' });
      return z.NEVER;
    }
    return value;
  }),
});
type Values = z.input<typeof schema>;

/** 7.4 agronomics: planted area and average yield by crop year and crop; reading and writing need has_agronomics. */
export function AgronomicsSection({ enterpriseId }: EnterpriseSectionProps) {
  const enterprise = useEnterprise(enterpriseId);
  const allowed = Boolean(enterprise?.permissions?.hasAgronomics);
  if (enterprise?.isProfileLoaded && !allowed) return <AccessDenied />;
  if (!allowed) return null;
  return <AgronomicsBody enterpriseId={enterpriseId} defaultUnits={enterprise?.areaEstimateUnits ?? 'acres'} />;
}

function AgronomicsBody({ enterpriseId, defaultUnits }: { enterpriseId: number; defaultUnits: 'acres' | 'hectares' }) {
  const t = useT();
  const query = useAgronomics(enterpriseId);
  const { save, remove } = useChangeAgronomics(enterpriseId);
  const form = useZodForm(schema, {
    defaultValues: {
      cropYear: String(new Date().getFullYear()),
      crop: 'corn',
      area: '',
      areaUnits: defaultUnits,
      averageYield: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset({ ...form.getValues(), area: '', averageYield: '' });
      showToast({ messageId: 'agronomics.saved' }, { severity: 'success' });
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        toastFailure(error);
      }
    }
  });
  const removeRow = async (cropYear: number, crop: string) => {
    try {
      await remove.mutateAsync({ cropYear, crop });
      showToast({ messageId: 'agronomics.removed' }, { severity: 'success' });
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
          <T id="agronomics.title" />
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <T id="agronomics.subtitle" />
        </Typography>
        <AgronomicsTable query={query} onRemove={(cropYear, crop) => void removeRow(cropYear, crop)} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          <T id="agronomics.add" />
        </Typography>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={2}>
                <FormTextField<Values>
                  name="cropYear"
                  label={t('agronomics.cropYear')}
                  inputMode="numeric"
                  sx={{ flex: 1 }}
                />
                <Controller
                  control={form.control}
                  name="crop"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('agronomics.crop')}
                      value={field.value}
                      onChange={field.onChange}
                      sx={{ flex: 1.4 }}
                    >
                      {CROP_OPTIONS.map((c) => (
                        <MenuItem key={c.id} value={c.id}>
                          {c.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              <Stack direction="row" spacing={2}>
                <FormTextField<Values>
                  name="area"
                  label={t('agronomics.area')}
                  inputMode="decimal"
                  sx={{ flex: 1.4 }}
                />
                <Controller
                  control={form.control}
                  name="areaUnits"
                  render={({ field }) => (
                    <AreaUnitsSelect value={field.value} onChange={field.onChange} sx={{ flex: 1 }} />
                  )}
                />
              </Stack>
              <FormTextField<Values> name="averageYield" label={t('agronomics.yield')} inputMode="decimal" fullWidth />
              <FormSubmitButton size="medium">
                <T id="agronomics.save" />
              </FormSubmitButton>
            </Stack>
          </Box>
        </FormProvider>
      </Paper>
    </Box>
  );
}

function AgronomicsTable({
  query,
  onRemove,
}: {
  query: ReturnType<typeof useAgronomics>;
  onRemove: (cropYear: number, crop: string) => void;
}) {
  const t = useT();
  const areaText = useAreaText();
  return (
    <Loaded query={query}>
      {() =>
        query.data?.summaries.length ? (
          <TableContainer>
            <Table
              size="small"
              aria-label={t('agronomics.title')}
              // Narrower cells on a phone, so that the five columns fit a 390 px screen.
              sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>
                    <T id="agronomics.cropYear" />
                  </TableCell>
                  <TableCell>
                    <T id="agronomics.crop" />
                  </TableCell>
                  <TableCell align="right">
                    <T id="agronomics.area" />
                  </TableCell>
                  <TableCell align="right">
                    <T id="agronomics.yield" />
                  </TableCell>
                  <TableCell padding="checkbox" />
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.summaries.map((s) => (
                  <TableRow key={`${s.cropYear}-${s.crop}`}>
                    <TableCell>{s.cropYear}</TableCell>
                    <TableCell>{cropName(s.crop)}</TableCell>
                    <TableCell sx={numericCellSx}>{areaText(s.area, s.areaUnits)}</TableCell>
                    <TableCell sx={numericCellSx}>
                      {s.averageYield === null
                        ? t('agronomics.noYield')
                        : t('agronomics.yieldValue', {
                            value: formatNumber(s.averageYield, { minFractionDigits: 1, maxFractionDigits: 1 }),
                            units: s.areaUnits,
                          })}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={t('agronomics.remove', { crop: cropName(s.crop), year: String(s.cropYear) })}
                        onClick={() => onRemove(s.cropYear, s.crop)}
                      >
                        <DeleteOutlineRoundedIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography color="text.secondary">
            <T id="agronomics.empty" />
          </Typography>
        )
      }
    </Loaded>
  );
}
