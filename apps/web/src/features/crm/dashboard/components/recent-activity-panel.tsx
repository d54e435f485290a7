import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import ScaleOutlinedIcon from '@mui/icons-material/ScaleOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import type { CrmMarketRow, RecentActivityResponse } from '@granary/domain';
import { Box, List, ListItem, ListItemButton, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { T, useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { useRecentActivity } from '../api/recent-activity';
import { DashboardPanel, PanelEmpty, PanelError } from './dashboard-panel';
import { clientHref } from './followups-panel';

type ActivityItem = RecentActivityResponse['items'][number];

const TYPE_LOOK: Readonly<Record<ActivityItem['type'], { icon: ReactNode; color: 'primary' | 'secondary' | 'info' }>> =
  {
    note: { icon: <StickyNote2OutlinedIcon fontSize="small" />, color: 'secondary' },
    contract: { icon: <DescriptionOutlinedIcon fontSize="small" />, color: 'primary' },
    scaleTicket: { icon: <ScaleOutlinedIcon fontSize="small" />, color: 'info' },
  };

function ActivityRow({ item, marketId }: { item: ActivityItem; marketId: number }) {
  const t = useT();
  const fmt = useCrmFormat();
  const look = TYPE_LOOK[item.type];
  const typeLabel = t(`crm.dashboard.activity.${item.type}`);
  // A scale ticket's instant is its delivery day at midnight UTC: show the day as it is, never shifted by the zone.
  // Notes and contracts are recent activity: '2 h ago' on the row, the exact time in its tooltip.
  const when = item.type === 'scaleTicket' ? fmt.day(item.at) : fmt.instant(item.at);
  return (
    <ListItem disablePadding divider sx={{ '&:last-of-type': { borderBottom: 0 } }}>
      <ListItemButton
        component={Link}
        to={clientHref(item.clientId, marketId, item.id)}
        aria-label={t('crm.dashboard.activity.openLabel', {
          type: typeLabel,
          client: item.clientName,
          summary: item.summary,
          date: when,
        })}
        sx={{ borderRadius: 0, px: { xs: 2, sm: 2.5 }, py: 1.25, gap: 1.5, alignItems: 'flex-start' }}
      >
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 32,
            height: 32,
            mt: 0.25,
            flex: 'none',
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: theme.palette[look.color].dark,
            bgcolor: alpha(theme.palette[look.color].main, 0.12),
          })}
        >
          {look.icon}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {item.clientName}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 'none' }}>
              {item.type === 'scaleTicket' ? when : <RelativeTime value={item.at} />}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            <Box component="span" sx={{ color: 'text.primary' }}>
              {typeLabel}
            </Box>
            {' · '}
            {item.summary}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/** Recent client activity at the market: notes, contracts and scale tickets, newest first; each opens its client. */
export function RecentActivityPanel({ market }: { market: CrmMarketRow }) {
  const t = useT();
  const query = useRecentActivity(market.id);
  let body;
  if (query.isError) {
    body = (
      <PanelError
        message={<T id="crm.dashboard.activity.failed" />}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.isPending) {
    body = (
      <Stack spacing={2} sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }} aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <Stack key={i} direction="row" spacing={1.5}>
            <Skeleton variant="circular" width={32} height={32} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="55%" />
              <Skeleton variant="text" width="80%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  } else if (query.data.items.length === 0) {
    body = (
      <PanelEmpty
        icon={<HistoryOutlinedIcon />}
        title={<T id="crm.dashboard.activity.empty" />}
        body={<T id="crm.dashboard.activity.empty.body" />}
      />
    );
  } else {
    body = (
      <List disablePadding aria-label={t('crm.dashboard.activity.title')} sx={{ borderTop: 1, borderColor: 'divider' }}>
        {query.data.items.map((item) => (
          <ActivityRow key={`${item.type}-${item.id}`} item={item} marketId={market.id} />
        ))}
      </List>
    );
  }
  return (
    <DashboardPanel
      id="crm-dashboard-activity"
      title={<T id="crm.dashboard.activity.title" />}
      subtitle={<T id="crm.dashboard.activity.subtitle" />}
    >
      {body}
    </DashboardPanel>
  );
}
