import {
  CROPS,
  SUSTAINABILITY_PROGRAM_STATUSES,
  SUSTAINABILITY_QUESTION_KINDS,
  formatMoney,
  sustainabilityProgramBodySchema,
  type CrmMarketRow,
  type SustainabilityProgram,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { useId, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { useRegion } from '../../../../lib/i18n/locale';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useSaveSustainabilityProgram, useSustainabilityPrograms } from '../api/sustainability-enrolments';
import { CloseProgramButton } from './close-program-button';

// The market's sustainability programs for buyer-admins (issue 17, decision 059's addendum): create, change and close
// a program and its survey on /crm/clients beside the enrolled clients, with the calls' own permission (buyer-admin).
// Once farmers have enrolled, the server keeps the crop, year, premium and survey (409 has_enrolments, shown as is).

const STATUS_COLOR = { draft: 'default', open: 'success', closed: 'default' } as const;
const REQUIRED = 'sustainability.survey.required';

const questionValues = z.object({
  id: z.string(),
  kind: z.enum(SUSTAINABILITY_QUESTION_KINDS),
  label: z.string().trim().min(1, REQUIRED),
  required: z.boolean(),
  options: z.string(),
});
const programValues = z.object({
  name: z.string().trim().min(1, REQUIRED),
  description: z.string(),
  cropId: z.string().min(1, REQUIRED),
  cropYear: z.string().min(1, REQUIRED),
  premium: z.string().trim().min(1, REQUIRED),
  premiumUnit: z.enum(['bushel', 'acre']),
  practices: z.string(),
  enrolmentOpens: z.string().min(1, REQUIRED),
  enrolmentCloses: z.string().min(1, REQUIRED),
  maxAcres: z.string(),
  status: z.enum(SUSTAINABILITY_PROGRAM_STATUSES),
  questions: z.array(questionValues),
});
type ProgramValues = z.infer<typeof programValues>;

/** The program as the API takes it (a program read back keeps its question ids, so enrolled answers stay matched). */
function toValues(p: SustainabilityProgram | null): ProgramValues {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    cropId: p ? String(p.cropId) : '',
    cropYear: p ? String(p.cropYear) : String(new Date().getFullYear() + 1),
    premium: p?.premium ?? '',
    premiumUnit: p?.premiumUnit ?? 'bushel',
    practices: (p?.practices ?? []).join('\n'),
    enrolmentOpens: p?.enrolmentOpens ?? '',
    enrolmentCloses: p?.enrolmentCloses ?? '',
    maxAcres: p?.maxAcres ?? '',
    status: p?.status ?? 'draft',
    questions: (p?.questions ?? []).map((q) => ({
      id: q.id,
      kind: q.kind,
      label: q.label,
      required: q.required,
      options: (q.options ?? []).join(', '),
    })),
  };
}

function toBody(v: ProgramValues, before: SustainabilityProgram | null): unknown {
  const used = new Set(v.questions.map((q) => q.id).filter(Boolean));
  let n = 0;
  const freshId = () => {
    do n += 1;
    while (used.has(`q${n}`));
    used.add(`q${n}`);
    return `q${n}`;
  };
  return {
    cropId: Number(v.cropId),
    cropYear: Number(v.cropYear),
    name: v.name.trim(),
    description: v.description,
    premium: v.premium.trim(),
    premiumUnit: v.premiumUnit,
    practices: v.practices
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    enrolmentOpens: v.enrolmentOpens,
    enrolmentCloses: v.enrolmentCloses,
    maxAcres: v.maxAcres.replace(/,/g, '').trim() || null,
    status: v.status,
    questions: v.questions.map((q) => {
      const earlier = before?.questions.find((b) => b.id === q.id);
      return {
        ...(earlier?.kind === 'number' && q.kind === 'number' ? { min: earlier.min, max: earlier.max } : {}),
        id: q.id || freshId(),
        kind: q.kind,
        label: q.label.trim(),
        required: q.required,
        ...(q.kind === 'choice'
          ? {
              options: q.options
                .split(',')
                .map((o) => o.trim())
                .filter(Boolean),
            }
          : {}),
      };
    }),
  };
}

/** The market's programs with New, Edit and Close (buyer-admins; the caller checks the permission). */
export function SustainabilityPrograms({ platformId, market }: { platformId: number; market: CrmMarketRow }) {
  const t = useT();
  const dates = useDates();
  const region = useRegion();
  const query = useSustainabilityPrograms(platformId, market.id, true);
  const [editing, setEditing] = useState<SustainabilityProgram | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="crm-programs-title" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="crm-programs-title" variant="h6" component="h2">
            <T id="crmPrograms.title" />
          </Typography>
          <Button variant="contained" onClick={() => setEditing('new')}>
            <T id="crmPrograms.new" />
          </Button>
        </Stack>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        {query.isError ? (
          <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data && query.data.items.length === 0 ? (
          <Typography color="text.secondary">
            <T id="crmPrograms.empty" />
          </Typography>
        ) : query.data ? (
          <TableContainer>
            <Table size="small" aria-labelledby="crm-programs-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('crmPrograms.col.program')}</TableCell>
                  <TableCell>{t('crmPrograms.col.window')}</TableCell>
                  <TableCell>{t('crmPrograms.col.premium')}</TableCell>
                  <TableCell>{t('crmPrograms.col.status')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {p.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t('crmPrograms.cropYear', { crop: p.crop, year: p.cropYear })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {t('crmPrograms.window', { from: dates.day(p.enrolmentOpens), to: dates.day(p.enrolmentCloses) })}
                    </TableCell>
                    <TableCell>
                      {t(p.premiumUnit === 'bushel' ? 'crmPrograms.perBushel' : 'crmPrograms.perAcre', {
                        premium: formatMoney(p.premium, { currency: region.currency, maxFractionDigits: 4 }),
                      })}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[p.status]} label={t(`crmPrograms.status.${p.status}`)} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setEditing(p)}
                        aria-label={t('crmPrograms.editOf', { name: p.name })}
                      >
                        <T id="crmPrograms.edit" />
                      </Button>
                      {p.status !== 'closed' ? (
                        <CloseProgramButton
                          platformId={platformId}
                          marketId={market.id}
                          program={p}
                          onFailure={setFailure}
                        />
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <LinearProgress aria-label={t('crmPrograms.title')} />
        )}
      </Stack>
      {editing ? (
        <ProgramDialog
          platformId={platformId}
          marketId={market.id}
          program={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Paper>
  );
}

function ProgramDialog({
  platformId,
  marketId,
  program,
  onClose,
}: {
  platformId: number;
  marketId: number;
  program: SustainabilityProgram | null;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const save = useSaveSustainabilityProgram(platformId, marketId);
  const form = useZodForm(programValues, { defaultValues: toValues(program) });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The API's own rules (the window's order, a choice's options, the premium's form) before sending.
    const checked = sustainabilityProgramBodySchema.safeParse(toBody(values, program));
    if (!checked.success) {
      for (const issue of checked.error.issues)
        form.setError(issue.path.join('.') as FieldPath<ProgramValues>, { message: issue.message });
      return;
    }
    try {
      await save.mutateAsync({ programId: program?.id ?? null, body: checked.data });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form.setError, error))
        setFailure(error instanceof Error && error.message ? error.message : t('crmPrograms.failed'));
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {program ? t('crmPrograms.editTitle', { name: program.name }) : t('crmPrograms.newTitle')}
      </DialogTitle>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <ProgramFields />
              <SurveyEditor />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="sustainability.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="crmPrograms.save" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** The program's own fields: name, crop and year, status, description, premium, cap, window, practices. */
function ProgramFields() {
  const t = useT();
  return (
    <>
      <FormTextField<ProgramValues> name="name" label={t('crmPrograms.field.name')} fullWidth required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<ProgramValues> name="cropId" label={t('crmPrograms.field.crop')} select fullWidth required>
          {CROPS.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.displayName}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ProgramValues>
          name="cropYear"
          label={t('crmPrograms.field.cropYear')}
          inputMode="numeric"
          fullWidth
          required
        />
        <FormTextField<ProgramValues> name="status" label={t('crmPrograms.field.status')} select fullWidth>
          {SUSTAINABILITY_PROGRAM_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`crmPrograms.status.${s}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <FormTextField<ProgramValues>
        name="description"
        label={t('crmPrograms.field.description')}
        multiline
        minRows={2}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<ProgramValues>
          name="premium"
          label={t('crmPrograms.field.premium')}
          inputMode="decimal"
          fullWidth
          required
        />
        <FormTextField<ProgramValues> name="premiumUnit" label={t('crmPrograms.field.unit')} select fullWidth>
          <MenuItem value="bushel">{t('crmPrograms.unit.bushel')}</MenuItem>
          <MenuItem value="acre">{t('crmPrograms.unit.acre')}</MenuItem>
        </FormTextField>
        <FormTextField<ProgramValues>
          name="maxAcres"
          label={t('crmPrograms.field.maxAcres')}
          inputMode="decimal"
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<ProgramValues>
          name="enrolmentOpens"
          label={t('crmPrograms.field.opens')}
          type="date"
          fullWidth
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField<ProgramValues>
          name="enrolmentCloses"
          label={t('crmPrograms.field.closes')}
          type="date"
          fullWidth
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <FormTextField<ProgramValues>
        name="practices"
        label={t('crmPrograms.field.practices')}
        helperText={t('crmPrograms.field.practicesHelp')}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}

/** The survey's questions: wording, kind, options of a choice, required; added and removed in place. */
function SurveyEditor() {
  const t = useT();
  const form = useFormContext<ProgramValues>();
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        <T id="crmPrograms.survey" />
      </Typography>
      {questions.fields.map((field, i) => (
        <Box
          key={field.id}
          role="group"
          aria-label={t('crmPrograms.question', { n: i + 1 })}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <FormTextField<ProgramValues>
                name={`questions.${i}.label`}
                label={t('crmPrograms.field.question', { n: i + 1 })}
                fullWidth
                required
                size="small"
              />
              <IconButton
                aria-label={t('crmPrograms.removeQuestion', { n: i + 1 })}
                onClick={() => questions.remove(i)}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <FormTextField<ProgramValues>
                name={`questions.${i}.kind`}
                label={t('crmPrograms.field.kind')}
                select
                size="small"
                sx={{ minWidth: 160 }}
              >
                {SUSTAINABILITY_QUESTION_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`crmPrograms.kind.${k}`)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField<ProgramValues>
                name={`questions.${i}.options`}
                label={t('crmPrograms.field.options')}
                size="small"
                fullWidth
                disabled={form.watch(`questions.${i}.kind`) !== 'choice'}
              />
              <Controller
                control={form.control}
                name={`questions.${i}.required`}
                render={({ field: f }) => (
                  <FormControlLabel
                    control={<Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
                    label={t('crmPrograms.field.required')}
                  />
                )}
              />
            </Stack>
          </Stack>
        </Box>
      ))}
      <Box>
        <Button onClick={() => questions.append({ id: '', kind: 'yes_no', label: '', required: true, options: '' })}>
          <T id="crmPrograms.addQuestion" />
        </Button>
      </Box>
    </>
  );
}
