import { canUseNotes, type ClientProfile, type CrmMarketRow, type NoteRow } from '@granary/domain';
import { Box, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import { useClientNotes } from '../api/client-notes';
import { addDaysIso, todayIso, useProfileFormat } from '../profile-format';
import { ActivityPanel } from './activity-panel';
import { ClientChartsPanel } from './client-charts';
import { ContactsPanel } from './contacts-panel';
import { ContractedSummary } from './contracted-summary';
import { FarmDetails } from './farm-details';
import type { FollowupDraft } from './followup-editor';
import { FollowupsPanel } from './followups-panel';
import { HighlightCard } from './highlight-card';
import { NotesPanel } from './notes-panel';
import { ProfileHeader } from './profile-header';

/**
 * A client's profile once it is read: header, crop and contracted summary, the highlighted note, then charts and
 * notes beside farm details, follow-ups, activity and contacts (on a wide screen; one column, follow-ups first,
 * otherwise). Notes and follow-ups show where the user's permissions at the market allow them.
 */
export function ProfileBody({
  profile,
  etag,
  platformId,
  market,
  markets,
  onSelectMarket,
  refreshing,
}: {
  profile: ClientProfile;
  etag: string;
  platformId: number;
  market: CrmMarketRow;
  markets: CrmMarketRow[];
  onSelectMarket: (id: number) => void;
  refreshing: boolean;
}) {
  const t = useT();
  const format = useProfileFormat(profile);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [params] = useSearchParams();
  const highlightParam = params.get('highlight_id');
  const highlightId = highlightParam && /^\d{1,15}$/.test(highlightParam) ? Number(highlightParam) : null;
  const notesAllowed = canUseNotes(market.userPermissions);
  const followupsAllowed = notesAllowed || market.userPermissions.includes('dashboard');
  const notesParams = { platformId, marketId: market.id, clientId: profile.legalEntityId };
  const notes = useClientNotes(notesParams, notesAllowed);
  const noteRows = useMemo(() => notes.data?.pages.flatMap((page) => page.rows) ?? [], [notes.data]);
  const [followupRequest, setFollowupRequest] = useState<FollowupDraft | null>(null);
  const handled = useCallback(() => setFollowupRequest(null), []);
  const cropLabel = t('crm.client.cropYear', { crop: profile.crop.displayName, year: profile.cropYear });

  const startFollowup = (note: NoteRow) =>
    setFollowupRequest({ noteId: note.id, description: '', dueDate: addDaysIso(todayIso(), 7) });

  const notesReady = !notesAllowed || notes.data !== undefined || notes.isError;
  const highlight = (
    <HighlightCard
      highlightId={notesReady ? highlightId : null}
      notesParams={notesParams}
      notesAllowed={notesAllowed}
      shownInNotes={noteRows.some((row) => row.id === highlightId)}
      format={format}
    />
  );
  const charts = (
    <Box aria-busy={refreshing} sx={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}>
      <ClientChartsPanel charts={profile.charts} format={format} cropLabel={cropLabel} />
    </Box>
  );
  const notesPanel = notesAllowed ? (
    <NotesPanel params={notesParams} format={format} highlightId={highlightId} onFollowup={startFollowup} />
  ) : null;
  const farm = (
    <FarmDetails profile={profile} etag={etag} platformId={platformId} marketId={market.id} format={format} />
  );
  const followupsPanel = followupsAllowed ? (
    <FollowupsPanel
      marketId={market.id}
      clientId={profile.legalEntityId}
      format={format}
      canWrite={notesAllowed}
      notes={noteRows}
      request={followupRequest}
      onRequestHandled={handled}
    />
  ) : null;
  const activity = <ActivityPanel profile={profile} format={format} />;
  const contacts = (
    <ContactsPanel profile={profile} invite={{ platformId, marketId: market.id, clientId: profile.legalEntityId }} />
  );

  return (
    <Stack spacing={2}>
      <ProfileHeader profile={profile} market={market} />
      <ContractedSummary
        profile={profile}
        market={market}
        markets={markets}
        onSelectMarket={onSelectMarket}
        format={format}
        cropLabel={cropLabel}
        refreshing={refreshing}
      />

      {highlight}
      {wide ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'minmax(0, 2fr) minmax(320px, 1fr)',
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {charts}
            {notesPanel}
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {farm}
            {followupsPanel}
            {activity}
            {contacts}
          </Stack>
        </Box>
      ) : (
        <>
          {followupsPanel}
          {farm}
          {charts}
          {notesPanel}
          {activity}
          {contacts}
        </>
      )}
    </Stack>
  );
}
