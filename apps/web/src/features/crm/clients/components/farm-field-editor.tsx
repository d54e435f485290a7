import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { Box, CircularProgress, IconButton, InputAdornment, Stack, TextField, Tooltip } from '@mui/material';
import type { FormEvent, KeyboardEvent } from 'react';
import { useT } from '../../../../lib/i18n/t';
import type { FieldCheck } from '../summary-fields';

/**
 * The editor of one farm detail: the value with its unit, the check's message (or, after a 412, the value saved by
 * someone else; or how to clear it), the tick that saves and the cross that cancels.
 */
export function FarmFieldEditor({
  label,
  unit,
  draft,
  onChange,
  check,
  conflictValue,
  saving,
  onSubmit,
  onKeyDown,
  onCancel,
}: {
  label: string;
  unit: string;
  draft: string;
  onChange: (draft: string) => void;
  check: FieldCheck | null;
  /** After a 412: the value as now saved, to show under the field. */
  conflictValue: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ mt: 0.75 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          autoFocus
          size="small"
          fullWidth
          value={draft}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          error={check !== null && !check.ok}
          helperText={
            check && !check.ok
              ? t(check.error, check.values)
              : conflictValue !== null
                ? t('crm.client.field.currentValue', { value: conflictValue })
                : t('crm.client.field.clearHelp')
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 24, 'aria-label': label },
            input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
          }}
        />
        <Tooltip title={t('crm.client.field.save')}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={t('crm.client.field.saveField', { field: label })}
              disabled={!check?.ok || saving}
            >
              {saving ? <CircularProgress size={20} /> : <CheckRoundedIcon />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('crm.client.field.cancel')}>
          <IconButton aria-label={t('crm.client.field.cancelField', { field: label })} onClick={onCancel}>
            <CloseRoundedIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
