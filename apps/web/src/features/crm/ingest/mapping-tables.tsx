import {
  Box,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { FormTextField } from '../../../lib/forms/form-fields';
import { useT } from '../../../lib/i18n/t';
import type { IngestField, IngestPreview } from '@granary/domain';

// The import wizard's two tables: the file's first rows (a cell with a problem marked) and the column mapping.

/** The select's value for a Granary field the file does not carry. */
export const NOT_IMPORTED = '';

/** The first rows of the file, a mapped cell with a problem marked red with the reason. */
export function SampleTable({ preview, problemCells }: { preview: IngestPreview; problemCells: Map<string, string> }) {
  const t = useT();
  return (
    <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('ingest.wizard.sampleTable')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t('ingest.wizard.line')}</TableCell>
            {preview.headers.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.sampleRows.map((row, r) => {
            const line = preview.mapped[r]?.line ?? r + 2;
            return (
              <TableRow key={r}>
                <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>{line}</TableCell>
                {preview.headers.map((h, c) => {
                  const problem = problemCells.get(`${line}:${h}`);
                  const cell = (
                    <TableCell
                      key={h}
                      sx={{
                        whiteSpace: 'nowrap',
                        ...(problem
                          ? { bgcolor: 'rgba(211, 47, 47, 0.08)', color: 'error.dark', fontWeight: 600 }
                          : {}),
                      }}
                      {...(problem ? { 'aria-invalid': true, 'aria-description': problem } : {})}
                    >
                      {row[c] ?? ''}
                    </TableCell>
                  );
                  return problem ? (
                    <Tooltip key={h} title={problem}>
                      {cell}
                    </Tooltip>
                  ) : (
                    cell
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One row a Granary field: its label (* when required), the file's column chosen, the first row's value, problems. */
export function MappingTable({
  fields,
  headers,
  preview,
  problemsByField,
}: {
  fields: readonly IngestField[];
  headers: readonly string[];
  preview: IngestPreview;
  problemsByField: Map<string, { line: number; message: string }[]>;
}) {
  const t = useT();
  const firstRow = preview.mapped[0]?.values ?? {};
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table
        size="small"
        aria-label={t('ingest.wizard.mappingTable')}
        sx={{
          '& td': { verticalAlign: 'top', py: 1 },
          // On a phone each field is a block: its name, its select, then the first value and the problems.
          '@media (max-width: 599.95px)': {
            '& thead': { display: 'none' },
            '& tr, & td': { display: 'block', width: '100%', border: 0 },
            '& tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
            '& td': { py: 0.5 },
          },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, width: '24%' }}>{t('ingest.wizard.col.field')}</TableCell>
            <TableCell sx={{ fontWeight: 600, width: '28%' }}>{t('ingest.wizard.col.column')}</TableCell>
            <TableCell sx={{ fontWeight: 600, width: '18%' }}>{t('ingest.wizard.col.sample')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('ingest.wizard.col.problems')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field, index) => {
            const problems = problemsByField.get(field.field) ?? [];
            return (
              <TableRow key={field.field} data-field={field.field}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {field.label}
                    {field.required ? (
                      <Box component="span" sx={{ color: 'error.main' }} title={t('ingest.wizard.requiredMark')}>
                        {' *'}
                      </Box>
                    ) : null}
                  </Typography>
                </TableCell>
                <TableCell>
                  <FormTextField
                    name={`columns.${index}`}
                    select
                    size="small"
                    fullWidth
                    label={field.label}
                    slotProps={{ inputLabel: { sx: { display: 'none' } }, select: { displayEmpty: true } }}
                    sx={{ '& legend': { display: 'none' }, '& fieldset': { top: 0 } }}
                  >
                    <MenuItem value={NOT_IMPORTED}>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t('ingest.wizard.notImported')}
                      </Typography>
                    </MenuItem>
                    {headers.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" color="text.secondary">
                    {firstRow[field.field] ?? ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  {problems.length === 0 ? null : (
                    <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                      {problems.map((p) => (
                        <Typography component="li" variant="body2" key={`${p.line}-${p.message}`}>
                          {t('ingest.wizard.problem', { line: p.line, message: p.message })}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
