import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ClientProfile } from '@granary/domain';
import {
  Alert,
  Box,
  ButtonBase,
  CircularProgress,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useUpdateClientSummary } from '../api/update-client-summary';
import type { ProfileFormat } from '../profile-format';
import { checkSummaryValue, SUMMARY_FIELDS, type SummaryField } from '../summary-fields';

const LABELS: Readonly<Record<SummaryField, MessageId>> = {
  area: 'crm.client.field.area',
  estimatedYield: 'crm.client.field.estimatedYield',
  estimatedStorage: 'crm.client.field.estimatedStorage',
  contractedWithOther: 'crm.client.field.contractedWithOther',
};

function currentValue(profile: ClientProfile, field: SummaryField): string | null {
  return field === 'contractedWithOther' ? profile.summary.contractedWithOther : profile.summary[field];
}

type Notice = { severity: 'success' | 'error' | 'warning'; id: MessageId; values?: Record<string, string> } | null;

/**
 * The editable summary fields (grain-marketing.md 3): area, estimated yield, estimated storage and contracted with
 * others. Click a value to edit it; Enter or the tick saves with If-Match (the profile's version), Escape cancels.
 * When someone else saved first (412) the current values are read again and shown, and the typed value stays in the
 * field so nothing is lost.
 */
export function FarmDetails({
  profile,
  etag,
  platformId,
  marketId,
  format,
}: {
  profile: ClientProfile;
  etag: string;
  platformId: number;
  marketId: number;
  format: ProfileFormat;
}) {
  const t = useT();
  const mutation = useUpdateClientSummary(platformId, marketId, profile.legalEntityId);
  const [editing, setEditing] = useState<SummaryField | null>(null);
  const [draft, setDraft] = useState('');
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // After a save or cancel, the keyboard goes back to the field's button (the editor it was in is gone).
  const buttons = useRef<Partial<Record<SummaryField, HTMLButtonElement | null>>>({});
  const [refocus, setRefocus] = useState<SummaryField | null>(null);
  useEffect(() => {
    if (refocus && editing === null) {
      buttons.current[refocus]?.focus();
      setRefocus(null);
    }
  }, [refocus, editing]);

  const unitOf = (field: SummaryField) =>
    field === 'area' ? format.areaUnit : field === 'estimatedYield' ? format.yieldUnit : format.unit;
  const display = (field: SummaryField) => {
    const value = currentValue(profile, field);
    return value === null ? null : t('crm.client.withUnit', { value: format.number(value), unit: unitOf(field) });
  };

  const start = (field: SummaryField) => {
    setEditing(field);
    setDraft(currentValue(profile, field) ?? '');
    setConflict(false);
    setNotice(null);
    mutation.reset();
  };
  const cancel = () => {
    setRefocus(editing);
    setEditing(null);
    setConflict(false);
    mutation.reset();
  };

  const check = editing ? checkSummaryValue(editing, draft) : null;

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || !check?.ok || mutation.isPending) return;
    if (!conflict && check.value === currentValue(profile, editing)) {
      cancel();
      return;
    }
    const field = editing;
    mutation.mutate(
      { patch: { [field]: check.value }, ifMatch: etag },
      {
        onSuccess: () => {
          setRefocus(field);
          setEditing(null);
          setConflict(false);
          setNotice({ severity: 'success', id: 'crm.client.field.saved', values: { field: t(LABELS[field]) } });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) {
            setConflict(true);
            setNotice({ severity: 'warning', id: 'crm.client.field.conflict' });
          } else {
            setNotice({
              severity: 'error',
              id: 'crm.client.field.saveFailed',
              values: { message: error instanceof Error ? error.message : '' },
            });
          }
        },
      },
    );
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="farm-details-title" sx={{ p: 2 }}>
      <Typography id="farm-details-title" variant="h4" component="h2">
        <T id="crm.client.farm.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <T id="crm.client.farm.help" />
      </Typography>
      {notice ? (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'success' ? 'status' : 'alert'}
          onClose={() => setNotice(null)}
          sx={{ my: 1 }}
        >
          {t(notice.id, notice.values)}
        </Alert>
      ) : null}
      <Box component="dl" sx={{ m: 0 }}>
        {SUMMARY_FIELDS.map((field) => {
          const label = t(LABELS[field]);
          const value = display(field);
          return (
            <Box key={field} sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {editing === field ? (
                  <Box component="form" onSubmit={save} noValidate sx={{ mt: 0.75 }}>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        autoFocus
                        size="small"
                        fullWidth
                        value={draft}
                        onChange={(event) => setDraft(event.target.value)}
                        onKeyDown={onKey}
                        error={check !== null && !check.ok}
                        helperText={
                          check && !check.ok
                            ? t(check.error, check.values)
                            : conflict
                              ? t('crm.client.field.currentValue', { value: display(field) ?? t('crm.client.notSet') })
                              : t('crm.client.field.clearHelp')
                        }
                        slotProps={{
                          htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 24, 'aria-label': label },
                          input: { endAdornment: <InputAdornment position="end">{unitOf(field)}</InputAdornment> },
                        }}
                      />
                      <Tooltip title={t('crm.client.field.save')}>
                        <span>
                          <IconButton
                            type="submit"
                            color="primary"
                            aria-label={t('crm.client.field.saveField', { field: label })}
                            disabled={!check?.ok || mutation.isPending}
                          >
                            {mutation.isPending ? <CircularProgress size={20} /> : <CheckRoundedIcon />}
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('crm.client.field.cancel')}>
                        <IconButton aria-label={t('crm.client.field.cancelField', { field: label })} onClick={cancel}>
                          <CloseRoundedIcon />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </Box>
                ) : (
                  <ButtonBase
                    ref={(element: HTMLButtonElement | null) => {
                      buttons.current[field] = element;
                    }}
                    onClick={() => start(field)}
                    aria-label={t('crm.client.field.edit', { field: label })}
                    sx={{
                      width: '100%',
                      justifyContent: 'space-between',
                      borderRadius: 1,
                      px: 1,
                      py: 0.5,
                      mx: -1,
                      textAlign: 'left',
                      '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                      '&:hover .edit-icon, &:focus-visible .edit-icon': { opacity: 1 },
                    }}
                  >
                    <Typography
                      sx={{
                        fontWeight: 600,
                        fontVariantNumeric: 'tabular-nums',
                        color: value ? 'text.primary' : 'text.secondary',
                      }}
                    >
                      {value ?? t('crm.client.notSet')}
                    </Typography>
                    <EditOutlinedIcon
                      className="edit-icon"
                      fontSize="small"
                      sx={{ opacity: { xs: 0.7, md: 0.35 }, color: 'text.secondary' }}
                    />
                  </ButtonBase>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
