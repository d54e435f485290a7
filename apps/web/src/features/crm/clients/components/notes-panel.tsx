import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { NOTE_CATEGORY_LABELS, type NoteCategory, type NoteRow } from '@granary/domain';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useClientNotes, type ClientNotesParams } from '../api/client-notes';
import type { ProfileFormat } from '../profile-format';
import { NoteAddForm } from './note-add-form';
import { NoteItem } from './note-item';
import { NotesFilter } from './notes-filter';
import { NoticeAlert, type PanelNotice } from './notice-alert';

/** The notes of the filter: loading, failed (with a retry), none, or the list, newest first. */
function NotesList({
  notes,
  filter,
  params,
  format,
  highlightId,
  onFollowup,
  onNotice,
}: {
  notes: ReturnType<typeof useClientNotes>;
  filter: NoteCategory | null;
  params: ClientNotesParams;
  format: ProfileFormat;
  highlightId: number | null;
  onFollowup: ((note: NoteRow) => void) | undefined;
  onNotice: (notice: PanelNotice) => void;
}) {
  const t = useT();
  const rows = notes.data?.pages.flatMap((page) => page.rows) ?? [];
  if (notes.error) return <CrmErrorState error={notes.error} onRetry={() => void notes.refetch()} />;
  if (!notes.data)
    return (
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Stack spacing={1} sx={{ py: 3, alignItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
        <StickyNote2OutlinedIcon sx={{ fontSize: 36, opacity: 0.5 }} />
        <Typography variant="body2">
          {filter
            ? t('crm.client.notes.emptyCategory', { category: NOTE_CATEGORY_LABELS[filter] })
            : t('crm.client.notes.empty')}
        </Typography>
      </Stack>
    );
  return (
    <Stack component="ol" spacing={1.5} aria-label={t('crm.client.notes.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((note) => (
        <NoteItem
          key={note.id}
          note={note}
          params={params}
          format={format}
          highlighted={note.id === highlightId}
          {...(onFollowup ? { onFollowup } : {})}
          onNotice={onNotice}
        />
      ))}
    </Stack>
  );
}

/**
 * The client's notes at the market (grain-marketing.md 3 'Note', 4 'Notes and follow-ups'): newest first, a form to
 * add one (category, day, text — sent as text/plain), edit and delete with If-Match. A 412 says someone else changed
 * the note, reloads it and keeps what the user typed. `highlightId` (from the dashboard's recent activity) marks a note.
 */
export function NotesPanel({
  params,
  format,
  highlightId,
  onFollowup,
}: {
  params: ClientNotesParams;
  format: ProfileFormat;
  highlightId: number | null;
  /** Starts a follow-up from a note; absent when the user may not write follow-ups. */
  onFollowup?: (note: NoteRow) => void;
}) {
  const t = useT();
  const [filter, setFilter] = useState<NoteCategory | null>(null);
  const notes = useClientNotes(params, true, filter);
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const total = notes.data?.pages[0]?.totalCount ?? 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-notes-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1.5 }}>
        <Typography id="client-notes-title" variant="h4" component="h2">
          <T id="crm.client.notes.title" />
        </Typography>
        {notes.data ? (
          <Typography variant="body2" color="text.secondary">
            {filter
              ? t('crm.client.notes.countCategory', { count: total, category: NOTE_CATEGORY_LABELS[filter] })
              : t('crm.client.notes.count', { count: total })}
          </Typography>
        ) : null}
      </Stack>

      <NoteAddForm params={params} onNotice={setNotice} />

      {notice ? <NoticeAlert notice={notice} onClose={() => setNotice(null)} sx={{ mb: 2 }} /> : null}

      <NotesFilter filter={filter} onChange={setFilter} />

      <NotesList
        notes={notes}
        filter={filter}
        params={params}
        format={format}
        highlightId={highlightId}
        onFollowup={onFollowup}
        onNotice={setNotice}
      />
      {notes.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void notes.fetchNextPage()} disabled={notes.isFetchingNextPage} variant="outlined">
            <T id="crm.client.notes.more" />
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
