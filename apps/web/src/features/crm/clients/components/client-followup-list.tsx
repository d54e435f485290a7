import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import type { FollowupRow } from '@granary/domain';
import { Box, Chip, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { CrmErrorState } from '../../components/crm-page-frame';
import { FollowupDoneButton } from '../../followups/followup-done-button';
import { followupDue } from '../../followups/followup-due';
import type { useClientFollowups } from '../api/client-followups';
import type { ProfileFormat } from '../profile-format';

function dueChip(
  row: FollowupRow,
  today: string,
): { label: MessageId; values: Record<string, number>; color: 'error' | 'warning' | 'success' | 'default' } {
  const due = followupDue(row, today);
  if (due.overdue) return { label: 'crm.client.followups.overdue', values: { count: due.days }, color: due.color };
  if (due.days <= 0) return { label: 'crm.client.followups.dueToday', values: {}, color: 'warning' };
  return {
    label: 'crm.client.followups.dueIn',
    values: { count: due.days },
    color: due.days <= 7 ? 'success' : 'default',
  };
}

function ClientFollowupItem({
  row,
  today,
  format,
  canWrite,
  pending,
  onMarkDone,
}: {
  row: FollowupRow;
  today: string;
  format: ProfileFormat;
  canWrite: boolean;
  pending: boolean;
  onMarkDone: (row: FollowupRow) => void;
}) {
  const t = useT();
  const chip = dueChip(row, today);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', p: 1, borderRadius: 2, border: 1, borderColor: 'divider' }}
    >
      {canWrite ? (
        <FollowupDoneButton
          tooltip={t('crm.client.followups.markDone')}
          label={t('crm.client.followups.markDoneOf', { description: row.description })}
          color="success"
          onClick={() => onMarkDone(row)}
          pending={pending}
        >
          <CheckCircleOutlineRoundedIcon />
        </FollowupDoneButton>
      ) : null}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {row.description}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            color={chip.color}
            variant={chip.color === 'default' ? 'outlined' : 'filled'}
            label={t(chip.label, chip.values)}
          />
          <Typography variant="caption" color="text.secondary">
            {format.day(row.dueDate)}
          </Typography>
          {row.assignedUser ? (
            <Typography variant="caption" color="text.secondary">
              {t('crm.client.followups.assigned', { name: row.assignedUser.name })}
            </Typography>
          ) : null}
          {row.noteId ? (
            <Tooltip title={t('crm.client.followups.fromNote')}>
              <StickyNote2OutlinedIcon
                aria-label={t('crm.client.followups.fromNote')}
                sx={{ fontSize: 16, color: 'text.secondary' }}
              />
            </Tooltip>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}

/** The client's open follow-ups, soonest first: loading, failed (with a retry), none, or the list. */
export function ClientFollowupList({
  followups,
  today,
  format,
  canWrite,
  pendingId,
  onMarkDone,
}: {
  followups: ReturnType<typeof useClientFollowups>;
  today: string;
  format: ProfileFormat;
  canWrite: boolean;
  pendingId: number | undefined;
  onMarkDone: (row: FollowupRow) => void;
}) {
  const t = useT();
  const rows = followups.data?.rows ?? [];
  if (followups.error) return <CrmErrorState error={followups.error} onRetry={() => void followups.refetch()} />;
  if (!followups.data)
    return (
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Stack spacing={1} sx={{ py: 2, alignItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
        <EventAvailableOutlinedIcon sx={{ fontSize: 32, opacity: 0.5 }} />
        <Typography variant="body2">
          <T id="crm.client.followups.empty" />
        </Typography>
      </Stack>
    );
  return (
    <Stack
      component="ul"
      aria-label={t('crm.client.followups.list')}
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {rows.map((row) => (
        <ClientFollowupItem
          key={row.id}
          row={row}
          today={today}
          format={format}
          canWrite={canWrite}
          pending={pendingId === row.id}
          onMarkDone={onMarkDone}
        />
      ))}
    </Stack>
  );
}
