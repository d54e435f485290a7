import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { FollowupRow } from '@granary/domain';
import { Box, Chip, Link as MuiLink, ListItem, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { FollowupDoneButton } from '../../followups/followup-done-button';
import { followupDue } from '../../followups/followup-due';

function DueLabel({ row, today }: { row: FollowupRow; today: string }) {
  const t = useT();
  const fmt = useCrmFormat();
  const due = followupDue(row, today);
  if (due.overdue) {
    return (
      <Chip
        size="small"
        color={due.color}
        variant="outlined"
        label={t('crm.dashboard.followups.overdue', { days: due.days })}
        sx={{ fontWeight: 600 }}
      />
    );
  }
  const label =
    due.days === 0
      ? t('crm.dashboard.followups.dueToday')
      : t('crm.dashboard.followups.dueOn', { date: fmt.day(row.dueDate) });
  return (
    <Chip
      size="small"
      color={due.days === 0 ? 'primary' : 'default'}
      variant="outlined"
      label={label}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** One follow-up of the dashboard's list: its client (a link to the profile), when it is due, what and for whom. */
export function FollowupItem({
  row,
  clientHref,
  today,
  canMarkDone,
  onMarkDone,
  pending,
}: {
  row: FollowupRow;
  /** The client's profile. */
  clientHref: string;
  today: string;
  canMarkDone: boolean;
  onMarkDone: (row: FollowupRow) => void;
  pending: boolean;
}) {
  const t = useT();
  const doneLabel = t('crm.dashboard.followups.markDoneLabel', {
    client: row.clientName,
    description: row.description,
  });
  return (
    <ListItem
      divider
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        px: { xs: 2, sm: 2.5 },
        py: 1.5,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      {canMarkDone ? (
        <FollowupDoneButton
          tooltip={t('crm.dashboard.followups.markDone')}
          label={doneLabel}
          pending={pending}
          onClick={() => onMarkDone(row)}
          sx={{
            mt: -0.5,
            ml: -0.75,
            color: 'text.secondary',
            '& .done-icon': { display: 'none' },
            '&:hover, &:focus-visible': {
              color: 'success.main',
              '& .done-icon': { display: 'block' },
              '& .open-icon': { display: 'none' },
            },
          }}
        >
          <RadioButtonUncheckedIcon className="open-icon" />
          <CheckCircleIcon className="done-icon" />
        </FollowupDoneButton>
      ) : null}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 0.75 }}
        >
          <MuiLink
            component={Link}
            to={clientHref}
            underline="hover"
            aria-label={t('crm.dashboard.followups.openClient', { client: row.clientName })}
            sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {row.clientName}
          </MuiLink>
          <Box sx={{ flex: 'none' }}>
            <DueLabel row={row} today={today} />
          </Box>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 0.5,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {row.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {row.assignedUser
            ? t('crm.dashboard.followups.assignedTo', { name: row.assignedUser.name })
            : t('crm.dashboard.followups.unassigned')}
        </Typography>
      </Box>
    </ListItem>
  );
}
