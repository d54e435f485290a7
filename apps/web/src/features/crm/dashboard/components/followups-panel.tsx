import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import {
  canUseNotes,
  isoDateInZone,
  type CrmMarketRow,
  type FollowupAgeBucket,
  type FollowupRow,
} from '@granary/domain';
import { Box, Button, FormControlLabel, List, Skeleton, Stack, Switch, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { showToast } from '../../../../lib/toast/toast-store';
import { T, useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { useFollowups, type FollowupsSelection } from '../api/followups';
import { useMarkFollowupDone } from '../api/mark-followup-done';
import { DashboardPanel, PanelEmpty, PanelError } from './dashboard-panel';
import { FollowupItem } from './followup-item';
import { FollowupBucketToggle, FollowupsTabs, type FollowupCounts, type FollowupsTab } from './followups-filters';

/** The client profile at the market. */
export function clientHref(clientId: number, marketId: number, highlightId?: number): string {
  const params = new URLSearchParams();
  if (highlightId !== undefined) params.set('highlight_id', String(highlightId));
  params.set('market_id', String(marketId));
  return `/crm/client/${clientId}?${params.toString()}`;
}

function ListSkeleton() {
  return (
    <Stack spacing={2} sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }} aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Stack key={i} direction="row" spacing={1.5}>
          <Skeleton variant="circular" width={24} height={24} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="45%" />
            <Skeleton variant="text" width="85%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** The list shown: failed (with a retry), loading, none (by tab and bucket), or the rows and 'load more'. */
function FollowupsBody({
  query,
  tab,
  bucket,
  market,
  today,
}: {
  query: ReturnType<typeof useFollowups>;
  tab: FollowupsTab;
  bucket: FollowupAgeBucket;
  market: CrmMarketRow;
  today: string;
}) {
  const t = useT();
  const fmt = useCrmFormat();
  const markDone = useMarkFollowupDone();
  const canMarkDone = canUseNotes(market.userPermissions);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = query.data?.pages[0]?.totalCount ?? 0;

  const onMarkDone = (row: FollowupRow) =>
    markDone.mutate(row, {
      onSuccess: () =>
        showToast(
          { messageId: 'crm.dashboard.followups.markedDone', values: { client: row.clientName } },
          { severity: 'success' },
        ),
      onError: (error) =>
        showToast(error.message ? { text: error.message } : { messageId: 'crm.dashboard.followups.markDoneFailed' }, {
          severity: 'error',
        }),
    });

  if (query.isError)
    return (
      <PanelError
        message={<T id="crm.dashboard.followups.failed" />}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <ListSkeleton />;
  if (rows.length === 0)
    return tab === 'upcoming' ? (
      <PanelEmpty
        icon={<EventAvailableOutlinedIcon />}
        title={<T id="crm.dashboard.followups.empty.upcoming" />}
        body={<T id="crm.dashboard.followups.empty.upcoming.body" />}
      />
    ) : (
      <PanelEmpty
        icon={<TaskAltOutlinedIcon />}
        title={<T id={`crm.dashboard.followups.empty.${bucket}`} />}
        body={<T id="crm.dashboard.followups.empty.past.body" />}
      />
    );
  return (
    <>
      <List
        disablePadding
        aria-label={tab === 'upcoming' ? t('crm.dashboard.followups.upcoming') : t(`crm.dashboard.followups.${bucket}`)}
      >
        {rows.map((row) => (
          <FollowupItem
            key={row.id}
            row={row}
            clientHref={clientHref(row.clientId, market.id)}
            today={today}
            canMarkDone={canMarkDone}
            onMarkDone={onMarkDone}
            pending={markDone.isPending && markDone.variables?.id === row.id}
          />
        ))}
      </List>
      <Stack
        direction="row"
        sx={{
          px: { xs: 2, sm: 2.5 },
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="caption" color="text.secondary">
          <T
            id="crm.dashboard.followups.showing"
            values={{ shown: fmt.quantity(rows.length), total: fmt.quantity(total) }}
          />
        </Typography>
        {query.hasNextPage ? (
          <Button size="small" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            <T id="crm.dashboard.followups.loadMore" />
          </Button>
        ) : null}
      </Stack>
    </>
  );
}

/**
 * Follow-ups of the market (grain-marketing.md 4): upcoming, or past in the 90-day buckets, with the counts of
 * each; a follow-up is marked done (it leaves the list) and opens its client.
 */
export function FollowupsPanel({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const [tab, setTab] = useState<FollowupsTab>('upcoming');
  const [bucket, setBucket] = useState<FollowupAgeBucket>('under90Days');
  const [onlyMine, setOnlyMine] = useState(false);
  const selection: FollowupsSelection =
    tab === 'upcoming' ? { state: 'upcoming', onlyMine } : { state: 'past', bucket, onlyMine };
  const query = useFollowups(market.id, selection);
  const today = isoDateInZone(new Date(), market.timezone);

  // Every answer carries all the counts; keep the last ones of this market on screen while another list loads.
  // (The counts follow the assignee filter, so 'only mine' starts them afresh.)
  const countsRef = useRef<{ scope: string; counts: FollowupCounts } | null>(null);
  const scope = `${market.id}:${onlyMine}`;
  const latest = query.data?.pages[0]?.counts;
  if (latest) countsRef.current = { scope, counts: latest };
  const counts = countsRef.current?.scope === scope ? countsRef.current.counts : null;

  return (
    <DashboardPanel
      id="crm-dashboard-followups"
      title={<T id="crm.dashboard.followups.title" />}
      action={
        <FormControlLabel
          control={<Switch size="small" checked={onlyMine} onChange={(event) => setOnlyMine(event.target.checked)} />}
          label={t('crm.dashboard.followups.onlyMine')}
          slotProps={{ typography: { variant: 'body2', color: 'text.secondary' } }}
          sx={{ mr: 0, flex: 'none' }}
        />
      }
    >
      <FollowupsTabs tab={tab} onChange={setTab} counts={counts} />
      {tab === 'past' ? <FollowupBucketToggle bucket={bucket} onChange={setBucket} counts={counts} /> : null}
      <FollowupsBody query={query} tab={tab} bucket={bucket} market={market} today={today} />
    </DashboardPanel>
  );
}
