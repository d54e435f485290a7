import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { dashboardEntitlementKey, type CrmMarketRow } from '@granary/domain';
import { Box, Stack } from '@mui/material';
import { useCallback } from 'react';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { CrmEmptyState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { FollowupsPanel } from './components/followups-panel';
import { LastUpdatedLine } from './components/last-updated-line';
import { RecentActivityPanel } from './components/recent-activity-panel';
import { TaskListPanel } from './components/task-list-panel';

/** The markets where the user may use the dashboard: the brand's dashboard entitlement (section 6). */
function useDashboardMarkets(markets: readonly CrmMarketRow[]) {
  const partner = usePartner();
  const key = dashboardEntitlementKey(partner.branding.shortName);
  const usable = useCallback((market: CrmMarketRow) => market.entitlements.includes(key), [key]);
  return useSelectedMarket(markets, usable);
}

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useDashboardMarkets(context.markets);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function DashboardBody({ context }: { context: CrmContextData }) {
  const { market } = useDashboardMarkets(context.markets);
  if (!market) {
    return (
      <CrmEmptyState
        icon={<InsightsOutlinedIcon />}
        title={<T id="crm.dashboard.noDashboardMarkets.title" />}
        body={<T id="crm.dashboard.noDashboardMarkets.body" />}
      />
    );
  }
  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <LastUpdatedLine marketId={market.id} />
      <TaskListPanel platformId={context.platformId} market={market} bootstrap={context.bootstrap} />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2.5, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'stretch',
        }}
      >
        <FollowupsPanel key={`followups-${market.id}`} market={market} />
        <RecentActivityPanel market={market} />
      </Box>
    </Stack>
  );
}

/**
 * /crm/dashboard (issue 4): for the selected market (market_id), the task list with links to the contract views,
 * the follow-ups (upcoming, past in 90-day buckets), the recent client activity and when the data last changed.
 */
export function CrmDashboardPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('crm.dashboard.title')} actions={(context) => <MarketPicker context={context} />}>
      {(context) => <DashboardBody context={context} />}
    </CrmPageFrame>
  );
}
