import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormSubmitButton } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { formatFileSize } from '../../../lib/upload/uploader-panel';
import { MappingTable, NOT_IMPORTED, SampleTable } from './mapping-tables';
import { useFilePreview, useIngestMapping, useSaveMapping, uploadIngestFile } from './ingest-api';
import { RECORD_TYPE_LABEL } from './ingest-parts';
import {
  INGEST_MAX_BYTES,
  INGEST_RECORD_TYPES,
  type IngestField,
  type IngestMappingResponse,
  type IngestPreview,
  type IngestRecordType,
} from '@granary/domain';

// The import wizard (issue 15; Flatfile-style): choose the record type, choose the file, match its columns to
// Granary's fields on a preview of its first rows (the problems those rows would have shown where they are), then
// save the mapping and send the file; the new import's page follows its progress.

const TYPE_HELP: Record<IngestRecordType, MessageId> = {
  clients: 'ingest.typeHelp.clients',
  contracts: 'ingest.typeHelp.contracts',
  scale_tickets: 'ingest.typeHelp.scale_tickets',
  notes: 'ingest.typeHelp.notes',
  settlements: 'ingest.typeHelp.settlements',
};

const DELIMITER: Record<string, MessageId> = {
  ',': 'ingest.wizard.delimiter.comma',
  ';': 'ingest.wizard.delimiter.semicolon',
  '\t': 'ingest.wizard.delimiter.tab',
  '|': 'ingest.wizard.delimiter.pipe',
};

/** A file the wizard takes: a .csv or .txt (or a CSV type), not empty, within the size limit. */
function fileProblem(file: File): MessageId | null {
  const csvLike = /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain';
  if (!csvLike) return 'ingest.wizard.notCsv';
  if (file.size > INGEST_MAX_BYTES) return 'ingest.wizard.tooLarge';
  return null;
}

/** The mapping form: one select per Granary field (the file's header, or '' for not imported), required ones checked. */
function mappingSchema(fields: readonly IngestField[]) {
  return z.object({ columns: z.array(z.string()) }).superRefine((value, ctx) => {
    fields.forEach((field, index) => {
      if (field.required && !value.columns[index])
        ctx.addIssue({ code: 'custom', path: ['columns', index], message: 'ingest.wizard.required' });
    });
  });
}

/** The mapping shown first: the saved one where its columns are in this file, else the suggestion. */
function initialColumns(fields: readonly IngestField[], saved: Record<string, string> | null, preview: IngestPreview) {
  const headers = new Set(preview.headers);
  return fields.map((f) => {
    const mine = saved?.[f.field];
    if (mine && headers.has(mine)) return mine;
    const suggested = preview.suggested[f.field];
    return suggested && headers.has(suggested) ? suggested : NOT_IMPORTED;
  });
}

const toColumns = (fields: readonly IngestField[], values: readonly string[]) =>
  Object.fromEntries(fields.flatMap((f, i) => (values[i] ? [[f.field, values[i]!]] : [])));

const sameColumns = (a: Record<string, string>, b: Record<string, string> | null) => {
  if (!b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** Step 1: what the file holds. */
function TypeStep({ value, onChange }: { value: IngestRecordType; onChange: (v: IngestRecordType) => void }) {
  const t = useT();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('ingest.wizard.typeLabel')}
      </Typography>
      <RadioGroup value={value} onChange={(e) => onChange(e.target.value as IngestRecordType)} name="record-type">
        {INGEST_RECORD_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio />}
            sx={{
              alignItems: 'flex-start',
              m: 0,
              mb: 1,
              py: 1,
              pr: 2,
              border: 1,
              borderRadius: 1,
              borderColor: value === type ? 'primary.main' : 'divider',
              '& .MuiRadio-root': { mt: -0.5 },
            }}
            label={
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{t(RECORD_TYPE_LABEL[type])}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(TYPE_HELP[type])}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** Step 2: the file, dropped or chosen, in the uploader's look (platform.md 2.10: name, size, state). */
function FileStep({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = fileProblem(chosen);
    setProblem(refused);
    onFile(refused ? null : chosen);
  };
  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'grey.50',
          borderRadius: 2,
          px: 2,
          py: { xs: 3, sm: 5 },
          textAlign: 'center',
        }}
      >
        <UploadFileOutlinedIcon color="action" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('ingest.wizard.drop')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {t('ingest.wizard.or')}
        </Typography>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {t('ingest.wizard.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".csv,.txt,text/csv,text/plain"
          aria-label={t('ingest.wizard.fileInput')}
          data-testid="ingest-file"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {t('ingest.wizard.fileHint', { size: formatFileSize(INGEST_MAX_BYTES) })}
        </Typography>
      </Box>
      {problem ? (
        <Alert severity="error">{t(problem, { size: formatFileSize(INGEST_MAX_BYTES) })}</Alert>
      ) : file ? (
        <Alert severity="success" icon={<UploadFileOutlinedIcon />} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('ingest.wizard.chosen', { name: file.name, size: formatFileSize(file.size) })}
          </Typography>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** What the file's first rows look like, and the mapping of its columns, with the problems those rows would have. */
function PreviewAndMapping({
  file,
  preview,
  fields,
  columns,
  savedMapping,
}: {
  file: File;
  preview: IngestPreview;
  fields: readonly IngestField[];
  columns: Record<string, string>;
  savedMapping: boolean;
}) {
  const t = useT();
  const problemsByField = useMemo(() => {
    const map = new Map<string, { line: number; message: string }[]>();
    for (const row of preview.mapped)
      for (const p of row.problems) {
        // A problem of the whole row (no field: its columns do not match the header) is listed apart ('').
        const key = p.field ?? '';
        map.set(key, [...(map.get(key) ?? []), { line: row.line, message: p.message }]);
      }
    return map;
  }, [preview]);
  const problemCells = useMemo(() => {
    const cells = new Map<string, string>();
    for (const row of preview.mapped)
      for (const p of row.problems) {
        const header = p.field === null ? undefined : columns[p.field];
        if (header) cells.set(`${row.line}:${header}`, p.message);
      }
    return cells;
  }, [preview, columns]);
  const brokenRows = preview.mapped.filter((r) => r.problems.length > 0).length;
  return (
    <>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('ingest.wizard.chosen', { name: file.name, size: formatFileSize(file.size) })} ·{' '}
          {t('ingest.wizard.detected', {
            encoding: preview.encoding.toUpperCase(),
            delimiter: DELIMITER[preview.delimiter] ? t(DELIMITER[preview.delimiter]!) : preview.delimiter,
            columns: preview.headers.length,
          })}
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('ingest.wizard.sampleTitle')}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <SampleTable preview={preview} problemCells={problemCells} />
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('ingest.wizard.mappingTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('ingest.wizard.mappingHelp')}
          {savedMapping ? ` ${t('ingest.wizard.savedMapping')}` : ''}
        </Typography>
        {brokenRows > 0 ? (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {t('ingest.wizard.problemsSummary', { count: brokenRows })}
            {(problemsByField.get('') ?? []).map((p) => (
              <Typography variant="body2" key={`${p.line}-${p.message}`}>
                {t('ingest.wizard.problem', { line: p.line, message: p.message })}
              </Typography>
            ))}
          </Alert>
        ) : null}
        <MappingTable fields={fields} headers={preview.headers} preview={preview} problemsByField={problemsByField} />
      </Box>
    </>
  );
}

/** Step 3: the preview and the column mapping; Start saves the mapping (when changed) and sends the file. */
function ColumnsStep({
  recordType,
  file,
  mapping,
  onBack,
  onClose,
}: {
  recordType: IngestRecordType;
  file: File;
  mapping: IngestMappingResponse;
  onBack: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const fields = mapping.fields;
  const saved = mapping.mapping?.columns ?? null;
  const first = useFilePreview(recordType, file, null);
  const schema = useMemo(() => mappingSchema(fields), [fields]);
  const form = useZodForm(schema, { defaultValues: { columns: fields.map(() => NOT_IMPORTED) } });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (first.data && !ready) {
      form.reset({ columns: initialColumns(fields, saved, first.data) });
      setReady(true);
    }
  }, [first.data, ready, fields, saved, form]);
  const values = useWatch({ control: form.control, name: 'columns' });
  const columns = useMemo(() => toColumns(fields, values ?? []), [fields, values]);
  const live = useFilePreview(recordType, file, ready ? columns : null);
  const preview = live.data ?? first.data;
  const save = useSaveMapping();
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [failure, setFailure] = useState<{ title: MessageId; message: string } | null>(null);

  const start = form.handleSubmit(async (value) => {
    setFailure(null);
    const chosen = toColumns(fields, value.columns);
    try {
      if (!sameColumns(chosen, saved))
        await save.mutateAsync({ recordType, columns: chosen, version: mapping.mapping?.version ?? null });
    } catch (error) {
      setFailure({ title: 'ingest.wizard.mappingFailed', message: isApiError(error) ? error.message : '' });
      return;
    }
    try {
      setUpload({ progress: 0 });
      const { syncId } = await uploadIngestFile(recordType, file, (progress) => setUpload({ progress }));
      onClose();
      void navigate(`/crm/ingest/${syncId}`);
    } catch (error) {
      setUpload(null);
      setFailure({ title: 'ingest.wizard.startFailed', message: isApiError(error) ? error.message : '' });
    }
  });

  if (first.error)
    return (
      <>
        <DialogContent dividers>
          <Alert severity="error">
            {t('ingest.wizard.previewFailed')} {isApiError(first.error) ? first.error.message : ''}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onBack}>{t('ingest.wizard.back')}</Button>
        </DialogActions>
      </>
    );
  if (!preview || !ready)
    return (
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('ingest.wizard.reading')}
        </Typography>
        <LinearProgress />
      </DialogContent>
    );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void start(e)} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <PreviewAndMapping
              file={file}
              preview={preview}
              fields={fields}
              columns={columns}
              savedMapping={saved !== null}
            />
            {upload ? (
              <Box role="status">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('ingest.wizard.uploading', { progress: upload.progress })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={upload.progress}
                  aria-label={file.name}
                  sx={{ borderRadius: 1 }}
                />
              </Box>
            ) : null}
            {failure ? (
              <Alert severity="error">
                {t(failure.title)} {failure.message}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onBack} disabled={upload !== null}>
            {t('ingest.wizard.back')}
          </Button>
          <FormSubmitButton fullWidth={false} size="medium" sx={{}} busy={upload !== null || save.isPending}>
            {t('ingest.wizard.start')}
          </FormSubmitButton>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}

const STEPS: MessageId[] = ['ingest.wizard.step.type', 'ingest.wizard.step.file', 'ingest.wizard.step.columns'];

/** The import wizard dialog (full screen on a phone). */
export function ImportWizard({ onClose }: { onClose: () => void }) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [step, setStep] = useState(0);
  const [recordType, setRecordType] = useState<IngestRecordType>('contracts');
  const [file, setFile] = useState<File | null>(null);
  const mapping = useIngestMapping(step >= 1 ? recordType : null);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={step === 2 ? 'lg' : 'sm'}
      fullScreen={phone}
      aria-labelledby="import-wizard-title"
    >
      <DialogTitle id="import-wizard-title">{t('ingest.wizard.title')}</DialogTitle>
      <Box sx={{ px: 3, pb: 2 }}>
        <Stepper activeStep={step} alternativeLabel={phone}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{t(label)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      {step === 2 && file && mapping.data ? (
        <ColumnsStep
          recordType={recordType}
          file={file}
          mapping={mapping.data}
          onBack={() => setStep(1)}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent dividers>
            {step === 0 ? <TypeStep value={recordType} onChange={setRecordType} /> : null}
            {step >= 1 ? <FileStep file={file} onFile={setFile} /> : null}
            {step >= 1 && mapping.error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {isApiError(mapping.error) ? mapping.error.message : t('ingest.loadFailed')}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            {step === 0 ? (
              <Button onClick={onClose}>{t('ingest.wizard.close')}</Button>
            ) : (
              <Button onClick={() => setStep(step - 1)}>{t('ingest.wizard.back')}</Button>
            )}
            <Button
              variant="contained"
              disabled={step === 1 && (!file || !mapping.data)}
              onClick={() => setStep(step + 1)}
            >
              {t('ingest.wizard.next')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
