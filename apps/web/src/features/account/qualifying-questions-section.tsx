import { BUSINESS_UNITS } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { useChangeQualifying, useQualifyingQuestions, type QualifyingQuestions } from './account-api';
import { Loaded, toastFailure } from './account-parts';

type Msg = Parameters<ReturnType<typeof useT>>[0];

/** 7.4 qualifying-questions: the answers and business units (owner or has_manage), and hiding the prompt (any member). */
export function QualifyingQuestionsSection({ enterpriseId }: EnterpriseSectionProps) {
  const query = useQualifyingQuestions(enterpriseId);
  const enterprise = useEnterprise(enterpriseId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
        <T id="qualifying.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        <T id="qualifying.subtitle" />
      </Typography>
      <Loaded query={query}>
        {() =>
          query.data ? (
            <QualifyingForm
              key={JSON.stringify(query.data)}
              enterpriseId={enterpriseId}
              data={query.data}
              canManage={Boolean(enterprise?.permissions?.hasManage)}
            />
          ) : null
        }
      </Loaded>
    </Paper>
  );
}

function QualifyingForm({
  enterpriseId,
  data,
  canManage,
}: {
  enterpriseId: number;
  data: QualifyingQuestions;
  canManage: boolean;
}) {
  const t = useT();
  const change = useChangeQualifying(enterpriseId);
  const [answers, setAnswers] = useState<Record<string, string | null>>(
    Object.fromEntries(data.questions.map((q) => [q.id, q.answer])),
  );
  const [units, setUnits] = useState<string[]>(data.businessUnits);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await change.mutateAsync({ kind: 'answers', body: { answers } });
      await change.mutateAsync({ kind: 'business-units', body: { businessUnits: units } });
      showToast({ messageId: 'qualifying.saved' }, { severity: 'success' });
    } catch (error) {
      toastFailure(error);
    } finally {
      setSaving(false);
    }
  };
  const toggleHidden = async (hidden: boolean) => {
    try {
      await change.mutateAsync({ kind: 'hide', body: { hidden } });
      showToast({ messageId: 'qualifying.hiddenSaved', values: { hidden } }, { severity: 'success' });
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <Stack spacing={2.5}>
      {canManage ? null : (
        <Alert severity="info">
          <T id="enterprise.readOnly" />
        </Alert>
      )}
      {data.questions.map((q) => (
        <TextField
          key={q.id}
          select
          label={t(`qualifying.question.${q.id}` as Msg)}
          value={answers[q.id] ?? ''}
          disabled={!canManage}
          onChange={(event) => setAnswers((a) => ({ ...a, [q.id]: event.target.value || null }))}
          fullWidth
          // The question stays above the field and an unanswered one reads 'No answer': a long question as the
          // empty field's label ran under the arrow on a phone.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">
            <em>
              <T id="qualifying.noAnswer" />
            </em>
          </MenuItem>
          {q.answers.map((answer) => (
            <MenuItem key={answer} value={answer}>
              {t(`qualifying.answer.${answer}` as Msg)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <FormControl component="fieldset" disabled={!canManage}>
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          <T id="qualifying.businessUnits" />
        </FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {BUSINESS_UNITS.map((unit) => (
            <FormControlLabel
              key={unit}
              label={t(`qualifying.unit.${unit}`)}
              control={
                <Checkbox
                  checked={units.includes(unit)}
                  onChange={(event) =>
                    setUnits((u) => (event.target.checked ? [...u, unit] : u.filter((x) => x !== unit)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        {canManage ? (
          <Button variant="contained" onClick={() => void save()} disabled={saving} aria-busy={saving}>
            <T id="qualifying.save" />
          </Button>
        ) : (
          <span />
        )}
        <FormControlLabel
          control={<Switch checked={data.hidden} onChange={(event) => void toggleHidden(event.target.checked)} />}
          label={t('qualifying.hide')}
        />
      </Box>
    </Stack>
  );
}
