import {
  acresSchema,
  surveyAnswerErrors,
  type FarmerSustainability,
  type SustainabilityEnrolment,
  type SustainabilityQuestion,
} from '@granary/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useEnrol, useSignEnrolment } from './sustainability-api';
import { useAreaText } from './sustainability-format';

type Program = FarmerSustainability['programs'][number];

function SustainabilityDialog({
  title,
  onClose,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

type SurveyValues = { clientId: string; acres: string; answers: Record<string, string> };

const REQUIRED = 'sustainability.survey.required';

/** The survey's form rules: the domain's (surveyAnswerErrors, acresSchema), the ones the server applies too. */
function surveySchema(questions: readonly SustainabilityQuestion[]) {
  return z
    .object({ clientId: z.string(), acres: z.string(), answers: z.record(z.string(), z.string()) })
    .superRefine((v, ctx) => {
      if (v.clientId === '') ctx.addIssue({ code: 'custom', path: ['clientId'], message: REQUIRED });
      const acres = v.acres.replace(/,/g, '').trim();
      if (acres === '') ctx.addIssue({ code: 'custom', path: ['acres'], message: REQUIRED });
      else {
        const checked = acresSchema.safeParse(acres);
        if (!checked.success)
          ctx.addIssue({ code: 'custom', path: ['acres'], message: checked.error.issues[0]?.message ?? REQUIRED });
      }
      const answers = Object.entries(v.answers).map(([questionId, value]) => ({ questionId, value }));
      for (const e of surveyAnswerErrors(questions, answers)) {
        ctx.addIssue({
          code: 'custom',
          path: e.path.split('.'),
          message: e.message === 'Required' ? REQUIRED : e.message,
        });
      }
    });
}

/** The program's survey and the acres of one of the farmer's farm businesses, sent for signature. */
export function SurveyDialog({
  program,
  draft = null,
  onClose,
  onSent,
}: {
  program: Program;
  /** A saved draft enrolment: the form starts from its farm business, acres and answers. */
  draft?: SustainabilityEnrolment | null;
  onClose: () => void;
  onSent: (enrolment: SustainabilityEnrolment) => void;
}) {
  const t = useT();
  const enrol = useEnrol();
  const schema = useMemo(() => surveySchema(program.questions), [program.questions]);
  const form = useZodForm(schema, {
    defaultValues: {
      clientId: draft ? String(draft.clientId) : program.clients.length === 1 ? String(program.clients[0]!.id) : '',
      acres: draft?.acres ?? '',
      answers: Object.fromEntries(
        program.questions.map((q) => [q.id, draft?.answers.find((a) => a.questionId === q.id)?.value ?? '']),
      ),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const known = ['clientId', 'acres', ...program.questions.map((q) => `answers.${q.id}`)] as const;
  const save = async (values: SurveyValues, asDraft: boolean) => {
    setFailure(null);
    try {
      const sent = await enrol.mutateAsync({
        surveyId: program.surveyId,
        body: {
          clientId: Number(values.clientId),
          acres: values.acres.replace(/,/g, '').trim(),
          answers: Object.entries(values.answers)
            .filter(([, value]) => value.trim() !== '')
            .map(([questionId, value]) => ({ questionId, value })),
          ...(asDraft ? { draft: true } : {}),
        },
      });
      onSent(sent);
    } catch (error) {
      if (!applyServerErrors(form.setError, error, known as unknown as (keyof SurveyValues)[]))
        setFailure(error instanceof Error && error.message ? error.message : t('sustainability.survey.failed'));
    }
  };
  const submit = form.handleSubmit((values) => save(values, false));
  // A draft needs only the farm business and the acres; unanswered questions wait (the server checks the rest).
  const saveDraft = async () => {
    form.clearErrors();
    const values = form.getValues();
    const acres = values.acres.replace(/,/g, '').trim();
    let ok = true;
    if (values.clientId === '') {
      form.setError('clientId', { message: REQUIRED });
      ok = false;
    }
    const checked = acresSchema.safeParse(acres);
    if (!checked.success) {
      form.setError('acres', { message: acres === '' ? REQUIRED : (checked.error.issues[0]?.message ?? REQUIRED) });
      ok = false;
    }
    if (ok) await save(values, true);
  };
  const label = (q: SustainabilityQuestion) =>
    q.required ? q.label : t('sustainability.survey.optional', { label: q.label });
  return (
    <SustainabilityDialog
      title={<T id="sustainability.survey.title" values={{ program: program.name }} />}
      onClose={onClose}
    >
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              {program.clients.length > 1 ? (
                <FormTextField<SurveyValues>
                  name="clientId"
                  label={t('sustainability.survey.client')}
                  select
                  fullWidth
                  required
                >
                  {program.clients.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              ) : null}
              <FormTextField<SurveyValues>
                name="acres"
                label={t('sustainability.survey.acres')}
                helperText={t('sustainability.survey.acresHelp', { crop: program.crop, year: program.cropYear })}
                inputMode="decimal"
                fullWidth
                required
              />
              {program.questions.map((q) => (
                <SurveyQuestion key={q.id} question={q} label={label(q)} />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="sustainability.cancel" />
            </Button>
            <Button onClick={() => void saveDraft()} disabled={enrol.isPending}>
              <T id="sustainability.survey.saveDraft" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="sustainability.survey.submit" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </SustainabilityDialog>
  );
}

/**
 * One question: its wording above the field (a long question stays whole on a phone instead of being cut in the
 * field's label), the field labelled by it.
 */
function SurveyQuestion({ question: q, label }: { question: SustainabilityQuestion; label: string }) {
  const labelId = useId();
  return (
    <Stack spacing={0.75}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      {q.kind === 'choice' || q.kind === 'yes_no' ? (
        <FormTextField<SurveyValues>
          name={`answers.${q.id}`}
          select
          fullWidth
          size="small"
          slotProps={{ select: { labelId, displayEmpty: true } }}
        >
          {(q.kind === 'choice' ? (q.options ?? []) : ['yes', 'no']).map((o) => (
            <MenuItem key={o} value={o}>
              {q.kind === 'yes_no' ? (
                <T id={o === 'yes' ? 'sustainability.survey.yes' : 'sustainability.survey.no'} />
              ) : (
                o
              )}
            </MenuItem>
          ))}
        </FormTextField>
      ) : (
        <FormTextField<SurveyValues>
          name={`answers.${q.id}`}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'aria-labelledby': labelId } }}
          {...(q.kind === 'number' ? { inputMode: 'decimal' as const } : { multiline: true, minRows: 2 })}
        />
      )}
    </Stack>
  );
}

const signSchema = z.object({
  name: z.string().trim().min(2, 'sustainability.signDialog.nameRequired'),
  consent: z.boolean().refine((v) => v, 'sustainability.signDialog.consentRequired'),
});
type SignValues = z.input<typeof signSchema>;

/** The signature of an enrolment sent for signature: the typed name and consent (decision 059). */
export function SignDialog({
  program,
  enrolment,
  onClose,
}: {
  program: Pick<Program, 'name' | 'crop' | 'cropYear'>;
  enrolment: SustainabilityEnrolment;
  onClose: () => void;
}) {
  const t = useT();
  const area = useAreaText();
  const sign = useSignEnrolment();
  const form = useZodForm(signSchema, { defaultValues: { name: '', consent: false } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sign.mutateAsync({ enrolmentId: enrolment.id, name: values.name.trim(), consent: true });
      showToast({ messageId: 'sustainability.signed', values: { program: program.name } }, { severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form.setError, error, ['name']))
        setFailure(error instanceof Error && error.message ? error.message : t('sustainability.signDialog.failed'));
    }
  });
  return (
    <SustainabilityDialog title={<T id="sustainability.signDialog.title" />} onClose={onClose}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <Typography>
                <T
                  id="sustainability.signDialog.summary"
                  values={{
                    client: enrolment.clientName,
                    area: area(enrolment.acres),
                    crop: program.crop,
                    year: program.cropYear,
                    program: program.name,
                  }}
                />
              </Typography>
              <FormTextField<SignValues>
                name="name"
                label={t('sustainability.signDialog.name')}
                autoComplete="name"
                fullWidth
                required
              />
              <Controller
                control={form.control}
                name="consent"
                render={({ field, fieldState }) => (
                  <div>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          slotProps={{ input: { ref: field.ref } }}
                        />
                      }
                      label={t('sustainability.signDialog.consent')}
                    />
                    {fieldState.error?.message ? (
                      <FormHelperText error>{t('sustainability.signDialog.consentRequired')}</FormHelperText>
                    ) : null}
                  </div>
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="sustainability.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="sustainability.signDialog.submit" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </SustainabilityDialog>
  );
}
