import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ClientProfile } from '@granary/domain';
import { Box, ButtonBase, Paper, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import type { ProfileFormat } from '../profile-format';
import { SUMMARY_FIELDS, type SummaryField } from '../summary-fields';
import { FarmFieldEditor } from './farm-field-editor';
import { NoticeAlert } from './notice-alert';
import { currentValue, FARM_FIELD_LABELS, useFarmFieldEditor } from './use-farm-field-editor';

/** A farm detail's value (or 'not set') as a button that opens its editor. */
function FarmFieldValue({
  label,
  value,
  buttonRef,
  onEdit,
}: {
  label: string;
  value: string | null;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onEdit: () => void;
}) {
  const t = useT();
  return (
    <ButtonBase
      ref={buttonRef}
      onClick={onEdit}
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
  );
}

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
  const editor = useFarmFieldEditor({ profile, etag, platformId, marketId });
  const { notice } = editor;

  const unitOf = (field: SummaryField) =>
    field === 'area' ? format.areaUnit : field === 'estimatedYield' ? format.yieldUnit : format.unit;
  const display = (field: SummaryField) => {
    const value = currentValue(profile, field);
    return value === null ? null : t('crm.client.withUnit', { value: format.number(value), unit: unitOf(field) });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="farm-details-title" sx={{ p: 2 }}>
      <Typography id="farm-details-title" variant="h4" component="h2">
        <T id="crm.client.farm.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <T id="crm.client.farm.help" />
      </Typography>
      {notice ? <NoticeAlert notice={notice} onClose={() => editor.setNotice(null)} sx={{ my: 1 }} /> : null}
      <Box component="dl" sx={{ m: 0 }}>
        {SUMMARY_FIELDS.map((field) => {
          const label = t(FARM_FIELD_LABELS[field]);
          const value = display(field);
          return (
            <Box key={field} sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {editor.editing === field ? (
                  <FarmFieldEditor
                    label={label}
                    unit={unitOf(field)}
                    draft={editor.draft}
                    onChange={editor.setDraft}
                    check={editor.check}
                    conflictValue={editor.conflict ? (value ?? t('crm.client.notSet')) : null}
                    saving={editor.saving}
                    onSubmit={editor.save}
                    onKeyDown={editor.onKey}
                    onCancel={editor.cancel}
                  />
                ) : (
                  <FarmFieldValue
                    label={label}
                    value={value}
                    buttonRef={(element) => {
                      editor.buttons.current[field] = element;
                    }}
                    onEdit={() => editor.start(field)}
                  />
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
