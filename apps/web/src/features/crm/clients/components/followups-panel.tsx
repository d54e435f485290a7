import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { NoteRow } from '@granary/domain';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { T } from '../../../../lib/i18n/t';
import { useClientFollowups } from '../api/client-followups';
import { todayIso, type ProfileFormat } from '../profile-format';
import { ClientFollowupList } from './client-followup-list';
import { FollowupEditor, type FollowupDraft } from './followup-editor';
import { NoticeAlert } from './notice-alert';
import { useFollowupActions } from './use-followup-actions';

/**
 * The client's open follow-ups at the market (grain-marketing.md 4): soonest first with how far off or overdue they
 * are; add one (optionally from a note) and mark one done. Writing needs the 'notes' permission (`canWrite`).
 */
export function FollowupsPanel({
  marketId,
  clientId,
  format,
  canWrite,
  notes,
  request,
  onRequestHandled,
}: {
  marketId: number;
  clientId: number;
  format: ProfileFormat;
  canWrite: boolean;
  /** The client's notes, to link a follow-up to one. */
  notes: readonly NoteRow[];
  /** A follow-up asked for from a note. */
  request: FollowupDraft | null;
  onRequestHandled: () => void;
}) {
  const today = todayIso();
  const followups = useClientFollowups({ marketId, clientId }, true);
  const actions = useFollowupActions({ marketId, clientId, today, request, onRequestHandled });
  const { draft, notice } = actions;

  return (
    <Paper
      variant="outlined"
      component="section"
      ref={actions.ref}
      aria-labelledby="client-followups-title"
      sx={{ p: 2, scrollMarginTop: 80 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="client-followups-title" variant="h4" component="h2">
          <T id="crm.client.followups.title" />
        </Typography>
        {canWrite && !draft ? (
          <Button size="small" startIcon={<AddRoundedIcon />} onClick={actions.open}>
            <T id="crm.client.followups.add" />
          </Button>
        ) : null}
      </Stack>

      {notice ? (
        <NoticeAlert
          notice={notice}
          onClose={notice.undo ? undefined : () => actions.setNotice(null)}
          action={
            notice.undo ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => actions.undoDone(notice.undo!)}
                disabled={actions.updating}
              >
                <T id="crm.client.followups.undo" />
              </Button>
            ) : undefined
          }
          sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
        />
      ) : null}

      {draft ? (
        <FollowupEditor
          draft={draft}
          onChange={actions.setDraft}
          notes={notes}
          format={format}
          saving={actions.saving}
          onSubmit={actions.submit}
          onCancel={() => actions.setDraft(null)}
        />
      ) : null}

      <ClientFollowupList
        followups={followups}
        today={today}
        format={format}
        canWrite={canWrite}
        pendingId={actions.pendingId}
        onMarkDone={actions.markDone}
      />
    </Paper>
  );
}
