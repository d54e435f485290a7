import type { FollowupRow } from '@granary/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCreateFollowup } from '../api/create-followup';
import { useUpdateFollowup } from '../api/update-followup';
import { addDaysIso } from '../profile-format';
import { validFollowup, type FollowupDraft } from './followup-editor';
import type { PanelNotice } from './notice-alert';

/** The follow-ups panel's notice; marking one done offers to undo it. */
type FollowupNotice = (PanelNotice & { undo?: FollowupRow }) | null;

/**
 * What the client's follow-ups panel does: the follow-up being written (opened empty, or from a note asked for
 * elsewhere on the page, which scrolls the panel into view), adding it, marking one done and undoing that, each
 * outcome a notice.
 */
export function useFollowupActions({
  marketId,
  clientId,
  today,
  request,
  onRequestHandled,
}: {
  marketId: number;
  clientId: number;
  today: string;
  request: FollowupDraft | null;
  onRequestHandled: () => void;
}) {
  const create = useCreateFollowup(marketId, clientId);
  const update = useUpdateFollowup(marketId, clientId);
  const [draft, setDraft] = useState<FollowupDraft | null>(null);
  const [notice, setNotice] = useState<FollowupNotice>(null);
  const ref = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!request) return;
    setDraft(request);
    setNotice(null);
    onRequestHandled();
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [request, onRequestHandled]);

  const open = () => {
    setDraft({ noteId: null, description: '', dueDate: addDaysIso(today, 7) });
    setNotice(null);
  };

  const failed = (error: unknown) =>
    setNotice({
      severity: 'error',
      id: 'crm.client.followups.saveFailed',
      values: { message: error instanceof Error ? error.message : '' },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validFollowup(draft) || create.isPending) return;
    create.mutate(
      {
        marketId,
        clientId,
        dueDate: draft.dueDate,
        description: draft.description.trim(),
        ...(draft.noteId ? { noteId: draft.noteId } : {}),
      },
      {
        onSuccess: () => {
          setDraft(null);
          setNotice({ severity: 'success', id: 'crm.client.followups.added' });
        },
        onError: failed,
      },
    );
  };

  /** Marks a follow-up done (the notice offers to undo it) or, undoing that, open again. */
  const setDone = (row: FollowupRow, done: boolean) =>
    update.mutate(
      { followupId: row.id, patch: { done } },
      {
        onSuccess: () =>
          setNotice(
            done
              ? {
                  severity: 'success',
                  id: 'crm.client.followups.done',
                  values: { description: row.description },
                  undo: row,
                }
              : { severity: 'success', id: 'crm.client.followups.reopened', values: { description: row.description } },
          ),
        onError: failed,
      },
    );

  return {
    ref,
    draft,
    setDraft,
    notice,
    setNotice,
    open,
    submit,
    saving: create.isPending,
    markDone: (row: FollowupRow) => setDone(row, true),
    undoDone: (row: FollowupRow) => setDone(row, false),
    updating: update.isPending,
    /** The follow-up whose done/undo call is pending, if any. */
    pendingId: update.isPending ? update.variables?.followupId : undefined,
  };
}
