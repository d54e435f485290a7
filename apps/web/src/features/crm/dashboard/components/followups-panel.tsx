import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import {
  FOLLOWUP_AGE_BUCKETS,
  canUseNotes,
  isoDateInZone,
  type CrmMarketRow,
  type FollowupAgeBucket,
  type FollowupListResponse,
  type FollowupRow,
} from '@granary/domain';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Link as MuiLink,
  List,
  ListItem,
  Skeleton,
  Stack,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../../lib/toast/toast-store';
import { T, useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { useFollowups, type FollowupsSelection } from '../api/followups';
import { useMarkFollowupDone } from '../api/mark-followup-done';
import { DashboardPanel, PanelEmpty, PanelError } from './dashboard-panel';

type Counts = FollowupListResponse['counts'];

/** The client profile at the market. */
export function clientHref(clientId: number, marketId: number, highlightId?: number): string {
  const params = new URLSearchParams();
  if (highlightId !== undefined) params.set('highlight_id', String(highlightId));
  params.set('market_id', String(marketId));
  return `/crm/client/${clientId}?${params.toString()}`;
}

function CountBadge({ value, selected }: { value: number | null; selected: boolean }) {
  const fmt = useCrmFormat();
  if (value === null) return <Skeleton variant="rounded" width={22} height={20} sx={{ borderRadius: 10 }} />;
  return (
    <Box
      component="span"
      sx={{
        minWidth: 22,
        px: 0.75,
        py: 0.125,
        borderRadius: 10,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: '18px',
        textAlign: 'center',
        bgcolor: selected ? 'primary.main' : 'action.selected',
        color: selected ? 'primary.contrastText' : 'text.secondary',
      }}
    >
      {fmt.quantity(value)}
    </Box>
  );
}

function DueLabel({ row, today }: { row: FollowupRow; today: string }) {
  const t = useT();
  const fmt = useCrmFormat();
  if (row.state === 'past') {
    return (
      <Chip
        size="small"
        color={row.ageBucket === 'over90Days' ? 'error' : 'warning'}
        variant="outlined"
        label={t('crm.dashboard.followups.overdue', { days: row.daysOverdue })}
        sx={{ fontWeight: 600 }}
      />
    );
  }
  const label =
    row.dueDate === today
      ? t('crm.dashboard.followups.dueToday')
      : t('crm.dashboard.followups.dueOn', { date: fmt.day(row.dueDate) });
  return (
    <Chip
      size="small"
      color={row.dueDate === today ? 'primary' : 'default'}
      variant="outlined"
      label={label}
      sx={{ fontWeight: 600 }}
    />
  );
}

function FollowupItem({
  row,
  marketId,
  today,
  canMarkDone,
  onMarkDone,
  pending,
}: {
  row: FollowupRow;
  marketId: number;
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
        <Tooltip title={t('crm.dashboard.followups.markDone')}>
          <span>
            <IconButton
              aria-label={doneLabel}
              size="small"
              disabled={pending}
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
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 0.75 }}
        >
          <MuiLink
            component={Link}
            to={clientHref(row.clientId, marketId)}
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

/**
 * Follow-ups of the market (grain-marketing.md 4): upcoming, or past in the 90-day buckets, with the counts of
 * each; a follow-up is marked done (it leaves the list) and opens its client.
 */
export function FollowupsPanel({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const fmt = useCrmFormat();
  const [tab, setTab] = useState<'upcoming' | 'past'>('upcoming');
  const [bucket, setBucket] = useState<FollowupAgeBucket>('under90Days');
  const [onlyMine, setOnlyMine] = useState(false);
  const selection: FollowupsSelection =
    tab === 'upcoming' ? { state: 'upcoming', onlyMine } : { state: 'past', bucket, onlyMine };
  const query = useFollowups(market.id, selection);
  const markDone = useMarkFollowupDone();
  const canMarkDone = canUseNotes(market.userPermissions);
  const today = isoDateInZone(new Date(), market.timezone);

  // Every answer carries all the counts; keep the last ones of this market on screen while another list loads.
  // (The counts follow the assignee filter, so 'only mine' starts them afresh.)
  const countsRef = useRef<{ scope: string; counts: Counts } | null>(null);
  const scope = `${market.id}:${onlyMine}`;
  const latest = query.data?.pages[0]?.counts;
  if (latest) countsRef.current = { scope, counts: latest };
  const counts = countsRef.current?.scope === scope ? countsRef.current.counts : null;

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

  let body;
  if (query.isError) {
    body = (
      <PanelError
        message={<T id="crm.dashboard.followups.failed" />}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.isPending) {
    body = <ListSkeleton />;
  } else if (rows.length === 0) {
    body =
      tab === 'upcoming' ? (
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
  } else {
    body = (
      <>
        <List
          disablePadding
          aria-label={
            tab === 'upcoming' ? t('crm.dashboard.followups.upcoming') : t(`crm.dashboard.followups.${bucket}`)
          }
        >
          {rows.map((row) => (
            <FollowupItem
              key={row.id}
              row={row}
              marketId={market.id}
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
      <Box sx={{ px: { xs: 1, sm: 1.5 }, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: 'upcoming' | 'past') => setTab(value)}
          aria-label={t('crm.dashboard.followups.title')}
        >
          {(['upcoming', 'past'] as const).map((state) => (
            <Tab
              key={state}
              value={state}
              sx={{ minHeight: 48, px: { xs: 1.5, sm: 2 } }}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t(`crm.dashboard.followups.${state}`)}</span>
                  <CountBadge value={counts ? counts[state] : null} selected={tab === state} />
                </Stack>
              }
            />
          ))}
        </Tabs>
      </Box>
      {tab === 'past' ? (
        <Box sx={{ px: { xs: 2, sm: 2.5 }, pt: 1.5, pb: 0.5 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={bucket}
            onChange={(_event, value: FollowupAgeBucket | null) => value && setBucket(value)}
            aria-label={t('crm.dashboard.followups.bucket')}
            sx={{
              '& .MuiToggleButton-root': { px: 1.5, gap: 1, textTransform: 'none', fontWeight: 600 },
              '& .MuiToggleButton-root.Mui-selected': {
                color: 'primary.main',
                bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
              },
            }}
          >
            {FOLLOWUP_AGE_BUCKETS.map((value) => (
              <ToggleButton key={value} value={value}>
                <span>{t(`crm.dashboard.followups.${value}`)}</span>
                <CountBadge value={counts ? counts[value] : null} selected={bucket === value} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ) : null}
      {body}
    </DashboardPanel>
  );
}
